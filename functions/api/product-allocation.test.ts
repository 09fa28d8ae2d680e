import type { Backend } from '@portal/backend';
import { applyChange, sweepAllocations } from '@portal/backend/allocation';
import { getChange, storeEntry, writeProductIndex } from '@portal/backend/allocation/testing';
import { ALLOCATION } from '@portal/core/product';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectCaller, idempotencyKeys, readJson, signInAll } from '../../tests/support/api.ts';
import { connectAccount, createTestBackend, importOk, productRecord, storeRecord } from '../../tests/support/test-backend.ts';
import { createApp } from './app.ts';

/**
 * Product allocation (ADR 087) through the app against DynamoDB Local: store and product views, a change
 * filed, approved (two parallel approvals: one wins) and folded into reads from its day by the injected
 * clock, the ordering portal following it (products step and order submit), the sweep applying once (a
 * retried apply changes nothing), a product change at a division, a customer-level change clearing store
 * overrides, the bits per function, other customers and providers per object, and hostile input.
 */
let backend: Backend;
let app: ReturnType<typeof createApp>;
const PASSWORD = 'Correct-Horse-42!';
const START = new Date('2026-11-21T10:00:00Z');
let clock = START;
const cookies: Record<string, string> = {};
const call = connectCaller(
  () => app,
  () => cookies,
);
const pm = (permissions: number) => ({ modules: { productManagement: { permissions, settings: 0 } }, timezone: 'Europe/Berlin' });
const allocTestKey = idempotencyKeys('alloc-test');
const key = () => ({ 'Idempotency-Key': allocTestKey() });
const A = '/product-allocation/customers/R-A';
const productIds = (body: { products?: { productId: string }[] }) => (body.products ?? []).map((p) => p.productId);
const product = (n: number, extra: object = {}) => productRecord(n, '611', extra);

/** The ordering portal as R-A's orderer. */
const ordering = async (path: string, init: RequestInit = {}) => {
  const res = await app.request(`/api/replenishment${path}`, {
    ...init,
    headers: { 'X-Portal': 'ordering', 'Content-Type': 'application/json', Cookie: cookies['orderer']!, ...(init.headers ?? {}) },
  });
  return { status: res.status, body: await readJson<Record<string, unknown>>(res) };
};
const offered = async (storeId: string) =>
  ((await ordering(`/products?customerId=R-A&storeType=0&storeId=${storeId}`)).body.items as { id: string }[]).map((p) => p.id);

async function fileAndApprove(body: object) {
  const created = await call('a.req', 'POST', `${A}/changes`, body, key());
  expect(created.status).toBe(201);
  const approved = await call('a.appr', 'POST', `${A}/changes/${created.body.changeId}/approve`, {});
  expect(approved.status).toBe(200);
  return String(created.body.changeId);
}

