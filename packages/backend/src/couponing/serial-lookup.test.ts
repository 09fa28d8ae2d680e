import type { Actor, Backend } from '@portal/backend';
import { decodeAccess } from '@portal/core/auth';
import { SERIAL_TRANSACTIONS_SHOWN, type SerialLookupResult } from '@portal/core/transaction';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, importOk } from '../../../../tests/support/test-backend.ts';
import { countCalls } from '../platform/db/call-counter.ts';
import type { ExportRow } from '../platform/jobs/file-columns.ts';
import { transactionSource } from '../export/index.ts';
import { lookupSerials } from './serial-lookup.ts';
import { testEan } from '../../../../tests/support/ean.ts';

/**
 * The Serial Numbers lookup (ADR 034) against DynamoDB Local: cards and transactions
 * of a serial as the actor may see them (ADR 015), a serial of another customer answering exactly like
 * one nobody has, a provider seeing its transactions on a retailer's card, the permission, and the
 * DynamoDB calls: 2 Queries per serial and one BatchGet, whatever a serial's history.
 */
const CLOCK = new Date('2026-11-21T10:00:00Z');
let backend: Backend;

const ean = (n: number) => testEan('403', n);
const GIFT = { productId: 'P-L1', ean: ean(1) };
const GAME = { productId: 'P-L2', ean: ean(2) };

/** Serials: own card with history; another retailer's card; one serial on two retailers' cards; a provider's transactions only; a long history. */
const S = {
  own: '7300000000000001',
  theirs: '7300000000000002',
  shared: '7300000000000003',
  providerOnly: '7300000000000004',
  nobody: '7300000000000005',
  long: '7300000000000006',
  /** A card of Beta Shops (R-LB) with Alpha Content's (P-LA) game product, and its Beta Shops history. */
  providerProduct: '7300000000000007',
};

const actor = (customerId: string, payment = 2, securityFlag = 16): Actor => ({
  username: `user.${customerId || 'global'}`,
  displayName: 'User',
  customerId,
  access: decodeAccess({ securityFlag, permissions: 0, settings: 0, modules: { payment: { permissions: payment, settings: 0 } } }),
  strongAuthentication: false,
  timezone: 'Europe/Berlin',
  locale: 'en-US',
});
const OWN = actor('R-LA');
const GROUP = actor('G-LA');
const GLOBAL = actor('', 2, 16 + 4096);
const PROVIDER = actor('P-LA');
const lookup = (who: Actor, serials: string[]) => lookupSerials({ db: backend.db, now: () => CLOCK }, who, serials);

let txCounter = 0;
const tx = (serial: string, customerId: string, at: string, extra: object = {}) => ({
  transactionId: `TX-L${String(++txCounter).padStart(5, '0')}`,
  at,
  customerId,
  terminalId: 'POS-L1',
  type: 'activation',
  resultCode: '00',
  result: 'approved',
  serial,
  ean: GIFT.ean,
  amount: 2500,
  currency: 'EUR',
  ...extra,
});

