import type { Backend } from '@portal/backend';
import { ProductPage } from '@portal/core/product';
import { beforeAll, describe, expect, it } from 'vitest';
import { readJson, signInAll } from '../../tests/support/api.ts';
import { connectAccount, createTestBackend } from '../../tests/support/test-backend.ts';
import { createApp } from './app.ts';
import { testEan } from '../../tests/support/ean.ts';

/**
 * ADR 037: the products import with the connect fields (all optional; line errors)
 * and GET /api/products — filters, paging, the permission, which products a caller sees, hostile input.
 */
let backend: Backend;
let app: ReturnType<typeof createApp>;
const PASSWORD = 'Correct-Horse-42!';
const cookies: Record<string, string> = {};

const get = (query: string, user: string) =>
  app.request(`/api/products${query}`, { headers: { 'X-Portal': 'connect', Cookie: cookies[user] ?? '' } });
const page = async (query: string, user = 'pm.retailer') => {
  const res = await get(query, user);
  expect(res.status).toBe(200);
  return ProductPage.parse(await readJson(res));
};
const importKind = (kind: string, records: object[]) =>
  backend.imports.importRecords(
    kind as 'products',
    records.map((data, i) => ({ line: i + 1, data })),
  );

const product = (n: number, extra: object = {}) => ({
  productId: `PM-${n}`,
  inventoryProductId: `INV-PM-${n}`,
  ean: eanOf(n),
  sku: `SKU-${n}`,
  name: `Card ${String(n).padStart(2, '0')}`,
  company: 'Brand',
  ...extra,
});
const eanOf = (n: number) => testEan('401', n);

beforeAll(async () => {
  backend = await createTestBackend(() => new Date('2026-11-21T10:00:00Z'));
  app = createApp(backend, () => '203.0.113.7');
  const account = (username: string, customerId: string, extra: object = {}) =>
    connectAccount(username, customerId, PASSWORD, { modules: { productManagement: { permissions: 1, settings: 0 } }, ...extra });
  const accounts = await importKind('accounts', [
    account('pm.retailer', 'R-PM1'),
    account('pm.provider', 'P-PM1'),
    account('pm.none', 'R-PM1', { modules: { productManagement: { permissions: 2, settings: 0 } } }),
  ]);
  expect(accounts.errors).toEqual([]);
  expect((await importKind('retailers', [{ customerId: 'R-PM1', name: 'Retail One' }])).errors).toEqual([]);
  expect(
    (
      await importKind('providers', [
        { customerId: 'P-PM1', name: 'Content One' },
        { customerId: 'P-PM2', name: 'Content Two' },
      ])
    ).errors,
  ).toEqual([]);
  Object.assign(cookies, await signInAll(app, ['pm.retailer', 'pm.provider', 'pm.none'], PASSWORD));
}, 120_000);

describe('the products import with the connect fields', () => {
  it('accepts a line without them (older files stay valid) and with them, read like faceValue', async () => {
    const report = await importKind('products', [
      product(1, { faceValue: 25, status: 'active' }),
      product(2, { faceValue: '15', esp: '15.00', currency: 'eur', productType: 'PIN', category: 'Gaming', contentProviderId: 'P-PM1' }),
      product(3, {
        minValue: '10',
        maxValue: '250.50',
        currency: 'EUR',
        productType: 'POSA',
        category: 'Gaming',
        contentProviderId: 'P-PM1',
      }),
      product(4, {
        faceValue: 50,
        currency: 'PLN',
        productType: 'digital',
        category: 'Music',
        contentProviderId: 'P-PM2',
        status: 'inactive',
      }),
    ]);
    expect(report.errors).toEqual([]);
    const all = await page('');
    expect(all.items.find((p) => p.productId === 'PM-1')).toEqual({
      productId: 'PM-1',
      ean: eanOf(1),
      sku: 'SKU-1',
      name: 'Card 01',
      company: 'Brand',
      status: 'active',
      faceValueCents: 2500,
    });
    expect(all.items.find((p) => p.productId === 'PM-3')).toMatchObject({
      minValueCents: 1000,
      maxValueCents: 25050,
      currency: 'EUR',
      productType: 'POSA',
      category: 'Gaming',
      contentProviderId: 'P-PM1',
      contentProviderName: 'Content One',
    });
    expect(all.items.find((p) => p.productId === 'PM-2')).toMatchObject({ faceValueCents: 1500, espCents: 1500, currency: 'EUR' });
  });

  it('names each bad line: unknown provider, bad currency, min above max, three decimals; writes the good ones', async () => {
    const report = await importKind('products', [
      product(5, { contentProviderId: 'P-NOPE' }),
      product(6, { currency: 'EURO' }),
      product(7, { minValue: 50, maxValue: 10 }),
      product(8, { esp: '1.005' }),
      product(9, { category: 'Travel' }),
      // A product's content provider cannot move (its sales are attributed to it when imported).
      product(2, { contentProviderId: 'P-PM2' }),
    ]);
    expect(report.created).toBe(1);
    expect(report.errors.map((e) => e.line)).toEqual([1, 2, 3, 4, 6]);
    expect(report.errors[0]!.reason).toContain("contentProviderId: no provider 'P-NOPE'");
    expect(report.errors[1]!.reason).toContain('currency');
    expect(report.errors[2]!.reason).toContain('maxValue');
    expect(report.errors[3]!.reason).toContain('esp');
    expect(report.errors[4]!.reason).toContain("belongs to provider 'P-PM1'");
  });
});