beforeAll(async () => {
  backend = await createTestBackend(() => clock, { SESSION_IDLE_MINUTES: '1440', SESSION_ABSOLUTE_HOURS: '48' });
  app = createApp(backend, () => '203.0.113.87');
  await importOk(backend, 'retailers', [
    { customerId: 'R-A', name: 'Alpha' },
    { customerId: 'R-B', name: 'Beta' },
  ]);
  await importOk(backend, 'providers', [{ customerId: 'P-X', name: 'Provider X' }]);
  await importOk(backend, 'divisions', [{ divisionId: 'D-A1', customerId: 'R-A', name: 'North' }]);
  await importOk(backend, 'products', [
    product(1),
    product(2),
    product(3),
    product(4, { status: 'inactive' }),
    product(9, { contentProviderId: 'P-X' }),
  ]);
  await importOk(backend, 'stores', [
    storeRecord('S-A1', 'R-A', { divisionId: 'D-A1' }),
    storeRecord('S-A2', 'R-A', { divisionId: 'D-A1' }),
    storeRecord('S-A3', 'R-A'),
    storeRecord('S-B1', 'R-B'),
  ]);
  await importOk(backend, 'retailerProducts', [
    { retailerId: 'R-A', productId: 'P-1' },
    { retailerId: 'R-A', productId: 'P-2' },
    { retailerId: 'R-A', productId: 'P-9' },
  ]);
  await importOk(backend, 'accounts', [
    connectAccount('a.req', 'R-A', PASSWORD, pm(2 + 16)),
    connectAccount('a.appr', 'R-A', PASSWORD, pm(2 + 32)),
    connectAccount('a.read', 'R-A', PASSWORD, pm(2)),
    connectAccount('b.all', 'R-B', PASSWORD, pm(2 + 16 + 32)),
    connectAccount('prov', 'P-X', PASSWORD, pm(2 + 16 + 32)),
    { ...connectAccount('orderer', 'R-A', PASSWORD, { modules: { ordering: { permissions: 4, settings: 1 } } }), portals: ['ordering'] },
  ]);
  Object.assign(cookies, await signInAll(app, ['a.req', 'a.appr', 'a.read', 'b.all', 'prov'], PASSWORD));
  Object.assign(cookies, await signInAll(app, ['orderer'], PASSWORD, 'ordering'));
}, 120_000);

