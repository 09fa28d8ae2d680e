import type { Backend } from '@portal/backend';
import { Transaction, TransactionPage } from '@portal/core/transaction';
import { beforeAll, describe, expect, it } from 'vitest';
import { readJson, signInAll } from '../../tests/support/api.ts';
import { createTestBackend, importOk } from '../../tests/support/test-backend.ts';
import { createApp } from './app.ts';
import { paymentAccount } from '../../tests/support/payment-accounts.ts';

/**
 * GET /api/transactions and GET /api/transactions/:key (ADR 032) through the app
 * against DynamoDB Local: the page in the account's time zone, another customer's customer or
 * transaction answering byte for byte like a nonexistent one, hostile query strings as 400 (never 500),
 * the permission (403) and the portal.
 */
let backend: Backend;
let app: ReturnType<typeof createApp>;
const PASSWORD = 'Correct-Horse-42!';
const cookies: Record<string, string> = {};

const headers = (cookie?: string, portal = 'connect') => ({ 'X-Portal': portal, ...(cookie ? { Cookie: cookie } : {}) });
const get = (path: string, user?: string, portal = 'connect') =>
  app.request(`/api/transactions${path}`, { headers: headers(user && cookies[user], portal) });
const range = 'startDate=2026-11-01&endDate=2026-11-21';

beforeAll(async () => {
  backend = await createTestBackend(() => new Date('2026-11-21T10:00:00Z'));
  app = createApp(backend, () => '203.0.113.21');
  const ok = (kind: string, records: object[]) => importOk(backend, kind, records);
  const account = (username: string, customerId: string, payment: number, timezone = 'Asia/Kolkata') =>
    paymentAccount(username, customerId, payment, PASSWORD, timezone);
  await ok('retailers', [
    { customerId: 'R-TA', name: 'Alpha Markets' },
    { customerId: 'R-TB', name: 'Beta Shops' },
  ]);
  await ok('providers', [{ customerId: 'P-TC', name: 'Gamma Content' }]);
  await ok('accounts', [account('tx.own', 'R-TA', 1), account('tx.none', 'R-TA', 2), account('tx.provider', 'P-TC', 1)]);
  await ok('products', [
    {
      productId: 'P-GAME',
      ean: '4012345100020',
      inventoryProductId: 'I-G',
      sku: 'S-G',
      name: 'Gamma game card',
      company: 'Gamma',
      faceValue: 25,
      contentProviderId: 'P-TC',
    },
  ]);
  await ok('transactionTypes', [{ transactionTypeId: 'sale', name: 'Sale' }]);
  const tx = (transactionId: string, customerId: string, at: string) => ({
    transactionId,
    at,
    customerId,
    terminalId: 'POS-1',
    type: 'sale',
    resultCode: '00',
    result: 'approved',
    amount: 1999,
    currency: 'EUR',
  });
  await ok('transactions', [
    tx('TX-A1', 'R-TA', '2026-11-20T18:29:00Z'), // 2026-11-20 23:59 in Kolkata
    tx('TX-A2', 'R-TA', '2026-11-20T18:31:00Z'), // 2026-11-21 00:01 in Kolkata
    tx('TX-B1', 'R-TB', '2026-11-20T10:00:00Z'),
    { ...tx('TX-B2', 'R-TB', '2026-11-20T11:00:00Z'), ean: '4012345100020' }, // Gamma's product sold at Beta
  ]);
  Object.assign(cookies, await signInAll(app, ['tx.own', 'tx.none', 'tx.provider'], PASSWORD));
}, 120_000);