beforeAll(async () => {
  backend = await createTestBackend(() => CLOCK);
  const ok = (kind: string, records: object[]) => importOk(backend, kind, records);
  await ok('customerGroups', [
    { customerGroupId: 'G-LA', name: 'Alpha group' },
    { customerGroupId: 'G-LB', name: 'Beta group' },
  ]);
  await ok('retailers', [
    { customerId: 'R-LA', name: 'Alpha Markets', groupId: 'G-LA' },
    { customerId: 'R-LB', name: 'Beta Shops', groupId: 'G-LB' },
  ]);
  await ok('providers', [{ customerId: 'P-LA', name: 'Alpha Content', customerGroupId: 'G-LA' }]);
  await ok('products', [
    { ...GIFT, inventoryProductId: 'I-L1', sku: 'S-L1', name: 'Gift card 25', company: 'Brand', faceValue: 25 },
    { ...GAME, inventoryProductId: 'I-L2', sku: 'S-L2', name: 'Game card 50', company: 'Play', faceValue: 50, contentProviderId: 'P-LA' },
  ]);
  await ok(
    'transactionTypes',
    ['activation', 'redemption', 'void'].map((id) => ({ transactionTypeId: id, name: id })),
  );
  const card = (serialFrom: string, retailerId: string, extra: object = {}) => ({
    serialFrom,
    ean: GIFT.ean,
    contract: false,
    retailerId,
    ...extra,
  });
  await ok('serials', [
    card(S.own, 'R-LA', { status: 'Activated', activatedAt: '2026-11-02T09:14:00Z', activationTerminalId: 'POS-L1' }),
    card(S.theirs, 'R-LB'),
    card(S.shared, 'R-LA'),
    { ...card(S.shared, 'R-LB'), ean: GAME.ean },
    card(S.long, 'R-LA'),
    {
      ...card(S.providerProduct, 'R-LB', { status: 'Activated', activatedAt: '2026-11-06T09:00:00Z', activationTerminalId: 'POS-L9' }),
      ean: GAME.ean,
    },
  ]);
  await ok('transactions', [
    tx(S.own, 'R-LA', '2026-11-02T09:14:00Z'),
    tx(S.own, 'R-LA', '2026-11-10T16:45:00Z', { type: 'redemption', amount: -2500 }),
    tx(S.own, 'R-LB', '2026-11-11T08:00:00Z', { type: 'void', resultCode: '05', result: 'declined', amount: 0 }),
    tx(S.own, 'R-LA', '2026-11-05T12:00:00Z', { resultCode: '91', result: 'error', amount: 0 }),
    tx(S.theirs, 'R-LB', '2026-11-03T10:00:00Z'),
    tx(S.providerOnly, 'P-LA', '2026-11-04T10:00:00Z'),
    tx(S.providerProduct, 'R-LB', '2026-11-06T09:00:00Z', { ean: GAME.ean, amount: 5000 }),
    ...Array.from({ length: SERIAL_TRANSACTIONS_SHOWN + 20 }, (_, i) =>
      tx(S.long, 'R-LA', new Date(Date.parse('2026-10-01T00:00:00Z') + i * 3_600_000).toISOString()),
    ),
  ]);
}, 120_000);

/** A result with its serial replaced, to compare a hidden serial's answer with a missing one's. */
const asSerial = (result: SerialLookupResult, serial: string) => JSON.parse(JSON.stringify(result).split(result.serial).join(serial));

