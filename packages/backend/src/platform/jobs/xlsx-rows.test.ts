import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { columnLetters, type XlsxValue, xlsxRows } from './xlsx-rows.ts';

/**
 * xlsx-rows.ts renders a page of rows with exceljs's own RowXform instead of exceljs's Row objects (ADR 124):
 * the workbook must be the one exceljs's `addRow` + `commit` writes, part by part, byte for byte (the core
 * properties' timestamps apart), for every kind of value the export writes, hostile text, empty cells,
 * a row without any value, and more than 26 columns.
 */
const STYLES: Partial<ExcelJS.Style>[] = [{ numFmt: 'yyyy-mm-dd hh:mm:ss' }, {}, {}, { numFmt: '#,##0.00' }, {}];
const HOSTILE = ['=SUM(A1:A9)', '<b>&amp;</b> "quoted" \'single\'', 'Müller ✓ 🙂', ' lead and trail ', 'line\r\nbreak\ttab', '\u0001ctrl'];

const valueOf = (r: number, c: number): XlsxValue => {
  if ((r + c) % 11 === 0 || r === 7) return null; // scattered empty cells, and row 7 empty throughout
  switch (c % 5) {
    case 0:
      return new Date(Date.UTC(2026, 10, 20, 12) - r * 61_000);
    case 3:
      return r % 4 === 0 ? -(r * 1.25) : r * 100.5;
    case 2:
      return r * 3;
    default:
      return HOSTILE[(r + c) % HOSTILE.length] ?? '';
  }
};

/** A workbook of `rows` rows of `width` columns, the header committed first; `render` writes the data rows. */
async function workbookOf(width: number, rows: number, render: 'exceljs' | 'xlsxRows'): Promise<Map<string, string>> {
  const out = new PassThrough();
  const bytes = buffer(out);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Export', { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
  const columns = Array.from({ length: width }, (_, c) => ({ style: STYLES[c % STYLES.length] ?? {}, index: c }));
  sheet.columns = columns.map(({ style }, c) => ({
    header: `H${c}`,
    key: `k${c}`,
    width: 12,
    ...(style.numFmt ? { style: { ...style } } : {}),
  }));
  sheet.getRow(1).commit();
  const data = Array.from({ length: rows }, (_, r) => r);
  if (render === 'xlsxRows') {
    const writer = xlsxRows(workbook, sheet, columns, 2);
    // Two pages, as the export hands them on.
    writer.write(data.slice(0, 13), (r, column) => valueOf(r, column.index));
    writer.write(data.slice(13), (r, column) => valueOf(r, column.index));
  } else
    for (const r of data) {
      const row = sheet.addRow(columns.map((_, c) => valueOf(r, c)));
      columns.forEach(({ style }, c) => (row.getCell(c + 1).style = style));
      row.commit();
    }
  sheet.commit();
  await workbook.commit();
  const zip = await JSZip.loadAsync(await bytes);
  const parts = new Map<string, string>();
  for (const name of Object.keys(zip.files).sort())
    parts.set(name, (await zip.file(name)?.async('string'))?.replace(/<dcterms:(created|modified)[^<]*<\/dcterms:\1>/g, '') ?? '');
  return parts;
}

describe('xlsxRows', () => {
  it.each([
    [5, 40],
    [30, 25],
  ])('writes the workbook exceljs writes row by row (%i columns, %i rows)', async (width, rows) => {
    const expected = await workbookOf(width, rows, 'exceljs');
    const actual = await workbookOf(width, rows, 'xlsxRows');
    expect([...actual.keys()]).toEqual([...expected.keys()]);
    for (const [name, xml] of expected) expect(actual.get(name), name).toBe(xml);
    // The sheet holds what was written: the empty row is left out, the last row is there.
    const sheet = expected.get('xl/worksheets/sheet1.xml') ?? '';
    expect(sheet).not.toContain('<row r="9"');
    expect(sheet).toContain(`<row r="${rows + 1}"`);
  });

  it('names columns as exceljs does', () => {
    expect([1, 26, 27, 52, 53, 702, 703].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});
