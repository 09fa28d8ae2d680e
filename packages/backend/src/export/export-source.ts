import type { ExportKind, FileLanguage } from '@portal/core/export';
import type { Actor } from '../access/index.ts';
import type { Db } from '../platform/db/client.ts';
import type { ExportColumn, ExportRow } from '../platform/jobs/file-columns.ts';

/**
 * What an export reads (ADR 033): a kind's columns and its rows. The runner knows nothing of
 * transactions or sales; each kind is one source in the registry (export-sources.ts).
 */

/**
 * Who the job runs for and where; the runner builds it from the stored job. `asOf` (the job's creation,
 * epoch ms) leaves out rows booked after the user pressed Export, so the count and the rows agree.
 */
export type ExportContext = { db: Db; timeZone: string; username: string; asOf: number; language?: FileLanguage };

export type ExportSource<F> = {
  kind: ExportKind;
  columns: readonly ExportColumn[];
  /** Throws 403 when the actor may not export this kind (the kind's module permission). */
  requirePermission(actor: Actor): void;
  /** Throws 404 when the filter names an object the actor may not see (exactly like a missing one). */
  requireScope(actor: Actor, filter: F, db: Db): Promise<void>;
  /** The rows the job expects (shown as progress; the split is decided by rows actually written). */
  count(filter: F, ctx: ExportContext): Promise<number>;
  /** The whole filtered result, page by page, in the order the file lists it. */
  rows(filter: F, ctx: ExportContext): AsyncIterable<ExportRow[]>;
  /** The file name without extension or part number, e.g. `transactions_2026-11-01_2026-11-20`. */
  fileStem(filter: F): string;
};
