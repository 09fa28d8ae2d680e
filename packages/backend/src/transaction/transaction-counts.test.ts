import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Backend } from '@portal/backend';
import { createFaultInjector, seededRandom } from '../platform/faults/fault-injector.ts';
import { recordCapacity } from '../platform/db/capacity-recorder.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend } from '../../../../tests/support/test-backend.ts';
import { PROVIDER, seedReferences, TYPES } from '../../../../tests/support/transaction-references.ts';
import type { Db } from '../platform/db/client.ts';
import { transactionKeys } from './transaction-entity.ts';
import { ALL, dimsOf, readDays, readHours, readSlots, summaryKeys } from './transaction-summary-entity.ts';

/**
 * The counts move with the rows, exactly once (ADR 067): whatever failed and was retried, whatever ran at
 * the same time, a ledger's daily, hourly and (in ALL) ten-second slot counts are what a recount of its rows
 * gives, and every hour's slots count all its rows (ADR 071); and an import slice costs the same whatever the
 * day already holds.
 */
const DAY = '2026-11-20';
const CUSTOMERS = ['C-1', 'C-2'];
const LEDGERS = [...CUSTOMERS, PROVIDER.customerId];
const EANS = ['4006381333931', PROVIDER.ean, undefined];
const faults = createFaultInjector({ rate: 0, seed: 67, services: ['dynamodb'], persistent: 1, kinds: ['server', 'timeout'] });
let backend: Backend;

beforeAll(async () => {
  backend = await createTestBackend(() => new Date('2026-11-21T10:00:00Z'), {}, { faults });
  await seedReferences(backend, CUSTOMERS);
});
afterAll(() => {
  faults.plan.rate = 0;
});

const lines = (records: unknown[]) => records.map((data, i) => ({ line: i + 2, data }));

/** A random processor line of the day: one of `ids` (so later lines correct earlier ones), any customer, type, result, terminal, EAN. */
function randomLine(random: () => number, ids: number) {
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  const n = Math.floor(random() * ids);
  // An id keeps its customer and instant (the import refuses to move one); what a correction may change varies.
  return {
    transactionId: `R-${n}`,
    at: `${DAY}T${String(n % 24).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}:00Z`,
    customerId: CUSTOMERS[n % CUSTOMERS.length],
    terminalId: pick(['TERM-1', 'TERM-2', 'TERM-3']),
    type: pick(TYPES.slice(0, 3)),
    resultCode: pick(['00', '05']),
    result: pick(['approved', 'declined']),
    ean: pick(EANS),
    amount: String(Math.floor(random() * 5000)),
    currency: 'EUR',
  };
}

/** Imports a slice as a file would be: again, the same slice, while it fails (a slice is idempotent). Answers the failures. */
async function importUntilDone(slice: unknown[]): Promise<number> {
  for (let failures = 0; ; failures += 1) {
    let report;
    try {
      report = await backend.imports.importRecords('transactions', lines(slice));
    } catch (error) {
      if (failures > 50) throw error;
      continue;
    }
    expect(report.errors).toEqual([]);
    return failures;
  }
}

/** Random lines with distinct ids (two lines of one slice with one id and different values are refused). */
const randomSlice = (random: () => number, length: number, ids: number) => [
  ...new Map(Array.from({ length }, () => randomLine(random, ids)).map((line) => [line.transactionId, line])).values(),
];

