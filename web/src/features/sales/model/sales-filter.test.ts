import { describe, expect, it } from 'vitest';
import {
  daysInRange,
  defaultSalesFilter,
  isTimeGrouping,
  type SalesFilter,
  salesFilterProblems,
  salesQuery,
  transactionsQuery,
  withSalesPreset,
} from './sales-filter.ts';

const base: SalesFilter = {
  preset: 'last28',
  startDate: '2026-02-11',
  endDate: '2026-03-10',
  ean: '',
  storeId: '',
  groupBy: 'day',
};

describe('defaultSalesFilter (SPEC 4: the last 28 days ending yesterday)', () => {
  it('is today − 28 .. today − 1 in the user zone, grouped by day', () => {
    expect(defaultSalesFilter(new Date('2026-03-11T10:00:00Z'), 'Europe/Berlin')).toEqual(base);
    // Already 12 March in Tokyo.
    expect(defaultSalesFilter(new Date('2026-03-11T20:00:00Z'), 'Asia/Tokyo')).toMatchObject({
      startDate: '2026-02-12',
      endDate: '2026-03-11',
    });
    expect(daysInRange(base.startDate, base.endDate)).toBe(28);
  });
});

describe('withSalesPreset', () => {
  it('fills preset dates, and the last 28 days again', () => {
    expect(withSalesPreset(base, 'yesterday', '2026-03-11')).toMatchObject({
      startDate: '2026-03-10',
      endDate: '2026-03-10',
    });
    expect(withSalesPreset({ ...base, startDate: '2020-01-01' }, 'last28', '2026-03-11')).toEqual(base);
    expect(withSalesPreset(base, 'custom', '2026-03-11')).toEqual({ ...base, preset: 'custom' });
  });
});

describe('salesFilterProblems', () => {
  it('accepts the default filter and a valid EAN', () => {
    expect(salesFilterProblems(base)).toEqual({});
    expect(salesFilterProblems({ ...base, ean: '4006381333931' })).toEqual({});
  });
  it('rejects EANs that are not 8 to 14 digits', () => {
    expect(salesFilterProblems({ ...base, ean: '1234567' }).ean).toBe('eanInvalid');
    expect(salesFilterProblems({ ...base, ean: '123456789012345' }).ean).toBe('eanInvalid');
    expect(salesFilterProblems({ ...base, ean: '12345abc' }).ean).toBe('eanInvalid');
  });
  it('names a missing, malformed, reversed or too long range', () => {
    expect(salesFilterProblems({ ...base, endDate: '' }).range).toBe('rangeMissing');
    expect(salesFilterProblems({ ...base, endDate: '2026-3-1' }).range).toBe('invalidDate');
    expect(salesFilterProblems({ ...base, endDate: '2026-02-10' }).range).toBe('endBeforeStart');
    expect(salesFilterProblems({ ...base, startDate: '2025-01-01', endDate: '2026-02-05' }).range).toBe('rangeTooLong'); // 401 days
    expect(salesFilterProblems({ ...base, startDate: '2025-01-01', endDate: '2026-02-04' })).toEqual({}); // 400 days
  });
});

describe('salesQuery / transactionsQuery (filter -> GET sales, sales/transactions)', () => {
  it('maps the filter and leaves out an empty EAN and store', () => {
    expect(salesQuery('R-1', base)).toEqual({
      customerId: 'R-1',
      startDate: '2026-02-11',
      endDate: '2026-03-10',
      groupBy: 'day',
    });
    expect(salesQuery('R-1', { ...base, ean: ' 40063813 ', storeId: 'S-2', groupBy: 'product' })).toEqual({
      customerId: 'R-1',
      startDate: '2026-02-11',
      endDate: '2026-03-10',
      ean: '40063813',
      storeId: 'S-2',
      groupBy: 'product',
    });
  });
  it('asks nothing while the filter has a problem', () => {
    expect(salesQuery('R-1', { ...base, ean: '12' })).toBeNull();
    expect(transactionsQuery('R-1', { ...base, endDate: '' }, 1, 10)).toBeNull();
  });
  it('pages the transactions with a zero-based index and no groupBy', () => {
    expect(transactionsQuery('R-1', { ...base, storeId: 'S-2', groupBy: 'week' }, 3, 25)).toEqual({
      customerId: 'R-1',
      startDate: '2026-02-11',
      endDate: '2026-03-10',
      storeId: 'S-2',
      index: '2',
      results: '25',
    });
  });
});

describe('isTimeGrouping', () => {
  it('draws day, week and month along time; store and product as rows', () => {
    expect(['day', 'week', 'month', 'store', 'product'].map((g) => isTimeGrouping(g as SalesFilter['groupBy']))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
