import type { RetailersPage } from '@portal/core/ordering';
import { beforeEach, describe, expect, it } from 'vitest';
import { listedRetailer, onlyRetailer, rememberedRetailer, rememberRetailer, retailerMemory } from './retailer-memory.ts';

const row = (customerId: string, name = `Retailer ${customerId}`) => ({ customerId, name, customerGroupId: null });
const pageOf = (...items: ReturnType<typeof row>[]): RetailersPage => ({ items, index: 0, maxResults: 10, totalCount: items.length });

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

describe('what a restore takes from a page (ADR 017)', () => {
  it('takes the remembered retailer when the page lists its exact id, with its current name', () => {
    expect(listedRetailer(pageOf(row('R-10'), row('R-1', 'Renamed'), row('R-11')), 'R-1')).toEqual({ id: 'R-1', name: 'Renamed' });
  });

  it('never restores a retailer the user no longer has', () => {
    expect(listedRetailer(pageOf(row('R-10'), row('R-2')), 'R-1')).toBeNull();
  });

  it('takes the only retailer, and none of several', () => {
    expect(onlyRetailer(pageOf(row('R-1')))).toEqual({ id: 'R-1', name: 'Retailer R-1' });
    expect(onlyRetailer(pageOf(row('R-1'), row('R-2')))).toBeNull();
    expect(onlyRetailer(pageOf())).toBeNull();
  });
});
