import { addDays, gtinCheckDigit } from '@portal/core/shared';
import { countCalls } from '../platform/db/call-counter.ts';
import type { Backend } from '@portal/backend';
import fc from 'fast-check';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend } from '../../../../tests/support/test-backend.ts';
import { queryAll } from '../platform/db/query.ts';
import { daysBetween, monthOf, weekOf } from './fields.ts';
import { allProducts, cataloguePaging, listProducts } from './product.ts';
import { type Figures, type Location, locationPk, locationProductFigures, SUMMARY_SK, unpack } from './location-summary.ts';
import {
  grainFor,
  groupSales,
  type GroupBy,
  ROLLUP_SHARDS,
  salesOfRetailer,
  salesOfRetailerByStore,
  salesOfStore,
  type SalesRow,
} from './sales.ts';

/**
 * The rollups must always equal a brute-force recomputation from the raw lines, whatever the order of
 * imports, re-imports with changed values, repeated lines, out-of-order days and concurrent imports.
 */
const TODAY = '2026-11-21';
let backend: Backend;
let counted: ReturnType<typeof countCalls>['counted'];

beforeAll(async () => {
  backend = await createTestBackend(() => new Date(`${TODAY}T09:00:00Z`));
  counted = countCalls(backend.db).counted;
});

async function importKind(kind: 'sales' | 'shipments' | 'stores' | 'retailers' | 'products' | 'distributionCentres', records: object[]) {
  const report = await backend.imports.importRecords(
    kind,
    records.map((data, i) => ({ line: i + 1, data })),
  );
  expect(report.errors).toEqual([]);
  return report;
}

/** Sets up a world with its own ids: 2 retailers, 3 stores, 1 distribution centre, 4 products. */
async function world(tag: string) {
  const r: [string, string] = [`R${tag}a`, `R${tag}b`];
  const stores: [string, string, string] = [`S${tag}1`, `S${tag}2`, `S${tag}3`];
  const products: [string, string, string, string] = [`P${tag}1`, `P${tag}2`, `P${tag}3`, `P${tag}4`];
  const dc = `D${tag}1`;
  await importKind(
    'retailers',
    r.map((customerId) => ({ customerId, name: customerId })),
  );
  await importKind(
    'stores',
    stores.map((storeId, i) => ({
      storeId,
      retailerId: r[i === 2 ? 1 : 0],
      name: storeId,
      street: 'Weg 1',
      postalCode: '12345',
      city: 'Stadt',
    })),
  );
  await importKind('distributionCentres', [
    { distributionCentreId: dc, retailerId: r[0], name: dc, street: 'Weg 2', postalCode: '12345', city: 'Stadt' },
  ]);
  await importKind(
    'products',
    products.map((productId, i) => ({
      productId,
      inventoryProductId: `I${productId}`,
      ean: `40${String(i + 1).padStart(10, '0')}${gtinCheckDigit(`40${String(i + 1).padStart(10, '0')}`)}`,
      sku: productId,
      name: productId,
      company: 'Brand',
    })),
  );
  const retailerOf = (s: string) => r[s === stores[2] ? 1 : 0];
  // The model of this world's lines, empty: a test adds what it imports (see Model below).
  return { retailers: r, stores, products, dc, retailerOf, model: new Model(retailerOf) };
}

type SaleLine = { storeId: string; productId: string; date: string; quantity: number; amount: number };
type ShipLine = {
  shipmentId: string;
  storeType: 0 | 1;
  storeId: string;
  productId: string;
  date: string;
  quantity: number;
  status: 'submitted' | 'pending' | 'cancelled';
};

/** The model: the raw lines, last one wins, and every rollup computed from scratch. */
class Model {
  sales = new Map<string, SaleLine>();
  ships = new Map<string, ShipLine>();
  shipLocation = new Map<string, string>();
  constructor(readonly retailerOf: (storeId: string) => string) {}

