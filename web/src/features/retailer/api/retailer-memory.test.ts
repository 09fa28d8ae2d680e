import type { RetailersPage } from '@portal/core/ordering';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchRetailers, rememberedRetailer, rememberRetailer, resolveRetailer, retailerMemory } from './retailer-memory.ts';

const row = (customerId: string, name = `Retailer ${customerId}`) => ({ customerId, name, customerGroupId: null });
const pageOf = (...items: ReturnType<typeof row>[]): RetailersPage => ({ items, index: 0, maxResults: 10, totalCount: items.length });

/** A fake server listing `rows`; the search matches ids and names by substring, as the API does. */
const serverWith =
  (...rows: ReturnType<typeof row>[]): FetchRetailers =>
  (_portal, query) =>
    Promise.resolve(pageOf(...rows.filter((r) => !query.search || `${r.customerId} ${r.name}`.includes(query.search))));

beforeEach(() => retailerMemory.set([]));

describe('retailer memory (ADR 017)', () => {
  it('remembers the last choice per portal and user (case-insensitive name)', () => {
    rememberRetailer('ordering', 'demo.retailer', { id: 'R-1001', name: 'Nordmarkt' });
    rememberRetailer('ordering', 'other', { id: 'R-1002', name: 'Other' });
    rememberRetailer('ordering', 'Demo.Retailer', { id: 'R-1003', name: 'City Kiosk' });
    expect(rememberedRetailer('ordering', 'demo.retailer')).toEqual({ id: 'R-1003', name: 'City Kiosk' });
    expect(rememberedRetailer('ordering', 'other')).toEqual({ id: 'R-1002', name: 'Other' });
    expect(rememberedRetailer('connect', 'demo.retailer')).toBeNull();
    expect(retailerMemory.get()).toHaveLength(2);
  });

  it('keeps at most 20 users, the most recent first', () => {
    for (let i = 0; i < 25; i++) rememberRetailer('ordering', `user${i}`, { id: `R-${i}`, name: `R ${i}` });
    expect(retailerMemory.get()).toHaveLength(20);
    expect(rememberedRetailer('ordering', 'user24')?.id).toBe('R-24');
    expect(rememberedRetailer('ordering', 'user0')).toBeNull();
  });
});

describe('resolveRetailer', () => {
  it('restores the remembered retailer when the server still lists it (exact id, current name)', async () => {
    const fetch = serverWith(row('R-10'), row('R-1', 'Renamed'), row('R-11'));
    expect(await resolveRetailer('ordering', { id: 'R-1', name: 'Old name' }, fetch)).toEqual({ id: 'R-1', name: 'Renamed' });
  });

  it('never restores a retailer the user no longer has', async () => {
    expect(await resolveRetailer('ordering', { id: 'R-9', name: 'Gone' }, serverWith(row('R-1'), row('R-2')))).toBeNull();
  });

  it('auto-selects the only retailer, also over a stale memory', async () => {
    expect(await resolveRetailer('ordering', null, serverWith(row('R-1')))).toEqual({ id: 'R-1', name: 'Retailer R-1' });
    expect(await resolveRetailer('ordering', { id: 'R-9', name: 'Gone' }, serverWith(row('R-1')))).toEqual({
      id: 'R-1',
      name: 'Retailer R-1',
    });
  });

  it('leaves the choice to the user with several retailers and no memory', async () => {
    const fetch = vi.fn(serverWith(row('R-1'), row('R-2')));
    expect(await resolveRetailer('ordering', null, fetch)).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
