import type { Backend } from '@portal/backend';
import { SerialLookupAnswer } from '@portal/core/transaction';
import { gtinCheckDigit } from '@portal/core/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { readJson, signInAll } from '../../tests/support/api.ts';
import { createTestBackend, importOk } from '../../tests/support/test-backend.ts';
import { createApp } from './app.ts';
import { paymentAccount } from '../../tests/support/payment-accounts.ts';

/**
 * GET /api/serial-numbers (ADR 034) through the app against DynamoDB Local: the answer's
 * shape, another customer's serial answering exactly like a serial nobody has, bad input as 400 with
 * field issues (a bad serial, more than 100, none), the permission (403) and the portal.
 */
let backend: Backend;
let app: ReturnType<typeof createApp>;
const PASSWORD = 'Correct-Horse-42!';
const cookies: Record<string, string> = {};
const EAN = (() => {
  const body = '404000000001';
  return `${body}${gtinCheckDigit(body)}`;
})();
const OWN = '7400000000000001';
const THEIRS = '7400000000000002';
const NOBODY = '7400000000000009';

const headers = (cookie?: string, portal = 'connect') => ({ 'X-Portal': portal, ...(cookie ? { Cookie: cookie } : {}) });
const get = (serials: string, user?: string, portal = 'connect') =>
  app.request(`/api/serial-numbers?serials=${encodeURIComponent(serials)}`, { headers: headers(user && cookies[user], portal) });

beforeAll(async () => {
  backend = await createTestBackend(() => new Date('2026-11-21T10:00:00Z'));
  app = createApp(backend, () => '203.0.113.19');
  const ok = (kind: string, records: object[]) => importOk(backend, kind, records);
  const account = (username: string, customerId: string, payment: number) => paymentAccount(username, customerId, payment, PASSWORD);
  await ok('accounts', [account('sn.own', 'R-SA', 2), account('sn.tx', 'R-SA', 1)]);
  await ok('retailers', [
    { customerId: 'R-SA', name: 'Alpha Markets' },
    { customerId: 'R-SB', name: 'Beta Shops' },
  ]);
  await ok('products', [{ productId: 'P-S1', ean: EAN, inventoryProductId: 'I-S1', sku: 'S-S1', name: 'Gift card 25', company: 'Brand' }]);
  await ok('transactionTypes', [{ transactionTypeId: 'activation', name: 'activation' }]);
  await ok('serials', [
    {
      serialFrom: OWN,
      ean: EAN,
      contract: false,
      retailerId: 'R-SA',
      status: 'Activated',
      activatedAt: '2026-11-02T09:14:00Z',
      activationTerminalId: 'POS-1',
    },
    { serialFrom: THEIRS, ean: EAN, contract: false, retailerId: 'R-SB' },
  ]);
  const tx = (transactionId: string, serial: string, customerId: string) => ({
    transactionId,
    at: '2026-11-02T09:14:00Z',
    customerId,
    terminalId: 'POS-1',
    type: 'activation',
    resultCode: '00',
    result: 'approved',
    serial,
    ean: EAN,
    amount: 2500,
    currency: 'EUR',
  });
  await ok('transactions', [tx('TX-S1', OWN, 'R-SA'), tx('TX-S2', THEIRS, 'R-SB')]);
  Object.assign(cookies, await signInAll(app, ['sn.own', 'sn.tx'], PASSWORD));
}, 120_000);

describe('GET /api/serial-numbers', () => {
  it('answers each serial with its cards and transactions (spaces and dashes in a serial are dropped)', async () => {
    const res = await get(`${OWN.slice(0, 4)} ${OWN.slice(4, 8)}-${OWN.slice(8)},${NOBODY}`, 'sn.own');
    expect(res.status).toBe(200);
    const body = SerialLookupAnswer.parse(await readJson(res));
    expect(body.results.map((r) => [r.serial, r.found, r.cards.length, r.transactions.length])).toEqual([
      [OWN, true, 1, 1],
      [NOBODY, false, 0, 0],
    ]);
    expect(body.results[0]!.cards[0]).toMatchObject({
      productName: 'Gift card 25',
      cardStatus: 'activated',
      customerName: 'Alpha Markets',
    });
    expect(body.results[0]!.transactions[0]).toMatchObject({ transactionId: 'TX-S1', customerName: 'Alpha Markets', amount: 2500 });
  });

  it("answers another customer's serial byte for byte like a serial nobody has", async () => {
    const theirs = await (await get(THEIRS, 'sn.own')).text();
    const nobody = await (await get(NOBODY, 'sn.own')).text();
    expect(theirs.split(THEIRS).join(NOBODY)).toBe(nobody);
    expect(JSON.parse(nobody.slice(nobody.indexOf('{')))).toEqual({
      results: [{ serial: NOBODY, found: false, cards: [], transactions: [] }],
    });
  });

  it('answers 400 with field issues for a bad serial, more than 100, or none', async () => {
    const bad = await get(`${OWN},12ab`, 'sn.own');
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toMatchObject({ code: 'REQUEST.VALIDATION_FAILED', issues: [{ path: 'serials.1' }] });

    const many = Array.from({ length: 101 }, (_, i) => `74000000${String(i).padStart(8, '0')}`).join(',');
    const tooMany = await get(many, 'sn.own');
    expect(tooMany.status).toBe(400);
    expect(await readJson(tooMany)).toMatchObject({ issues: [{ path: 'serials' }] });
    expect((await get(Array.from({ length: 100 }, (_, i) => `74000000${String(i).padStart(8, '0')}`).join(','), 'sn.own')).status).toBe(
      200,
    );

    for (const empty of [' , ', '']) expect((await get(empty, 'sn.own')).status).toBe(400);
    expect((await app.request('/api/serial-numbers', { headers: headers(cookies['sn.own']) })).status).toBe(400);
  });

  it('answers 403 without payment.serialLookup, 403 on the ordering portal, 401 signed out', async () => {
    const denied = await get(OWN, 'sn.tx');
    expect(denied.status).toBe(403);
    expect(await readJson(denied)).toMatchObject({ code: 'PERMISSION.DENIED' });
    expect((await get(OWN, 'sn.own', 'ordering')).status).toBe(403);
    expect((await get(OWN)).status).toBe(401);
  });
});
