import type { Backend } from '@portal/backend';
import { addDays, isoWeekday } from '@portal/core/shared';
import { SalesAnswer } from '@portal/core/sales';
import { beforeAll, describe, expect, it } from 'vitest';
import { salesSource, exportsFromConfig } from '@portal/backend/export';
import { readJson, signInAll } from '../../tests/support/api.ts';
import { connectAccount, createTestBackend, importOk, storeRecord } from '../../tests/support/test-backend.ts';
import { createApp } from './app.ts';
import { testEan } from '../../tests/support/ean.ts';

/**
 * ADR 037: GET /api/connect-sales. A retailer's and a content provider's figures equal
 * a brute-force sum over the imported sales lines (the last line of a store x product x day wins, as the
 * import replaces figures) for every grouping; another customer answers exactly like a nonexistent one;
 * the permission and the input rules.
 */
let backend: Backend;
let app: ReturnType<typeof createApp>;
const PASSWORD = 'Correct-Horse-42!';
const cookies: Record<string, string> = {};
const TODAY = '2026-11-21';

const PRODUCTS: Record<string, string | undefined> = { 'PC-1': 'P-C1', 'PC-2': 'P-C1', 'PC-3': 'P-C2', 'PC-4': undefined };
const STORES: Record<string, string> = { 'S-C1A': 'R-C1', 'S-C1B': 'R-C1', 'S-C2A': 'R-C2' };
type Line = { storeId: string; productId: string; date: string; quantity: number; amount: string };

const eanOf = (n: number) => testEan('402', n);

/** A small deterministic generator (no Math.random: a failure replays). */
function lines(seed: number, count: number): Line[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const stores = Object.keys(STORES);
  const products = Object.keys(PRODUCTS);
  return Array.from({ length: count }, () => {
    const quantity = Math.floor(next() * 20);
    return {
      storeId: stores[Math.floor(next() * stores.length)]!,
      productId: products[Math.floor(next() * products.length)]!,
      date: addDays('2026-09-20', Math.floor(next() * 60)),
      quantity,
      amount: (quantity * 12.5).toFixed(2),
    };
  });
}
const first = lines(7, 400);
// A second file re-sends some cells with new figures (replacing them) and adds new ones.
const second = [
  ...first.slice(0, 120).map((l) => ({ ...l, quantity: l.quantity + 3, amount: ((l.quantity + 3) * 12.5).toFixed(2) })),
  ...lines(11, 150),
];

/** The final figure of each store x product x day: the last line wins. */
function finalCells(): Line[] {
  const cells = new Map<string, Line>();
  for (const line of [...first, ...second]) cells.set(`${line.storeId}|${line.productId}|${line.date}`, line);
  return [...cells.values()];
}

const monday = (date: string) => addDays(date, 1 - isoWeekday(date));
const GROUP_KEY = {
  day: (l: Line) => l.date,
  week: (l: Line) => monday(l.date),
  month: (l: Line) => l.date.slice(0, 7),
  product: (l: Line) => l.productId,
  store: (l: Line) => l.storeId,
} as const;
type GroupBy = keyof typeof GROUP_KEY;

function bruteForce(keep: (l: Line) => boolean, from: string, to: string, groupBy: GroupBy) {
  const groups = new Map<string, [number, number]>();
  for (const l of finalCells()) {
    if (!keep(l) || l.date < from || l.date > to) continue;
    const key = GROUP_KEY[groupBy](l);
    const pair = groups.get(key) ?? [0, 0];
    groups.set(key, [pair[0] + l.quantity, pair[1] + Math.round(Number(l.amount) * 100)]);
  }
  return groups;
}

const get = (query: string, user: string) =>
  app.request(`/api/connect-sales?${query}`, { headers: { 'X-Portal': 'connect', Cookie: cookies[user] ?? '' } });
async function answer(query: string, user = 'cs.global') {
  const res = await get(query, user);
  expect({ query, status: res.status }).toEqual({ query, status: 200 });
  return SalesAnswer.parse(await readJson(res));
}
/** The non-zero groups of an answer (time groupings list every period, zeros included). */
const figures = (a: SalesAnswer) =>
  new Map(
    a.sales.filter((g) => g.quantity !== 0 || g.amountCents !== 0).map((g) => [g.key, [g.quantity, g.amountCents] as [number, number]]),
  );
const nonZero = (m: Map<string, [number, number]>) => new Map([...m].filter(([, [q, a]]) => q !== 0 || a !== 0));

