import { WORKFLOW } from '@portal/core/workflow';
import { pendingUploads } from '../platform/db/pending-uploads.ts';
import { requestPk } from './request-entity.ts';

/**
 * Open uploads (ADR 045, `workflowUpload`): `pk = REQ#<id>, sk = UPL#<uploadId>` in the request's partition,
 * TTL `expiresAt` a little past the upload form's expiry. Written when the form is handed out, read and
 * claimed (a conditional Delete) by the upload's completion; request-upload-service.ts holds the rules.
 */
export type PendingUpload = { stepId: string; itemId: string; fileName: string; username: string; expiresAt: number };

/** An upload id on an item the caller may change, with no open upload (expired, completed already, or another's): 409. */
export const requestUploads = pendingUploads<PendingUpload>(requestPk, 'workflowUpload', WORKFLOW.STATE_CONFLICT);