  addSales(lines: SaleLine[]) {
    for (const l of lines) this.sales.set(`${l.storeId}|${l.productId}|${l.date}`, l);
  }
  addShipments(lines: ShipLine[]) {
    for (const l of lines) {
      const where = `${l.storeType}|${l.storeId}`;
      if ((this.shipLocation.get(l.shipmentId) ?? where) !== where) continue; // rejected: another location
      this.shipLocation.set(l.shipmentId, where);
      this.ships.set(`${where}|${l.productId}|${l.shipmentId}`, l);
    }
  }
  cents = (l: SaleLine) => Math.round(l.amount * 100);

  weeks() {
    const out = new Map<string, Record<string, Record<string, [number, number]>>>();
    for (const l of this.sales.values()) {
      const key = `${l.storeId}|${weekOf(l.date)}`;
      const days = out.get(key) ?? {};
      (days[l.date] ??= {})[l.productId] = [l.quantity, this.cents(l)];
      out.set(key, days);
    }
    return out;
  }
  sums(keyOf: (l: SaleLine) => string) {
    const out = new Map<string, { q: number; a: number; products: Record<string, [number, number]> }>();
    for (const l of this.sales.values()) {
      const key = keyOf(l);
      const sum = out.get(key) ?? { q: 0, a: 0, products: {} };
      sum.q += l.quantity;
      sum.a += this.cents(l);
      const p = sum.products[l.productId] ?? [0, 0];
      sum.products[l.productId] = [p[0] + l.quantity, p[1] + this.cents(l)];
      out.set(key, sum);
    }
    return out;
  }
  summaries() {
    const out = new Map<string, Record<string, Figures>>();
    const fig = (loc: string, productId: string) => {
      const products = out.get(loc) ?? {};
      out.set(loc, products);
      return (products[productId] ??= { q: 0, a: 0, oq: 0, s: 0, sh: 0, pe: 0, ss: 0 });
    };
    for (const l of this.ships.values()) {
      const f = fig(`STORE|${l.storeType}|${l.storeId}`, l.productId);
      if (l.status === 'submitted') {
        f.sh += l.quantity;
        if (!f.fs || l.date < f.fs) f.fs = l.date;
      }
      if (l.status === 'pending') f.pe += l.quantity;
      if (l.status !== 'cancelled') {
        if (!f.o || l.date > f.o) {
          f.o = l.date;
          f.oq = l.quantity;
        } else if (l.date === f.o) f.oq += l.quantity;
      }
    }
    for (const l of this.sales.values()) {
      const f = fig(`STORE|0|${l.storeId}`, l.productId);
      f.q += l.quantity;
      f.a += this.cents(l);
      if (!f.f || l.date < f.f) f.f = l.date;
    }
    for (const [loc, products] of out) {
      for (const [productId, f] of Object.entries(products)) {
        const lines = [...this.sales.values()].filter((l) => `STORE|0|${l.storeId}` === loc && l.productId === productId);
        f.s = lines.filter((l) => !f.o || l.date >= f.o).reduce((n, l) => n + l.quantity, 0);
        f.ss = f.fs ? lines.filter((l) => l.date >= f.fs!).reduce((n, l) => n + l.quantity, 0) : 0;
      }
    }
    return out;
  }
}

const query = async (pk: string) =>
  (await queryAll(backend.db, { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }))
    .items;

