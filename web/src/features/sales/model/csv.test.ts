import { describe, expect, it } from 'vitest';
import { fileNamePart, salesCsv, salesCsvFileName } from './csv.ts';

const BOM = '\uFEFF';
const eur = { symbol: '€', decimals: 2, isoCode: 'EUR' };
const headers = { group: 'Day', id: 'ID', quantity: 'Quantity', amount: 'Amount', currency: 'Currency' };
const group = (key: string, quantity: number, amountCents: number, extra: object = {}) => ({
  key,
  label: key,
  quantity,
  amountCents,
  ...extra,
});

describe('salesCsv (data a spreadsheet can sum)', () => {
  it('writes ISO days, plain numbers with a dot and the currency code, BOM and CRLF', async () => {
    const csv = await salesCsv(
      { sales: [group('2026-03-01', 1204, 1204000), group('2026-03-02', 0, 0), group('2026-03-03', 11, 11000)] },
      'day',
      eur,
      headers,
    );
    expect(csv).toBe(
      `${BOM}Day,Quantity,Amount,Currency\r\n2026-03-01,1204,12040.00,EUR\r\n2026-03-02,0,0.00,EUR\r\n2026-03-03,11,110.00,EUR\r\n`,
    );
  });

  it('quotes a label holding a lone line break, so a spreadsheet keeps the row whole', async () => {
    const csv = await salesCsv(
      { sales: [group('P-1', 1, 100, { label: 'Store\nNorth' }), group('P-2', 1, 100, { label: 'A\rB' })] },
      'product',
      eur,
      headers,
    );
    expect(csv).toContain('\r\n"Store\nNorth",P-1,1,1.00,EUR\r\n"A\rB",P-2,1,1.00,EUR\r\n');
  });

  it('keeps weeks by their Monday and months as YYYY-MM, whatever the screen shows', async () => {
    expect(await salesCsv({ sales: [group('2026-03-02', 1, 5)] }, 'week', eur, headers)).toContain('\r\n2026-03-02,1,0.05,EUR\r\n');
    expect(await salesCsv({ sales: [group('2026-03', 1, 5)] }, 'month', eur, headers)).toContain('\r\n2026-03,1,0.05,EUR\r\n');
  });

  it('uses the currency decimals and keeps negative amounts numeric', async () => {
    const yen = { symbol: '¥', decimals: 0, isoCode: 'JPY' };
    expect(await salesCsv({ sales: [group('2026-03-01', -2, -123456)] }, 'day', yen, headers)).toContain('\r\n2026-03-01,-2,-1235,JPY\r\n');
  });

  it('names stores with their customer store ID (empty without one), products with their id', async () => {
    const stores = await salesCsv(
      {
        sales: [
          { key: 'S-100001', label: 'Nordmarkt, Mitte', quantity: 5, amountCents: 2500, customerStoreId: 'NM-7' },
          { key: 'S-100002', label: '=HYPERLINK("x")', quantity: 1, amountCents: 100, customerStoreId: null },
        ],
      },
      'store',
      eur,
      { ...headers, group: 'Store', id: 'Customer store ID' },
    );
    expect(stores).toBe(
      `${BOM}Store,Customer store ID,Quantity,Amount,Currency\r\n"Nordmarkt, Mitte",NM-7,5,25.00,EUR\r\n"'=HYPERLINK(""x"")",,1,1.00,EUR\r\n`,
    );
    expect(stores).not.toContain('S-1000');
    const products = await salesCsv(
      { sales: [{ key: 'P-9', label: 'Gift card', quantity: 2, amountCents: 5000 }] },
      'product',
      eur,
      headers,
    );
    expect(products).toContain('\r\nGift card,P-9,2,50.00,EUR\r\n');
  });
});

describe('salesCsvFileName (the filters in the file name)', () => {
  it('names retailer, range and grouping', () => {
    expect(salesCsvFileName({ retailer: 'Nordmarkt', startDate: '2026-02-11', endDate: '2026-03-10', groupBy: 'day' })).toBe(
      'sales_Nordmarkt_2026-02-11_2026-03-10_day.csv',
    );
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