describe('lookupSerials', () => {
  it("shows the actor's card with product, statuses, activation and owner, and only its customers' transactions, newest first", async () => {
    const { results } = await lookup(OWN, [S.own]);
    expect(results).toHaveLength(1);
    const [result] = results;
    expect(result!.found).toBe(true);
    expect(result!.cards).toEqual([
      {
        ean: GIFT.ean,
        productId: GIFT.productId,
        productName: 'Gift card 25',
        cardStatus: 'activated',
        serialStatus: 'sold',
        activation: { at: '2026-11-02T09:14:00.000Z', terminalId: 'POS-L1' },
        redemption: null,
        customerId: 'R-LA',
        customerName: 'Alpha Markets',
      },
    ]);
    expect(result!.transactions.map((t) => [t.at, t.type, t.result, t.customerId, t.customerName])).toEqual([
      ['2026-11-10T16:45:00.000Z', 'redemption', 'approved', 'R-LA', 'Alpha Markets'],
      ['2026-11-05T12:00:00.000Z', 'activation', 'error', 'R-LA', 'Alpha Markets'],
      ['2026-11-02T09:14:00.000Z', 'activation', 'approved', 'R-LA', 'Alpha Markets'],
    ]);
    expect(result!.transactions[0]).toMatchObject({
      amount: -2500,
      currency: 'EUR',
      terminalId: 'POS-L1',
      serial: S.own,
      productName: 'Gift card 25',
    });
  });

  it("answers another customer's serial exactly like a serial nobody has", async () => {
    const { results } = await lookup(OWN, [S.theirs, S.nobody, S.providerOnly]);
    const [theirs, nobody, provider] = results;
    expect(nobody).toEqual({ serial: S.nobody, found: false, cards: [], transactions: [] });
    expect(asSerial(theirs!, S.nobody)).toEqual(nobody);
    expect(asSerial(provider!, S.nobody)).toEqual(nobody);
  });

  it('shows only the visible card of a serial carried by two retailers; a global user sees both', async () => {
    const own = (await lookup(OWN, [S.shared])).results[0]!;
    expect(own.cards.map((c) => [c.ean, c.customerId])).toEqual([[GIFT.ean, 'R-LA']]);
    const all = (await lookup(GLOBAL, [S.shared])).results[0]!;
    expect(all.cards.map((c) => [c.ean, c.productName, c.customerName]).sort()).toEqual(
      [
        [GIFT.ean, 'Gift card 25', 'Alpha Markets'],
        [GAME.ean, 'Game card 50', 'Beta Shops'],
      ].sort(),
    );
  });

  it("a group sees its provider's transactions on a serial whose card is not its own: found, no card (ADR 034)", async () => {
    const result = (await lookup(GROUP, [S.providerOnly])).results[0]!;
    expect(result.found).toBe(true);
    expect(result.cards).toEqual([]);
    expect(result.transactions.map((t) => [t.customerId, t.customerName])).toEqual([['P-LA', 'Alpha Content']]);
  });

  it('a content provider sees the cards of its products wherever they were sold, with their transactions (ADR 063)', async () => {
    const seen = (await lookup(PROVIDER, [S.providerProduct])).results[0]!;
    expect(seen.found).toBe(true);
    expect(seen.cards.map((c) => [c.ean, c.productName, c.customerId, c.customerName, c.cardStatus])).toEqual([
      [GAME.ean, 'Game card 50', 'R-LB', 'Beta Shops', 'activated'],
    ]);
    expect(seen.transactions.map((t) => [t.customerId, t.customerName, t.productId, t.amount])).toEqual([
      ['R-LB', 'Beta Shops', GAME.productId, 5000],
    ]);
    // The provider's group sees them too (ADR 015); the retailer of another group does not.
    expect((await lookup(GROUP, [S.providerProduct])).results[0]!.cards).toHaveLength(1);
    const other = (await lookup(OWN, [S.providerProduct])).results[0]!;
    expect(asSerial(other, S.nobody)).toEqual({ serial: S.nobody, found: false, cards: [], transactions: [] });
    // Another product's card of the same retailer stays hidden from the provider: the rule is the product.
    expect((await lookup(PROVIDER, [S.theirs])).results[0]!.found).toBe(false);
    // A serial carried by two retailers' cards: only the card of the provider's product.
    expect((await lookup(PROVIDER, [S.shared])).results[0]!.cards.map((c) => [c.ean, c.customerId])).toEqual([[GAME.ean, 'R-LB']]);
  });

  it('answers each serial once, in the order asked', async () => {
    const { results } = await lookup(OWN, [S.nobody, S.own, S.nobody]);
    expect(results.map((r) => [r.serial, r.found])).toEqual([
      [S.nobody, false],
      [S.own, true],
    ]);
  });

  it('needs payment.serialLookup (payment.transactions alone is not enough)', async () => {
    await expect(lookup(actor('R-LA', 1), [S.own])).rejects.toMatchObject({ code: 'PERMISSION.DENIED' });
  });

  it('costs 2 Queries per serial and one BatchGet, whatever the history: the newest SERIAL_TRANSACTIONS_SHOWN of a long one', async () => {
    const counter = countCalls(backend.db, 'countSerialLookupCalls');
    try {
      const long = await counter.counted(() => lookup(OWN, [S.long]));
      expect(long.calls).toBe(3);
      const transactions = long.result.results[0]!.transactions;
      expect(transactions).toHaveLength(SERIAL_TRANSACTIONS_SHOWN);
      expect(transactions[0]!.at).toBe(
        new Date(Date.parse('2026-10-01T00:00:00Z') + (SERIAL_TRANSACTIONS_SHOWN + 19) * 3_600_000).toISOString(),
      );
      const three = await counter.counted(() => lookup(OWN, [S.own, S.theirs, S.nobody]));
      expect(three.calls).toBe(2 * 3 + 1);
    } finally {
      counter.stop();
    }
  });
});

/**
 * The same rule in the Transactions section (ADR 063, ADR 056): what a provider's serial lookup
 * shows, its Transactions list, detail and counts show too — each sale of its product once, named for the
 * retailer that booked it — and the retailer's own list is unchanged.
 */