describe('GET /api/transactions', () => {
  it("answers a page of the customer's transactions, the days in the account's zone, newest first", async () => {
    const res = await get(`?customerId=R-TA&startDate=2026-11-20&endDate=2026-11-20`, 'tx.own');
    expect(res.status).toBe(200);
    const page = TransactionPage.parse(await readJson(res));
    expect(page).toMatchObject({ index: 0, maxResults: 50, totalCount: 1, complete: true, asOf: '2026-11-21T10:00:00.000Z' });
    expect(page.items.map((t) => [t.transactionId, t.customerName, t.amount])).toEqual([['TX-A1', 'Alpha Markets', 1999]]);
    const all = TransactionPage.parse(await readJson(await get(`?customerId=R-TA&${range}&maxResults=25`, 'tx.own')));
    expect(all.items.map((t) => t.transactionId)).toEqual(['TX-A2', 'TX-A1']);

    const detail = await get(`/${all.items[0]!.key}`, 'tx.own');
    expect(detail.status).toBe(200);
    expect(Transaction.parse(await readJson(detail))).toMatchObject({ transactionId: 'TX-A2', customerName: 'Alpha Markets' });
  });

  it("answers another customer's customer and transaction byte for byte like nonexistent ones", async () => {
    const theirs = await (await get(`?customerId=R-TB&${range}`, 'tx.own')).text();
    const nobody = await (await get(`?customerId=R-TX&${range}`, 'tx.own')).text();
    expect(theirs).toBe(nobody);
    expect(JSON.parse(nobody.slice(nobody.indexOf('{')))).toMatchObject({ code: 'TRANSACTION.CUSTOMER_NOT_FOUND' });

    const key = (customer: string, sk: string) => Buffer.from(`${customer}\n${sk}`).toString('base64url');
    const foreign = await get(`/${key('R-TB', '2026-11-20T10:00:00.000Z#TX-B1')}`, 'tx.own');
    const missing = await get(`/${key('R-TX', '2026-11-20T10:00:00.000Z#TX-B1')}`, 'tx.own');
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe(await missing.text());
  });

  it("shows a content provider one transaction of its product sold at a retailer, not the retailer's list or other transactions (ADR 063)", async () => {
    const key = (customer: string, sk: string) => Buffer.from(`${customer}\n${sk}`).toString('base64url');
    const ofProduct = await get(`/${key('R-TB', '2026-11-20T11:00:00.000Z#TX-B2')}`, 'tx.provider');
    expect(ofProduct.status).toBe(200);
    expect(Transaction.parse(await readJson(ofProduct))).toMatchObject({ transactionId: 'TX-B2', customerId: 'R-TB', productId: 'P-GAME' });
    const other = await get(`/${key('R-TB', '2026-11-20T10:00:00.000Z#TX-B1')}`, 'tx.provider');
    const missing = await get(`/${key('R-TX', '2026-11-20T10:00:00.000Z#TX-B1')}`, 'tx.provider');
    expect(other.status).toBe(404);
    expect(await other.text()).toBe(await missing.text());
    // The list is a customer's bookings: the retailer's stays hidden, the provider's own answers.
    expect((await get(`?customerId=R-TB&${range}`, 'tx.provider')).status).toBe(404);
    expect((await get(`?customerId=P-TC&${range}`, 'tx.provider')).status).toBe(200);
  });

  it('answers 400 for hostile query strings, never 500', async () => {
    const hostile = [
      '',
      '?customerId=R-TA',
      `?customerId=R-TA&startDate=2026-02-31&endDate=2026-03-01`,
      `?customerId=R-TA&startDate=2026-11-21&endDate=2026-11-01`,
      `?customerId=R-TA&startDate=2020-01-01&endDate=2026-11-01`,
      `?customerId=R-TA&${range}&maxResults=51`,
      `?customerId=R-TA&${range}&index=-1`,
      `?customerId=R-TA&${range}&index=1e99`,
      `?customerId=R-TA&${range}&result=maybe`,
      `?customerId=R-TA&${range}&ean=123`,
      `?customerId=R-TA&${range}&serial=${'9'.repeat(80)}`,
      `?customerId=R-TA&${range}&asOf=yesterday`,
      `?customerId=R-TA&${range}&resultCode=${encodeURIComponent("' OR 1=1")}`,
      `?customerId=${'x'.repeat(500)}&${range}`,
    ];
    for (const query of hostile) {
      const res = await get(query, 'tx.own');
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
    }
    for (const key of ['%00', 'x'.repeat(301), 'AAAA', Buffer.from('R-TA\n../../etc').toString('base64url')]) {
      const res = await get(`/${key}`, 'tx.own');
      expect({ key, status: res.status }).toEqual({ key, status: res.status === 400 ? 400 : 404 });
    }
  });

  it('answers 403 without the section permission, 403 on the ordering portal, 401 signed out', async () => {
    const denied = await get(`?customerId=R-TA&${range}`, 'tx.none');
    expect(denied.status).toBe(403);
    expect(await readJson(denied)).toMatchObject({ code: 'PERMISSION.DENIED' });
    expect((await get(`?customerId=R-TA&${range}`, 'tx.own', 'ordering')).status).toBe(403);
    expect((await get(`?customerId=R-TA&${range}`)).status).toBe(401);
  });
});