describe('GET /api/products', () => {
  it('filters by text (name, EAN, SKU), type, category, provider, currency and status, in name order', async () => {
    expect((await page('?q=card 0')).items.map((p) => p.productId)).toEqual(['PM-1', 'PM-2', 'PM-3', 'PM-4', 'PM-9']);
    expect((await page(`?q=${eanOf(3).slice(4)}`)).items.map((p) => p.productId)).toEqual(['PM-3']);
    expect((await page('?q=sku-4')).items.map((p) => p.productId)).toEqual(['PM-4']);
    expect((await page('?productType=pin')).items.map((p) => p.productId)).toEqual(['PM-2']);
    expect((await page('?category=Gaming&currency=eur')).items.map((p) => p.productId)).toEqual(['PM-2', 'PM-3']);
    expect((await page('?contentProviderId=P-PM2')).items.map((p) => p.productId)).toEqual(['PM-4']);
    expect((await page('?status=inactive')).items.map((p) => p.productId)).toEqual(['PM-4']);
    expect((await page('?q=nothing-like-this')).totalCount).toBe(0);
    const facets = (await page('')).facets;
    expect(facets).toEqual({
      productTypes: ['digital', 'PIN', 'POSA'],
      categories: ['Gaming', 'Music', 'Travel'],
      currencies: ['EUR', 'PLN'],
      contentProviders: [
        { customerId: 'P-PM1', name: 'Content One' },
        { customerId: 'P-PM2', name: 'Content Two' },
      ],
    });
  });

  it('pages with index and maxResults and an exact totalCount', async () => {
    const first = await page('?maxResults=2');
    const second = await page('?maxResults=2&index=1');
    const past = await page('?maxResults=2&index=9');
    expect([first.totalCount, first.items.length, second.items.length, past.items.length]).toEqual([5, 2, 2, 0]);
    expect([...first.items, ...second.items].map((p) => p.productId)).toEqual(['PM-1', 'PM-2', 'PM-3', 'PM-4']);
  });

  it('shows an account that acts only for a provider its own content only', async () => {
    expect((await page('', 'pm.provider')).items.map((p) => p.productId)).toEqual(['PM-2', 'PM-3']);
    expect((await page('?contentProviderId=P-PM2', 'pm.provider')).totalCount).toBe(0);
  });

  it('needs productManagement.viewProducts and the connect portal', async () => {
    const denied = await get('', 'pm.none');
    expect(denied.status).toBe(403);
    expect(await readJson(denied)).toMatchObject({ code: 'PERMISSION.DENIED' });
    const ordering = await app.request('/api/products', { headers: { 'X-Portal': 'ordering', Cookie: cookies['pm.retailer']! } });
    expect(ordering.status).toBe(403);
  });

  it('answers hostile input with 400 and field issues, never 500', async () => {
    for (const query of [
      '?maxResults=0',
      '?maxResults=100000',
      '?index=-1',
      '?status=deleted',
      '?currency=EU%00',
      `?q=${'x'.repeat(500)}`,
      '?contentProviderId=a%23b',
      '?index=1e99',
    ]) {
      const res = await get(query, 'pm.retailer');
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(await readJson(res)).toHaveProperty('code');
    }
  });
});
