import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Backend } from '@portal/backend';
import { decodeAccess } from '@portal/core/auth';
import type { Transaction, TransactionQuery } from '@portal/core/transaction';
import { addDays, calendarDateInZone } from '@portal/core/shared';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend } from '../../../../tests/support/test-backend.ts';
import type { Actor } from '../access/index.ts';
import { countCalls } from '../platform/db/call-counter.ts';
import { PROVIDER, seedReferences, TYPES } from '../../../../tests/support/transaction-references.ts';
import { countTransactions, transactionRows } from './transaction-rows.ts';
import { TRANSACTION_SCAN_BOUND } from './transaction-query.ts';
import { ALL, summaryKeys } from './transaction-summary-entity.ts';
import type { Db } from '../platform/db/client.ts';

/**
 * The list against a brute force (ADR 032): random transactions of a few customers over
 * a few days, random filters, zones (whole-hour and half-hour offsets) and pages; every answer must equal
 * filter + sort + slice over the same data. And a page costs the same calls on a 10x history.
 */
const NOW = new Date('2026-11-21T10:00:00Z');
let backend: Backend;

const actorWith = (modules: Record<string, { permissions: number; settings: number }>, customerId = ''): Actor => ({
  username: 'tester',
  displayName: 'Tester',
  customerId,
  access: decodeAccess({ securityFlag: customerId ? 16 : 16 + 4096, permissions: 0, settings: 0, modules } as Parameters<
    typeof decodeAccess
  >[0]),
  strongAuthentication: true,
  timezone: 'Europe/Berlin',
  locale: 'en-US',
});
const GLOBAL = actorWith({ payment: { permissions: 1, settings: 0 } });

const ZONES = ['Europe/Berlin', 'Asia/Kolkata', 'America/St_Johns', 'UTC'];
const TERMINALS = ['TERM-1', 'TERM-2', 'TERM-3'];
// The second EAN is the provider PV's product: its sales are listed in PV's ledger too (ADR 056).
const EANS = ['4006381333931', PROVIDER.ean];
const SERIALS = ['1000000000001', '1000000000002'];
const CODES: [string, string][] = [
  ['00', 'approved'],
  ['05', 'declined'],
  ['91', 'error'],
];

type Line = {
  transactionId: string;
  at: string;
  customerId: string;
  terminalId: string;
  type: string;
  resultCode: string;
  result: string;
  serial?: string;
  ean?: string;
  amount: number;
  currency: string;
};

const lineArb = (customers: string[]) =>
  fc.record({
    customer: fc.constantFrom(...customers),
    // 2026-11-15 .. 2026-11-19 UTC, to the millisecond (several rows may share a second).
    ms: fc.integer({ min: Date.parse('2026-11-15T00:00:00Z'), max: Date.parse('2026-11-19T23:59:59Z') }).map((t) => t - (t % 250)),
    terminal: fc.constantFrom(...TERMINALS),
    type: fc.constantFrom(...TYPES.slice(0, 3)),
    code: fc.constantFrom(...CODES),
    serial: fc.option(fc.constantFrom(...SERIALS), { nil: undefined }),
    ean: fc.option(fc.constantFrom(...EANS), { nil: undefined }),
    amount: fc.integer({ min: -5000, max: 5000 }),
  });

/** Each filter field is set in about one query of five, so most queries still match rows. */
const sometimes = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary: arb, weight: 1 });
const filterArb = fc
  .record({
    type: sometimes(fc.constantFrom(...TYPES.slice(0, 3))),
    resultCode: sometimes(fc.constantFrom('00', '05', '91')),
    result: sometimes(fc.constantFrom('approved', 'declined', 'error')),
    serial: sometimes(fc.constantFrom(...SERIALS)),
    terminalId: sometimes(fc.constantFrom(...TERMINALS)),
    ean: sometimes(fc.constantFrom(...EANS)),
  })
  .map((f) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)));

/**
 * The brute force: the rows of the customer's ledger (booked for it, or a sale of its product elsewhere,
 * ADR 056), the zone's days and the filter, newest first, asOf-capped.
 */
