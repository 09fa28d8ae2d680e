import type { CodesOf } from '../shared/errors.ts';
import * as z from '../shared/zod.ts';
import { AuditFilter } from '../audit/audit.ts';
import { ConnectSalesQuery } from '../sales/connect-sales.ts';
import { TransactionFilter } from '../transaction/transaction.ts';
import { EXPORT_FORMATS } from './export-formats.ts';
import { ExportFormat } from './export-file.ts';

/**
 * Export jobs (ADR 033): the whole filtered result, not the page, written by the
 * server as CSV or XLSX files to S3 while the screen shows progress, then downloaded through short-lived
 * presigned URLs. Above EXPORT_ROWS_PER_FILE rows the result is split into several files (SPEC 8 "Large
 * downloads" message).
 */
export { EXPORT_FORMATS };
export { ExportDownload, ExportFormat } from './export-file.ts';

/** What can be exported; each kind has its filter and its columns. */
export const EXPORT_KINDS = ['transactions', 'sales', 'audit'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Rows per file: under XLSX's 1,048,576-row sheet limit with room for the header. */
export const EXPORT_ROWS_PER_FILE = 1_000_000;

/** SPEC 8 "Large downloads": shown when the result is split into several files. */
export const EXPORT_SPLIT_MESSAGE = 'The selected result set is too large for a single download and will be split into multiple downloads.';

export const TransactionExportRequest = z.object({ kind: z.literal('transactions'), format: ExportFormat, filter: TransactionFilter });
export type TransactionExportRequest = z.infer<typeof TransactionExportRequest>;

/**
 * POST /api/exports: one request shape per kind, told apart by `kind` (each kind adds its own object
 * with its own filter here: the sales export adds SalesExportRequest).
 */
/** The connect Sales export (ADR 037): the groups of the section's query, totals aside. */
export const SalesExportRequest = z.object({ kind: z.literal('sales'), format: ExportFormat, filter: ConnectSalesQuery });
export type SalesExportRequest = z.infer<typeof SalesExportRequest>;

/** The customer's audit log (ADR 116): the list's filter without its page; the whole filtered log, newest first. */
export const AuditExportFilter = AuditFilter;
export type AuditExportFilter = AuditFilter;
export const AuditExportRequest = z.object({ kind: z.literal('audit'), format: ExportFormat, filter: AuditExportFilter });
export type AuditExportRequest = z.infer<typeof AuditExportRequest>;

export const ExportRequest = z.discriminatedUnion('kind', [TransactionExportRequest, SalesExportRequest, AuditExportRequest]);
export type ExportRequest = z.infer<typeof ExportRequest>;

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const ExportStatus = z.enum(EXPORT_STATUSES);

export const ExportFile = z.object({ index: z.number().check(z.int()), name: z.string(), rows: z.number().check(z.int()) });
export type ExportFile = z.infer<typeof ExportFile>;
export const ExportJob = z.object({
  jobId: z.string(),
  kind: z.enum(EXPORT_KINDS),
  format: ExportFormat,
  status: ExportStatus,
  /** Rows written so far, and the total the job expects (known when it starts; null before). */
  rowsWritten: z.number().check(z.int()),
  totalRows: z.nullable(z.number().check(z.int())),
  /** True when the result is (or will be) split into several files. */
  split: z.boolean(),
  files: z.array(ExportFile),
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
  /** A failed job: a message for the user (never internals). */
  error: z.nullable(z.string()),
});
export type ExportJob = z.infer<typeof ExportJob>;

/** The error catalogue of export jobs (see shared/errors.ts). */
export const EXPORT = {
  /** No such job, or another user's (a job is visible only to the user who started it). */
  NOT_FOUND: 'EXPORT.NOT_FOUND',
  /** The job has no file with this index (yet): it is still running, failed, or the index is past its files. */
  FILE_NOT_FOUND: 'EXPORT.FILE_NOT_FOUND',
} as const;
export type ExportErrorCode = CodesOf<typeof EXPORT>;

/** How long a finished job and its download links stay available (S3 lifecycle: the files a day). */
export const EXPORT_FILE_RETENTION_HOURS = 24;

export const ExportFileParams = z.object({
  jobId: z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/, 'not an export id')),
  index: z.coerce.number().check(z.int(), z.gte(0), z.lte(999)),
});
export const ExportJobParams = z.object({ jobId: z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/, 'not an export id')) });