beforeAll(async () => {
  backend = await createTestBackend(() => new Date(`${TODAY}T10:00:00Z`));
  // The export routes are asked here, not the runner: jobs stay queued (no S3 in this test).
  backend.exports = exportsFromConfig(backend.config, {
    db: backend.db,
    now: () => new Date(`${TODAY}T10:00:00Z`),
    launcher: { launch: async () => {} },
  });
  app = createApp(backend, () => '203.0.113.8');
  const load = (kind: string, records: object[]) => importOk(backend, kind, records);
  const account = (username: string, customerId: string, extra: object = {}) =>
    connectAccount(username, customerId, PASSWORD, { modules: { salesReporting: { permissions: 3, settings: 0 } }, ...extra });
  await load('accounts', [
    account('cs.global', '', { securityFlag: 16 + 4096 }),
    account('cs.provider', 'P-C1'),
    account('cs.retailer', 'R-C1', { modules: { salesReporting: { permissions: 1, settings: 0 } } }),
    account('cs.nope', 'R-C1', { modules: { salesReporting: { permissions: 2, settings: 0 } } }),
  ]);
  await load('retailers', [
    { customerId: 'R-C1', name: 'Retail C1' },
    { customerId: 'R-C2', name: 'Retail C2' },
  ]);
  await load('providers', [
    { customerId: 'P-C1', name: 'Content C1' },
    { customerId: 'P-C2', name: 'Content C2' },
  ]);
  await load(
    'products',
    Object.entries(PRODUCTS).map(([productId, contentProviderId], i) => ({
      productId,
      inventoryProductId: `I-${productId}`,
      ean: eanOf(i + 1),
      sku: `SKU-${productId}`,
      name: `Product ${productId}`,
      company: 'Brand',
      ...(contentProviderId ? { contentProviderId } : {}),
    })),
  );
  await load(
    'stores',
    Object.entries(STORES).map(([storeId, retailerId]) => storeRecord(storeId, retailerId, { customerStoreId: `C-${storeId}` })),
  );
  await load('sales', first);
  await load('sales', second);
  Object.assign(cookies, await signInAll(app, ['cs.global', 'cs.provider', 'cs.retailer', 'cs.nope'], PASSWORD));
}, 180_000);

const RANGES: [string, string][] = [
  ['2026-09-20', '2026-11-18'],
  ['2026-10-03', '2026-10-29'],
  ['2026-11-01', '2026-11-01'],
];

