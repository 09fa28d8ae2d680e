import * as z from '../shared/zod.ts';

/**
 * Uploads to file and screenflow items (ADR 045): the browser asks for a presigned POST naming the file,
 * POSTs the file straight to S3, then asks the API to complete it; only a verified file counts.
 */

/** Upload limits (presigned POST conditions, then verified by magic bytes and pixel dimensions). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 40_000_000;
export const UPLOAD_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;

/** Image types a screenflow (screen images to review and pin) takes; a file item also takes a PDF. */
export const SCREENFLOW_CONTENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
] as const satisfies readonly (typeof UPLOAD_CONTENT_TYPES)[number][];

/** POST flow/workflow-request-items/:itemId/upload */
export const WorkflowUploadStart = z.object({
  fileName: z.string().check(z.trim(), z.minLength(1, 'The file needs a name'), z.maxLength(200)),
  contentType: z.enum(UPLOAD_CONTENT_TYPES, 'Only PNG, JPEG and WebP images and PDF documents can be uploaded'),
  bytes: z.number().check(z.int(), z.gte(1, 'The file is empty'), z.lte(UPLOAD_MAX_BYTES, 'The file is larger than 10 MB')),
});
export type WorkflowUploadStart = z.infer<typeof WorkflowUploadStart>;

/** The presigned POST: send `fields` (in order) and then the file as `file` to `url` before `expiresAt`. */
export const WorkflowUploadTicket = z.object({
  uploadId: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});
export type WorkflowUploadTicket = z.infer<typeof WorkflowUploadTicket>;

export const WorkflowItemParams = z.object({ itemId: z.string().check(z.minLength(1), z.maxLength(120)) });
export const WorkflowUploadParams = z.extend(WorkflowItemParams, { uploadId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/)) });
export const WorkflowFileParams = z.extend(WorkflowItemParams, { fileId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/)) });
