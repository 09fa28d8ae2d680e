import type { AddressRow } from '@portal/core/ordering';
import { describe, expect, it } from 'vitest';
import { defaultOrdersFilter, ordersQuery, rangeProblem, storeOptions, withPreset } from './orders-filter.ts';

describe('defaultOrdersFilter (SPEC 4: orders default to the last year)', () => {
  it('is the 365 dates today − 364 .. today in the user zone, every address, without deleted ones', () => {
    // 23:30 UTC on 10 March is already 11 March in Berlin.
    const filter = defaultOrdersFilter(new Date('2026-03-10T23:30:00Z'), 'Europe/Berlin', 0);
    expect(filter).toEqual({
      preset: 'year',
      startDate: '2025-03-12',
      endDate: '2026-03-11',
      storeId: '',
      storeType: 0,
      deleted: false,
    });
  });
});

describe('withPreset', () => {
  const base = defaultOrdersFilter(new Date('2026-03-11T12:00:00Z'), 'UTC', 1);
  it('fills the dates of a preset', () => {
    expect(withPreset(base, 'lastMonth', '2026-03-11')).toMatchObject({
      preset: 'lastMonth',
      startDate: '2026-02-01',
      endDate: '2026-02-28',
    });
    expect(withPreset(base, 'week', '2026-03-11')).toMatchObject({ startDate: '2026-03-05', endDate: '2026-03-11' });
  });
  it("clears both dates for 'none'", () => {
    expect(withPreset(base, 'none', '2026-03-11')).toMatchObject({ preset: 'none', startDate: '', endDate: '' });
  });
});

describe('rangeProblem', () => {
  it('accepts a range, open bounds and equal days', () => {
    expect(rangeProblem('2026-01-01', '2026-02-01')).toBeNull();
    expect(rangeProblem('', '')).toBeNull();
    expect(rangeProblem('2026-01-01', '')).toBeNull();
    expect(rangeProblem('2026-01-01', '2026-01-01')).toBeNull();
  });
  it('names an end before the start and a malformed date', () => {
    expect(rangeProblem('2026-02-01', '2026-01-31')).toBe('endBeforeStart');
    expect(rangeProblem('2026-2-1', '2026-03-01')).toBe('invalidDate');
  });
});

describe('ordersQuery (filter -> GET replenishment/orders)', () => {
  const filter = { startDate: '2025-03-11', endDate: '2026-03-11', storeId: '', storeType: 1 as const, deleted: false };

  it('maps the first page with the default page size 10 and leaves out empty filters', () => {
    expect(ordersQuery('R-1', filter, 1)).toEqual({
      customerId: 'R-1',
      startDate: '2025-03-11',
      endDate: '2026-03-11',
      storeType: '1',
      index: '0',
      results: '10',
    });
  });

  it('sends the zero-based page index, the store, the store type and deleted=1', () => {
    expect(ordersQuery('R-1', { ...filter, storeId: 'S-7', storeType: 0, deleted: true }, 3, 25)).toEqual({
      customerId: 'R-1',
      startDate: '2025-03-11',
      endDate: '2026-03-11',
      storeId: 'S-7',
      storeType: '0',
      deleted: '1',
      index: '2',
      results: '25',
    });
  });

  it('sends no dates for the none preset and asks for page 1 below 1', () => {
    expect(ordersQuery('R-1', { ...filter, startDate: '', endDate: '' }, 0)).toEqual({
      customerId: 'R-1',
      storeType: '1',
      index: '0',
      results: '10',
    });
  });
});

describe('storeOptions (ADR 015: deleted addresses only with deleted on)', () => {
  const address = (storeId: string, name: string, status: AddressRow['status']): AddressRow => ({
    storeId,
    storeType: 0,
    retailerId: 'R-1',
    name,
    street: '',
    postalCode: '',
    city: '',
    address: '',
    customerStoreId: null,
    status,
  });
  const list = [address('2', 'Zentrum', 'active'), address('1', 'Altstadt', 'deleted'), address('3', 'Bahnhof', 'locked')];

  it('hides deleted addresses unless deleted is on, sorted by name', () => {
    expect(storeOptions(list, false).map((a) => a.storeId)).toEqual(['3', '2']);
    expect(storeOptions(list, true).map((a) => a.storeId)).toEqual(['1', '3', '2']);
  });
});