describe('GET /api/connect-sales', () => {
  for (const groupBy of Object.keys(GROUP_KEY) as GroupBy[]) {
    it(`a provider's figures by ${groupBy} equal the brute-force sum of its products' lines`, async () => {
      for (const providerId of ['P-C1', 'P-C2']) {
        for (const [from, to] of RANGES) {
          const query = `customerId=${providerId}&customerType=provider&startDate=${from}&endDate=${to}&groupBy=${groupBy}`;
          const got = await answer(query);
          const expected = bruteForce((l) => PRODUCTS[l.productId] === providerId, from, to, groupBy);
          expect({ query, groups: figures(got) }).toEqual({ query, groups: nonZero(expected) });
          const total = [...expected.values()].reduce((t, [q, a]) => [t[0] + q, t[1] + a], [0, 0]);
          expect([got.totalSales.quantity, got.totalSales.amountCents]).toEqual(total);
        }
      }
    });

    it(`a retailer's figures by ${groupBy} equal the brute-force sum of its stores' lines`, async () => {
      for (const retailerId of ['R-C1', 'R-C2']) {
        const [from, to] = RANGES[1]!;
        const got = await answer(`customerId=${retailerId}&startDate=${from}&endDate=${to}&groupBy=${groupBy}`);
        expect(figures(got)).toEqual(nonZero(bruteForce((l) => STORES[l.storeId] === retailerId, from, to, groupBy)));
      }
    });
  }

  it('labels products and stores, and filters a provider by EAN', async () => {
    const byStore = await answer('customerId=P-C1&customerType=provider&startDate=2026-09-20&endDate=2026-11-18&groupBy=store');
    expect(byStore.sales.map((g) => [g.label, g.customerStoreId])).toContainEqual(['Store S-C2A', 'C-S-C2A']);
    const byEan = await answer(
      `customerId=P-C1&customerType=provider&startDate=2026-09-20&endDate=2026-11-18&groupBy=product&ean=${eanOf(2)}`,
    );
    expect(byEan.sales.map((g) => [g.key, g.label])).toEqual([['PC-2', 'Product PC-2']]);
    const foreignEan = await answer(
      `customerId=P-C1&customerType=provider&startDate=2026-09-20&endDate=2026-11-18&groupBy=product&ean=${eanOf(3)}`,
    );
    expect(foreignEan.resultCount).toBe(0);
  });

  it("answers another customer's retailer or provider exactly like one that does not exist", async () => {
    const body = async (query: string) => {
      const res = await get(query, 'cs.provider');
      return { status: res.status, text: (await res.text()).replaceAll(/P-C2|P-NONE|R-C1|R-NONE/g, 'X') };
    };
    const days = 'startDate=2026-10-01&endDate=2026-10-28';
    const foreignProvider = await body(`customerId=P-C2&customerType=provider&${days}`);
    expect(foreignProvider).toEqual(await body(`customerId=P-NONE&customerType=provider&${days}`));
    expect(foreignProvider.status).toBe(404);
    expect(foreignProvider.text).toContain('PROVIDER.NOT_FOUND');
    const foreignRetailer = await body(`customerId=R-C1&${days}`);
    expect(foreignRetailer).toEqual(await body(`customerId=R-NONE&${days}`));
    expect(foreignRetailer.status).toBe(404);
    // Its own provider it sees; a retailer account its own retailer.
    expect((await get(`customerId=P-C1&customerType=provider&${days}`, 'cs.provider')).status).toBe(200);
    expect((await get(`customerId=R-C1&${days}`, 'cs.retailer')).status).toBe(200);
  });

  it('needs salesReporting.sales and the connect portal', async () => {
    const res = await get('customerId=R-C1&startDate=2026-10-01&endDate=2026-10-28', 'cs.nope');
    expect(res.status).toBe(403);
    expect(await readJson(res)).toMatchObject({ code: 'PERMISSION.DENIED' });
    const ordering = await app.request('/api/connect-sales?customerId=R-C1&startDate=2026-10-01&endDate=2026-10-28', {
      headers: { 'X-Portal': 'ordering', Cookie: cookies['cs.retailer']! },
    });
    expect(ordering.status).toBe(403);
  });

  it('answers bad input with 400 and field issues', async () => {
    for (const query of [
      'customerId=P-C1&customerType=provider&startDate=2026-10-01&endDate=2026-10-28&storeId=S-C1A',
      `customerId=P-C1&customerType=provider&startDate=2026-10-01&endDate=2026-10-28&groupBy=store&ean=${eanOf(1)}`,
      'customerId=P-C1&customerType=distributor&startDate=2026-10-01&endDate=2026-10-28',
      'customerId=R-C1&startDate=2024-01-01&endDate=2026-10-28',
      'customerId=R-C1&startDate=2026-10-28&endDate=2026-10-01',
      'customerId=R-C1&startDate=2026-02-30&endDate=2026-03-02',
      'customerId=R-C1&startDate=2026-10-01&endDate=2026-10-28&groupBy=year',
      'customerId=&startDate=2026-10-01&endDate=2026-10-28',
    ]) {
      const res = await get(query, 'cs.global');
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
    }
  });

  it('exports the same groups the list answers (the sales export source), for the customers the user may see', async () => {
    const filter = {
      customerId: 'P-C1',
      customerType: 'provider' as const,
      startDate: '2026-10-01',
      endDate: '2026-10-28',
      groupBy: 'week' as const,
    };
    const listed = await answer(new URLSearchParams(filter).toString());
    const ctx = { db: backend.db, timeZone: 'UTC', username: 'cs.global', asOf: Date.now() };
    const rows = [];
    for await (const page of salesSource.rows(filter, ctx)) rows.push(...page);
    expect(rows).toEqual(
      listed.sales.map((g) => ({
        key: g.key,
        label: g.label,
        customerStoreId: g.customerStoreId ?? null,
        quantity: g.quantity,
        amount: g.amountCents,
      })),
    );
    expect(await salesSource.count(filter, ctx)).toBe(listed.resultCount);

    let keys = 0;
    const post = (user: string, body: object) =>
      app.request('/api/exports', {
        method: 'POST',
        headers: {
          'X-Portal': 'connect',
          'Content-Type': 'application/json',
          Cookie: cookies[user]!,
          'Idempotency-Key': `connect-sales-${user.replace('.', '-')}-${(keys += 1)}`,
        },
        body: JSON.stringify(body),
      });
    expect((await post('cs.provider', { kind: 'sales', format: 'csv', filter })).status).toBe(202);
    const foreign = await post('cs.provider', { kind: 'sales', format: 'xlsx', filter: { ...filter, customerId: 'P-C2' } });
    const none = await post('cs.provider', { kind: 'sales', format: 'xlsx', filter: { ...filter, customerId: 'P-NO' } });
    expect([foreign.status, (await foreign.text()).replace('P-C2', 'X')]).toEqual([none.status, (await none.text()).replace('P-NO', 'X')]);
    expect(foreign.status).toBe(404);
    // salesReporting.sales alone does not export (salesExport).
    expect(
      (await post('cs.retailer', { kind: 'sales', format: 'csv', filter: { ...filter, customerId: 'R-C1', customerType: 'retailer' } }))
        .status,
    ).toBe(403);
  });
});
