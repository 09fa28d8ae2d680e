import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '../platform/db/query.ts';
import type { Backend, Actor } from '@portal/backend';
import { decodeAccess } from '@portal/core/auth';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, importOk } from '../../../../tests/support/test-backend.ts';
import { parseImportText } from '../import/testing.ts';
import { MAX_RANGE, SerialRangeImport, serialsOf } from './serial-import.ts';
import { serialWithTransactions } from './card-entity.ts';
import { testEan } from '../../../../tests/support/ean.ts';

/**
 * The serial range import (ADR 016 "Loading serials"): ranges expand with their leading zeros, limits,
 * statuses by code or label per card kind, the references it checks, and what a re-import may change.
 */
let clock = new Date('2026-11-21T10:00:00Z');
let backend: Backend;

const ean = (n: number) => testEan('402', n);
const GIFT = { productId: 'P-I1', ean: ean(1) };
const PLAN = { productId: 'P-I2', ean: ean(2) };
const SECOND = ean(901);
const UNKNOWN_EAN = ean(999);

type Line = Record<string, unknown>;
const importLines = (lines: Line[]) =>
  backend.imports.importRecords(
    'serials',
    lines.map((data, i) => ({ line: i + 1, data })),
  );
const line = (serialFrom: string, extra: Line = {}): Line => ({ serialFrom, ean: GIFT.ean, retailerId: 'R-I1', ...extra });

let prefixCounter = 0;
/** A fresh 16-digit serial block per test: `${block}${4 digits}`. */
const newBlock = () => `72${String(++prefixCounter).padStart(10, '0')}`;

/** Every item whose serial starts with `prefix` (a Scan of this test's own table, all pages). */
async function itemsUnder(prefix: string) {
  const items: Record<string, unknown>[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const res = await backend.db.doc.send(
      new ScanCommand({
        TableName: backend.db.table,
        FilterExpression: 'begins_with(pk, :p)',
        ExpressionAttributeValues: { ':p': `SERIAL#${prefix}` },
        ConsistentRead: true,
        ExclusiveStartKey: cursor,
      }),
    );
    items.push(...(res.Items ?? []));
    cursor = res.LastEvaluatedKey;
  } while (cursor);
  return items.sort((a, b) => `${a.pk as string}${a.sk as string}`.localeCompare(`${b.pk as string}${b.sk as string}`));
}
async function countAll() {
  let count = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const res = await backend.db.doc.send(
      new ScanCommand({ TableName: backend.db.table, Select: 'COUNT', ConsistentRead: true, ExclusiveStartKey: cursor }),
    );
    count += res.Count ?? 0;
    cursor = res.LastEvaluatedKey;
  } while (cursor);
  return count;
}
const partition = async (serial: string) =>
  (
    await queryAll(backend.db, {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `SERIAL#${serial}` },
      ConsistentRead: true,
    })
  ).items;

/** An actor with both couponing permissions and a strong session, for booking through the real service. */
const actorOf = (customerId: string): Actor => ({
  username: `user.${customerId}`,
  displayName: `User ${customerId}`,
  customerId,
  access: decodeAccess({ securityFlag: 32, permissions: 0, settings: 0, modules: { ordering: { permissions: 3, settings: 0 } } }),
  strongAuthentication: true,
  timezone: 'Europe/Berlin',
  locale: 'de-DE',
});

beforeAll(async () => {
  backend = await createTestBackend(() => clock);
  const ok = (kind: 'retailers' | 'providers' | 'products', records: object[]) => importOk(backend, kind, records);
  await ok('retailers', [
    { customerId: 'R-I1', name: 'First retailer' },
    { customerId: 'R-I2', name: 'Second retailer' },
  ]);
  await ok('providers', [{ customerId: 'PV-I1', name: 'A provider, not a retailer' }]);
  await ok('products', [
    { ...GIFT, inventoryProductId: 'I-1', sku: 'S-1', name: 'Gift card', company: 'Brand' },
    { ...PLAN, inventoryProductId: 'I-2', sku: 'S-2', name: 'Contract card', company: 'Tel' },
  ]);
});