describe('a deallocation for tomorrow at one store', () => {
  let changeId = '';
  it('is filed pending (a retry answers the same change), decided once of two parallel approvals', async () => {
    expect(productIds((await call('a.read', 'GET', `${A}/stores/S-A1`)).body)).toEqual(['P-1', 'P-2', 'P-9']);
    const body = { kind: 'deallocation', productId: 'P-1', scope: { level: 'stores', storeIds: ['S-A1'] }, effectiveDay: '2026-11-22' };
    const headers = key();
    const created = await call('a.req', 'POST', `${A}/changes`, body, headers);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'pending', requestedBy: 'a.req', timezone: 'Europe/Berlin' });
    changeId = String(created.body.changeId);
    const again = await call('a.req', 'POST', `${A}/changes`, body, headers);
    expect(again).toEqual({ status: 200, body: created.body });
    expect((await call('a.req', 'POST', `${A}/changes`, { ...body, productId: 'P-2' }, headers)).status).toBe(409);
    expect((await call('a.req', 'POST', `${A}/changes/${changeId}/approve`, {})).status).toBe(403);
    expect((await call('a.read', 'POST', `${A}/changes`, body, key())).status).toBe(403);

    const both = await Promise.all([1, 2].map(() => call('a.appr', 'POST', `${A}/changes/${changeId}/approve`, {})));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)?.body.code).toBe(ALLOCATION.STATE_CONFLICT);
    const overview = await call('a.read', 'GET', A);
    expect(overview.body.open).toMatchObject([{ changeId, status: 'approved', decidedBy: 'a.appr' }]);
  });

  it('is still offered today and gone tomorrow at that store only, in the ordering portal too (folded before any sweep)', async () => {
    expect(await offered('S-A1')).toEqual(['P-1', 'P-2', 'P-9']);
    clock = new Date('2026-11-21T23:30:00Z'); // 00:30 on the 22nd in Berlin
    expect(productIds((await call('a.read', 'GET', `${A}/stores/S-A1`)).body)).toEqual(['P-2', 'P-9']);
    expect(productIds((await call('a.read', 'GET', `${A}/stores/S-A2`)).body)).toEqual(['P-1', 'P-2', 'P-9']);
    expect(await offered('S-A1')).toEqual(['P-2', 'P-9']);
    expect(await offered('S-A2')).toEqual(['P-1', 'P-2', 'P-9']);
    const refused = await ordering('/orders', {
      method: 'POST',
      headers: key(),
      body: JSON.stringify({ customerId: 'R-A', storeType: 0, storeId: 'S-A1', positions: [{ inventoryProductId: 'I-1', amount: 1 }] }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([{ path: 'positions.0.inventoryProductId', message: 'Product no longer allocated to this store' }]);
  });

  it('is applied once by the sweep; a second sweep and a retried apply change nothing; history per store and product', async () => {
    const approved = (await getChange(backend.db, 'R-A', changeId))!;
    expect(await sweepAllocations(backend.db, clock)).toEqual({ customers: 1, applied: 1, invalid: 0 });
    expect(await sweepAllocations(backend.db, clock)).toEqual({ customers: 0, applied: 0, invalid: 0 });
    expect(await applyChange(backend.db, approved, clock)).toBe('skipped');
    expect((await getChange(backend.db, 'R-A', changeId))?.status).toBe('applied');
    expect(await offered('S-A1')).toEqual(['P-2', 'P-9']);
    const view = await call('a.read', 'GET', `${A}/products/P-1`);
    expect(view.body).toMatchObject({ offered: true, customer: true, stores: [{ id: 'S-A1', allocated: false }] });
    const storeHistory = await call('a.read', 'GET', `${A}/history?storeId=S-A1`);
    expect(storeHistory.body.items.map((c: { changeId: string; status: string }) => [c.changeId, c.status])).toEqual([
      [changeId, 'applied'],
    ]);
    expect((await call('a.read', 'GET', `${A}/history?productId=P-1`)).body.items).toHaveLength(1);
    expect((await call('a.read', 'GET', `${A}/history?storeId=S-A3`)).body.items).toEqual([]);
  });
});

describe('other changes', () => {
  it('a product change at a division offers the new product at its stores from today', async () => {
    await fileAndApprove({
      kind: 'productChange',
      productId: 'P-2',
      toProductId: 'P-3',
      scope: { level: 'division', divisionId: 'D-A1' },
      effectiveDay: '2026-11-22',
    });
    expect(await offered('S-A2')).toEqual(['P-1', 'P-3', 'P-9']);
    expect(await offered('S-A3')).toEqual(['P-1', 'P-2', 'P-9']);
    expect((await sweepAllocations(backend.db, clock)).applied).toBe(1);
    expect(await offered('S-A2')).toEqual(['P-1', 'P-3', 'P-9']);
    expect((await call('a.read', 'GET', `${A}/stores/S-A2`)).body.products).toContainEqual({
      productId: 'P-3',
      name: 'Card 3',
      source: 'division',
    });
  });

  it('an allocation to the customer reaches every store, clearing the store overrides', async () => {
    await fileAndApprove({ kind: 'allocation', productId: 'P-1', scope: { level: 'customer' }, effectiveDay: '2026-11-22' });
    expect(await offered('S-A1')).toEqual(['P-1', 'P-3', 'P-9']);
    expect((await sweepAllocations(backend.db, clock)).applied).toBe(1);
    expect(await offered('S-A1')).toEqual(['P-1', 'P-3', 'P-9']);
    expect((await call('a.read', 'GET', `${A}/products/P-1`)).body).toMatchObject({ customer: true, stores: [], divisions: [] });
  });

  it('a rejected change never takes effect and lands in the history with its reason', async () => {
    const created = await call(
      'a.req',
      'POST',
      `${A}/changes`,
      { kind: 'deactivation', productId: 'P-9', effectiveDay: '2026-11-22' },
      key(),
    );
    const rejected = await call('a.appr', 'POST', `${A}/changes/${created.body.changeId}/reject`, { reason: 'Not now' });
    expect(rejected.body).toMatchObject({ status: 'rejected', reason: 'Not now', decidedBy: 'a.appr' });
    expect((await call('a.appr', 'POST', `${A}/changes/${created.body.changeId}/approve`, {})).status).toBe(409);
    expect(await offered('S-A1')).toContain('P-9');
    expect((await call('a.read', 'GET', `${A}/history?productId=P-9`)).body.items[0]).toMatchObject({ status: 'rejected' });
  });
});

describe('per object and hostile input', () => {
  it("another customer's objects answer as missing ones; a provider sees only its own products", async () => {
    const foreign = await call('b.all', 'GET', `${A}/stores/S-A1`);
    const none = await call('b.all', 'GET', '/product-allocation/customers/R-NONE/stores/S-A1');
    expect(foreign).toEqual(none);
    expect(foreign.status).toBe(404);
    expect((await call('a.read', 'GET', `${A}/stores/S-B1`)).status).toBe(404);
    expect((await call('prov', 'GET', `${A}/products/P-1`)).status).toBe(404);
    expect((await call('prov', 'GET', `${A}/products/P-9`)).status).toBe(200);
    expect(productIds((await call('prov', 'GET', `${A}/stores/S-A1`)).body)).toEqual(['P-9']);
    const ids = async (user: string) =>
      ((await call(user, 'GET', '/product-allocation/customers')).body.items as { customerId: string }[]).map((c) => c.customerId);
    expect([await ids('a.read'), await ids('b.all'), await ids('prov')]).toEqual([['R-A'], ['R-B'], ['R-A', 'R-B']]);
  });

  it('refuses oversize, unknown, past and malformed changes with a 4xx and stores nothing', async () => {
    const before = (await call('a.read', 'GET', A)).body.open.length;
    const base = { kind: 'deallocation', productId: 'P-1', effectiveDay: '2026-11-23' };
    const huge = Array.from({ length: 10_000 }, (_, i) => `S-${i}`);
    const cases: [object, number, string][] = [
      [{ ...base, scope: { level: 'stores', storeIds: huge } }, 400, 'REQUEST.VALIDATION_FAILED'],
      [{ ...base, scope: { level: 'stores', storeIds: ['S-A1', 'S-A1'] } }, 400, 'REQUEST.VALIDATION_FAILED'],
      [{ ...base, scope: { level: 'stores', storeIds: ['S-B1'] } }, 404, ALLOCATION.NOT_FOUND],
      [{ ...base, scope: { level: 'division', divisionId: 'D-NONE' } }, 404, ALLOCATION.NOT_FOUND],
      [{ ...base, productId: 'P-404', scope: { level: 'customer' } }, 404, ALLOCATION.NOT_FOUND],
      [{ ...base, effectiveDay: '2026-11-20', scope: { level: 'customer' } }, 400, ALLOCATION.EFFECTIVE_DAY],
      [{ ...base, effectiveDay: '2028-01-01', scope: { level: 'customer' } }, 400, ALLOCATION.EFFECTIVE_DAY],
      [{ ...base, scope: { level: 'customer' }, note: 'x'.repeat(2_000) }, 400, 'REQUEST.VALIDATION_FAILED'],
      [{ ...base, scope: { level: 'customer' }, extra: 1 }, 400, 'REQUEST.VALIDATION_FAILED'],
      [
        { kind: 'productChange', productId: 'P-1', toProductId: 'P-4', scope: { level: 'customer' }, effectiveDay: '2026-11-23' },
        400,
        ALLOCATION.PRODUCT_INACTIVE,
      ],
      [
        { kind: 'assetChange', productId: 'P-1', assetUrl: 'javascript:alert(1)', effectiveDay: '2026-11-23' },
        400,
        'REQUEST.VALIDATION_FAILED',
      ],
    ];
    for (const [body, status, code] of cases) {
      const res = await call('a.req', 'POST', `${A}/changes`, body, key());
      expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
    }
    expect((await call('a.read', 'GET', A)).body.open.length).toBe(before);
    expect((await call('a.read', 'GET', `${A}/changes/AC-${'x'.repeat(22)}`)).status).toBe(404);
    expect((await call('a.read', 'GET', `${A}/changes/not-an-id`)).status).toBe(400);
  });
});

describe('four-eyes (ADR 108)', () => {
  beforeAll(async () => {
    await importOk(backend, 'accounts', [connectAccount('a.both', 'R-A', PASSWORD, pm(2 + 16 + 32))]);
    Object.assign(cookies, await signInAll(app, ['a.both'], PASSWORD));
  });

  it('refuses the requester its own approval (403, the change stays pending), lets it withdraw, and lets another approve', async () => {
    const body = { kind: 'deallocation', productId: 'P-9', scope: { level: 'customer' }, effectiveDay: '2026-12-20' };
    const own = await call('a.both', 'POST', `${A}/changes`, body, key());
    expect(own.status).toBe(201);
    const refused = await call('a.both', 'POST', `${A}/changes/${own.body.changeId}/approve`, {});
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 403, code: ALLOCATION.OWN_CHANGE });
    expect(refused.body.message).toMatch(/another approver/);
    expect((await getChange(backend.db, 'R-A', String(own.body.changeId)))?.status).toBe('pending');
    expect((await call('a.both', 'GET', A)).body).toMatchObject({ viewer: 'a.both', mayApprove: true });
    expect((await call('a.both', 'POST', `${A}/changes/${own.body.changeId}/reject`, { reason: 'Withdrawn' })).status).toBe(200);

    const other = await call('a.req', 'POST', `${A}/changes`, { ...body, productId: 'P-2' }, key());
    const approved = await call('a.both', 'POST', `${A}/changes/${other.body.changeId}/approve`, {});
    expect(approved.body).toMatchObject({ status: 'approved', requestedBy: 'a.req', decidedBy: 'a.both' });
    expect((await call('a.appr', 'POST', `${A}/changes/${other.body.changeId}/reject`, {})).status).toBe(409);
  });
});

