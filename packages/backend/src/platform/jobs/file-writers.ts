import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { type ExportFormat, fileLabel, sheetName } from '@portal/core/export';
import { isValidTimeZone } from '@portal/core/shared';
import ExcelJS from 'exceljs';
import { majorUnits, majorUnitsText, neutralise, wallClock, wallClockTexts } from './cell-values.ts';
import type { ExportColumn, ExportRow } from './file-columns.ts';
import { xlsxRows } from './xlsx-rows.ts';

/**
 * The two file formats of an export (ADR 033). A writer formats rows into `out` as they come and holds
 * none of them: the runner feeds it one page at a time and waits for `out` to drain.
 */
export interface FileWriter {
  write(rows: readonly ExportRow[]): void;
  /** Resolves when what `write` produced has moved on far enough to write more (bounded memory). */
  settled(): Promise<void>;
  /** Writes the end of the file (XLSX: the sheet end and the zip directory) and ends `out`. */
  end(): Promise<void>;
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** An account's zone as stored; an unknown one (never expected) writes UTC rather than failing the job. */
const zoneOrUtc = (timeZone: string) => (isValidTimeZone(timeZone) ? timeZone : 'UTC');

/** A text cell: a labelled column's code as its label in the column's language (localiseColumns), else as it is. */
const textOf = (column: ExportColumn, value: string | number): string =>
  (column.labels ? fileLabel(column.labels, String(value), column.language ?? 'en') : null) ?? String(value);

/** An amount cell's currency: the code in the row's currency column. */
const currencyOf = (column: ExportColumn, row: ExportRow): string | null | undefined => {
  const currency = row[column.currencyKey ?? 'currency'];
  return typeof currency === 'number' ? String(currency) : currency;
};

const CSV_QUOTED = /[",\r\n]/;
/**
 * One CSV field, RFC 4180: a field holding a quote, comma, CR or LF is quoted, its quotes doubled (csv-stringify
 * with CRLF records and `quote_record_delimiter`; a test holds the two equal). Written here rather than by
 * csv-stringify, whose per-field casting and option merging cost the CSV export more than its read's parsing
 * (ADR 099). A lone CR or LF is quoted too: csv-stringify left it bare once the record
 * delimiter was CRLF, and Excel breaks the row there.
 */
export const csvField = (text: string): string => (CSV_QUOTED.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** A text that needs neither neutralising (cell-values.ts `neutralise`) nor quoting (`csvField`): most of them. */
const CSV_PLAIN = /^(?:[^=+\-@\t\r",\n][^",\r\n]*)?$/;
/** A text cell as CSV: neutralised, then quoted; one test for the text that needs neither. */
export const csvText = (text: string): string => (CSV_PLAIN.test(text) ? text : csvField(neutralise(text)));

/**
 * Each column's CSV field of a row, made once per file (ADR 124): the column's kind decides once, not per
 * cell. Numbers, amounts and instants are digits, signs, dots, dashes, colons and a space, which need no quoting.
 */
const csvFieldOf =
  (local: (iso: string) => string) =>
  (column: ExportColumn): ((row: ExportRow) => string) => {
    const { key } = column;
    const empty = (value: string | number | null | undefined): value is null | undefined | '' =>
      value === null || value === undefined || value === '';
    switch (column.kind) {
      case 'text':
        return (row) => {
          const value = row[key];
          return empty(value) ? '' : csvText(textOf(column, value));
        };
      case 'number':
        return (row) => {
          const value = row[key];
          return empty(value) ? '' : typeof value === 'number' ? String(value) : csvText(value);
        };
      case 'amount':
        return (row) => {
          const value = row[key];
          return empty(value) ? '' : typeof value === 'number' ? majorUnitsText(value, currencyOf(column, row)) : csvText(value);
        };
      case 'datetime':
        return (row) => {
          const value = row[key];
          return empty(value) ? '' : local(String(value));
        };
    }
  };

/**
 * CSV for Excel and everything else: UTF-8 with a byte-order mark (Excel otherwise reads it as ANSI),
 * CRLF records, a header row; text cells formula-neutralised (cell-values.ts `neutralise`); numbers
 * and amounts written from numbers (a dot, the currency's digits: "-5.00" is a number, not a formula),
 * instants as "YYYY-MM-DD HH:MM:SS" in the user's zone.
 */
export function csvWriter(out: Writable, columns: readonly ExportColumn[], timeZone: string): FileWriter {
  const fields = columns.map(csvFieldOf(wallClockTexts(zoneOrUtc(timeZone))));
  const line = (cells: readonly string[]) => `${cells.map(csvField).join(',')}\r\n`;
  out.write('\ufeff');
  out.write(line(columns.map((c) => neutralise(c.header))));
  return {
    write(rows) {
      if (rows.length === 0) return;
      let text = '';
      for (const row of rows) {
        let separator = '';
        for (const field of fields) {
          text += separator + field(row);
          separator = ',';
        }
        text += '\r\n';
      }
      out.write(text);
    },
    settled: async () => {
      if (out.writableNeedDrain) await once(out, 'drain');
    },
    end: () => new Promise<void>((resolve) => out.end(resolve)),
  };
}

const AMOUNT_FORMAT = '#,##0.00';
const ZIP_BACKLOG = 4 * 1024 * 1024;
const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** Column widths in characters: the header's or the widest sampled value's, with a margin, within bounds. */
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;
const DATE_WIDTH = DATE_FORMAT.length + 2;

/**
 * XLSX through exceljs's streaming writer: one sheet named after the export or report (`title`), each
 * row committed as it is added (the writer keeps no rows), no shared-strings table (it would grow with
 * the file). Amounts are numbers with a two-decimal format, instants real Excel dates of the user's wall
 * clock, text plain strings — a value is never written as a formula, so a cell starting with "=" stays
 * text. For reading (ADR 054): the header row is frozen and carries an auto-filter, and each column is as
 * wide as its header or the widest value of the first page (a streamed sheet's widths are written before
 * its rows, so the first page is the sample; later wider values wrap nothing, they are only cut visually).
 */
export function xlsxWriter(out: Writable, columns: readonly ExportColumn[], timeZone: string, title = 'Export'): FileWriter {
  const local = wallClock(zoneOrUtc(timeZone));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(title), { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
  // The streaming sheet writes its auto-filter with the sheet's end (exceljs WorksheetWriter.autoFilter).
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(columns.length, 1) } };
  const shownLength = (column: ExportColumn, value: string | number | Date | null): number => {
    if (value === null) return 0;
    if (value instanceof Date) return DATE_WIDTH;
    if (typeof value === 'number')
      return column.kind === 'amount'
        ? value.toFixed(2).length + Math.floor(Math.abs(Math.trunc(value)).toString().length / 3)
        : String(value).length;
    return value.length;
  };
  /**
   * Each column's cell style, one object per column shared by all its cells: exceljs gives every new cell
   * its own copy of the column's style and finds a style's id by rendering it as XML unless it has seen
   * that very object before, which was half of the writer's time; a shared object is rendered once. The
   * ids, and so the file, are the same (a column's cells hold one kind of value: its style decides the id).
   */
  const styled = columns.map((column) => ({
    column,
    style: ((c): Partial<ExcelJS.Style> =>
      c.kind === 'amount' ? { numFmt: AMOUNT_FORMAT } : c.kind === 'datetime' ? { numFmt: DATE_FORMAT } : {})(column),
  }));
  let rows: ReturnType<typeof start> | null = null;
  /**
   * The columns, sized by the header and the first page (`sample`), and the header row, committed through
   * exceljs before the data rows (which xlsx-rows.ts renders a page at a time).
   */
  const start = (sample: readonly ExportRow[]) => {
    sheet.columns = styled.map(({ column: c, style }, i) => {
      const widest = sample.reduce((max, row) => Math.max(max, shownLength(c, cell(c, row))), c.kind === 'datetime' ? DATE_WIDTH : 0);
      return {
        header: c.header,
        key: `${c.key}#${i}`,
        width: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, c.header.length + 2, widest + 2)),
        ...(c.kind === 'amount' || c.kind === 'datetime' ? { style: { ...style } } : {}),
      };
    });
    sheet.getRow(1).commit();
    return xlsxRows(workbook, sheet, styled, 2);
  };
  const cell = (column: ExportColumn, row: ExportRow): string | number | Date | null => {
    const value = row[column.key];
    if (value === null || value === undefined || value === '') return null;
    switch (column.kind) {
      case 'text':
        return textOf(column, value);
      case 'number':
        return typeof value === 'number' ? value : String(value);
      case 'amount':
        return typeof value === 'number' ? majorUnits(value, currencyOf(column, row)) : String(value);
      case 'datetime':
        return new Date(local(String(value)));
    }
  };
  /**
   * exceljs hands the sheet's XML to the zip's deflate stream without waiting for it (its StreamBuf ignores
   * write()'s answer), so rows made faster than zlib compresses them would pile up in memory. The writer
   * waits while more than ZIP_BACKLOG bytes wait for deflate, and while `out` is full.
   */
  // archiver's pipe is a readable-stream v2 PassThrough: no writableLength, the count is in its state.
  type Pipe = Writable & { _writableState?: { length: number } };
  const queued = (pipe: Pipe) => pipe.writableLength ?? pipe._writableState?.length ?? 0;
  const backlogged = () => (sheet.stream?.pipes ?? []).find((p) => queued(p) > ZIP_BACKLOG);
  const valueOf = (row: ExportRow, { column }: { column: ExportColumn }) => cell(column, row);
  return {
    write(page) {
      rows ??= start(page);
      rows.write(page, valueOf);
    },
    async settled() {
      for (let pipe = backlogged(); pipe; pipe = backlogged()) await once(pipe, 'drain');
      if (out.writableNeedDrain) await once(out, 'drain');
    },
    async end() {
      rows ??= start([]);
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** `title` names an XLSX file's sheet (the export's or the report's name); CSV has no place for it. */
export const fileWriters: Record<
  ExportFormat,
  (out: Writable, columns: readonly ExportColumn[], timeZone: string, title?: string) => FileWriter
> = {
  csv: csvWriter,
  xlsx: xlsxWriter,
};