describe('serialsOf', () => {
  it('counts up keeping the number of digits (leading zeros, carries)', () => {
    expect(serialsOf({ serialFrom: '0000000098', serialTo: '0000000102' })).toEqual([
      '0000000098',
      '0000000099',
      '0000000100',
      '0000000101',
      '0000000102',
    ]);
    expect(serialsOf({ serialFrom: '0999999999', serialTo: '1000000000' })).toEqual(['0999999999', '1000000000']);
    expect(serialsOf({ serialFrom: '00000000000000000001' })).toEqual(['00000000000000000001']);
    // Beyond Number precision (20 digits).
    expect(serialsOf({ serialFrom: '99999999999999999998', serialTo: '99999999999999999999' })).toEqual([
      '99999999999999999998',
      '99999999999999999999',
    ]);
  });

  it('property: a range is consecutive, of its width, in its digit count', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 20 }),
        fc.bigInt({ min: 0n, max: 10n ** 20n - 1n }),
        fc.integer({ min: 0, max: 60 }),
        (digits, raw, extra) => {
          const max = 10n ** BigInt(digits) - 1n;
          const from = raw % (max + 1n);
          const to = from + BigInt(extra) > max ? max : from + BigInt(extra);
          const pad = (n: bigint) => n.toString().padStart(digits, '0');
          const serials = serialsOf({ serialFrom: pad(from), serialTo: pad(to) });
          expect(serials).toHaveLength(Number(to - from) + 1);
          expect(serials[0]).toBe(pad(from));
          expect(serials.at(-1)).toBe(pad(to));
          serials.forEach((s, i) => {
            expect(s).toHaveLength(digits);
            expect(BigInt(s)).toBe(from + BigInt(i));
          });
          // Every range the schema accepts is one it can expand.
          expect(SerialRangeImport.safeParse(line(pad(from), { serialTo: pad(to) })).success).toBe(true);
        },
      ),
      { seed: 16, numRuns: 200 },
    );
  });
});

