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
export type ImportFileStatus = 'checking' | 'importing' | 'done' | 'rejected';
export type ImportLineError = { line: number; reason: string };

/** One import as the API answers it. */
export type ImportFileView = {
  fileId: string;
  /** The object's key in the reports bucket (`sftp/<id>/imports/…` or `imports/…`). */
  key: string;
  bytes: number;
  /** The customer (or customer group) whose SFTP folder it came from; '' for the supplier's own uploads. */
  owner: string;
  kind: string;
  status: ImportFileStatus;
  /** Where the current phase reads on (a slice boundary). */
  linesDone: number;
  bytesDone: number;
  created: number;
  updated: number;
  errorCount: number;
  /** Why the whole file was refused (unknown kind, a kind its folder may not deliver), when it was. */
  problem?: string;
  /** Invocations that worked on it (a large file continues in new messages). */
  runs: number;
  receivedAt: string;
  updatedAt: string;
  finishedAt?: string;
};
export type ImportFileList = { items: ImportFileView[]; cursor: string | null };
export type ImportFileDetail = ImportFileView & { errors: ImportLineError[] };