function expected(lines: Line[], q: TransactionQuery, zone: string, asOf: number): Line[] {
  return lines
    .filter((l) => {
      const day = calendarDateInZone(Date.parse(l.at), zone);
      return (
        (l.customerId === q.customerId || (l.ean === PROVIDER.ean && q.customerId === PROVIDER.customerId)) &&
        day >= q.startDate &&
        day <= q.endDate &&
        Date.parse(l.at) <= asOf &&
        (!q.type || l.type === q.type) &&
        (!q.resultCode || l.resultCode === q.resultCode) &&
        (!q.result || l.result === q.result) &&
        (!q.serial || l.serial === q.serial) &&
        (!q.terminalId || l.terminalId === q.terminalId) &&
        (!q.ean || l.ean === q.ean)
      );
    })
    .sort((a, b) => (`${a.at}#${a.transactionId}` < `${b.at}#${b.transactionId}` ? 1 : -1));
}

beforeAll(async () => {
  backend = await createTestBackend(() => NOW);
  await seedReferences(backend, ['PA', 'PB', 'PC', 'CS', 'CB', 'CH']);
});

let run = 0;
const seen = { total: 0, paged: 0 };
async function load(lines: Line[]) {
  const report = await backend.imports.importRecords(
    'transactions',
    lines.map((data, i) => ({ line: i + 1, data })),
  );
  expect(report.errors).toEqual([]);
}

describe('the transaction list against a brute force', () => {
  it('answers the same order, totalCount, page contents and complete=true for random data, filters, zones and pages', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(lineArb(['PA', 'PB', PROVIDER.customerId]), { minLength: 20, maxLength: 150 }),
        fc.array(
          fc.record({
            customer: fc.constantFrom('PA', 'PB', PROVIDER.customerId),
            zone: fc.constantFrom(...ZONES),
            startOffset: fc.integer({ min: -1, max: 4 }),
            days: fc.integer({ min: 1, max: 4 }),
            filter: filterArb,
            maxResults: fc.constantFrom(25, 50),
            index: fc.integer({ min: 0, max: 3 }),
            asOf: fc.option(fc.integer({ min: Date.parse('2026-11-16T00:00:00Z'), max: Date.parse('2026-11-21T00:00:00Z') }), {
              nil: undefined,
            }),
          }),
          { minLength: 10, maxLength: 10 },
        ),
        async (drawn, queries) => {
          run += 1;
          // Each run books its own ids, under the run's own customers' days: runs never see each other.
          const prefix = `R${run}-`;
          const lines: Line[] = drawn.map((d, i) => ({
            transactionId: `${prefix}${i}`,
            at: new Date(d.ms).toISOString(),
            customerId: d.customer,
            terminalId: d.terminal,
            type: d.type,
            resultCode: d.code[0],
            result: d.code[1],
            ...(d.serial ? { serial: d.serial } : {}),
            ...(d.ean ? { ean: d.ean } : {}),
            amount: d.amount,
            currency: 'EUR',
          }));
          await load(lines);
          const all = [...stored, ...lines];
          stored.push(...lines);
          for (const q of queries) {
            const startDate = addDays('2026-11-15', q.startOffset);
            const query: TransactionQuery = {
              customerId: q.customer,
              startDate,
              endDate: addDays(startDate, q.days - 1),
              index: q.index,
              maxResults: q.maxResults as 25 | 50,
              ...q.filter,
              ...(q.asOf !== undefined ? { asOf: new Date(q.asOf).toISOString() } : {}),
            } as TransactionQuery;
            const asOf = q.asOf ?? NOW.getTime();
            const want = expected(all, query, q.zone, asOf);
            seen.total += want.length;
            seen.paged += Math.max(0, Math.min(want.length - q.index * q.maxResults, q.maxResults));
            const page = await backend.transactions.list(GLOBAL, query, q.zone);
            const ids = (items: { transactionId: string }[]) => items.map((t) => t.transactionId);
            expect({ query, zone: q.zone, total: page.totalCount, complete: page.complete, ids: ids(page.items) }).toEqual({
              query,
              zone: q.zone,
              total: want.length,
              complete: true,
              ids: ids(want.slice(q.index * q.maxResults, (q.index + 1) * q.maxResults)),
            });
            const { asOf: _a, index: _i, maxResults: _m, ...filter } = query;
            if (q.asOf === undefined && q.index === 0) {
              const rows: Transaction[] = [];
              for await (const part of transactionRows(backend.db, filter, q.zone)) rows.push(...part);
              expect(ids(rows)).toEqual(ids(expected(all, query, q.zone, Number.MAX_SAFE_INTEGER)));
              expect(await countTransactions(backend.db, filter, q.zone)).toBe(rows.length);
            }
          }
        },
      ),
      { numRuns: 25, seed: 14_032 },
    );
    // The draws are not vacuous: many queries counted rows, and pages held rows.
    expect(seen.total).toBeGreaterThan(2_000);
    expect(seen.paged).toBeGreaterThan(500);
  }, 240_000);
});
const stored: Line[] = [];

