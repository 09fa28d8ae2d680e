// The workflow domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { newestDone } from './request-entity.ts';
export { importWorkflow, WorkflowImport } from './workflow-import.ts';
export { uploadRejected, verifyUpload, type VerifiedFile } from './request-upload-verification.ts';
export { type ChangeEffect, type ChangeEffects, changeEffects } from './change-effects.ts';
export type { ChangeFiling } from './request-change.ts';
export type { StoredChange } from './request-entity.ts';
export { createRequestService, type RequestService } from './request-service.ts';
export { getRequestMeta, bucketOf, type StoredRequest } from './request-entity.ts';