describe("the effective day in the customer's time zone (ADR 108)", () => {
  const L = '/product-allocation/customers/R-L';
  beforeAll(async () => {
    await importOk(backend, 'retailers', [{ customerId: 'R-L', name: 'Lima', timezone: 'America/Los_Angeles' }]);
    await importOk(backend, 'stores', [storeRecord('S-L1', 'R-L')]);
    await importOk(backend, 'retailerProducts', [{ retailerId: 'R-L', productId: 'P-1' }]);
    // The requester sits in Berlin: its own zone must not decide the LA customer's day.
    await importOk(backend, 'accounts', [
      connectAccount('l.req', 'R-L', PASSWORD, pm(2 + 16)),
      connectAccount('l.appr', 'R-L', PASSWORD, pm(2 + 32)),
    ]);
    clock = new Date('2026-11-29T22:30:00Z'); // Berlin 23:30 on the 29th, Los Angeles 14:30 on the 29th
    Object.assign(cookies, await signInAll(app, ['l.req', 'l.appr', 'a.req', 'a.appr', 'a.read'], PASSWORD));
  });

  it('refuses an unknown zone on the retailer line; a retailer without one counts in the default zone', async () => {
    const report = await backend.imports.importRecords('retailers', [
      { line: 1, data: { customerId: 'R-Z', name: 'Z', timezone: 'Mars/Base' } },
    ]);
    expect(report.errors.map((e) => e.line)).toEqual([1]);
    expect((await call('a.read', 'GET', A)).body).toMatchObject({ timezone: 'Europe/Berlin' });
    expect((await call('l.appr', 'GET', L)).body).toMatchObject({ timezone: 'America/Los_Angeles' });
  });

  it('a change for "tomorrow" starts at midnight in Berlin for one customer and in Los Angeles for the other', async () => {
    const berlin = await call('a.req', 'POST', `${A}/changes`, dealloc('P-2', 'S-A3', '2026-11-30'), key());
    const la = await call('l.req', 'POST', `${L}/changes`, dealloc('P-1', 'S-L1', '2026-11-30'), key());
    expect([berlin.body.timezone, la.body.timezone]).toEqual(['Europe/Berlin', 'America/Los_Angeles']);
    expect((await call('a.appr', 'POST', `${A}/changes/${berlin.body.changeId}/approve`, {})).status).toBe(200);
    expect((await call('l.appr', 'POST', `${L}/changes/${la.body.changeId}/approve`, {})).status).toBe(200);
    const berlinHas = async () => productIds((await call('a.read', 'GET', `${A}/stores/S-A3`)).body).includes('P-2');
    const laHas = async () => productIds((await call('l.appr', 'GET', `${L}/stores/S-L1`)).body).includes('P-1');
    expect([await berlinHas(), await laHas()]).toEqual([true, true]);

    clock = new Date('2026-11-29T23:30:00Z'); // Berlin 00:30 on the 30th, Los Angeles 15:30 on the 29th
    expect([await berlinHas(), await laHas()]).toEqual([false, true]);
    expect((await call('l.appr', 'GET', L)).body.today).toBe('2026-11-29');
    // "Today or later" in the customer's zone: the 29th is past in Berlin, still today in Los Angeles.
    const past = await call('a.req', 'POST', `${A}/changes`, dealloc('P-1', 'S-A3', '2026-11-29'), key());
    expect({ status: past.status, code: past.body.code }).toEqual({ status: 400, code: ALLOCATION.EFFECTIVE_DAY });
    const sameDay = await call('l.req', 'POST', `${L}/changes`, dealloc('P-1', 'S-L1', '2026-11-29'), key());
    expect(sameDay.status).toBe(201);
    expect((await call('l.req', 'POST', `${L}/changes/${sameDay.body.changeId}/reject`, {})).status).toBe(403);
    expect((await sweepAllocations(backend.db, clock)).applied).toBe(1);
    expect((await getChange(backend.db, 'R-L', String(la.body.changeId)))?.status).toBe('approved');

    clock = new Date('2026-11-30T07:59:59Z'); // 23:59:59 on the 29th in Los Angeles
    expect(await laHas()).toBe(true);
    clock = new Date('2026-11-30T08:00:00Z'); // midnight in Los Angeles (PST, UTC-8)
    expect(await laHas()).toBe(false);
    expect((await sweepAllocations(backend.db, clock)).applied).toBe(1);
    expect((await getChange(backend.db, 'R-L', String(la.body.changeId)))?.status).toBe('applied');
  });
});