/** Reads every rollup of the world's locations and retailers and compares them with the model. */
async function expectRollupsMatch(model: Model, w: Awaited<ReturnType<typeof world>>) {
  const weeks = model.weeks();
  const storeMonths = model.sums((l) => `${l.storeId}|${monthOf(l.date)}`);
  const retailerDays = model.sums((l) => `${model.retailerOf(l.storeId)}|${l.date}`);
  const retailerMonths = model.sums((l) => `${model.retailerOf(l.storeId)}|${monthOf(l.date)}`);
  const summaries = model.summaries();
  const locations: [string, Location][] = [
    ...w.stores.map((id) => [`STORE|0|${id}`, { type: 'store', id }] as [string, Location]),
    [`STORE|1|${w.dc}`, { type: 'dc', id: w.dc }],
  ];
  for (const [name, location] of locations) {
    const items = await query(locationPk(location));
    const gotWeeks = Object.fromEntries(items.filter((i) => (i.sk as string).startsWith('W#')).map((i) => [i.week, unpack(i.days)]));
    const wantWeeks = Object.fromEntries([...weeks].filter(([k]) => k.startsWith(`${location.id}|`)).map(([k, v]) => [k.split('|')[1], v]));
    expect(gotWeeks).toEqual(wantWeeks);
    const gotMonths = Object.fromEntries(
      items.filter((i) => (i.sk as string).startsWith('M#')).map((i) => [i.month, { q: i.q, a: i.a, products: i.products }]),
    );
    const wantMonths = Object.fromEntries(
      [...storeMonths].filter(([k]) => k.startsWith(`${location.id}|`)).map(([k, v]) => [k.split('|')[1], v]),
    );
    expect(gotMonths).toEqual(wantMonths);
    const summary = items.find((i) => i.sk === SUMMARY_SK);
    expect(unpack(summary?.products) ?? {}).toEqual(summaries.get(name) ?? {});
  }
  for (const retailerId of w.retailers) {
    const items = await query(`RSALES#${retailerId}`);
    const pick = (prefix: string, field: string) =>
      Object.fromEntries(
        items.filter((i) => (i.sk as string).startsWith(prefix)).map((i) => [i[field], { q: i.q, a: i.a, products: i.products }]),
      );
    const want = (sums: Map<string, { q: number; a: number; products: Record<string, [number, number]> }>) =>
      Object.fromEntries([...sums].filter(([k]) => k.startsWith(`${retailerId}|`)).map(([k, v]) => [k.split('|')[1], v]));
    expect(pick('D#', 'date')).toEqual(want(retailerDays));
    expect(pick('M#', 'month')).toEqual(want(retailerMonths));
  }
}

