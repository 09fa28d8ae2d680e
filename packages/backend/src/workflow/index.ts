// The workflow domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { newestDone, newRequestWrites, type StoredRequest } from './request-entity.ts';
export { createUploadService } from './request-upload-service.ts';
export { getLatestWorkflow, listWorkflowVersions } from './workflow-entity.ts';
export { importWorkflow, WorkflowImport } from './workflow-import.ts';
