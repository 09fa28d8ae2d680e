import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Backend } from '@portal/backend';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, importRefused } from '../../../../tests/support/test-backend.ts';
import type { Db } from '../platform/db/client.ts';
import { transactionKeys } from './transaction-entity.ts';
import { ALL, readDays, readHours, summaryKeys, terminalDim } from './transaction-summary-entity.ts';
import { PROVIDER, seedReferences } from '../../../../tests/support/transaction-references.ts';

let backend: Backend;
const lines = (records: unknown[]) => records.map((data, i) => ({ line: i + 2, data }));

const line = (over: Record<string, unknown> = {}) => ({
  transactionId: 'T-1',
  at: '2026-11-20T10:15:00+01:00',
  customerId: 'C-1',
  storeId: 'S-1',
  terminalId: 'TERM-1',
  type: 'activation',
  resultCode: '00',
  result: 'approved',
  serial: '1234567890123',
  ean: '4006381333931',
  amount: '2500',
  currency: 'eur',
  ...over,
});

/** A ledger's rows of the days these tests book (one key a day, ADR 074), oldest day first. */
async function rowsOf(db: Db, customerId: string) {
  const days = Array.from({ length: 16 }, (_, i) =>
    new Date(Date.parse('2026-11-16T00:00:00Z') + i * 86_400_000).toISOString().slice(0, 10),
  );
  const pages = await Promise.all(
    days.map((day) =>
      db.doc.send(
        new QueryCommand({
          TableName: db.table,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': transactionKeys.pk(customerId, day) },
          ConsistentRead: true,
        }),
      ),
    ),
  );
  return pages.flatMap((res) => res.Items ?? []);
}

async function summaryOf(db: Db, customerId: string, dim: string, day: string) {
  const [days, hours] = await Promise.all([readDays(db, customerId, dim, day, day), readHours(db, customerId, dim, [day])]);
  return { day: Object.fromEntries(days.get(day) ?? []), hours: [...(hours.get(day) ?? [])].map(([h, c]) => [h, Object.fromEntries(c)]) };
}

beforeAll(async () => {
  backend = await createTestBackend(() => new Date('2026-11-21T10:00:00Z'));
  await seedReferences(backend, ['C-1', 'C-2']);
});