describe('sales rollups', () => {
  it('re-importing a day replaces it: rollups move by the difference, in any order of days', async () => {
    const w = await world('x');
    const [s1, s2] = w.stores;
    const [p1, p2] = w.products;
    const { model } = w;
    const batches: SaleLine[][] = [
      [
        { storeId: s1, productId: p1, date: '2026-11-10', quantity: 5, amount: 75 },
        { storeId: s1, productId: p2, date: '2026-10-31', quantity: 2, amount: 40 },
      ],
      // An earlier day afterwards, another month, and another store of the same retailer.
      [
        { storeId: s1, productId: p1, date: '2026-09-02', quantity: 1, amount: 15 },
        { storeId: s2, productId: p1, date: '2026-11-10', quantity: 4, amount: 60 },
      ],
      // Changed values for days already there, one set to zero; a repeated line: the last wins.
      [
        { storeId: s1, productId: p1, date: '2026-11-10', quantity: 2, amount: 30 },
        { storeId: s1, productId: p2, date: '2026-10-31', quantity: 0, amount: 0 },
        { storeId: s2, productId: p1, date: '2026-11-10', quantity: 9, amount: 135 },
        { storeId: s2, productId: p1, date: '2026-11-10', quantity: 7, amount: 105.5 },
      ],
    ];
    for (const batch of batches) {
      await importKind('sales', batch);
      model.addSales(batch);
      await expectRollupsMatch(model, w);
    }
    // The very same file again: nothing is counted twice and the items do not change.
    const before = await query(locationPk({ type: 'store', id: s1 }));
    const again = await importKind('sales', batches[2]!);
    expect(again).toMatchObject({ created: 0, updated: 4 });
    await expectRollupsMatch(model, w);
    expect(await query(locationPk({ type: 'store', id: s1 }))).toEqual(before);
  });

  it('shipments set last order, shipped, pending and stock; sales since then follow re-imports and cancellations', async () => {
    const w = await world('y');
    const [s1] = w.stores;
    const [p1, p2] = w.products;
    const { model } = w;
    const sales: SaleLine[] = [];
    for (let d = 0; d < 40; d += 1)
      sales.push({ storeId: s1, productId: p1, date: addDays('2026-10-01', d), quantity: d % 3, amount: (d % 3) * 15 });
    await importKind('sales', sales);
    model.addSales(sales);
    const steps: ShipLine[][] = [
      [
        { shipmentId: 'Y1', storeType: 0, storeId: s1, productId: p1, date: '2026-10-05', quantity: 20, status: 'submitted' },
        { shipmentId: 'Y1', storeType: 0, storeId: s1, productId: p2, date: '2026-10-05', quantity: 10, status: 'submitted' },
      ],
      [{ shipmentId: 'Y2', storeType: 0, storeId: s1, productId: p1, date: '2026-10-25', quantity: 30, status: 'pending' }],
      // Two shipments the same day: the last order's quantity is their sum.
      [{ shipmentId: 'Y3', storeType: 0, storeId: s1, productId: p1, date: '2026-10-25', quantity: 5, status: 'submitted' }],
      // The latest is cancelled: the last order falls back, "since" is recounted from the week buckets.
      [{ shipmentId: 'Y2', storeType: 0, storeId: s1, productId: p1, date: '2026-10-25', quantity: 30, status: 'cancelled' }],
      [{ shipmentId: 'Y3', storeType: 0, storeId: s1, productId: p1, date: '2026-10-25', quantity: 5, status: 'cancelled' }],
      // A shipment to the distribution centre, and an attempt to move Y1 there (rejected, nothing written).
      [{ shipmentId: 'Y9', storeType: 1, storeId: w.dc, productId: p1, date: '2026-10-07', quantity: 100, status: 'submitted' }],
    ];
    for (const step of steps) {
      await importKind('shipments', step);
      model.addShipments(step);
      await expectRollupsMatch(model, w);
    }
    const moved = await backend.imports.importRecords('shipments', [
      { line: 1, data: { shipmentId: 'Y1', storeType: 1, storeId: w.dc, productId: p1, date: '2026-10-05', quantity: 20 } },
    ]);
    expect(moved.errors).toEqual([{ line: 1, reason: `storeId: shipment 'Y1' goes to store '${s1}'` }]);
    // Sales after the shipments: counted since the last order only when on or after its day.
    const late: SaleLine[] = [
      { storeId: s1, productId: p1, date: '2026-10-04', quantity: 6, amount: 90 },
      { storeId: s1, productId: p1, date: '2026-11-20', quantity: 3, amount: 45 },
    ];
    await importKind('sales', late);
    model.addSales(late);
    await expectRollupsMatch(model, w);

    const { result, calls: used } = await counted(() => locationProductFigures(backend.db, { type: 'store', id: s1 }, TODAY));
    expect(used).toBe(1);
    const f = result.figures.get(p1)!;
    const all = [...model.sales.values()].filter((l) => l.storeId === s1 && l.productId === p1);
    expect(f).toMatchObject({
      lastOrder: { date: '2026-10-05', quantity: 20 },
      calculatedSince: '2026-10-01',
      salesLast4Weeks: all.filter((l) => l.date >= addDays(TODAY, -28) && l.date < TODAY).reduce((n, l) => n + l.quantity, 0),
      salesSinceLastOrder: all.filter((l) => l.date >= '2026-10-05').reduce((n, l) => n + l.quantity, 0),
      shipped: 20,
      pending: 0,
      stock: 20 - all.filter((l) => l.date >= '2026-10-05').reduce((n, l) => n + l.quantity, 0),
    });
    expect(f.averagePerMonth).toBeCloseTo(all.reduce((n, l) => n + l.quantity, 0) / (daysBetween('2026-10-01', TODAY) / (365.25 / 12)), 9);
    expect(result.figures.get(p2)).toMatchObject({
      salesLast4Weeks: 0,
      calculatedSince: null,
      lastOrder: { date: '2026-10-05', quantity: 10 },
      stock: 10,
    });
    const dc = await locationProductFigures(backend.db, { type: 'dc', id: w.dc }, TODAY);
    expect(dc.figures.get(p1)).toMatchObject({ shipped: 100, lastOrder: { date: '2026-10-07', quantity: 100 }, stock: 100 });
  });

  it('equals a brute-force recomputation after any sequence of imports, re-imports and shipments (property)', async () => {
    let run = 0;
    const dates = fc.integer({ min: 0, max: 70 }).map((d) => addDays('2026-08-25', d));
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({
              kind: fc.constant('sales' as const),
              lines: fc.array(
                fc.record({
                  s: fc.integer({ min: 0, max: 2 }),
                  p: fc.integer({ min: 0, max: 3 }),
                  date: dates,
                  quantity: fc.integer({ min: 0, max: 9 }),
                  cents: fc.integer({ min: 0, max: 999 }),
                }),
                { minLength: 1, maxLength: 25 },
              ),
            }),
            fc.record({
              kind: fc.constant('shipments' as const),
              lines: fc.array(
                fc.record({
                  id: fc.integer({ min: 0, max: 4 }),
                  loc: fc.integer({ min: 0, max: 3 }),
                  p: fc.integer({ min: 0, max: 3 }),
                  date: dates,
                  quantity: fc.integer({ min: 0, max: 50 }),
                  status: fc.constantFrom('submitted' as const, 'pending' as const, 'cancelled' as const),
                }),
                { minLength: 1, maxLength: 6 },
              ),
            }),
          ),
          { minLength: 1, maxLength: 5 },
        ),
        async (steps) => {
          const w = await world(`p${run++}`);
          const { model } = w;
          for (const step of steps) {
            if (step.kind === 'sales') {
              const lines = step.lines.map((l) => ({
                storeId: w.stores[l.s]!,
                productId: w.products[l.p]!,
                date: l.date,
                quantity: l.quantity,
                amount: l.cents / 100,
              }));
              await importKind('sales', lines);
              model.addSales(lines);
            } else {
              const lines: ShipLine[] = step.lines.map((l) => ({
                shipmentId: `${w.dc}-${l.id}`,
                storeType: l.loc === 3 ? 1 : 0,
                storeId: l.loc === 3 ? w.dc : w.stores[l.loc]!,
                productId: w.products[l.p]!,
                date: l.date,
                quantity: l.quantity,
                status: l.status,
              }));
              await backend.imports.importRecords(
                'shipments',
                lines.map((data, i) => ({ line: i + 1, data })),
              );
              model.addShipments(lines);
            }
          }
          await expectRollupsMatch(model, w);
        },
      ),
      { numRuns: 40 },
    );
  }, 180_000);

  it('concurrent imports touching the same stores, retailer days and months lose nothing', async () => {
    const w = await world('c');
    const { model } = w;
    const batches: SaleLine[][] = Array.from({ length: 6 }, (_, k) =>
      w.stores.flatMap((storeId) =>
        Array.from({ length: 10 }, (_, d) => ({
          storeId,
          productId: w.products[k % 4]!,
          date: addDays('2026-10-26', d * 2 + (k >= 4 ? 1 : 0)),
          quantity: k + d,
          amount: (k + d) * 10,
        })),
      ),
    );
    const reports = await Promise.all(
      batches.map((b) =>
        backend.imports.importRecords(
          'sales',
          b.map((data, i) => ({ line: i + 1, data })),
        ),
      ),
    );
    for (const r of reports) expect(r.errors).toEqual([]);
    for (const b of batches) model.addSales(b);
    await expectRollupsMatch(model, w);
  });
});