describe("a product's store overrides near the index item's 400 KB (ADR 108)", () => {
  it('refuses a store-level change that would pass the bound with a 409 naming the way out; a customer-level one passes', async () => {
    // 2,700 entries of 130 bytes (60-character store ids, 64-character division ids): 351,000 bytes, past 350,000.
    const entries = Array.from({ length: 2_700 }, (_, i) => storeEntry(`S-${String(i).padStart(58, '0')}`, false, 'D'.repeat(64)));
    await writeProductIndex(backend.db, 'R-A', 'P-3', entries);
    const stores = await call('a.req', 'POST', `${A}/changes`, dealloc('P-3', 'S-A3', '2026-12-24'), key());
    expect({ status: stores.status, code: stores.body.code }).toEqual({ status: 409, code: ALLOCATION.TOO_MANY_STORE_OVERRIDES });
    expect(stores.body.message).toMatch(/division or the whole customer/);
    const other = await call('a.req', 'POST', `${A}/changes`, dealloc('P-1', 'S-A3', '2026-12-24'), key());
    expect(other.status).toBe(201);
    const customer = { kind: 'deallocation', productId: 'P-3', scope: { level: 'customer' }, effectiveDay: '2026-12-24' };
    expect((await call('a.req', 'POST', `${A}/changes`, customer, key())).status).toBe(201);
  });
});

const dealloc = (productId: string, storeId: string, effectiveDay: string) => ({
  kind: 'deallocation',
  productId,
  scope: { level: 'stores', storeIds: [storeId] },
  effectiveDay,
});
