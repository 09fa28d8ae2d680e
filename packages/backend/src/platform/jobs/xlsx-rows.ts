import ExcelJS from 'exceljs';
import XmlStream from 'exceljs/lib/utils/xml-stream.js';
import RowXform, { type RowModel } from 'exceljs/lib/xlsx/xform/sheet/row-xform.js';

/** A cell's value as the XLSX writer hands it on (file-writers.ts `cell`). */
export type XlsxValue = string | number | Date | null;

/** A column's letters: 1 → A, 26 → Z, 27 → AA (exceljs's colCache.n2l). */
export const columnLetters = (n: number): string =>
  n <= 26 ? String.fromCharCode(64 + n) : columnLetters(Math.floor((n - 1) / 26)) + String.fromCharCode(65 + ((n - 1) % 26));

/** exceljs's Value.getType of the values the writer makes. */
const typeOf = (value: XlsxValue): number =>
  value === null
    ? ExcelJS.ValueType.Null
    : typeof value === 'string'
      ? ExcelJS.ValueType.String
      : typeof value === 'number'
        ? ExcelJS.ValueType.Number
        : ExcelJS.ValueType.Date;

/**
 * A streamed sheet's data rows, a page at a time, through exceljs's own row renderer (ADR 124): the models
 * exceljs's Row would make (every cell of the row, its column's shared style, `spans` 1:n, one style object for
 * every row), prepared and rendered by its RowXform, as WorksheetWriter does per committed row, but without
 * its Row and Cell objects (a fresh address check, style merge and two value objects per cell) and written to
 * the sheet's stream once per page instead of once per row. Each row gets its own XmlStream, as in exceljs's
 * `toXml`: one XmlStream for a whole page made its final join of some 300,000 pieces cost more than the rows'
 * rendering. The bytes are exceljs's: a test compares the file with the one `addRow`/`commit` writes. A row
 * with no value is left out, as WorksheetWriter leaves it out.
 *
 * `columns`: each column's style object, shared by its cells. `first`: the number of the first data row (the
 * header row is committed through exceljs before).
 */
export function xlsxRows<C extends { style: object }>(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  sheet: ExcelJS.Worksheet,
  columns: readonly C[],
  first: number,
) {
  const xform = new RowXform();
  const letters = columns.map((_, i) => columnLetters(i + 1));
  // exceljs finds a style's id by object (a WeakMap) before rendering it: one object for every row's own style.
  const rowStyle = {};
  const options = { styles: workbook.styles, comments: [] };
  let next = first;
  return {
    /** Renders `value(row, column)` of each row's columns and writes the page's XML to the sheet. */
    write<R>(rows: readonly R[], value: (row: R, column: C) => XlsxValue): void {
      const parts: string[] = [];
      for (const row of rows) {
        const number = next;
        let filled = false;
        const cells = columns.map((column, i) => {
          const v = value(row, column);
          if (v !== null) filled = true;
          return { address: `${letters[i]}${number}`, type: typeOf(v), value: v, style: column.style };
        });
        next += 1;
        if (!filled) continue;
        const model: RowModel = { cells, number, min: 1, max: cells.length, style: rowStyle, outlineLevel: 0 };
        xform.prepare(model, options);
        const xml = new XmlStream();
        xform.render(xml, model);
        parts.push(xml.xml);
      }
      const text = parts.join('');
      if (text) sheet.stream?.write(text);
    },
  };
}
