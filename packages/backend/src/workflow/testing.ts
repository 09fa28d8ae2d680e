// What tests outside the workflow domain use of it and no other code does (ADR 060): items to set up or read back, limits to assert on.
// Only test files may import it (eslint.config.js); everything else goes through index.ts.
export { newRequestWrites, type StoredRequest } from './request-entity.ts';
export { createUploadService } from './request-upload-service.ts';
export { getLatestWorkflow, listWorkflowVersions } from './workflow-entity.ts';