describe('calls per page', () => {
  it('are the same for a history ten times longer (first and a deep page, each filter)', async () => {
    const day = (n: number) => addDays('2026-11-19', -n);
    const lines = (customerId: string, days: number, perDay: number): Line[] =>
      Array.from({ length: days * perDay }, (_, i) => {
        const d = Math.floor(i / perDay);
        const ms = Date.parse(`${day(d)}T00:00:00Z`) + ((i % perDay) * 86_400_000) / perDay;
        return {
          transactionId: `${customerId}-${i}`,
          at: new Date(ms).toISOString(),
          customerId,
          terminalId: TERMINALS[i % 3]!,
          type: TYPES[i % 3]!,
          resultCode: CODES[i % 3]![0],
          result: CODES[i % 3]![1],
          serial: SERIALS[i % 2]!,
          ean: EANS[i % 2]!,
          amount: 100,
          currency: 'EUR',
        };
      });
    await load(lines('CS', 4, 60));
    await load(lines('CB', 40, 60));
    const counter = countCalls(backend.db);
    const callsOf = async (customerId: string, extra: Partial<TransactionQuery>) => {
      const query = { customerId, startDate: day(3), endDate: day(0), index: 0, maxResults: 25, ...extra } as TransactionQuery;
      const { calls, result } = await counter.counted(() => backend.transactions.list(GLOBAL, query, 'Asia/Kolkata'));
      return { calls, rows: result.items.length };
    };
    try {
      for (const extra of [
        {},
        { index: 5 },
        { type: 'activation' },
        { terminalId: 'TERM-2', index: 2 },
        { ean: EANS[0] },
        { result: 'declined' as const, index: 1 },
      ]) {
        const small = await callsOf('CS', extra);
        const large = await callsOf('CB', extra);
        expect({ extra, ...large }).toEqual({ extra, ...small });
        expect(small.rows).toBe(25);
        console.log('calls per page', JSON.stringify(extra), small.calls);
      }
    } finally {
      counter.stop();
    }
  }, 120_000);
});

/** The rows the list's page Queries examine (ScannedCount of the Queries of transaction rows, not of counts). */
function rowsExamined(db: Db) {
  let rows = 0;
  db.doc.middlewareStack.add(
    (next, context) => async (args) => {
      const out = await next(args);
      const input = args.input as { Select?: string; ExpressionAttributeValues?: Record<string, unknown> };
      const pk = String(input.ExpressionAttributeValues?.[':pk'] ?? '');
      if (context.commandName === 'QueryCommand' && input.Select !== 'COUNT' && pk.startsWith('TXN#'))
        rows += (out.output as { ScannedCount?: number }).ScannedCount ?? 0;
      return out;
    },
    { step: 'initialize', name: 'rowsExamined' },
  );
  return {
    async examined<T>(run: () => Promise<T>): Promise<{ result: T; rows: number }> {
      const before = rows;
      const result = await run();
      return { result, rows: rows - before };
    },
    stop: () => db.doc.middlewareStack.remove('rowsExamined'),
  };
}

