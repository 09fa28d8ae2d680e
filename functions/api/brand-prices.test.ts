import type { Backend } from '@portal/backend';
import { ProductsAnswer } from '@portal/core/ordering';
import { beforeAll, describe, expect, it } from 'vitest';
import { readJson, signInAll } from '../../tests/support/api.ts';
import { createTestBackend, importOk, importRefused, productRecord } from '../../tests/support/test-backend.ts';
import { createApp } from './app.ts';

/**
 * The host brand's prices in the products step (SPEC 3 brand settings, SPEC 9; ADR 089): the brand's price
 * attributes (priceAttributePrefix), its column label (priceLabel) and the midnight its scheduled changes take
 * effect at (priceChangeTimeZone) — decided by the server from the Host, the same account on two hosts. The
 * clock is injected: a change takes effect at Los Angeles midnight, not at UTC's or the user's.
 */
let clock = new Date('2026-11-30T12:00:00Z');
let backend: Backend;
let app: ReturnType<typeof createApp>;
let cookie = '';
const PASSWORD = 'Correct-Horse-42!';
const WEST = 'west.example.com';

const product = (n: number, extra: object) => productRecord(n, '589', extra);

beforeAll(async () => {
  backend = await createTestBackend(() => clock, { SESSION_IDLE_MINUTES: '1440', SESSION_ABSOLUTE_HOURS: '48' });
  app = createApp(backend, () => '203.0.113.89');
  await importOk(backend, 'brands', [
    { id: 'default', name: 'Card Portal', layout: 'default', hosts: ['localhost'], footerLinks: [], customFields: {} },
    {
      id: 'west',
      name: 'West Cards',
      layout: 'default',
      hosts: [WEST],
      footerLinks: [],
      customFields: { priceLabel: 'MSRP', priceAttributePrefix: 'us_', priceChangeTimeZone: 'America/Los_Angeles' },
    },
  ]);
  await importOk(backend, 'retailers', [{ customerId: 'R-1', name: 'Alpha Markets' }]);
  await importOk(backend, 'accounts', [
    {
      username: 'orderer',
      password: PASSWORD,
      email: 'orderer@example.com',
      firstname: 'Olga',
      surname: 'Orderer',
      passwordExpiry: '2030-01-01T00:00:00.000Z',
      timezone: 'Europe/Berlin',
      customerId: 'R-1',
      // cardOrdering; every catalogue product (disableRetailerProductCheck).
      modules: { ordering: { permissions: 4, settings: 1 + 8 } },
    },
  ]);
  await importOk(backend, 'stores', [
    { storeId: 'S-1', retailerId: 'R-1', name: 'Central', street: 'Main 1', postalCode: '10115', city: 'Berlin' },
  ]);
  await importOk(backend, 'products', [
    // A CSV line's text forms: the brand's price and its change from 1 December.
    product(1, { faceValue: '25', us_faceValue: '29.99', us_faceValueChanges: '2026-12-01:31.99' }),
    // Only the plain price: none on the brand with its own prices.
    product(2, { faceValue: 10 }),
    // A plain scheduled change: the default brand's, at the user's midnight (Europe/Berlin).
    product(3, { faceValue: 11, faceValueChanges: [{ from: '2026-12-01', faceValue: 12 }] }),
  ]);
  cookie = (await signInAll(app, ['orderer'], PASSWORD, 'ordering')).orderer!;
}, 120_000);

async function products(host: string, at: string) {
  clock = new Date(at);
  const res = await app.request('/api/replenishment/products?customerId=R-1&storeType=0&storeId=S-1', {
    headers: { 'X-Portal': 'ordering', Cookie: cookie, Host: host },
  });
  expect(res.status).toBe(200);
  const answer = ProductsAnswer.parse(await readJson(res));
  const prices = Object.fromEntries(answer.items.map((p) => [p.id, { cents: p.faceValueCents, next: p.nextFaceValue ?? null }]));
  return { label: answer.priceLabel ?? null, prices };
}