describe('the transactions import kind', () => {
  it('stores the UTC instant, resolves the product from the EAN and counts the day per dimension', async () => {
    const report = await backend.imports.importRecords(
      'transactions',
      lines([line(), line({ transactionId: 'T-2', at: '2026-11-20T23:30:00-02:00', type: 'redemption', ean: undefined, amount: '-2500' })]),
    );
    expect(report).toMatchObject({ created: 2, updated: 0, errors: [] });
    const rows = await rowsOf(backend.db, 'C-1');
    expect(rows.map((r) => r.sk)).toEqual(['2026-11-20T09:15:00.000Z#T-1', '2026-11-21T01:30:00.000Z#T-2']);
    expect(rows[0]).toMatchObject({
      txType: 'activation',
      currency: 'EUR',
      amount: 2500,
      productId: 'P-25',
      productName: 'Gift card 25',
      source: 'processor',
    });
    expect(rows[1]).toMatchObject({ amount: -2500, ean: null, productId: null });
    expect(await summaryOf(backend.db, 'C-1', ALL, '2026-11-20')).toEqual({
      day: { 'activation|00|approved': 1 },
      hours: [[9, { 'activation|00|approved': 1 }]],
    });
    expect(await summaryOf(backend.db, 'C-1', terminalDim('TERM-1'), '2026-11-21')).toEqual({
      day: { 'redemption|00|approved': 1 },
      hours: [[1, { 'redemption|00|approved': 1 }]],
    });
  });

  it('is idempotent: the same file twice writes the same rows and summaries; a changed field updates in place', async () => {
    const file = lines([line({ transactionId: 'I-1' }), line({ transactionId: 'I-2', at: '2026-11-19T08:00:00Z', customerId: 'C-2' })]);
    expect(await backend.imports.importRecords('transactions', file)).toMatchObject({ created: 2, updated: 0 });
    const before = { rows: await rowsOf(backend.db, 'C-2'), summary: await summaryOf(backend.db, 'C-2', ALL, '2026-11-19') };
    expect(await backend.imports.importRecords('transactions', file)).toMatchObject({ created: 0, updated: 2, errors: [] });
    expect({ rows: await rowsOf(backend.db, 'C-2'), summary: await summaryOf(backend.db, 'C-2', ALL, '2026-11-19') }).toEqual(before);

    const corrected = await backend.imports.importRecords(
      'transactions',
      lines([line({ transactionId: 'I-2', at: '2026-11-19T08:00:00Z', customerId: 'C-2', result: 'declined', resultCode: '05' })]),
    );
    expect(corrected).toMatchObject({ created: 0, updated: 1, errors: [] });
    const rows = await rowsOf(backend.db, 'C-2');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ result: 'declined', resultCode: '05' });
    expect((await summaryOf(backend.db, 'C-2', ALL, '2026-11-19')).day).toEqual({ 'activation|05|declined': 1 });
  });

  it('never lets one id become two rows: another customer or instant for a booked id is refused', async () => {
    const report = await backend.imports.importRecords(
      'transactions',
      lines([line({ transactionId: 'I-1', customerId: 'C-2' }), line({ transactionId: 'I-1', at: '2026-11-20T10:16:00+01:00' })]),
    );
    expect(report.created + report.updated).toBe(0);
    expect(report.errors).toEqual([
      { line: 2, reason: expect.stringContaining("transactionId: 'I-1' is booked for customer 'C-1'") },
      { line: 3, reason: expect.stringContaining("transactionId: 'I-1' is booked for customer 'C-1'") },
    ]);
    const dup = await backend.imports.importRecords(
      'transactions',
      lines([line({ transactionId: 'D-1' }), line({ transactionId: 'D-1' }), line({ transactionId: 'D-1', amount: '1' })]),
    );
    expect(dup).toMatchObject({ created: 1, updated: 1 });
    expect(dup.errors).toEqual([{ line: 4, reason: "transactionId: 'D-1' appears twice in this import with different values" }]);
  });

  it('answers a line error for each rule and writes nothing of a bad line', async () => {
    const bad = [
      line({ transactionId: 'B-1', customerId: 'NOPE' }),
      line({ transactionId: 'B-2', type: 'teleport' }),
      line({ transactionId: 'B-3', at: '2026-11-20 10:00' }),
      line({ transactionId: 'B-4', at: '2026-12-01T10:00:00Z' }),
      line({ transactionId: 'B-5', amount: '12.5' }),
      line({ transactionId: 'B-6', currency: 'EURO' }),
      line({ transactionId: 'B-7', ean: '4006381333932' }),
      line({ transactionId: 'B-8', result: 'maybe' }),
      line({ transactionId: 'B-9', terminalId: '' }),
      line({ transactionId: 'B#10' }),
      line({ transactionId: 'B-11', serial: '12ab' }),
    ];
    expect(await importRefused(backend, 'transactions', lines(bad))).toEqual([
      [2, 'customerId'],
      [3, 'type'],
      [4, 'at'],
      [5, 'at'],
      [6, 'amount'],
      [7, 'currency'],
      [8, 'ean'],
      [9, 'result'],
      [10, 'terminalId'],
      [11, 'transactionId'],
      [12, 'serial'],
    ]);
    const ids = (await rowsOf(backend.db, 'C-1')).map((r) => r.transactionId);
    expect(ids.filter((id) => String(id).startsWith('B'))).toEqual([]);
    const marker = await backend.db.doc.send(
      new QueryCommand({
        TableName: backend.db.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': transactionKeys.idPk('B-2') },
      }),
    );
    expect(marker.Items).toEqual([]);
    expect(summaryKeys.pk('C-1', ALL)).toBe('TXSUM#C-1#ALL');
  });

  it("lists a sale of a provider's product in the provider's ledger, and moves or removes the listing when a correction changes the product (ADR 056)", async () => {
    const sale = (ean: string | undefined) => line({ transactionId: 'L-1', at: '2026-11-18T12:00:00Z', ean });
    const ledger = async () => ({
      rows: (await rowsOf(backend.db, PROVIDER.customerId)).map((r) => [r.transactionId, r.customerId, r.gsi1pk ?? null, r.gsi3pk ?? null]),
      counted: (await summaryOf(backend.db, PROVIDER.customerId, ALL, '2026-11-18')).day,
    });
    expect(await backend.imports.importRecords('transactions', lines([sale(undefined)]))).toMatchObject({ created: 1, errors: [] });
    expect(await ledger()).toEqual({ rows: [], counted: {} });

    expect(await backend.imports.importRecords('transactions', lines([sale(PROVIDER.ean)]))).toMatchObject({ updated: 1, errors: [] });
    // The listing: the booking customer's id, the provider's EAN index, no serial index (the booking row has it).
    expect(await ledger()).toEqual({
      rows: [['L-1', 'C-1', null, `TXEAN#${PROVIDER.customerId}#${PROVIDER.ean}`]],
      counted: { 'activation|00|approved': 1 },
    });
    const booked = (await rowsOf(backend.db, 'C-1')).filter((r) => r.transactionId === 'L-1');
    expect(booked.map((r) => [r.gsi1pk, r.providerId])).toEqual([['TXSERIAL#1234567890123', PROVIDER.customerId]]);
    // The same line again changes nothing.
    expect(await backend.imports.importRecords('transactions', lines([sale(PROVIDER.ean)]))).toMatchObject({ updated: 1, errors: [] });
    expect((await ledger()).counted).toEqual({ 'activation|00|approved': 1 });

    expect(await backend.imports.importRecords('transactions', lines([sale('4006381333931')]))).toMatchObject({ updated: 1, errors: [] });
    expect(await ledger()).toEqual({ rows: [], counted: {} });
  });
});