/** A ledger's counts of the day as stored, and as a recount of its rows gives them, per dimension: day, hours and (ALL) slots. */
async function countsOf(db: Db, ledgerId: string) {
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :day)',
      ExpressionAttributeValues: { ':pk': transactionKeys.pk(ledgerId, DAY), ':day': DAY },
      ConsistentRead: true,
    }),
  );
  const recount = new Map<string, Record<string, number>>();
  const bump = (key: string, combo: string) => {
    const counts = recount.get(key) ?? {};
    counts[combo] = (counts[combo] ?? 0) + 1;
    recount.set(key, counts);
  };
  for (const item of res.Items ?? []) {
    const combo = `${String(item.txType)}|${String(item.resultCode)}|${String(item.result)}`;
    const hour = Number(String(item.at).slice(11, 13));
    for (const dim of dimsOf({ terminalId: String(item.terminalId), ean: typeof item.ean === 'string' ? item.ean : null })) {
      bump(`${dim} day`, combo);
      bump(`${dim} ${hour}`, combo);
    }
    bump(`${ALL} ${summaryKeys.slotSk(String(item.at))}`, combo);
  }
  const stored = new Map<string, Record<string, number>>();
  const dims = new Set([ALL, ...[...recount.keys()].map((key) => key.split(' ')[0]!), 'T#TERM-1', 'T#TERM-2', 'T#TERM-3']);
  for (const dim of dims) {
    const [days, hours] = await Promise.all([readDays(db, ledgerId, dim, DAY, DAY), readHours(db, ledgerId, dim, [DAY])]);
    const day = Object.fromEntries(days.get(DAY) ?? []);
    if (Object.keys(day).length) stored.set(`${dim} day`, day);
    for (const [hour, counts] of hours.get(DAY) ?? []) stored.set(`${dim} ${hour}`, Object.fromEntries(counts));
  }
  const hours = (await readHours(db, ledgerId, ALL, [DAY])).get(DAY);
  const starts = Array.from({ length: 24 }, (_, h) => Date.parse(`${DAY}T00:00:00Z`) + h * 3_600_000);
  for (const slots of (await readSlots(db, ledgerId, ALL, starts)).values())
    for (const [at, counts] of slots) stored.set(`${ALL} ${summaryKeys.slotSk(new Date(at).toISOString())}`, Object.fromEntries(counts));
  const unslotted = [...(hours?.keys() ?? [])].filter((h) => !hours?.slotted.has(h));
  const sorted = (m: Map<string, Record<string, number>>) => Object.fromEntries([...m].sort(([a], [b]) => a.localeCompare(b)));
  return { stored: sorted(stored), recount: sorted(recount), rows: res.Items?.length ?? 0, unslotted };
}

describe('the transaction counts (ADR 067)', () => {
  it('equal a recount of the rows after slices that failed midway and were retried, with corrections and moved listings', async () => {
    const random = seededRandom(2026);
    faults.plan.rate = 0.08;
    let failures = 0;
    for (let s = 0; s < 12; s += 1) failures += await importUntilDone(randomSlice(random, 40, 150));
    faults.plan.rate = 0;
    expect(failures).toBeGreaterThan(0);
    for (const ledgerId of LEDGERS) {
      const { stored, recount, rows, unslotted } = await countsOf(backend.db, ledgerId);
      expect(rows).toBeGreaterThan(0);
      expect(stored).toEqual(recount);
      expect(unslotted).toEqual([]);
    }
  });

  it('equal a recount after imports correcting the same ids at the same time', async () => {
    const random = seededRandom(7);
    const slices = Array.from({ length: 6 }, () => randomSlice(random, 30, 40));
    await Promise.all(slices.map((slice) => importUntilDone(slice)));
    for (const ledgerId of LEDGERS) {
      const { stored, recount, unslotted } = await countsOf(backend.db, ledgerId);
      expect(stored).toEqual(recount);
      expect(unslotted).toEqual([]);
    }
  });

  it('cost an import slice the same whatever the day already holds', async () => {
    const slice = (from: number) =>
      Array.from({ length: 50 }, (_, i) => ({
        ...randomLine(() => 0, 1),
        transactionId: `COST-${from + i}`,
        at: `2026-11-19T10:${String(i % 60).padStart(2, '0')}:00Z`,
      }));
    const cost = async (records: unknown[]) => {
      const recorder = recordCapacity(backend.db, `cost-${Math.random()}`);
      try {
        const { records: calls } = await recorder.recorded(() => importUntilDone(records));
        const on = calls.filter((c) => c.pk.startsWith(`${transactionKeys.legacyPk('C-1')}#`) || c.pk.startsWith('TXSUM#C-1#'));
        return { rcu: on.reduce((n, c) => n + c.rcu, 0), wcu: on.reduce((n, c) => n + c.wcu, 0) };
      } finally {
        recorder.stop();
      }
    };
    const empty = await cost(slice(0));
    for (let k = 1; k <= 20; k += 1) await importUntilDone(slice(k * 1000));
    const full = await cost(slice(100_000));
    expect(full).toEqual(empty);
  });
});
