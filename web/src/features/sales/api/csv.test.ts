import { describe, expect, it } from 'vitest';
import { buildCsv, csvField, fileNamePart, salesCsvFileName, UTF8_BOM } from './csv.ts';

describe('csvField (RFC 4180 + formula guard)', () => {
  it('leaves plain values alone', () => {
    expect(csvField('Nordmarkt')).toBe('Nordmarkt');
    expect(csvField(42)).toBe('42');
    expect(csvField('')).toBe('');
  });
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('€1,234.50')).toBe('"€1,234.50"');
    expect(csvField('Kiosk "Am Markt"')).toBe('"Kiosk ""Am Markt"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
    expect(csvField(' padded ')).toBe('" padded "');
  });
  it('defuses spreadsheet formulas but keeps negative numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+49 30')).toBe("'+49 30");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-12')).toBe('-12');
    expect(csvField('-1.234,50')).toBe('"-1.234,50"');
  });
});

describe('buildCsv', () => {
  it('starts with a UTF-8 BOM and ends every row with CRLF', () => {
    const csv = buildCsv(['Day', 'Quantity', 'Amount'], [
      ['Mar 1, 2026', '12', '€120.00'],
      ['Mar 2, 2026', '1,204', '€12,040.00'],
    ]);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv).toBe(
      `${UTF8_BOM}Day,Quantity,Amount\r\n"Mar 1, 2026",12,€120.00\r\n"Mar 2, 2026","1,204","€12,040.00"\r\n`,
    );
  });
  it('encodes to UTF-8 bytes EF BB BF first', () => {
    const bytes = new TextEncoder().encode(buildCsv(['Straße'], [['Größe']]));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
  it('writes a header only when there are no rows', () => {
    expect(buildCsv(['A', 'B'], [])).toBe(`${UTF8_BOM}A,B\r\n`);
  });
});

describe('salesCsvFileName (the filters in the file name)', () => {
  it('names retailer, range and grouping', () => {
    expect(
      salesCsvFileName({ retailer: 'Nordmarkt', startDate: '2026-02-11', endDate: '2026-03-10', groupBy: 'day' }),
    ).toBe('sales_Nordmarkt_2026-02-11_2026-03-10_day.csv');
  });
  it('adds store and EAN when filtered, with safe characters only', () => {
    expect(
      salesCsvFileName({
        retailer: 'Café Müller & Söhne / Nord',
        startDate: '2026-01-01',
        endDate: '2026-01-31',
        groupBy: 'product',
        storeId: 'S 1/2',
        ean: '4006381333931',
      }),
    ).toBe('sales_Cafe-Muller-Sohne-Nord_2026-01-01_2026-01-31_product_store-S-1-2_ean-4006381333931.csv');
  });
  it('keeps parts short', () => {
    expect(fileNamePart('x'.repeat(100))).toHaveLength(40);
    expect(fileNamePart('../..')).toBe('..-..');
  });
});
