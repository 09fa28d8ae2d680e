// The workflow domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { newestDone } from './request-entity.ts';
export { importWorkflow, WorkflowImport } from './workflow-import.ts';
export { uploadRejected, verifyUpload, type VerifiedFile } from './request-upload-verification.ts';
