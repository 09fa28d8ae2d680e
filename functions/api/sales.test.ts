import { actorFor } from '@portal/backend';
import { getAccount } from '@portal/backend/accounts';
import { countCalls } from '@portal/backend/platform/db';
import { addDays } from '@portal/core/shared';
import { SalesAnswer, SalesNotes, SalesTransactionsPage } from '@portal/core/sales';
import { beforeAll, describe, expect, it } from 'vitest';
import { weekOf } from '@portal/backend/masterdata';
import { readJson, signInCookie } from '../../tests/support/api.ts';
import { importOk, testAccount } from '../../tests/support/test-backend.ts';
import { apiSuite } from '../../tests/support/test-app.ts';
import { testEan } from '../../tests/support/ean.ts';

/**
 * The sales API (SPEC 3 Sales, 7 sales; ADR 014 rollups) against DynamoDB Local: every answer equals a
 * brute-force sum of the imported lines, and the access rules hold (permission, strong session, own
 * retailer and store only).
 */
const TODAY = '2026-11-21';
const clock = new Date(`${TODAY}T10:00:00Z`);
const world = apiSuite(() => clock, '203.0.113.9');
const PASSWORD = 'Correct-Horse-42!';

const ean = (n: number) => testEan('400', n);
const RETAILER = 'R-S1';
const OTHER = 'R-S2';
const STORES: { storeId: string; retailerId: string; name: string; customerStoreId?: string }[] = [
  { storeId: 'S-S11', retailerId: RETAILER, name: 'Zeta Markt', customerStoreId: 'ZM-0011' },
  { storeId: 'S-S12', retailerId: RETAILER, name: 'Alpha Markt' },
  { storeId: 'S-S21', retailerId: OTHER, name: 'Other Markt' },
];
const PRODUCTS = [
  { productId: 'P-S1', name: 'Gift card 25', ean: ean(1) },
  { productId: 'P-S2', name: 'Gift card 50', ean: ean(2) },
  { productId: 'P-S3', name: 'Game card 20', ean: ean(3) },
];
const FIRST_DAY = '2026-08-28';
const LAST_DAY = '2026-11-20';

type Line = { storeId: string; productId: string; date: string; quantity: number; amount: number };
const lines: Line[] = [];
const retailerOf = (storeId: string) => STORES.find((s) => s.storeId === storeId)!.retailerId;

/** Deterministic lines: most store x product x day cells, some left out, amounts with cents. */
function makeLines() {
  let seed = 7;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let date = FIRST_DAY; date <= LAST_DAY; date = addDays(date, 1)) {
    for (const store of STORES) {
      for (const product of PRODUCTS) {
        if (next() < 0.3) continue;
        const quantity = Math.floor(next() * 9);
        lines.push({ storeId: store.storeId, productId: product.productId, date, quantity, amount: quantity * 25 + (quantity ? 0.45 : 0) });
      }
    }
  }
}

const cents = (l: Line) => Math.round(l.amount * 100);
const monthOf = (d: string) => d.slice(0, 7);

/** The expected answer: the lines of the query summed per group, sorted by key. */
function expected(query: { customerId: string; startDate: string; endDate: string; storeId?: string; ean?: string; groupBy: string }) {
  const productIds = query.ean ? PRODUCTS.filter((p) => p.ean === query.ean).map((p) => p.productId) : null;
  const chosen = lines.filter(
    (l) =>
      retailerOf(l.storeId) === query.customerId &&
      l.date >= query.startDate &&
      l.date <= query.endDate &&
      (!query.storeId || l.storeId === query.storeId) &&
      (!productIds || productIds.includes(l.productId)),
  );
  const keyOf = (l: Line) =>
    ({ day: l.date, week: weekOf(l.date), month: monthOf(l.date), store: l.storeId, product: l.productId })[query.groupBy]!;
  const labelOf = (key: string) =>
    query.groupBy === 'store'
      ? STORES.find((s) => s.storeId === key)!.name
      : query.groupBy === 'product'
        ? PRODUCTS.find((p) => p.productId === key)!.name
        : key;
  const groups = new Map<string, { key: string; label: string; quantity: number; amountCents: number }>();
  let quantity = 0;
  let amountCents = 0;
  for (const l of chosen) {
    const key = keyOf(l);
    const g = groups.get(key) ?? { key, label: labelOf(key), quantity: 0, amountCents: 0 };
    g.quantity += l.quantity;
    g.amountCents += cents(l);
    groups.set(key, g);
    quantity += l.quantity;
    amountCents += cents(l);
  }
  let sales = [...groups.values()].sort((a, b) => (a.key < b.key ? -1 : 1));
  if (query.groupBy === 'store') {
    sales = sales.map((g) => ({ ...g, customerStoreId: STORES.find((s) => s.storeId === g.key)!.customerStoreId ?? null }));
  } else if (query.groupBy !== 'product') {
    // Time groupings: every period the range touches, zero where nothing sold (ADR 017).
    const periods = new Set<string>();
    for (let date = query.startDate; date <= query.endDate; date = addDays(date, 1)) {
      periods.add(({ day: date, week: weekOf(date), month: monthOf(date) } as Record<string, string>)[query.groupBy]!);
    }
    sales = [...periods].map((key) => groups.get(key) ?? { key, label: key, quantity: 0, amountCents: 0 });
  }
  return { sales, totalSales: { quantity, amountCents }, resultCount: sales.length, lines: chosen };
}