describe("a content provider's Transactions", () => {
  const LISTER = actor('P-LA', 3);
  const days = { startDate: '2026-11-01', endDate: '2026-11-21', index: 0, maxResults: 25 } as const;
  const list = (who: Actor, customerId: string, filter: object = {}) =>
    backend.transactions.list(who, { customerId, ...days, ...filter }, 'UTC');
  const rowsOf = (page: { items: { customerId: string; customerName?: string; serial: string | null }[] }) =>
    page.items.map((t) => [t.customerId, t.customerName, t.serial]);

  it('lists the sales of its products at other customers beside its own, each opening its detail', async () => {
    const page = await list(LISTER, 'P-LA');
    expect(rowsOf(page)).toEqual([
      ['R-LB', 'Beta Shops', S.providerProduct],
      ['P-LA', 'Alpha Content', S.providerOnly],
    ]);
    expect(page.totalCount).toBe(2);
    for (const item of page.items)
      expect(await backend.transactions.detail(LISTER, item.key)).toMatchObject({
        transactionId: item.transactionId,
        customerId: item.customerId,
      });
    // Filters read the provider's ledger too: the serial index (booking rows only), the terminal and EAN indexes.
    expect(rowsOf(await list(LISTER, 'P-LA', { serial: S.providerProduct }))).toEqual([['R-LB', 'Beta Shops', S.providerProduct]]);
    expect(rowsOf(await list(LISTER, 'P-LA', { terminalId: 'POS-L1', ean: GAME.ean }))).toEqual([
      ['R-LB', 'Beta Shops', S.providerProduct],
    ]);
    expect((await list(LISTER, 'P-LA', { ean: GAME.ean })).totalCount).toBe(1);
    // The retailer's list holds its booking once; another retailer's list stays out of the provider's reach.
    const beta = await list(GLOBAL_LISTER, 'R-LB', { serial: S.providerProduct });
    expect(rowsOf(beta)).toEqual([['R-LB', 'Beta Shops', S.providerProduct]]);
    await expect(list(LISTER, 'R-LB')).rejects.toMatchObject({ code: 'TRANSACTION.CUSTOMER_NOT_FOUND' });
    // The export names each row's customer as the list does.
    const exported: ExportRow[] = [];
    const context = { db: backend.db, timeZone: 'UTC', username: 'user.P-LA', asOf: CLOCK.getTime() };
    for await (const part of transactionSource.rows({ customerId: 'P-LA', startDate: days.startDate, endDate: days.endDate }, context))
      exported.push(...part);
    expect(exported.map((r) => [r.customerId, r.customerName])).toEqual([
      ['R-LB', 'Beta Shops'],
      ['P-LA', 'Alpha Content'],
    ]);
  });

  it('counts a re-imported sale once and a portal booking of its product at once', async () => {
    const before = (await list(LISTER, 'P-LA')).totalCount;
    const again = await backend.imports.importRecords('transactions', [
      {
        line: 1,
        data: { ...tx(S.providerProduct, 'R-LB', '2026-11-06T09:00:00Z', { ean: GAME.ean, amount: 5000 }), transactionId: 'TX-L00007' },
      },
    ]);
    expect(again).toMatchObject({ created: 0, updated: 1, errors: [] });
    expect((await list(LISTER, 'P-LA')).totalCount).toBe(before);

    const retailer: Actor = {
      ...actor('R-LB'),
      access: decodeAccess({ securityFlag: 32, permissions: 0, settings: 0, modules: { ordering: { permissions: 3, settings: 0 } } }),
      strongAuthentication: true,
    };
    await backend.couponing.act(retailer, S.shared, 'activate', { ean: GAME.ean, terminalId: 'POS-L7' });
    const page = await list(LISTER, 'P-LA');
    expect(page.totalCount).toBe(before + 1);
    expect(page.items[0]).toMatchObject({
      customerId: 'R-LB',
      customerName: 'Beta Shops',
      serial: S.shared,
      type: 'activation',
      source: 'portal',
    });
    expect((await list(GLOBAL_LISTER, 'R-LB', { serial: S.shared })).items).toHaveLength(1);
  });
});
const GLOBAL_LISTER = actor('', 3, 16 + 4096);
