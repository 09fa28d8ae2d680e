import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { actorFor } from '@portal/backend';
import { addDays } from '@portal/core/shared';
import { AddressList, AddressRow, OrderDetail, OrdersPage, ProductsAnswer, RetailersPage, suggestedQuantity } from '@portal/core/ordering';
import { beforeAll, describe, expect, it } from 'vitest';
import { productsStepWithCalls } from '@portal/backend/ordering/testing';
import { getAccount } from '@portal/backend/accounts';
import { pdfText } from '../../tests/support/pdf-text.ts';
import { readJson } from '../../tests/support/api.ts';
import { importOk } from '../../tests/support/test-backend.ts';
import { apiSuite } from '../../tests/support/test-app.ts';
import { testEan } from '../../tests/support/ean.ts';

/**
 * The ordering portal's API (SPEC 2-7 replenishment) against DynamoDB Local: retailer and address
 * selection, the products step, order submission with its validation and idempotency, the orders list
 * and detail with shipped quantities, the PDF — and the access rules per function and per object.
 */
const TODAY = '2026-11-21';
let clock = new Date(`${TODAY}T10:00:00Z`);
const world = apiSuite(() => clock, '203.0.113.11');
const PASSWORD = 'Correct-Horse-42!';

const ean = (n: number) => testEan('500', n);
const product = (n: number, name: string, extra: object = {}) => ({
  productId: `P-${n}`,
  inventoryProductId: `I-${n}`,
  ean: ean(n),
  sku: `SKU-${n}`,
  name,
  company: 'Brand Co',
  ...extra,
});
const store = (storeId: string, retailerId: string, name: string, city: string, extra: object = {}) => ({
  storeId,
  retailerId,
  name,
  street: `${name} Street 1`,
  postalCode: '10115',
  city,
  ...extra,
});

const headers = (cookie?: string, extra: Record<string, string> = {}) => ({
  'X-Portal': 'ordering',
  'Content-Type': 'application/json',
  ...(cookie ? { Cookie: cookie } : {}),
  ...extra,
});
const get = (path: string, user = 'orderer', params: Record<string, string | number | undefined> = {}) => {
  const qs = new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)] as [string, string]),
  );
  return world.app.request(`/api/replenishment${path}${qs.size ? `?${qs}` : ''}`, { headers: headers(world.cookies[user]) });
};
let keyCounter = 0;
const newKey = () => `test-key-${String(++keyCounter).padStart(8, '0')}`;
const submit = (body: object, key: string | null = newKey(), user = 'orderer') =>
  world.app.request('/api/replenishment/orders', {
    method: 'POST',
    headers: headers(world.cookies[user], key ? { 'Idempotency-Key': key } : {}),
    body: JSON.stringify(body),
  });
const order = (positions: { inventoryProductId: string; amount: number }[], extra: object = {}) => ({
  customerId: 'R-1',
  storeType: 0,
  storeId: 'S-1',
  positions,
  ...extra,
});

const importKind = (kind: string, records: object[]) => importOk(world.backend, kind, records);