describe('import of serial ranges', () => {
  it('expands a range into one card per serial, leading zeros kept', async () => {
    const block = '0000000098'; // with the next four: 98..102 across a carry
    const report = await importLines([line(block, { serialTo: '0000000102', eanSecond: SECOND, validUntil: '2027-12-31' })]);
    expect(report).toEqual({ kind: 'serials', created: 1, updated: 0, errors: [] });
    const items = await itemsUnder('0000000');
    expect(items.map((i) => i.pk)).toEqual(
      ['0000000098', '0000000099', '0000000100', '0000000101', '0000000102'].map((s) => `SERIAL#${s}`),
    );
    expect(items[2]).toEqual({
      pk: 'SERIAL#0000000100',
      sk: `CARD#${GIFT.ean}`,
      type: 'card',
      serial: '0000000100',
      ean: GIFT.ean,
      eanSecond: SECOND,
      productId: GIFT.productId,
      contract: false,
      status: 'notReady',
      retailerId: 'R-I1',
      validUntil: '2027-12-31',
      soldOffline: false,
      activation: null,
      redemption: null,
      version: 0,
      createdAt: clock.toISOString(),
      updatedAt: clock.toISOString(),
    });
  });

  it('a line without serialTo is one serial; a contract card starts Ready', async () => {
    const block = newBlock();
    expect(await importLines([line(`${block}0001`), line(`${block}0002`, { ean: PLAN.ean, contract: 'true' })])).toMatchObject({
      created: 2,
      errors: [],
    });
    const items = await itemsUnder(block);
    expect(items.map((i) => [i.serial, i.status, i.contract, i.eanSecond, i.validUntil])).toEqual([
      [`${block}0001`, 'notReady', false, null, null],
      [`${block}0002`, 'ready', true, null, null],
    ]);
  });

  it('a range holds at most 10 000 serials', async () => {
    const from = '7300000000000000';
    const last = (BigInt(from) + BigInt(MAX_RANGE) - 1n).toString();
    // Exactly 10 000: accepted and expanded (writing 10 000 cards is left to the seed, it takes seconds).
    const parsed = SerialRangeImport.parse(line(from, { serialTo: last }));
    const serials = serialsOf(parsed);
    expect(serials).toHaveLength(MAX_RANGE);
    expect([serials[0], serials.at(-1)]).toEqual([from, last]);
    const before = await countAll();
    const tooMany = await importLines([line(from, { serialTo: (BigInt(last) + 1n).toString() })]);
    expect(tooMany).toEqual({
      kind: 'serials',
      created: 0,
      updated: 0,
      errors: [{ line: 1, reason: 'serialTo: a range holds at most 10000 serials' }],
    });
    expect(await countAll()).toBe(before);
  });

  it('rejects malformed ranges with their line and writes nothing of them', async () => {
    const block = newBlock();
    const before = await countAll();
    const report = await importLines([
      line(`${block}0005`, { serialTo: `${block}0004` }),
      line(`${block}0005`, { serialTo: `${block}00050` }),
      line('123456789'),
      line('1'.repeat(21)),
      line(Number(`${block}0001`) as unknown as string),
      line('ABCDEFGHIJ'),
      line(`${block}0001`, { serialTo: `${block}000x` }),
      line(`${block}0001`, { serialTo: 'not a number' }),
      line(`${block}0001`, { eanSecond: `${SECOND.slice(0, 12)}${(Number(SECOND[12]) + 1) % 10}` }),
      line(`${block}0001`, { validUntil: '2027-02-30' }),
      line(`${block}0001`, { retailerId: '' }),
      line(`${block}0001`, { contract: 'maybe' }),
      line(`${block}0009`),
    ]);
    expect(report.created).toBe(1);
    expect(report.errors.map((e) => e.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(report.errors[0]).toEqual({ line: 1, reason: 'serialTo: must not be below serialFrom' });
    expect(report.errors[1]).toEqual({ line: 2, reason: 'serialTo: must have as many digits as serialFrom' });
    for (const e of report.errors.slice(2, 8)) expect(e.reason, `line ${e.line}`).toMatch(/^serial(From|To): /);
    expect(report.errors[8]!.reason).toMatch(/^eanSecond: /);
    expect(report.errors[9]!.reason).toMatch(/^validUntil: /);
    expect(report.errors[10]!.reason).toMatch(/^retailerId: /);
    expect(report.errors[11]!.reason).toMatch(/^contract: /);
    expect(await countAll()).toBe(before + 1);
    expect((await itemsUnder(block)).map((i) => i.serial)).toEqual([`${block}0009`]);
  });

  it('takes the status by code or label, in the set of the card kind', async () => {
    const block = newBlock();
    const cases: [Line, string][] = [
      [{ status: 'activated' }, 'activated'],
      [{ status: 'Activated' }, 'activated'],
      [{ status: ' NOT READY ' }, 'notReady'],
      [{ status: 'notready' }, 'notReady'],
      [{ status: 'Voided' }, 'voided'],
      [{ status: 'redeemed' }, 'redeemed'],
      [{ status: 'Deactivated' }, 'deactivated'],
      [{ status: 'Failed' }, 'failed'],
      [{ contract: true, ean: PLAN.ean, status: 'Ready' }, 'ready'],
      [{ contract: true, ean: PLAN.ean, status: 'issued' }, 'issued'],
      [{ contract: 'yes', ean: PLAN.ean, status: 'Redeemed' }, 'redeemed'],
      [{ contract: '1', ean: PLAN.ean, status: 'voided' }, 'voided'],
    ];
    const report = await importLines(cases.map(([extra], i) => line(`${block}${String(i).padStart(4, '0')}`, extra)));
    expect(report).toMatchObject({ created: cases.length, errors: [] });
    const items = await itemsUnder(block);
    expect(items.map((i) => i.status)).toEqual(cases.map(([, status]) => status));

    const plainSet = 'status: one of notReady, activated, voided, redeemed, deactivated, failed';
    const contractSet = 'status: one of ready, issued, redeemed, voided';
    const refused = await importLines([
      line(`${block}0100`, { status: 'Issued' }),
      line(`${block}0101`, { status: 'ready' }),
      line(`${block}0102`, { contract: true, ean: PLAN.ean, status: 'Activated' }),
      line(`${block}0103`, { contract: true, ean: PLAN.ean, status: 'Not ready' }),
      line(`${block}0104`, { status: 'Unknown' }),
      line(`${block}0105`, { status: 'sold' }),
      line(`${block}0106`, { status: '' }),
    ]);
    expect(refused).toEqual({
      kind: 'serials',
      created: 0,
      updated: 0,
      errors: [
        { line: 1, reason: plainSet },
        { line: 2, reason: plainSet },
        { line: 3, reason: contractSet },
        { line: 4, reason: contractSet },
        { line: 5, reason: plainSet },
        { line: 6, reason: plainSet },
        { line: 7, reason: plainSet },
      ],
    });
    expect(await itemsUnder(`${block}01`)).toEqual([]);
  });

  it('marks a sale offline only for an activated coupon', async () => {
    const block = newBlock();
    const report = await importLines([
      line(`${block}0001`, { status: 'Activated', soldOffline: 'true' }),
      line(`${block}0002`, { soldOffline: true }),
      line(`${block}0003`, { status: 'voided', soldOffline: true }),
      line(`${block}0004`, { contract: true, ean: PLAN.ean, status: 'issued', soldOffline: true }),
      line(`${block}0005`, { status: 'activated', soldOffline: 'false' }),
    ]);
    const offline = 'soldOffline: only an activated coupon is sold offline';
    expect(report).toEqual({
      kind: 'serials',
      created: 2,
      updated: 0,
      errors: [
        { line: 2, reason: offline },
        { line: 3, reason: offline },
        { line: 4, reason: offline },
      ],
    });
    expect((await itemsUnder(block)).map((i) => [i.serial, i.status, i.soldOffline])).toEqual([
      [`${block}0001`, 'activated', true],
      [`${block}0005`, 'activated', false],
    ]);
  });

  it('loads the processor bookings of a card already used, in pairs and only where the status has them', async () => {
    const block = newBlock();
    const report = await importLines([
      line(`${block}0001`, {
        status: 'redeemed',
        activatedAt: '2026-10-02T11:14:00+02:00',
        activationTerminalId: 'POS-1',
        redeemedAt: '2026-10-20T16:45:00Z',
        redemptionTerminalId: 'POS-2',
      }),
      line(`${block}0002`, { status: 'activated', activatedAt: '2026-10-02T09:14:00Z' }),
      line(`${block}0003`, { activatedAt: '2026-10-02T09:14:00Z', activationTerminalId: 'POS-1' }),
      line(`${block}0004`, { status: 'activated', redeemedAt: '2026-10-20T16:45:00Z', redemptionTerminalId: 'POS-2' }),
      line(`${block}0005`, { status: 'activated', activatedAt: 'yesterday', activationTerminalId: 'POS-1' }),
    ]);
    expect(report.created).toBe(1);
    expect(report.errors).toEqual([
      { line: 2, reason: expect.stringContaining('activationTerminalId: activatedAt and activationTerminalId go together') },
      { line: 3, reason: expect.stringContaining('activatedAt: not for a card in status notReady') },
      { line: 4, reason: expect.stringContaining('redeemedAt: not for a card in status activated') },
      { line: 5, reason: expect.stringContaining('activatedAt: a date and time as ISO 8601') },
    ]);
    expect((await itemsUnder(block)).map((i) => [i.activation, i.redemption])).toEqual([
      [
        { at: '2026-10-02T09:14:00.000Z', terminalId: 'POS-1' },
        { at: '2026-10-20T16:45:00.000Z', terminalId: 'POS-2' },
      ],
    ]);
  });

  it('rejects a line naming an unknown EAN or retailer (a provider is no retailer), with its line', async () => {
    const block = newBlock();
    const report = await importLines([
      line(`${block}0001`),
      line(`${block}0002`, { serialTo: `${block}0003`, ean: UNKNOWN_EAN }),
      line(`${block}0004`, { retailerId: 'R-NONE' }),
      line(`${block}0005`, { retailerId: 'PV-I1' }),
      line(`${block}0006`, { ean: SECOND }),
      line(`${block}0007`),
    ]);
    expect(report).toEqual({
      kind: 'serials',
      created: 2,
      updated: 0,
      errors: [
        { line: 2, reason: `ean: no product with EAN '${UNKNOWN_EAN}'` },
        { line: 3, reason: "retailerId: no retailer 'R-NONE'" },
        { line: 4, reason: "retailerId: no retailer 'PV-I1'" },
        { line: 5, reason: `ean: no product with EAN '${SECOND}'` },
      ],
    });
    expect((await itemsUnder(block)).map((i) => i.serial)).toEqual([`${block}0001`, `${block}0007`]);
  });

  it('reads CSV with empty cells as absent fields and keeps leading zeros', async () => {
    const text = [
      'serialFrom,serialTo,ean,eanSecond,contract,retailerId,status,validUntil,soldOffline',
      `0500000001,0500000003,${GIFT.ean},,false,R-I1,,,`,
      `0500000004,,${PLAN.ean},${SECOND},true,R-I1,Issued,2027-01-31,`,
      `0500000005,,${GIFT.ean},,,R-I2,Activated,,true`,
    ].join('\r\n');
    const parsed = parseImportText('.csv', text);
    expect(parsed.errors).toEqual([]);
    expect(await backend.imports.importRecords('serials', parsed.lines)).toEqual({ kind: 'serials', created: 3, updated: 0, errors: [] });
    const items = await itemsUnder('05');
    expect(items.map((i) => [i.serial, i.status, i.contract, i.eanSecond, i.retailerId, i.validUntil, i.soldOffline])).toEqual([
      ['0500000001', 'notReady', false, null, 'R-I1', null, false],
      ['0500000002', 'notReady', false, null, 'R-I1', null, false],
      ['0500000003', 'notReady', false, null, 'R-I1', null, false],
      ['0500000004', 'issued', true, SECOND, 'R-I1', '2027-01-31', false],
      ['0500000005', 'activated', false, null, 'R-I2', null, true],
    ]);
  });

  it('puts cards of two products on one serial side by side', async () => {
    const serial = `${newBlock()}0001`;
    expect(await importLines([line(serial), line(serial, { ean: PLAN.ean, contract: true })])).toMatchObject({ created: 2, errors: [] });
    expect((await partition(serial)).map((i) => [i.sk, i.contract])).toEqual([
      [`CARD#${GIFT.ean}`, false],
      [`CARD#${PLAN.ean}`, true],
    ]);
  });
});

describe('re-import', () => {
  it('is idempotent: created, then updated, nothing else changes', async () => {
    const block = newBlock();
    const file = [
      line(`${block}0001`, { serialTo: `${block}0020`, eanSecond: SECOND, validUntil: '2027-06-30' }),
      line(`${block}0021`, { status: 'Activated', soldOffline: true }),
      line(`${block}0022`, { serialTo: `${block}0023`, ean: PLAN.ean, contract: true, status: 'Issued' }),
    ];
    expect(await importLines(file)).toEqual({ kind: 'serials', created: 3, updated: 0, errors: [] });
    const before = await itemsUnder(block);
    const total = await countAll();
    expect(before).toHaveLength(23);
    clock = new Date('2026-11-22T10:00:00Z');
    expect(await importLines(file)).toEqual({ kind: 'serials', created: 0, updated: 3, errors: [] });
    expect(await countAll()).toBe(total);
    expect(await itemsUnder(block)).toEqual(before);
    // The same line twice in one file: the second finds the first.
    const dup = newBlock();
    expect(
      await importLines([line(`${dup}0001`, { serialTo: `${dup}0003` }), line(`${dup}0001`, { serialTo: `${dup}0003` })]),
    ).toMatchObject({ created: 1, updated: 1 });
    expect(await itemsUnder(dup)).toHaveLength(3);
  });

  it('keeps the status and history of a card acted on, and moves the range to its new retailer', async () => {
    const block = newBlock();
    const [first, acted, third] = [`${block}0001`, `${block}0002`, `${block}0003`];
    clock = new Date('2026-11-23T09:00:00Z');
    expect(await importLines([line(first!, { serialTo: third, eanSecond: SECOND })])).toMatchObject({ created: 1, errors: [] });
    const booked = await backend.couponing.act(actorOf('R-I1'), acted!, 'activate', { ean: GIFT.ean, terminalId: 'T-9' });
    expect(booked).toMatchObject({ booked: true, card: { couponingStatus: 'activated' } });
    const historyBefore = (await serialWithTransactions(backend.db, acted!)).transactions;
    expect(historyBefore).toHaveLength(1);

    // Resold: new retailer, new last day, no second EAN; the line's status applies to new cards only.
    clock = new Date('2026-11-24T09:00:00Z');
    const report = await importLines([
      line(first!, { serialTo: `${block}0004`, retailerId: 'R-I2', status: 'Redeemed', validUntil: '2027-03-31' }),
    ]);
    expect(report).toEqual({ kind: 'serials', created: 1, updated: 0, errors: [] });
    const items = await itemsUnder(block);
    const cards = items.filter((i) => (i.sk as string).startsWith('CARD#'));
    expect(cards.map((c) => [c.serial, c.status, c.retailerId, c.validUntil, c.eanSecond, c.version, c.updatedAt])).toEqual([
      [first, 'notReady', 'R-I2', '2027-03-31', null, 0, '2026-11-24T09:00:00.000Z'],
      [acted, 'activated', 'R-I2', '2027-03-31', null, 1, '2026-11-24T09:00:00.000Z'],
      [third, 'notReady', 'R-I2', '2027-03-31', null, 0, '2026-11-24T09:00:00.000Z'],
      [`${block}0004`, 'redeemed', 'R-I2', '2027-03-31', null, 0, '2026-11-24T09:00:00.000Z'],
    ]);
    expect(cards[1]).toMatchObject({
      activation: { at: '2026-11-23T09:00:00.000Z', terminalId: 'T-9' },
      createdAt: '2026-11-23T09:00:00.000Z',
    });
    expect((await serialWithTransactions(backend.db, acted!)).transactions).toEqual(historyBefore);

    // The card is now the new retailer's: its users see it with its history, the old retailer's do not.
    const seen = await backend.couponing.details(actorOf('R-I2'), acted!);
    expect(seen.card).toMatchObject({ retailerId: 'R-I2', retailerName: 'Second retailer', couponingStatus: 'activated' });
    expect(seen.transactions.map((t) => t.type)).toEqual(['activate']);
    await expect(backend.couponing.details(actorOf('R-I1'), acted!)).rejects.toMatchObject({ code: 'SERIAL.NOT_FOUND' });
  });

  it('rejects a line that would turn a coupon into a contract coupon or back, whole', async () => {
    const block = newBlock();
    expect(await importLines([line(`${block}0002`), line(`${block}0005`, { ean: PLAN.ean, contract: true })])).toMatchObject({
      created: 2,
    });
    const before = await itemsUnder(block);
    const report = await importLines([
      line(`${block}0001`, { serialTo: `${block}0003`, contract: true, retailerId: 'R-I2' }),
      line(`${block}0004`, { serialTo: `${block}0006`, ean: PLAN.ean, contract: false, retailerId: 'R-I2' }),
    ]);
    expect(report).toEqual({
      kind: 'serials',
      created: 0,
      updated: 0,
      errors: [
        { line: 1, reason: `contract: serial ${block}0002 exists as a plain coupon` },
        { line: 2, reason: `contract: serial ${block}0005 exists as a contract coupon` },
      ],
    });
    // Neither the new serials of those ranges nor the master fields of the existing ones were written.
    expect(await itemsUnder(block)).toEqual(before);
  });
});
