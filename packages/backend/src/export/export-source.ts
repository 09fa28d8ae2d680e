import { codeHeader, type ExportKind, type FileLabelSet, type FileLanguage, fileHeader } from '@portal/core/connect';
import type { Actor } from '../access/actor.ts';
import type { Db } from '../platform/db/client.ts';

/**
 * What an export reads (ADR 033): a kind's columns and its rows. The runner knows nothing of
 * transactions or sales; each kind is one source in the registry (export-sources.ts).
 */

/**
 * How a column's values are written: `text` as text (CSV: formula-neutralised), `number` as a number,
 * `amount` an integer in the minor unit of the currency named by the row's `currencyKey` field (written
 * as a real number in major units), `datetime` a UTC ISO instant (written in the user's time zone; in
 * XLSX a real Excel date).
 */
export type CellKind = 'text' | 'number' | 'amount' | 'datetime';
/**
 * `labels`: the column holds codes of that label set (core FILE_LABELS); `localiseColumns` turns it into
 * the label column (`language` set: the writers write each code's label) and the code column beside it.
 */
export type ExportColumn = {
  key: string;
  header: string;
  kind: CellKind;
  currencyKey?: string;
  labels?: FileLabelSet;
  language?: FileLanguage;
  /** The row field that holds the code's label as the screens show it (master data names, e.g. a transaction type's). */
  labelKey?: string;
};

/**
 * The columns as a file in `language` has them (ADR 054): headers in the language; a column with codes as
 * two, its label ("Result": Approved / Genehmigt) and the code beside it ("Result (code)": approved), so
 * people read labels and machines keep their codes. Applied once, by whoever makes a file's columns.
 */
export function localiseColumns(columns: readonly ExportColumn[], language: FileLanguage): ExportColumn[] {
  return columns.flatMap((column): ExportColumn[] => {
    const { labels, language: _, labelKey, ...plain } = column;
    const header = fileHeader(column.header, language);
    if (labelKey) return [{ ...plain, key: labelKey, header }, { ...plain, header: codeHeader(column.header, language) }];
    if (!labels) return [{ ...plain, header }];
    return [
      { ...plain, header, labels, language },
      { ...plain, header: codeHeader(column.header, language) },
    ];
  });
}
export type ExportRow = Record<string, string | number | null | undefined>;

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