describe('sales reads', () => {
  it('answer from the rollups with a fixed number of calls, equal to grouping the raw lines', async () => {
    const w = await world('r');
    const lines: SaleLine[] = [];
    for (let d = 0; d < 120; d += 1) {
      const date = addDays('2026-07-20', d);
      w.stores.forEach((storeId, s) =>
        w.products.forEach((productId, p) => {
          const quantity = (d * 7 + s * 3 + p) % 5;
          if (quantity) lines.push({ storeId, productId, date, quantity, amount: quantity * (p + 1) * 5 });
        }),
      );
    }
    await importKind('sales', lines);
    const [r1] = w.retailers;
    const expected = (from: string, to: string, groupBy: GroupBy, filter: (l: SaleLine) => boolean) => {
      const rows: SalesRow[] = lines
        .filter((l) => l.date >= from && l.date <= to && filter(l))
        .map((l) => ({
          storeId: l.storeId,
          productId: l.productId,
          date: l.date,
          month: monthOf(l.date),
          quantity: l.quantity,
          amountCents: Math.round(l.amount * 100),
        }));
      return groupSales(rows, groupBy);
    };
    const ofR1 = (l: SaleLine) => w.retailerOf(l.storeId) === r1;
    const ranges: [string, string][] = [
      [addDays(TODAY, -28), addDays(TODAY, -1)], // the default: 28 days ending yesterday
      ['2026-08-15', '2026-11-03'], // partial months around two whole ones
      ['2026-09-01', '2026-10-31'], // whole months only
    ];
    for (const [from, to] of ranges) {
      for (const groupBy of ['day', 'week', 'month', 'product', 'store'] as const) {
        const grain = grainFor(groupBy);
        const read =
          groupBy === 'store'
            ? await counted(() => salesOfRetailerByStore(backend.db, r1, { from, to }, grain))
            : await counted(() => salesOfRetailer(backend.db, r1, { from, to }, grain));
        expect(groupSales(read.result.rows, groupBy)).toEqual(expected(from, to, groupBy, ofR1));
        expect(read.calls).toBe(read.result.calls);
        if (groupBy !== 'store') expect(read.calls).toBeLessThanOrEqual(3);
      }
      // One store, with an EAN filter turned into product ids.
      const store = w.stores[0];
      const productIds = new Set([w.products[1]]);
      for (const groupBy of ['day', 'month', 'product'] as const) {
        const read = await counted(() => salesOfStore(backend.db, store, { from, to, productIds }, grainFor(groupBy)));
        expect(groupSales(read.result.rows, groupBy)).toEqual(
          expected(from, to, groupBy, (l) => l.storeId === store && productIds.has(l.productId)),
        );
        expect(read.calls).toBeLessThanOrEqual(3);
      }
    }
    // The default sales list: one Query whatever the length of the history.
    const def = await counted(() => salesOfRetailer(backend.db, r1, { from: addDays(TODAY, -28), to: addDays(TODAY, -1) }, 'day'));
    expect(def.calls).toBe(1);
    // Group by store over 28 days: per week touched (5), one Query per shard and one of the unsharded key of before
    // ADR 072 — independent of history length.
    const byStore = await counted(() =>
      salesOfRetailerByStore(backend.db, r1, { from: addDays(TODAY, -28), to: addDays(TODAY, -1) }, 'day'),
    );
    expect(byStore.calls).toBe(5 * (ROLLUP_SHARDS + 1));
  });

  it('reads rollups stored as Maps (before ADR 029) to the same figures, and a re-import packs them', async () => {
    const w = await world('m');
    const [s1] = w.stores;
    const [p1, p2] = w.products;
    const { model } = w;
    const sales: SaleLine[] = [];
    for (let d = 0; d < 50; d += 1) {
      sales.push({
        storeId: s1,
        productId: d % 2 ? p1 : p2,
        date: addDays('2026-10-01', d),
        quantity: 1 + (d % 4),
        amount: (1 + (d % 4)) * 12.5,
      });
    }
    const ships: ShipLine[] = [
      { shipmentId: 'M1', storeType: 0, storeId: s1, productId: p1, date: '2026-10-20', quantity: 40, status: 'submitted' },
    ];
    await importKind('sales', sales);
    await importKind('shipments', ships);
    model.addSales(sales);
    model.addShipments(ships);
    const location: Location = { type: 'store', id: s1 };
    const figures = async () => JSON.stringify([...(await locationProductFigures(backend.db, location, TODAY)).figures]);
    const packed = await figures();
    // Rewrite the location's rollups as the earlier code stored them: the same figures as DynamoDB Maps.
    const items = await query(locationPk(location));
    const rollups = items.filter((i) => (i.sk as string).startsWith('W#') || i.sk === SUMMARY_SK);
    expect(rollups.length).toBeGreaterThan(5);
    for (const item of rollups) {
      const asMaps = item.sk === SUMMARY_SK ? { ...item, products: unpack(item.products) } : { ...item, days: unpack(item.days) };
      await backend.db.doc.send(new PutCommand({ TableName: backend.db.table, Item: asMaps }));
    }
    expect((await query(locationPk(location))).filter((i) => typeof i.days === 'object').length).toBe(rollups.length - 1);
    expect(await figures()).toBe(packed);
    await expectRollupsMatch(model, w);
    // Re-importing the same lines changes no figure but writes the buckets and the summary packed again.
    const again = await importKind('sales', sales);
    expect(again).toMatchObject({ created: 0, updated: sales.length });
    const after = await query(locationPk(location));
    expect(after.filter((i) => (i.sk as string).startsWith('W#')).every((i) => typeof i.days === 'string')).toBe(true);
    expect(typeof after.find((i) => i.sk === SUMMARY_SK)?.products).toBe('string');
    expect(await figures()).toBe(packed);
    await expectRollupsMatch(model, w);
  });

  it('keeps the catalogue snapshot equal to the product items through imports, concurrent ones and a first rebuild', async () => {
    const index = async () => (await listProducts(backend.db, { limit: 1000 })).items;
    const product = (productId: string, name: string, ean: string) => ({
      productId,
      inventoryProductId: `I${productId}`,
      ean: `${ean}${gtinCheckDigit(ean)}`,
      sku: productId,
      name,
      company: 'Brand',
    });
    await world('c');
    expect((await allProducts(backend.db)).items).toEqual(await index());
    // A renamed product moves in name order; two imports at once both land.
    await importKind('products', [product('Pc1', 'zz last now', '401000000001')]);
    await Promise.all([
      importKind('products', [product('Pcc1', 'Concurrent one', '401000000002')]),
      importKind('products', [product('Pcc2', 'Concurrent two', '401000000003')]),
    ]);
    const { items, calls } = await counted(() => allProducts(backend.db)).then((r) => ({ ...r.result, calls: r.calls }));
    expect(items).toEqual(await index());
    expect(items.map((p) => p.productId)).toEqual(expect.arrayContaining(['Pcc1', 'Pcc2']));
    expect(items.at(-1)?.name).toBe('zz last now');
    // The version item (its build) and the build's pages in one Query.
    expect(calls).toBe(2);
    // A table without a snapshot (before ADR 029) reads the index, and its next products import builds it whole.
    const head = async () => (await query('VERSION#CATALOGUE'))[0];
    const pages = await query(`CATALOGUE#${String((await head())?.build)}`);
    for (const item of [...pages, await head()])
      await backend.db.doc.send(new DeleteCommand({ TableName: backend.db.table, Key: { pk: item?.pk, sk: item?.sk } }));
    expect((await allProducts(backend.db)).items).toEqual(await index());
    await importKind('products', [product('Pc2', 'Another', '401000000004')]);
    expect(await query(`CATALOGUE#${String((await head())?.build)}`)).toHaveLength(
      Math.ceil((await index()).length / cataloguePaging.size),
    );
    expect((await allProducts(backend.db)).items).toEqual(await index());
  });

  it('never scans: every read is a Query or GetItem on a key', async () => {
    const seen: string[] = [];
    backend.db.doc.middlewareStack.add(
      (next, context) => async (args) => {
        seen.push(context.commandName ?? '');
        return next(args);
      },
      { step: 'initialize', name: 'commandNames' },
    );
    try {
      await locationProductFigures(backend.db, { type: 'store', id: 'Sr1' }, TODAY);
      await salesOfRetailer(backend.db, 'Rra', { from: '2026-01-10', to: '2026-11-20' }, 'month');
      await salesOfRetailerByStore(backend.db, 'Rra', { from: '2026-10-10', to: '2026-11-20' }, 'month');
      await salesOfStore(backend.db, 'Sr1', { from: '2026-01-10', to: '2026-11-20' }, 'month');
    } finally {
      backend.db.doc.middlewareStack.remove('commandNames');
    }
    expect(new Set(seen)).toEqual(new Set(['QueryCommand']));
  });
});