describe('a busy hour (ADR 071)', () => {
  it("answers the brute force at any offset in the same calls, each page read from its first row's ten-second slot", async () => {
    const hour = Date.parse('2026-11-17T12:00:00Z');
    // 2,000 rows in one hour (one every 1.8 s: 5-6 a slot) among 60 over the same UTC day (a page in one day
    // reads one day's hours; one across midnight reads two).
    const at = (i: number) =>
      new Date(i < 2000 ? hour + i * 1800 : Date.parse('2026-11-17T00:00:00Z') + (i - 2000) * 1_440_000).toISOString();
    const lines: Line[] = Array.from({ length: 2060 }, (_, i) => ({
      transactionId: `BUSY-${i}`,
      at: at(i),
      customerId: 'CH',
      terminalId: TERMINALS[i % 3]!,
      type: TYPES[i % 3]!,
      resultCode: CODES[i % 3]![0],
      result: CODES[i % 3]![1],
      ean: EANS[i % 2]!,
      amount: 1,
      currency: 'EUR',
    }));
    await load(lines);
    const counter = countCalls(backend.db);
    const scan = rowsExamined(backend.db);
    const pages = async (extra: Partial<TransactionQuery>, zone: string) => {
      const seen: { calls: number; rows: number }[] = [];
      for (const index of [0, 1, 12, 20, 39]) {
        const query = {
          customerId: 'CH',
          startDate: '2026-11-16',
          endDate: '2026-11-18',
          index,
          maxResults: 50,
          ...extra,
        } as TransactionQuery;
        const want = expected(lines, query, zone, NOW.getTime());
        // A page past the end stops after the counts: only pages with rows are compared for calls.
        if (index * 50 >= want.length) continue;
        const {
          result: { result: page, rows },
          calls,
        } = await counter.counted(() => scan.examined(() => backend.transactions.list(GLOBAL, query, zone)));
        const ids = (items: { transactionId: string }[]) => items.map((t) => t.transactionId);
        expect({ extra, index, total: page.totalCount, ids: ids(page.items) }).toEqual({
          extra,
          index,
          total: want.length,
          ids: ids(want.slice(index * 50, (index + 1) * 50)),
        });
        seen.push({ calls, rows });
      }
      return seen;
    };
    try {
      for (const zone of ['UTC', 'Asia/Kolkata'])
        for (const extra of [{}, { type: 'activation' }, { terminalId: 'TERM-2' }]) {
          const seen = await pages(extra, zone);
          expect({ zone, extra, calls: new Set(seen.map((p) => p.calls)).size }).toEqual({ zone, extra, calls: 1 });
          // Without a filter the page's Query skips at most its first slot's rows before its 50.
          if (Object.keys(extra).length === 0) expect(Math.max(...seen.map((p) => p.rows))).toBeLessThanOrEqual(50 + 6);
        }
      // An hour written before ADR 071 (no slotRows): its slots are not trusted; the answers stay the same.
      await backend.db.doc.send(
        new UpdateCommand({
          TableName: backend.db.table,
          Key: { pk: summaryKeys.pk('CH', ALL), sk: summaryKeys.hourSk('2026-11-17', 12) },
          UpdateExpression: 'REMOVE slotRows',
        }),
      );
      const unslotted = await pages({}, 'UTC');
      expect(Math.max(...unslotted.map((p) => p.rows))).toBeGreaterThan(900);
    } finally {
      counter.stop();
      scan.stop();
    }
  }, 120_000);
});

describe('stable paging', () => {
  it("answers the same pages with the first answer's asOf after newer rows arrive", async () => {
    const line = (i: number, at: string): Line => ({
      transactionId: `AS-${i}`,
      at,
      customerId: 'PC',
      terminalId: 'TERM-1',
      type: 'sale',
      resultCode: '00',
      result: 'approved',
      amount: 1,
      currency: 'EUR',
    });
    await load(Array.from({ length: 60 }, (_, i) => line(i, new Date(Date.parse('2026-11-20T08:00:00Z') + i * 60_000).toISOString())));
    const query = { customerId: 'PC', startDate: '2026-11-20', endDate: '2026-11-21', index: 1, maxResults: 25 } as TransactionQuery;
    const first = await backend.transactions.list(GLOBAL, { ...query, index: 0 }, 'Europe/Berlin');
    const before = await backend.transactions.list(GLOBAL, { ...query, asOf: first.asOf }, 'Europe/Berlin');
    // Newer rows (after asOf: the clock's now) arrive; the second page with the first answer's asOf stays put.
    await load([line(100, '2026-11-21T10:00:00.500Z'), line(101, '2026-11-21T10:30:00Z')]);
    const after = await backend.transactions.list(GLOBAL, { ...query, asOf: first.asOf }, 'Europe/Berlin');
    expect(after).toEqual(before);
    expect(before.totalCount).toBe(60);
    expect((await backend.transactions.list(GLOBAL, { ...query, asOf: '2026-11-21T11:00:00.000Z' }, 'Europe/Berlin')).totalCount).toBe(62);
  });
});