const headers = (cookie?: string) => ({
  'X-Portal': 'ordering',
  'Content-Type': 'application/json',
  ...(cookie ? { Cookie: cookie } : {}),
});
const cookies: Record<string, string> = {};
const signIn = (username: string) => signInCookie(world.app, username, PASSWORD, 'ordering');
const get = (path: string, params: Record<string, string | number | undefined>, user = 'sales.user') => {
  const qs = new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)] as [string, string]),
  );
  return world.app.request(`/api/sales${path}?${qs}`, { headers: headers(cookies[user]) });
};

const importKind = (kind: string, records: object[]) => importOk(world.backend, kind, records);

beforeAll(async () => {
  await world.start();
  const account = (username: string, customerId: string, securityFlag: number, ordering: number) =>
    testAccount(username, customerId, PASSWORD, {
      timezone: 'Europe/Warsaw',
      securityFlag,
      modules: { ordering: { permissions: ordering } },
    });
  await importKind('accounts', [
    account('sales.user', RETAILER, 16, 8),
    account('sales.group', 'G-S', 32, 8 + 4),
    account('sales.weak', RETAILER, 1024, 8),
    account('orders.only', RETAILER, 16, 4),
  ]);
  await importKind('customerGroups', [{ customerGroupId: 'G-S', name: 'Sales group' }]);
  await importKind('retailers', [
    { customerId: RETAILER, name: 'Sales retailer' },
    { customerId: OTHER, name: 'Other retailer', groupId: 'G-S' },
  ]);
  await importKind(
    'products',
    PRODUCTS.map((p) => ({ ...p, inventoryProductId: `I${p.productId}`, sku: p.productId, company: 'Brand' })),
  );
  await importKind(
    'stores',
    STORES.map((s) => ({ ...s, street: 'Weg 1', postalCode: '12345', city: 'Stadt' })),
  );
  makeLines();
  await importKind('sales', lines);
  for (const username of ['sales.user', 'sales.group', 'sales.weak', 'orders.only']) cookies[username] = await signIn(username);
}, 120_000);

const GROUPS = ['day', 'week', 'month', 'store', 'product'] as const;
const RANGES: [string, string][] = [
  ['2026-10-24', '2026-11-20'], // the default 28 days ending yesterday
  ['2026-09-03', '2026-11-17'], // partial month, whole month, partial month
  ['2026-09-01', '2026-10-31'], // whole months only
  ['2026-08-01', '2026-08-31'], // before and into the first sales day
  ['2026-11-21', '2026-11-21'], // no sales yet
];