describe('the host brand decides the prices of the products step', () => {
  it('answers the brand of the host: its label and prefixed prices, or the plain ones', async () => {
    const plain = await products('localhost:3000', '2026-11-30T12:00:00Z');
    expect(plain).toEqual({
      label: null,
      prices: {
        'P-1': { cents: 2500, next: null },
        'P-2': { cents: 1000, next: null },
        'P-3': { cents: 1100, next: { from: '2026-12-01', cents: 1200 } },
      },
    });
    const west = await products(WEST, '2026-11-30T12:00:00Z');
    expect(west).toEqual({
      label: 'MSRP',
      prices: {
        'P-1': { cents: 2999, next: { from: '2026-12-01', cents: 3199 } },
        // No us_ price: none, not the plain (another market's) price under the brand's label.
        'P-2': { cents: null, next: null },
        'P-3': { cents: null, next: null },
      },
    });
  });

  it('takes a change into effect at midnight in the brand zone, not at UTC or the user zone', async () => {
    // 07:59:59 UTC on 1 December: already 1 December in UTC and in Berlin, still 30 November in Los Angeles (UTC-8).
    expect((await products(WEST, '2026-12-01T07:59:59Z')).prices['P-1']).toEqual({
      cents: 2999,
      next: { from: '2026-12-01', cents: 3199 },
    });
    expect((await products(WEST, '2026-12-01T08:00:00Z')).prices['P-1']).toEqual({ cents: 3199, next: null });
  });

  it('takes a plain change into effect at the user midnight where the brand names no zone', async () => {
    // Europe/Berlin midnight of 1 December is 23:00 UTC on 30 November.
    expect((await products('localhost', '2026-11-30T22:59:59Z')).prices['P-3']).toEqual({
      cents: 1100,
      next: { from: '2026-12-01', cents: 1200 },
    });
    expect((await products('localhost', '2026-11-30T23:00:00Z')).prices['P-3']).toEqual({ cents: 1200, next: null });
  });
});

describe('hostile imports', () => {
  it('refuses a brand whose time zone or prefix cannot apply, with its line', async () => {
    const brand = (id: string, customFields: object) => ({ id, name: id, layout: 'default', footerLinks: [], customFields });
    const refused = await importRefused(backend, 'brands', [
      { line: 1, data: brand('zone', { priceChangeTimeZone: 'Mars/Olympus' }) },
      { line: 2, data: brand('offset', { priceChangeTimeZone: '+01:00' }) },
      { line: 3, data: brand('prefix', { priceAttributePrefix: 'US-' }) },
      { line: 4, data: brand('bare', { priceAttributePrefix: 'us' }) },
      { line: 5, data: brand('proto', { priceAttributePrefix: '__proto__' }) },
    ]);
    expect(refused).toEqual([
      [1, 'customFields.priceChangeTimeZone'],
      [2, 'customFields.priceChangeTimeZone'],
      [3, 'customFields.priceAttributePrefix'],
      [4, 'customFields.priceAttributePrefix'],
      [5, 'customFields.priceAttributePrefix'],
    ]);
  });

  it('refuses a product whose brand price column or value is wrong, naming the column', async () => {
    const report = await backend.imports.importRecords('products', [
      { line: 2, data: product(7, { 'US-faceValue': '3' }) },
      { line: 3, data: product(8, { us_faceValue: 'free' }) },
      { line: 4, data: product(9, { us_faceValueChanges: '2026-02-30:4; 2027-01-01:5' }) },
      { line: 5, data: product(10, { faceValueChanges: '2027-01-01:5; 2027-01-01:6' }) },
      { line: 6, data: product(11, { a_faceValue: 1, b_faceValue: 2, c_faceValue: 3, d_faceValue: 4 }) },
    ]);
    expect(report.errors.map((e) => e.reason)).toEqual([
      expect.stringMatching(/^US-faceValue: /),
      expect.stringMatching(/^us_faceValue: /),
      expect.stringMatching(/^us_faceValueChanges\.0\.from: no such date/),
      expect.stringMatching(/^faceValueChanges: a day twice/),
      expect.stringMatching(/^brandPrices: At most 3/),
    ]);
    expect(report.created + report.updated).toBe(0);
  });
});
