import { describe, expect, it } from 'vitest';
import { formatCents } from '../../../lib/user-format.ts';
import { groupText } from '../../../lib/sales-format.ts';
import { salesTable } from './sales-table.ts';
import { DEFAULT_SALES_TAB, tabFromParam } from './sales-tabs.ts';

const eur = { locale: 'en-US', currency: { symbol: '€', decimals: 2, isoCode: 'EUR' } };
const labels = {
  group: 'Day',
  id: 'ID',
  customerStoreId: 'Customer store ID',
  quantity: 'Quantity',
  amount: 'Amount',
  weekOf: (d: string) => `Week of ${d}`,
};

describe('formatCents (user currency and locale)', () => {
  it('formats cents with the currency symbol and decimals', () => {
    expect(formatCents(123450, eur)).toBe('€1,234.50');
    expect(formatCents(123450, { locale: 'de-DE', currency: eur.currency })).toBe('1.234,50\u00a0€');
    expect(formatCents(500, { locale: 'en-US', currency: { symbol: 'zł', isoCode: 'PLN' } })).toBe('zł\u00a05.00');
    expect(formatCents(123456, { locale: 'en-US', currency: { symbol: '¥', decimals: 0, isoCode: 'JPY' } })).toBe('¥1,235');
  });
});

describe('groupText', () => {
  it('formats days, weeks and months from their keys; stores and products by label', () => {
    expect(groupText({ key: '2026-03-02', label: '' }, 'day', 'en-US', labels.weekOf)).toBe('Mar 2, 2026');
    expect(groupText({ key: '2026-03-02', label: '' }, 'week', 'en-US', labels.weekOf)).toBe('Week of Mar 2, 2026');
    expect(groupText({ key: '2026-03', label: '' }, 'month', 'de-DE', labels.weekOf)).toBe('März 2026');
    expect(groupText({ key: '2026-03', label: '' }, 'month', 'en-US', labels.weekOf, true)).toBe('Mar 26');
    expect(groupText({ key: 'S-1', label: 'Nordmarkt Mitte' }, 'store', 'en-US', labels.weekOf)).toBe('Nordmarkt Mitte');
    expect(groupText({ key: 'P-9', label: '' }, 'product', 'en-US', labels.weekOf)).toBe('P-9');
  });
});

describe('salesTable (the screen texts)', () => {
  const answer = {
    sales: [
      { key: '2026-03-01', label: '2026-03-01', quantity: 1204, amountCents: 1204000 },
      { key: '2026-03-02', label: '2026-03-02', quantity: 3, amountCents: 7500 },
    ],
  };

  it('has Key/label, Quantity, Amount for time groups', () => {
    const table = salesTable(answer, 'day', eur, labels);
    expect(table.header).toEqual(['Day', 'Quantity', 'Amount']);
    expect(table.rows).toEqual([
      ['Mar 1, 2026', '1,204', '€12,040.00'],
      ['Mar 2, 2026', '3', '€75.00'],
    ]);
  });

  it('shows a store with its customer store ID, never the internal key', () => {
    const table = salesTable(
      {
        sales: [
          { key: 'S-100001', label: 'Nordmarkt, Mitte', quantity: 5, amountCents: 2500, customerStoreId: 'NM-7' },
          { key: 'S-100002', label: 'Kiosk', quantity: 1, amountCents: 100, customerStoreId: null },
        ],
      },
      'store',
      { locale: 'de-DE', currency: eur.currency },
      { ...labels, group: 'Filiale' },
    );
    expect(table.header).toEqual(['Filiale', 'Customer store ID', 'Quantity', 'Amount']);
    expect(table.rows).toEqual([
      ['Nordmarkt, Mitte', 'NM-7', '5', '25,00\u00a0€'],
      ['Kiosk', '—', '1', '1,00\u00a0€'],
    ]);
  });

  it('shows a product with its id', () => {
    const table = salesTable({ sales: [{ key: 'P-9', label: 'Gift card', quantity: 2, amountCents: 5000 }] }, 'product', eur, labels);
    expect(table.header).toEqual(['Day', 'ID', 'Quantity', 'Amount']);
    expect(table.rows).toEqual([['Gift card', 'P-9', '2', '€50.00']]);
  });
});

describe('tabFromParam (SPEC 2 headers; default Sales statistic)', () => {
  const all = ['orders', 'statistic', 'transactions', 'notes'] as const;
  it('defaults to the statistic and accepts only offered tabs', () => {
    expect(DEFAULT_SALES_TAB).toBe('statistic');
    expect(tabFromParam(null, all)).toBe('statistic');
    expect(tabFromParam('notes', all)).toBe('notes');
    expect(tabFromParam('bogus', all)).toBe('statistic');
    expect(tabFromParam('orders', ['statistic', 'transactions', 'notes'])).toBe('statistic');
  });
});
