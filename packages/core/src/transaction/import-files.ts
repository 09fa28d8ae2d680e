import * as z from '../shared/zod.ts';
import { CalendarDay } from '../shared/schemas.ts';

/**
 * The imports of files from S3 (ADR 069): the list (a folder's, or for the supplier's staff a day's) and one
 * file with its first line errors.
 */
export const ImportFileListQuery = z.object({
  /** The customer or customer group whose SFTP folder delivered (default: the user's own). */
  owner: z.optional(z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9._-]+$/, 'a customer id'))),
  /** Supplier staff without `owner`: the imports received on this UTC day (default: today). */
  day: z.optional(CalendarDay),
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(2000))),
});
export type ImportFileListQuery = z.infer<typeof ImportFileListQuery>;

export const ImportFileParams = z.object({
  fileId: z.string().check(z.minLength(32), z.maxLength(32), z.regex(/^[0-9a-f]+$/, 'an import file id')),
});

/** checking: every line validated, nothing written; importing: written slice by slice; rejected: refused whole (ADR 069). */
export const IMPORT_FILE_STATUSES = ['checking', 'importing', 'done', 'rejected'] as const;
export const ImportFileStatus = z.enum(IMPORT_FILE_STATUSES);
export type ImportFileStatus = z.infer<typeof ImportFileStatus>;
export const ImportLineError = z.object({ line: z.number(), reason: z.string() });
export type ImportLineError = z.infer<typeof ImportLineError>;

/** One import as the API answers it (a schema, so the connect screen reads the answer with it: ADR 057). */
export const ImportFileView = z.object({
  fileId: z.string(),
  /** The object's key in the reports bucket (`sftp/<id>/imports/…` or `imports/…`). */
  key: z.string(),
  bytes: z.number(),
  /** The customer (or customer group) whose SFTP folder it came from; '' for the supplier's own uploads. */
  owner: z.string(),
  kind: z.string(),
  status: ImportFileStatus,
  /** Where the current phase reads on (a slice boundary). */
  linesDone: z.number(),
  bytesDone: z.number(),
  created: z.number(),
  updated: z.number(),
  errorCount: z.number(),
  /** Why the whole file was refused (unknown kind, a kind its folder may not deliver), when it was. */
  problem: z.optional(z.string()),
  /** Invocations that worked on it (a large file continues in new messages). */
  runs: z.number(),
  receivedAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.optional(z.string()),
});
export type ImportFileView = z.infer<typeof ImportFileView>;
export const ImportFileList = z.object({ items: z.array(ImportFileView), cursor: z.nullable(z.string()) });
export type ImportFileList = z.infer<typeof ImportFileList>;
export const ImportFileDetail = z.extend(ImportFileView, { errors: z.array(ImportLineError) });
export type ImportFileDetail = z.infer<typeof ImportFileDetail>;
