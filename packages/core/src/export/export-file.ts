import * as z from '../shared/zod.ts';
import { EXPORT_FORMATS } from './export-formats.ts';

/**
 * An export's file as a report's run writes it too (ADR 041): its format and its presigned download. A module of its
 * own, without the export jobs' requests and their filters (the transaction, sales and audit contracts), so the report
 * contract reads these without the export contract (ADR 154). export.ts re-exports them: one definition each.
 */
export const ExportFormat = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof ExportFormat>;

/** GET /api/exports/:jobId/files/:index answers a presigned URL valid for a few minutes. */
export const ExportDownload = z.object({ url: z.string(), expiresAt: z.string(), name: z.string() });
export type ExportDownload = z.infer<typeof ExportDownload>;
