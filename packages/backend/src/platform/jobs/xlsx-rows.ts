import ExcelJS from 'exceljs';
import utils from 'exceljs/lib/utils/utils.js';

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

/** The workbook's style table as exceljs's StylesXform has it: a style object's id, by object once seen. */
type Styles = { addStyleModel(style: object, cellType?: number): number };
const isStyles = (styles: unknown): styles is Styles =>
  typeof styles === 'object' && styles !== null && 'addStyleModel' in styles && typeof styles.addStyleModel === 'function';

/** exceljs's utils.dateToExcel (the 1900 date system, which the writer's workbooks use). */
const excelSerial = (date: Date): number => 25569 + date.getTime() / (24 * 3600 * 1000);

/**
 * A streamed sheet's data rows, a page at a time, as the text exceljs's row renderer (RowXform, CellXform, ADR 124)
 * writes for them, made here as strings (ADR 134): exceljs built an XmlStream per row, a piece per tag, attribute
 * and value, and ran every attribute through its XML encoder; here a row is one template per cell, the values
 * through exceljs's own encoder (`xmlEncode`). The page's XML goes to the sheet's stream once. A row with no
 * value is left out, as exceljs's WorksheetWriter leaves it out. Style ids come from the workbook's style table in
 * exceljs's order (the row's style, then each cell's, at the first row written) and are the same for every later
 * row (the table finds a style by object: one shared object per column, one for every row). The bytes are
 * exceljs's: a test compares the workbook with the one `addRow`/`commit` writes, hostile text included.
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
  const { styles } = workbook;
  if (!isStyles(styles)) throw new Error('exceljs: the workbook has no style table');
  const letters = columns.map((_, i) => columnLetters(i + 1));
  const rowStyle = {};
  // ` s="<id>"` of each column's cells, and whether the row has a style of its own; known after the first row.
  let cellStyles: string[] | null = null;
  let rowAttributes = '';
  const spans = ` spans="1:${columns.length}"`;
  let next = first;
  /** Registers the styles as exceljs's RowXform.prepare does for the first row it prepares. */
  const prepare = (values: readonly XlsxValue[]): string[] => {
    const rowId = styles.addStyleModel(rowStyle);
    if (rowId) rowAttributes = ` s="${rowId}" customFormat="1"`;
    return columns.map((column, i) => {
      const id = styles.addStyleModel(column.style, typeOf(values[i] ?? null));
      return id ? ` s="${id}"` : '';
    });
  };
  const values: XlsxValue[] = new Array<XlsxValue>(columns.length).fill(null);
  return {
    /** Renders `value(row, column)` of each row's columns and writes the page's XML to the sheet. */
    write<R>(rows: readonly R[], value: (row: R, column: C) => XlsxValue): void {
      let text = '';
      for (const row of rows) {
        const number = next;
        next += 1;
        let filled = false;
        let i = 0;
        for (const column of columns) {
          const v = value(row, column);
          values[i++] = v;
          if (v !== null) filled = true;
        }
        if (!filled) continue;
        const ids = (cellStyles ??= prepare(values));
        text += `<row r="${number}"${spans}${rowAttributes} x14ac:dyDescent="0.25">`;
        for (let i = 0; i < columns.length; i++) {
          const v = values[i] ?? null;
          const head = `<c r="${letters[i]}${number}"${ids[i]}`;
          if (v === null) text += ids[i] ? `${head}/>` : '';
          else if (typeof v === 'string') text += `${head} t="str"><v>${utils.xmlEncode(v)}</v></c>`;
          else if (typeof v === 'number') text += `${head}><v>${v}</v></c>`;
          else text += `${head}><v>${excelSerial(v)}</v></c>`;
        }
        text += '</row>';
      }
      if (text) sheet.stream?.write(text);
    },
  };
}