/** Every order, position and idempotency item in the table (the test's own table: a Scan is fine here). */
async function orderItems() {
  const all = await world.backend.db.doc.send(new ScanCommand({ TableName: world.backend.db.table }));
  return (all.Items ?? []).filter((i) => /^(ORDER|IDEM)#/.test(i.pk as string));
}

/** Sales of P-1 at S-1: 3 a day on the 20 days ending yesterday. */
const SALES_DAYS = Array.from({ length: 20 }, (_, i) => addDays(TODAY, -1 - i));

beforeAll(async () => {
  await world.start();
  const account = (username: string, extra: object) => ({
    username,
    password: PASSWORD,
    email: `${username}@example.com`,
    firstname: username.split('.')[0],
    surname: 'Tester',
    passwordExpiry: '2030-01-01T00:00:00.000Z',
    timezone: 'Europe/Berlin',
    ...extra,
  });
  await importKind('accounts', [
    account('orderer', { customerId: 'R-1', modules: { ordering: { permissions: 4, settings: 1 } } }),
    account('free.orderer', { customerId: 'R-1', modules: { ordering: { permissions: 4, settings: 1 + 8 } } }),
    account('group.user', { customerId: 'G-1', modules: { ordering: { permissions: 4 } } }),
    account('global.user', { securityFlag: 4096, modules: { ordering: { permissions: 4 + 8 } } }),
    account('nobody', { customerId: '', modules: { ordering: { permissions: 4 } } }),
    account('sales.only', { customerId: 'R-1', modules: { ordering: { permissions: 8 } } }),
    account('other.orderer', { customerId: 'R-3', modules: { ordering: { permissions: 4 } } }),
  ]);
  await importKind('customerGroups', [{ customerGroupId: 'G-1', name: 'Group One' }]);
  await importKind('retailers', [
    { customerId: 'R-1', name: 'Alpha Markets', groupId: 'G-1' },
    { customerId: 'R-2', name: 'Beta Fuel', groupId: 'G-1' },
    { customerId: 'R-3', name: 'Gamma Shops' },
  ]);
  await importKind('products', [
    product(1, 'Alpha Card', { packagingUnit: 5, minimum: 10, maximum: 100, faceValue: 25, couponType: 'POSA' }),
    product(2, 'Beta Card'),
    product(3, 'Gamma Card'),
    product(4, 'Delta Card', { status: 'inactive' }),
  ]);
  await importKind('stores', [
    store('S-1', 'R-1', 'Central Store', 'Berlin', { customerStoreId: 'C-0001' }),
    store('S-2', 'R-1', 'Locked Store', 'Hamburg', { status: 'locked' }),
    store('S-3', 'R-1', 'Deleted Store', 'Munich', { status: 'deleted' }),
    store('S-4', 'R-1', 'Closing Store', 'Cologne'),
    store('S-9', 'R-3', 'Foreign Store', 'Vienna'),
    store('S-21', 'R-2', 'Fuel Station', 'Leipzig'),
  ]);
  await importKind('distributionCentres', [
    { distributionCentreId: 'D-1', retailerId: 'R-1', name: 'North Hub', street: 'Hub Road 2', postalCode: '20095', city: 'Hamburg' },
  ]);
  await importKind('retailerProducts', [
    { retailerId: 'R-1', productId: 'P-1', airs: true },
    { retailerId: 'R-1', productId: 'P-2' },
    { retailerId: 'R-1', productId: 'P-4' },
    { retailerId: 'R-3', productId: 'P-2' },
    { retailerId: 'R-2', productId: 'P-2' },
  ]);
  await importKind('shipments', [{ shipmentId: 'SH-1', storeId: 'S-1', productId: 'P-1', date: addDays(TODAY, -10), quantity: 20 }]);
  await importKind(
    'sales',
    SALES_DAYS.map((date) => ({ storeId: 'S-1', productId: 'P-1', date, quantity: 3, amount: 75 })),
  );
  const users = ['orderer', 'free.orderer', 'group.user', 'global.user', 'nobody', 'sales.only', 'other.orderer'];
  await world.signIn(users, PASSWORD, 'ordering');
});

describe('retailer selection', () => {
  const ids = async (user: string, params: Record<string, string | number> = {}) => {
    const res = await get('/retailers', user, params);
    expect(res.status).toBe(200);
    return RetailersPage.parse(await readJson(res));
  };

  it('lists the retailer, the group, every retailer (global) or none', async () => {
    expect((await ids('orderer')).items.map((r) => r.customerId)).toEqual(['R-1']);
    expect((await ids('group.user')).items.map((r) => r.customerId)).toEqual(['R-1', 'R-2']);
    expect((await ids('global.user')).items.map((r) => r.customerId)).toEqual(['R-1', 'R-2', 'R-3']);
    expect(await ids('nobody')).toEqual({ items: [], index: 0, maxResults: 10, totalCount: 0 });
    // retailerSales alone is enough for the retailer list.
    expect((await ids('sales.only')).items.map((r) => r.customerId)).toEqual(['R-1']);
  });

  it('searches by name or id, case-insensitively, and pages', async () => {
    expect((await ids('global.user', { search: 'BETA' })).items.map((r) => r.customerId)).toEqual(['R-2']);
    expect((await ids('global.user', { search: 'r-3' })).items.map((r) => r.customerId)).toEqual(['R-3']);
    const second = await ids('global.user', { resultsPerPage: 2, index: 1 });
    expect(second).toEqual({
      items: [{ customerId: 'R-3', name: 'Gamma Shops', customerGroupId: null }],
      index: 1,
      maxResults: 2,
      totalCount: 3,
    });
  });
});

describe('addresses', () => {
  it('lists every store of the retailer with its status, and its distribution centres', async () => {
    const res = await get('/stores', 'orderer', { customerId: 'R-1' });
    expect(res.status).toBe(200);
    const list = AddressList.parse(await readJson(res));
    expect(list.storeType).toBe(0);
    expect(list.items.map((a) => [a.storeId, a.status])).toEqual([
      ['S-1', 'active'],
      ['S-4', 'active'],
      ['S-3', 'deleted'],
      ['S-2', 'locked'],
    ]);
    expect(list.items[0]).toEqual({
      storeId: 'S-1',
      storeType: 0,
      retailerId: 'R-1',
      name: 'Central Store',
      street: 'Central Store Street 1',
      postalCode: '10115',
      city: 'Berlin',
      address: 'Central Store Street 1, 10115 Berlin',
      customerStoreId: 'C-0001',
      status: 'active',
    });
    const dcs = AddressList.parse(await readJson(await get('/retailers/R-1/distribution-centers', 'orderer')));
    expect(dcs).toMatchObject({ storeType: 1, totalCount: 1, items: [{ storeId: 'D-1', storeType: 1, name: 'North Hub' }] });
  });

  it('searches name, street, postal code, city, customer store id and id', async () => {
    const search = async (text: string, path = '/stores') =>
      AddressList.parse(await readJson(await get(path, 'orderer', { customerId: 'R-1', search: text }))).items.map((a) => a.storeId);
    expect(await search('hamburg')).toEqual(['S-2']);
    expect(await search('c-0001')).toEqual(['S-1']);
    expect(await search('S-4')).toEqual(['S-4']);
    expect(await search('closing store STREET')).toEqual(['S-4']);
    expect(await search('10115')).toHaveLength(4);
    expect(await search('hub road', '/retailers/R-1/distribution-centers')).toEqual(['D-1']);
    expect(await search('nowhere')).toEqual([]);
  });

  it('answers one address, and 404 for another retailer’s store or retailer', async () => {
    const one = AddressRow.parse(await readJson(await get('/stores/S-1', 'orderer', { customerId: 'R-1' })));
    expect(one.name).toBe('Central Store');
    const dc = AddressRow.parse(await readJson(await get('/stores/D-1', 'orderer', { customerId: 'R-1', storeType: 1 })));
    expect(dc.storeType).toBe(1);
    const foreign = await get('/stores/S-9', 'orderer', { customerId: 'R-1' });
    expect(foreign.status).toBe(404);
    expect(await readJson(foreign)).toMatchObject({ code: 'STORE.NOT_FOUND' });
    const foreignRetailer = await get('/stores', 'orderer', { customerId: 'R-3' });
    expect(foreignRetailer.status).toBe(404);
    expect(await readJson(foreignRetailer)).toMatchObject({ code: 'RETAILER.NOT_FOUND' });
    expect((await get('/stores/S-404', 'orderer', { customerId: 'R-1' })).status).toBe(404);
  });

  it('refuses every ordering function without cardOrdering (403)', async () => {
    for (const res of [
      await get('/stores', 'sales.only', { customerId: 'R-1' }),
      await get('/stores/S-1', 'sales.only', { customerId: 'R-1' }),
      await get('/products', 'sales.only', { customerId: 'R-1', storeId: 'S-1', storeType: 0 }),
      await get('/orders', 'sales.only', { customerId: 'R-1' }),
      await get('/orders/O-20261121-AAAAAA', 'sales.only'),
      await submit(order([{ inventoryProductId: 'I-2', amount: 1 }]), newKey(), 'sales.only'),
    ]) {
      expect(res.status).toBe(403);
      expect(await readJson(res)).toMatchObject({ code: 'PERMISSION.DENIED' });
    }
  });
});

describe('products step', () => {
  const products = async (user = 'orderer', params: Record<string, string | number> = {}) => {
    const res = await get('/products', user, { customerId: 'R-1', storeId: 'S-1', storeType: 0, ...params });
    expect(res.status).toBe(200);
    return ProductsAnswer.parse(await readJson(res));
  };

  it('offers the retailer’s active products with their figures, suggested quantity, AIRS and stock warning', async () => {
    const answer = await products();
    expect(answer.location.storeId).toBe('S-1');
    expect(answer.items.map((p) => p.id)).toEqual(['P-1', 'P-2']); // P-3 not the retailer's, P-4 inactive
    const [alpha, beta] = answer.items;
    expect(alpha).toMatchObject({
      inventoryProductId: 'I-1',
      name: 'Alpha Card',
      packagingUnit: 5,
      minimum: 10,
      maximum: 100,
      couponType: 'POSA',
      faceValueCents: 2500,
      singleItemAmountCents: 2500,
      salesLast4Weeks: 60,
      calculatedSince: addDays(TODAY, -20),
      lastOrder: { date: addDays(TODAY, -10), quantity: 20 },
      salesSinceLastOrder: 30,
      stock: -10,
      stockWarning: true,
      airs: true,
    });
    expect(alpha!.suggestedQuantity).toBe(
      suggestedQuantity({ salesLast4Weeks: 60, stock: -10, packagingUnit: 5, minimum: 10, maximum: 100 }),
    );
    expect(alpha!.suggestedQuantity).toBe(80);
    expect(beta).toMatchObject({
      airs: false,
      stock: null,
      stockWarning: false,
      suggestedQuantity: 0,
      lastOrder: null,
      singleItemAmountCents: null,
    });
  });

  it('offers every active product when the retailer product check is disabled', async () => {
    expect((await products('free.orderer')).items.map((p) => p.id)).toEqual(['P-1', 'P-2', 'P-3']);
  });

  it('serves a distribution centre, and 404 for another retailer’s store', async () => {
    expect((await products('orderer', { storeId: 'D-1', storeType: 1 })).location.name).toBe('North Hub');
    const foreign = await get('/products', 'orderer', { customerId: 'R-1', storeId: 'S-9', storeType: 0 });
    expect(foreign.status).toBe(404);
    const foreignRetailer = await get('/products', 'orderer', { customerId: 'R-3', storeId: 'S-9', storeType: 0 });
    expect(foreignRetailer.status).toBe(404);
  });

  it("costs a small fixed number of DynamoDB calls: four, and one more for the store's allocation (ADR 087)", async () => {
    const account = (await getAccount(world.backend.db, 'orderer'))!;
    const actor = actorFor(account, { method: 'password' });
    const { calls } = await productsStepWithCalls(world.backend.db, actor, { customerId: 'R-1', storeType: 0, storeId: 'S-1' }, clock);
    expect(calls).toBe(5);
  });
});

describe('submitting an order', () => {
  it('refuses invalid positions with field issues and writes nothing', async () => {
    const cases: [object, { path: string; message: string }[]][] = [
      [order([{ inventoryProductId: 'I-3', amount: 1 }]), [{ path: 'positions.0.inventoryProductId', message: 'Product not available' }]],
      [order([{ inventoryProductId: 'I-4', amount: 1 }]), [{ path: 'positions.0.inventoryProductId', message: 'Product not available' }]],
      [order([{ inventoryProductId: 'I-404', amount: 1 }]), [{ path: 'positions.0.inventoryProductId', message: 'Product not available' }]],
      [
        order([
          { inventoryProductId: 'I-2', amount: 1 },
          { inventoryProductId: 'I-1', amount: 5 },
          { inventoryProductId: 'I-2', amount: 2 },
        ]),
        [
          { path: 'positions.1.amount', message: 'Minimum' },
          { path: 'positions.2.inventoryProductId', message: 'Product ordered twice' },
        ],
      ],
      [order([{ inventoryProductId: 'I-1', amount: 105 }]), [{ path: 'positions.0.amount', message: 'Maximum' }]],
      [order([{ inventoryProductId: 'I-1', amount: 12 }]), [{ path: 'positions.0.amount', message: 'PU' }]],
      [order([{ inventoryProductId: 'I-2', amount: 0 }]), [{ path: 'positions.0.amount', message: 'Minimum' }]],
    ];
    for (const [body, issues] of cases) {
      const res = await submit(body);
      expect(res.status).toBe(400);
      expect(await readJson(res)).toEqual({ code: 'ORDER.INVALID', message: 'Your order is invalid', issues });
    }
    const empty = await submit(order([]));
    expect(empty.status).toBe(400);
    expect(await readJson(empty)).toMatchObject({ issues: [{ path: 'positions', message: 'Please enter at least one value' }] });
    expect((await submit(order([{ inventoryProductId: 'I-2', amount: 1 }]), null)).status).toBe(400);
    expect(await orderItems()).toEqual([]);
  });

  it('refuses a locked or deleted store, and 404 for another retailer’s store', async () => {
    for (const storeId of ['S-2', 'S-3']) {
      const res = await submit(order([{ inventoryProductId: 'I-2', amount: 1 }], { storeId }));
      expect(res.status).toBe(400);
      expect(await readJson(res)).toMatchObject({ code: 'ORDER.LOCATION_NOT_SELECTABLE', message: 'Please select a location' });
    }
    const foreign = await submit(order([{ inventoryProductId: 'I-2', amount: 1 }], { storeId: 'S-9' }));
    expect(foreign.status).toBe(404);
    const foreignRetailer = await submit(order([{ inventoryProductId: 'I-2', amount: 1 }], { customerId: 'R-3', storeId: 'S-9' }));
    expect(foreignRetailer.status).toBe(404);
    expect(await orderItems()).toEqual([]);
  });

  it('creates an order once per idempotency key; the same key with another body is 409', async () => {
    const key = newKey();
    const body = order(
      [
        { inventoryProductId: 'I-1', amount: 50 },
        { inventoryProductId: 'I-2', amount: 3 },
      ],
      { reference: 'PO-4711' },
    );
    const first = await submit(body, key);
    expect(first.status).toBe(201);
    const created = OrderDetail.parse(await readJson(first));
    expect(created.orderId).toMatch(/^O-20261121-[0-9A-Z]{6}$/);
    expect(created).toMatchObject({
      retailerId: 'R-1',
      reference: 'PO-4711',
      orderedAt: clock.toISOString(),
      orderedBy: 'orderer Tester',
      status: 'created',
      storeType: 0,
      storeId: 'S-1',
      storeName: 'Central Store',
      quantityOrdered: 53,
      quantityShipped: 0,
      positionCount: 2,
      address: { storeId: 'S-1', customerStoreId: 'C-0001' },
    });
    expect(created.positions.map((p) => [p.productId, p.inventoryProductId, p.amount, p.quantityOrdered])).toEqual([
      ['P-1', 'I-1', 50, 50],
      ['P-2', 'I-2', 3, 3],
    ]);

    const replay = await submit(body, key);
    expect(replay.status).toBe(200);
    expect(OrderDetail.parse(await readJson(replay)).orderId).toBe(created.orderId);

    const reused = await submit({ ...body, reference: 'PO-4712' }, key);
    expect(reused.status).toBe(409);
    expect(await readJson(reused)).toMatchObject({ code: 'IDEMPOTENCY.KEY_REUSED' });

    // One header, one positions chunk, one idempotency record.
    expect((await orderItems()).map((i) => i.sk).sort()).toEqual(['ORDER', 'ORDER_SUBMIT', 'POS#0000']);
    createdOrderId = created.orderId;
  });

  it('turns two concurrent identical submissions into one order', async () => {
    clock = new Date(`${TODAY}T10:05:00Z`);
    const key = newKey();
    const body = order([{ inventoryProductId: 'I-1', amount: 10 }], { reference: 'twin' });
    const answers = await Promise.all([submit(body, key), submit(body, key)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 201]);
    const [a, b] = await Promise.all(answers.map(async (r) => OrderDetail.parse(await readJson(r))));
    expect(a!.orderId).toBe(b!.orderId);
    const list = OrdersPage.parse(await readJson(await get('/orders', 'orderer', { customerId: 'R-1', results: 100 })));
    expect(list.items.filter((o) => o.reference === 'twin').map((o) => o.orderId)).toEqual([a!.orderId]);
  });

  it('keeps every order of concurrent submissions to one store in its summary (version retries)', async () => {
    const body = (amount: number) => order([{ inventoryProductId: 'I-2', amount }], { customerId: 'R-2', storeId: 'S-21' });
    const same = newKey();
    const answers = await Promise.all([
      ...[1, 2, 3, 4].map((n) => submit(body(n), newKey(), 'group.user')),
      ...[0, 1, 2].map(() => submit(body(5), same, 'group.user')),
    ]);
    expect(answers.slice(0, 4).map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(
      answers
        .slice(4)
        .map((r) => r.status)
        .sort(),
    ).toEqual([200, 200, 201]);
    const ids = await Promise.all(answers.map(async (r) => OrderDetail.parse(await readJson(r)).orderId));
    expect(new Set(ids.slice(4)).size).toBe(1);
    const page = OrdersPage.parse(await readJson(await get('/orders', 'group.user', { customerId: 'R-2' })));
    expect(page.totalCount).toBe(5);
    const step = ProductsAnswer.parse(
      await readJson(await get('/products', 'group.user', { customerId: 'R-2', storeId: 'S-21', storeType: 0 })),
    );
    expect(step.items.find((p) => p.id === 'P-2')!.lastOrder).toEqual({ date: TODAY, quantity: 1 + 2 + 3 + 4 + 5 });
  });

  it('shows the portal order as the last order in the products step', async () => {
    const answer = ProductsAnswer.parse(
      await readJson(await get('/products', 'orderer', { customerId: 'R-1', storeId: 'S-1', storeType: 0 })),
    );
    const alpha = answer.items.find((p) => p.id === 'P-1')!;
    // Two orders today (50 + 10); no sales today yet.
    expect(alpha.lastOrder).toEqual({ date: TODAY, quantity: 60 });
    expect(alpha.salesSinceLastOrder).toBe(0);
    expect(answer.items.find((p) => p.id === 'P-2')!.lastOrder).toEqual({ date: TODAY, quantity: 3 });
  });
});

let createdOrderId = '';

describe('orders list, detail and PDF', () => {
  const list = async (params: Record<string, string | number> = {}, user = 'orderer') => {
    const res = await get('/orders', user, { customerId: 'R-1', ...params });
    expect(res.status).toBe(200);
    return OrdersPage.parse(await readJson(res));
  };
  const at = async (iso: string, body: object) => {
    const before = clock;
    clock = new Date(iso);
    try {
      const res = await submit(body);
      expect(res.status).toBe(201);
      return OrderDetail.parse(await readJson(res));
    } finally {
      clock = before;
    }
  };
  let march: OrderDetail;
  let old: OrderDetail;
  let dc: OrderDetail;
  let closing: OrderDetail;

  beforeAll(async () => {
    old = await at('2025-06-01T08:00:00Z', order([{ inventoryProductId: 'I-2', amount: 1 }], { reference: 'old' }));
    march = await at('2026-03-01T08:00:00Z', order([{ inventoryProductId: 'I-2', amount: 2 }], { reference: 'march' }));
    dc = await at(
      '2026-11-20T23:30:00Z',
      order([{ inventoryProductId: 'I-2', amount: 4 }], { storeType: 1, storeId: 'D-1', reference: 'dc' }),
    );
    closing = await at('2026-11-21T09:00:00Z', order([{ inventoryProductId: 'I-2', amount: 5 }], { storeId: 'S-4', reference: 'closing' }));
    // S-4 is deleted after its order.
    await importKind('stores', [store('S-4', 'R-1', 'Closing Store', 'Cologne', { status: 'deleted' })]);
    // Shipped against the first order: 10 of P-1 (submitted) and a cancelled line of P-2.
    await importKind('shipments', [
      { shipmentId: 'SH-9', storeId: 'S-1', productId: 'P-1', date: TODAY, quantity: 10, orderId: createdOrderId },
      { shipmentId: 'SH-9', storeId: 'S-1', productId: 'P-2', date: TODAY, quantity: 3, status: 'cancelled', orderId: createdOrderId },
    ]);
  });

  it('lists the last year newest first, hiding orders of deleted addresses unless asked', async () => {
    const page = await list({ results: 100 });
    expect(page.items.map((o) => o.reference)).toEqual(['twin', 'PO-4711', 'dc', 'march']);
    expect(page.totalCount).toBe(4);
    const first = page.items.find((o) => o.orderId === createdOrderId)!;
    expect(first).toMatchObject({ quantityOrdered: 53, quantityShipped: 10, positionCount: 2, storeName: 'Central Store' });
    const withDeleted = await list({ results: 100, deleted: 1 });
    expect(withDeleted.items.map((o) => o.orderId)).toContain(closing.orderId);
    expect(withDeleted.totalCount).toBe(5);
    expect((await list({ storeId: 'S-4', deleted: 'true' })).items.map((o) => o.orderId)).toEqual([closing.orderId]);
    expect((await list({ storeId: 'S-4' })).totalCount).toBe(0);
  });

  it('filters by dates (days in the actor’s zone), store and store type', async () => {
    expect((await list({ startDate: '2026-03-01', endDate: '2026-03-01' })).items.map((o) => o.orderId)).toEqual([march.orderId]);
    expect((await list({ startDate: '2025-01-01', endDate: '2025-12-31' })).items.map((o) => o.orderId)).toEqual([old.orderId]);
    // 2026-11-20T23:30Z is already the 21st in Berlin.
    expect((await list({ startDate: '2026-11-20', endDate: '2026-11-20' })).items).toEqual([]);
    expect((await list({ startDate: '2026-11-21', endDate: '2026-11-21' })).items.map((o) => o.reference)).toEqual([
      'twin',
      'PO-4711',
      'dc',
    ]);
    expect(dc.orderId).toMatch(/^O-20261121-/);
    expect((await list({ storeId: 'S-1', storeType: 0 })).items.map((o) => o.reference)).toEqual(['twin', 'PO-4711', 'march']);
    expect((await list({ storeType: 1 })).items.map((o) => o.orderId)).toEqual([dc.orderId]);
    expect((await list({ storeId: 'D-1', storeType: 1 })).items.map((o) => o.orderId)).toEqual([dc.orderId]);
    expect((await get('/orders', 'orderer', { customerId: 'R-1', storeId: 'S-9' })).status).toBe(404);
    expect((await get('/orders', 'orderer', { customerId: 'R-1', startDate: '2026-03-02', endDate: '2026-03-01' })).status).toBe(400);
  });

  it('pages on the server', async () => {
    const one = await list({ results: 3, index: 0 });
    const two = await list({ results: 3, index: 1 });
    expect(one.totalCount).toBe(4);
    expect(two.totalCount).toBe(4);
    expect(one.items).toHaveLength(3);
    expect(two.items).toHaveLength(1);
    expect(new Set([...one.items, ...two.items].map((o) => o.orderId)).size).toBe(4);
  });

  it('answers the detail with shipped quantities per position and the shipments', async () => {
    const res = await get(`/orders/${createdOrderId}`);
    expect(res.status).toBe(200);
    const detail = OrderDetail.parse(await readJson(res));
    expect(detail.quantityShipped).toBe(10);
    expect(detail.positions.map((p) => [p.productId, p.quantityOrdered, p.quantityShipped])).toEqual([
      ['P-1', 50, 50 - 40],
      ['P-2', 3, 0],
    ]);
    expect(detail.shipments).toEqual([
      { shipmentId: 'SH-9', date: TODAY, productId: 'P-1', quantity: 10, status: 'submitted' },
      { shipmentId: 'SH-9', date: TODAY, productId: 'P-2', quantity: 3, status: 'cancelled' },
    ]);
  });

  it('hides another retailer’s order and PDF (404) and unknown ids', async () => {
    for (const path of [`/orders/${createdOrderId}`, `/orders/${createdOrderId}/pdf`, '/orders/O-20261121-ZZZZZZ']) {
      const res = await get(path, path.includes('ZZZ') ? 'orderer' : 'other.orderer');
      expect(res.status).toBe(404);
      expect(await readJson(res)).toMatchObject({ code: 'ORDER.NOT_FOUND' });
    }
    expect((await get('/orders', 'other.orderer', { customerId: 'R-1' })).status).toBe(404);
    // The group's user may see it.
    expect((await get(`/orders/${createdOrderId}`, 'group.user')).status).toBe(200);
  });

  it('renders the order as a PDF', async () => {
    const res = await get(`/orders/${createdOrderId}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    // A meaningful name: the order and its date in the user's zone; download=1 makes it an attachment.
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="Order-${createdOrderId}-${TODAY}.pdf"`);
    const download = await get(`/orders/${createdOrderId}/pdf`, 'orderer', { download: 1 });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="Order-${createdOrderId}-${TODAY}.pdf"`);
    expect((await get(`/orders/${createdOrderId}/pdf`, 'orderer', { download: 'yes' })).status).toBe(400);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1500);
    const text = (await pdfText(bytes)).join('\n');
    expect(text).toContain(`Order ${createdOrderId}`);
    expect(text).toMatch(/Status\n(Created|Pending|Ordered)/);
  });

  it('writes the PDF in the account language, with the status in words', async () => {
    const setLocale = (locale: string) =>
      world.app.request(`/api/account/set-locale?locale=${locale}`, { headers: headers(world.cookies['group.user']) });
    expect((await setLocale('de-DE')).status).toBe(200);
    try {
      const res = await get(`/orders/${createdOrderId}/pdf`, 'group.user');
      expect(res.status).toBe(200);
      const text = (await pdfText(new Uint8Array(await res.arrayBuffer()))).join('\n');
      expect(text).toContain(`Bestellung ${createdOrderId}`);
      expect(text).toContain('Lieferadresse');
      expect(text).toMatch(/Status\n(Angelegt|Ausstehend|Bestellt)/);
      expect(text).not.toMatch(/Status\n[a-z]/);
    } finally {
      expect((await setLocale('en-US')).status).toBe(200);
    }
  });
});