describe('the bound of a filter no summary counts', () => {
  it('examines at most TRANSACTION_SCAN_BOUND rows and says complete=false and how far back it looked', async () => {
    const serial = '1000000000099';
    const start = Date.parse('2026-11-18T00:00:00Z');
    const rows = Array.from({ length: TRANSACTION_SCAN_BOUND + 100 }, (_, i): Line => ({
      transactionId: `BOUND-${i}`,
      at: new Date(start + i * 10_000).toISOString(),
      customerId: 'PC',
      terminalId: 'TERM-9',
      type: 'sale',
      resultCode: '00',
      result: 'approved',
      serial,
      amount: 1,
      currency: 'EUR',
    }));
    await load(rows);
    const query = {
      customerId: 'PC',
      startDate: '2026-11-18',
      endDate: '2026-11-19',
      index: 0,
      maxResults: 50,
      serial,
    } as TransactionQuery;
    const page = await backend.transactions.list(GLOBAL, query, 'UTC');
    const newestFirst = [...rows].reverse();
    expect({ complete: page.complete, total: page.totalCount, first: page.items[0]?.transactionId }).toEqual({
      complete: false,
      total: TRANSACTION_SCAN_BOUND,
      first: newestFirst[0]!.transactionId,
    });
    expect(page.scannedThrough).toBe(newestFirst[TRANSACTION_SCAN_BOUND - 1]!.at);
    // A narrower range stays within the bound: complete, exact.
    const narrow = await backend.transactions.list(GLOBAL, { ...query, startDate: '2026-11-19' }, 'UTC');
    expect({ complete: narrow.complete, total: narrow.totalCount }).toEqual({
      complete: true,
      total: rows.filter((r) => r.at >= '2026-11-19').length,
    });
  }, 120_000);
});

describe('access', () => {
  it("answers another customer's customer or transaction exactly like a nonexistent one, and 403 without the section", async () => {
    const own = actorWith({ payment: { permissions: 1, settings: 0 } }, 'PA');
    const query = { customerId: 'PB', startDate: '2026-11-15', endDate: '2026-11-19', index: 0, maxResults: 25 } as TransactionQuery;
    const refusal = async (run: () => Promise<unknown>) =>
      run().then(
        () => null,
        (e: { kind: string; code: string; message: string }) => ({ kind: e.kind, code: e.code, message: e.message }),
      );
    /** The refusal of a list call with `changes` to the query. */
    const listRefusal = (actor: Actor, changes: Partial<typeof query>) =>
      refusal(() => backend.transactions.list(actor, { ...query, ...changes }, 'UTC'));
    const theirs = await listRefusal(own, {});
    expect(theirs).toEqual({ kind: 'not_found', code: 'TRANSACTION.CUSTOMER_NOT_FOUND', message: 'Customer not found.' });
    expect(await listRefusal(own, { customerId: 'NOBODY' })).toEqual(theirs);
    const page = await backend.transactions.list(GLOBAL, query, 'UTC');
    const key = page.items[0]?.key;
    expect(key).toBeDefined();
    const missing = await refusal(() => backend.transactions.detail(own, key!));
    expect(missing).toEqual({ kind: 'not_found', code: 'TRANSACTION.NOT_FOUND', message: 'Transaction not found.' });
    expect(
      await refusal(() => backend.transactions.detail(own, Buffer.from('NOBODY\n2026-11-15T00:00:00.000Z#X').toString('base64url'))),
    ).toEqual(missing);
    expect(await refusal(() => backend.transactions.detail(own, 'not-a-key'))).toEqual(missing);
    expect((await backend.transactions.detail(GLOBAL, key!)).transactionId).toBe(page.items[0]!.transactionId);
    const none = actorWith({ payment: { permissions: 2, settings: 0 } }, 'PA');
    expect(await listRefusal(none, { customerId: 'PA' })).toMatchObject({ kind: 'forbidden', code: 'PERMISSION.DENIED' });
    expect(await listRefusal(GLOBAL, { endDate: '2026-11-14' })).toMatchObject({ kind: 'input', code: 'TRANSACTION.RANGE_INVERTED' });
    expect(await listRefusal(GLOBAL, { endDate: '2028-01-01' })).toMatchObject({ kind: 'input', code: 'TRANSACTION.RANGE_TOO_LONG' });
    expect(await listRefusal(GLOBAL, { endDate: '2026-11-31' })).toMatchObject({ kind: 'input', code: 'REQUEST.VALIDATION_FAILED' });
  });
});
