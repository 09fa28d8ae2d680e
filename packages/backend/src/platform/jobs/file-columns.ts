import { codeHeader, type FileLabelSet, type FileLanguage, fileHeader } from '@portal/core/export';

/**
 * The columns and rows of a job's file (ADR 033; the export's and the report's, ADR 041, in the file's
 * language, ADR 054): what the file writers (file-writers.ts) take.
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
    if (labelKey)
      return [
        { ...plain, key: labelKey, header },
        { ...plain, header: codeHeader(column.header, language) },
      ];
    if (!labels) return [{ ...plain, header }];
    return [
      { ...plain, header, labels, language },
      { ...plain, header: codeHeader(column.header, language) },
    ];
  });
}
export type ExportRow = Record<string, string | number | null | undefined>;