describe('GET /api/sales', () => {
  it('equals a brute-force sum of the imported lines for every grouping and range', async () => {
    for (const [startDate, endDate] of RANGES) {
      for (const groupBy of GROUPS) {
        const query = { customerId: RETAILER, startDate, endDate, groupBy };
        const res = await get('', query);
        expect(res.status, `${groupBy} ${startDate}..${endDate}`).toBe(200);
        const { lines: _lines, ...want } = expected(query);
        expect(SalesAnswer.parse(await readJson(res)), `${groupBy} ${startDate}..${endDate}`).toEqual(want);
      }
    }
  });

  it('labels stores by name and customer store ID, products by name and weeks by their Monday', async () => {
    const base = { customerId: RETAILER, startDate: '2026-10-24', endDate: '2026-11-20' };
    const stores = SalesAnswer.parse(await readJson(await get('', { ...base, groupBy: 'store' })));
    expect(stores.sales.map((g) => [g.key, g.label, g.customerStoreId])).toEqual([
      ['S-S11', 'Zeta Markt', 'ZM-0011'],
      ['S-S12', 'Alpha Markt', null],
    ]);
    const filtered = SalesAnswer.parse(await readJson(await get('', { ...base, groupBy: 'store', storeId: 'S-S11' })));
    expect(filtered.sales.map((g) => g.customerStoreId)).toEqual(['ZM-0011']);
    const products = SalesAnswer.parse(await readJson(await get('', { ...base, groupBy: 'product' })));
    expect(products.sales.map((g) => g.label)).toEqual(['Gift card 25', 'Gift card 50', 'Game card 20']);
    const weeks = SalesAnswer.parse(await readJson(await get('', { ...base, groupBy: 'week' })));
    expect(weeks.sales[0]).toMatchObject({ key: '2026-10-19', label: '2026-10-19' });
  });

  it('filters by store and by EAN, alone and together', async () => {
    for (const groupBy of GROUPS) {
      for (const filter of [{ storeId: 'S-S12' }, { ean: PRODUCTS[1]!.ean }, { storeId: 'S-S11', ean: PRODUCTS[2]!.ean }]) {
        const query = { customerId: RETAILER, startDate: '2026-09-03', endDate: '2026-11-20', groupBy, ...filter };
        const res = await get('', query);
        expect(res.status).toBe(200);
        const { lines: chosen, ...want } = expected(query);
        expect(chosen.length).toBeGreaterThan(0);
        expect(SalesAnswer.parse(await readJson(res)), `${groupBy} ${JSON.stringify(filter)}`).toEqual(want);
      }
    }
  });

  it('answers every day, week and month of the range, zero where nothing sold', async () => {
    // 28 days, the first 18 before the first sales day (2026-08-28).
    const base = { customerId: RETAILER, startDate: '2026-08-10', endDate: '2026-09-06' };
    const days = SalesAnswer.parse(await readJson(await get('', { ...base, groupBy: 'day' })));
    expect(days.sales).toHaveLength(28);
    expect(days.resultCount).toBe(28);
    expect(days.sales[0]).toEqual({ key: '2026-08-10', label: '2026-08-10', quantity: 0, amountCents: 0 });
    expect(days.sales.filter((g) => g.quantity === 0 && g.amountCents === 0).length).toBeGreaterThanOrEqual(18);
    const weeks = SalesAnswer.parse(await readJson(await get('', { ...base, groupBy: 'week' })));
    expect(weeks.sales.map((g) => g.key)).toEqual(['2026-08-10', '2026-08-17', '2026-08-24', '2026-08-31']);
    const months = SalesAnswer.parse(await readJson(await get('', { ...base, groupBy: 'month', startDate: '2026-06-15' })));
    expect(months.sales.map((g) => [g.key, g.quantity > 0])).toEqual([
      ['2026-06', false],
      ['2026-07', false],
      ['2026-08', true],
      ['2026-09', true],
    ]);
  });

  it('answers an EAN no product carries with zero for every day', async () => {
    const res = await get('', { customerId: RETAILER, startDate: '2026-10-24', endDate: '2026-11-20', ean: ean(999) });
    expect(res.status).toBe(200);
    const answer = SalesAnswer.parse(await readJson(res));
    expect(answer.totalSales).toEqual({ quantity: 0, amountCents: 0 });
    expect(answer.sales).toHaveLength(28);
    expect(answer.sales.every((g) => g.quantity === 0 && g.amountCents === 0)).toBe(true);
    const products = await get('', {
      customerId: RETAILER,
      startDate: '2026-10-24',
      endDate: '2026-11-20',
      ean: ean(999),
      groupBy: 'product',
    });
    expect(await readJson(products)).toEqual({ sales: [], totalSales: { quantity: 0, amountCents: 0 }, resultCount: 0 });
  });

  it('lets a customer-group user read the retailers of its group only', async () => {
    const query = { customerId: OTHER, startDate: '2026-10-24', endDate: '2026-11-20', groupBy: 'store' };
    const res = await get('', query, 'sales.group');
    expect(res.status).toBe(200);
    const { lines: _l, ...want } = expected(query);
    expect(await readJson(res)).toEqual(want);
    expect((await get('', { ...query, customerId: RETAILER }, 'sales.group')).status).toBe(404);
  });

  it('answers 404 for a foreign retailer, an unknown retailer, and a store of another retailer', async () => {
    const base = { startDate: '2026-10-24', endDate: '2026-11-20' };
    for (const customerId of [OTHER, 'R-NOPE']) {
      const res = await get('', { ...base, customerId });
      expect(res.status).toBe(404);
      expect(await readJson(res)).toMatchObject({ code: 'RETAILER.NOT_FOUND' });
    }
    for (const storeId of ['S-S21', 'S-NOPE']) {
      const res = await get('', { ...base, customerId: RETAILER, storeId });
      expect(res.status).toBe(404);
      expect(await readJson(res)).toMatchObject({ code: 'STORE.NOT_FOUND' });
      expect((await get('/transactions', { ...base, customerId: RETAILER, storeId })).status).toBe(404);
    }
    expect((await get('/transactions', { ...base, customerId: OTHER })).status).toBe(404);
    expect((await get('/notes', { customerId: OTHER })).status).toBe(404);
  });

  it('answers 403 without retailerSales, 403 for a weak session, 401 when signed out', async () => {
    const query = { customerId: RETAILER, startDate: '2026-10-24', endDate: '2026-11-20' };
    for (const path of ['', '/transactions', '/notes']) {
      const denied = await get(path, query, 'orders.only');
      expect(denied.status).toBe(403);
      expect(await readJson(denied)).toMatchObject({ code: 'PERMISSION.DENIED' });
      const weak = await get(path, query, 'sales.weak');
      expect(weak.status).toBe(403);
      expect(await readJson(weak)).toMatchObject({ code: 'AUTH.STRONG_AUTHENTICATION_REQUIRED' });
      expect((await get(path, query, 'nobody')).status).toBe(401);
    }
  });

  it('answers 400 with field issues for bad input', async () => {
    const base = { customerId: RETAILER, startDate: '2026-10-24', endDate: '2026-11-20' };
    const cases: [Record<string, string | undefined>, string][] = [
      [{ startDate: 'yesterday' }, 'startDate'],
      [{ endDate: '2026-11-31' }, 'endDate'],
      [{ startDate: '2026-02-30' }, 'startDate'],
      [{ startDate: '2026-11-20', endDate: '2026-11-19' }, 'endDate'],
      [{ startDate: '2025-10-16', endDate: '2026-11-20' }, 'endDate'], // 401 days
      [{ ean: '12345' }, 'ean'],
      [{ ean: '40000000000x1' }, 'ean'],
      [{ groupBy: 'year' }, 'groupBy'],
      [{ customerId: undefined }, 'customerId'],
    ];
    for (const [change, path] of cases) {
      const res = await get('', { ...base, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      const body = await readJson<{ issues: { path: string; message: string }[] }>(res);
      expect(
        body.issues.map((i) => i.path),
        JSON.stringify(change),
      ).toContain(path);
      expect((await get('/transactions', { ...base, ...change, groupBy: undefined })).status).toBe(change.groupBy ? 200 : 400);
    }
    // Exactly 400 days is allowed.
    expect((await get('', { ...base, startDate: '2025-10-16', endDate: '2026-11-19' })).status).toBe(200);
  });
});

describe('DynamoDB calls per read (ADR 014: small and fixed)', () => {
  it('reads the rollups with a fixed number of calls', async () => {
    const counter = countCalls(world.backend.db, 'countSalesCalls');
    try {
      const account = (await getAccount(world.backend.db, 'sales.user'))!;
      const actor = actorFor(account, { method: 'password' });
      const counted = async (run: () => Promise<unknown>) => (await counter.counted(run)).calls;
      const base = { customerId: RETAILER, startDate: '2026-10-24', endDate: '2026-11-20' };
      const long = { ...base, startDate: '2026-09-03' };
      const perGroup: Record<string, number> = {};
      for (const groupBy of GROUPS) {
        perGroup[groupBy] = await counted(() => world.backend.sales.sales(actor, { ...base, groupBy }));
        perGroup[`${groupBy}, 79 days`] = await counted(() => world.backend.sales.sales(actor, { ...long, groupBy }));
        perGroup[`${groupBy}, store + EAN`] = await counted(() =>
          world.backend.sales.sales(actor, { ...base, groupBy, storeId: 'S-S11', ean: PRODUCTS[0]!.ean }),
        );
      }
      perGroup.transactions = await counted(() => world.backend.sales.transactions(actor, { ...base, index: 0, results: 10 }));
      perGroup['transactions, store'] = await counted(() =>
        world.backend.sales.transactions(actor, { ...base, storeId: 'S-S11', index: 0, results: 10 }),
      );
      perGroup.notes = await counted(() => world.backend.sales.notes(actor, RETAILER));
      // The retailer check is 1 GetItem; a store filter adds 1 GetItem, an EAN filter 1 Query.
      expect(perGroup).toEqual({
        day: 2, // + 1 Query of the retailer's days
        'day, 79 days': 2,
        'day, store + EAN': 4, // + 1 Query of the store's week buckets
        week: 2,
        'week, 79 days': 2,
        'week, store + EAN': 4,
        month: 2,
        'month, 79 days': 4, // partial month, whole months, partial month: 3 Queries
        'month, store + EAN': 4,
        // Group by store: per week touched (or whole month), one gsi1 Query per shard and one of the unsharded key (ADR 072).
        store: 2 + 5 * 9, // 5 weeks + 1 BatchGetItem for the names
        'store, 79 days': 2 + 10 * 9, // 5 weeks of September, October's month, 4 weeks of November + names
        'store, store + EAN': 4,
        product: 3, // + 1 BatchGetItem for the names
        'product, 79 days': 5,
        'product, store + EAN': 4,
        transactions: 2 + 5 * 9, // 5 weeks' gsi1 Queries (ADR 072) + 1 BatchGetItem for the page's names
        'transactions, store': 4,
        notes: 3, // + 2 Queries with Limit 1
      });
    } finally {
      counter.stop();
    }
  });
});

describe('GET /api/sales/transactions', () => {
  it('pages the store x product x day lines, newest first, with names', async () => {
    const query = { customerId: RETAILER, startDate: '2026-10-24', endDate: '2026-11-20' };
    const want = expected({ ...query, groupBy: 'day' })
      .lines.slice()
      .sort((a, b) =>
        a.date !== b.date
          ? a.date < b.date
            ? 1
            : -1
          : a.storeId !== b.storeId
            ? a.storeId < b.storeId
              ? -1
              : 1
            : a.productId < b.productId
              ? -1
              : 1,
      )
      .map((l) => {
        const product = PRODUCTS.find((p) => p.productId === l.productId)!;
        return {
          date: l.date,
          storeId: l.storeId,
          storeName: STORES.find((s) => s.storeId === l.storeId)!.name,
          productId: l.productId,
          ean: product.ean,
          productName: product.name,
          quantity: l.quantity,
          amountCents: cents(l),
        };
      });
    const results = 17;
    const seen: unknown[] = [];
    for (let index = 0; index * results < want.length + results; index += 1) {
      const res = await get('/transactions', { ...query, index, results });
      expect(res.status).toBe(200);
      const page = SalesTransactionsPage.parse(await readJson(res));
      expect(page).toMatchObject({ index, maxResults: results, totalCount: want.length });
      seen.push(...page.items);
    }
    expect(seen).toEqual(want);
    // The default page: 10 lines.
    const first = SalesTransactionsPage.parse(await readJson(await get('/transactions', query)));
    expect(first.items).toEqual(want.slice(0, 10));
    expect(first).toMatchObject({ index: 0, maxResults: 10 });
  });

  it('filters by store and EAN', async () => {
    const query = { customerId: RETAILER, startDate: '2026-09-03', endDate: '2026-11-20', storeId: 'S-S12', ean: PRODUCTS[0]!.ean };
    const want = expected({ ...query, groupBy: 'day' }).lines;
    const page = SalesTransactionsPage.parse(await readJson(await get('/transactions', { ...query, results: 1000 })));
    expect(page.totalCount).toBe(want.length);
    expect(page.items.every((t) => t.storeId === 'S-S12' && t.productId === 'P-S1')).toBe(true);
    expect(page.items.reduce((s, t) => s + t.amountCents, 0)).toBe(want.reduce((s, l) => s + cents(l), 0));
    const none = SalesTransactionsPage.parse(await readJson(await get('/transactions', { ...query, ean: ean(998) })));
    expect(none).toEqual({ items: [], index: 0, maxResults: 10, totalCount: 0 });
  });
});

describe('GET /api/sales/notes', () => {
  it('names the earliest and latest sales day and the time zone', async () => {
    const res = await get('/notes', { customerId: RETAILER });
    expect(res.status).toBe(200);
    const days = lines
      .filter((l) => retailerOf(l.storeId) === RETAILER)
      .map((l) => l.date)
      .sort();
    expect(SalesNotes.parse(await readJson(res))).toEqual({
      earliestSalesDay: days[0],
      latestSalesDay: days.at(-1),
      timezone: 'Europe/Warsaw',
    });
  });

  it('answers nulls for a retailer without sales', async () => {
    await importKind('retailers', [{ customerId: 'R-S3', name: 'Quiet retailer', groupId: 'G-S' }]);
    const res = await get('/notes', { customerId: 'R-S3' }, 'sales.group');
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ earliestSalesDay: null, latestSalesDay: null, timezone: 'Europe/Warsaw' });
  });
});
