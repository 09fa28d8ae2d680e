import { GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { type Db, migrationStateKey, runMigrations } from '@portal/backend/platform/db';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestBackend, unmarkMigrations } from '../../../../tests/support/test-backend.ts';
import { hourlySummaries } from './hourly-summaries-entity.ts';
import { MIGRATIONS } from './index.ts';
import { dyingOnPage, oneSegment, RUNNER_DIED } from '../../../../tests/support/migrations.ts';

/**
 * Migration 1 and the runner (ADR 075) on DynamoDB Local: the per-day hour items and version items ADR 067
 * replaced become the per-hour items the counting reads; a second run changes nothing; a run that stopped
 * half way is resumed from its cursor by the next runner, and never by two at once.
 */
let db: Db;
const T0 = Date.parse('2026-11-29T01:00:00Z');

const put = (item: Record<string, unknown>) => db.doc.send(new PutCommand({ TableName: db.table, Item: item }));
const get = async (pk: string, sk: string) => (await db.doc.send(new GetCommand({ TableName: db.table, Key: { pk, sk } }))).Item;
const all = async () =>
  ((await db.doc.send(new ScanCommand({ TableName: db.table }))).Items ?? [])
    .filter((item) => String(item.pk).startsWith('TXSUM#'))
    .sort((a, b) => `${a.pk}\n${a.sk}`.localeCompare(`${b.pk}\n${b.sk}`));

/** Three ledgers' old items of one day: hours in one item, the day's version, and the daily item (kept). */
async function oldItems() {
  for (const ledger of ['C1', 'C2', 'C3']) {
    await put({
      pk: `TXSUM#${ledger}#ALL`,
      sk: 'D#2026-11-01',
      type: 'transactionDay',
      'c|sale|00|approved': 5,
      'c|refund|05|declined': 1,
    });
    await put({
      pk: `TXSUM#${ledger}#ALL`,
      sk: 'H#2026-11-01',
      type: 'transactionHours',
      'h|09|sale|00|approved': 3,
      'h|10|sale|00|approved': 2,
      'h|10|refund|05|declined': 1,
      'h|11|sale|00|approved': 0,
    });
    await put({ pk: `TXSUM#${ledger}#ALL`, sk: 'V#2026-11-01', type: 'transactionDayVersion', v: 7, dims: ['ALL', 'T#POS-1'] });
    await put({ pk: `TXSUM#${ledger}#T#POS-1`, sk: 'H#2026-11-01', type: 'transactionHours', 'h|09|sale|00|approved': 3 });
  }
  // A change counted after the deploy, before the migration: ADDed to the new hour item by today's code.
  await put({ pk: 'TXSUM#C1#ALL', sk: 'H#2026-11-01#09', type: 'transactionHour', 'c|sale|00|approved': 1 });
}

/** What the counting reads after the migration (the daily items untouched, the old ones gone). */
const expected = (ledger: string, extraAt09 = 0) => [
  { pk: `TXSUM#${ledger}#ALL`, sk: 'D#2026-11-01', type: 'transactionDay', 'c|sale|00|approved': 5, 'c|refund|05|declined': 1 },
  { pk: `TXSUM#${ledger}#ALL`, sk: 'H#2026-11-01#09', type: 'transactionHour', 'c|sale|00|approved': 3 + extraAt09 },
  { pk: `TXSUM#${ledger}#ALL`, sk: 'H#2026-11-01#10', type: 'transactionHour', 'c|sale|00|approved': 2, 'c|refund|05|declined': 1 },
  { pk: `TXSUM#${ledger}#T#POS-1`, sk: 'H#2026-11-01#09', type: 'transactionHour', 'c|sale|00|approved': 3 },
];
const migrated = [...expected('C1', 1), ...expected('C2'), ...expected('C3')];

beforeEach(async () => {
  db = (await createTestBackend()).db;
  await unmarkMigrations(db, 1);
  await oldItems();
});

describe('migration 1: hourly summary items (ADR 075)', () => {
  it('turns the old items into per-hour items, adding to counts made since the deploy; run twice, the same', async () => {
    expect(MIGRATIONS.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    // The others are recorded done when a table is created (a new table holds none of their old shapes, ADR 095).
    expect(await runMigrations(db, MIGRATIONS, { owner: 'a', now: () => T0 })).toEqual([
      { id: 1, name: hourlySummaries.name, result: 'done', items: 9 },
      { id: 2, name: MIGRATIONS[1]?.name, result: 'skipped', items: 0 },
      { id: 3, name: MIGRATIONS[2]?.name, result: 'skipped', items: 0 },
      { id: 4, name: MIGRATIONS[3]?.name, result: 'skipped', items: 0 },
    ]);
    expect(await all()).toEqual(migrated);
    expect(await get(migrationStateKey(1).pk, migrationStateKey(1).sk)).toMatchObject({ status: 'done', items: 9 });

    expect(await runMigrations(db, MIGRATIONS, { owner: 'b', now: () => T0 + 1 })).toEqual([
      { id: 1, name: hourlySummaries.name, result: 'skipped', items: 0 },
      { id: 2, name: MIGRATIONS[1]?.name, result: 'skipped', items: 0 },
      { id: 3, name: MIGRATIONS[2]?.name, result: 'skipped', items: 0 },
      { id: 4, name: MIGRATIONS[3]?.name, result: 'skipped', items: 0 },
    ]);
    expect(await all()).toEqual(migrated);
  });

  it('a page applied again (a crash after its writes, before its checkpoint) counts nothing twice', async () => {
    const old = (await all()).filter((item) => item.type === 'transactionHours' || item.type === 'transactionDayVersion');
    await hourlySummaries.apply(db, old);
    await hourlySummaries.apply(db, old);
    expect(await all()).toEqual(migrated);
  });

  it('a run that stopped half way: another runner waits for its lease, then resumes at its cursor', async () => {
    const seen: string[] = [];
    const stopping = dyingOnPage(oneSegment(hourlySummaries), 3, {
      onPage: (items) => seen.push(...items.map((item) => `${String(item.pk)} ${String(item.sk)}`)),
    });
    const options = { pageSize: 4, leaseMs: 60_000 };
    await expect(runMigrations(db, [stopping], { ...options, owner: 'first', now: () => T0 })).rejects.toThrow(RUNNER_DIED);
    const walked = seen.length;
    expect(walked).toBeGreaterThan(0);
    expect(await get(migrationStateKey(1).pk, migrationStateKey(1).sk)).toMatchObject({ status: 'running', owner: 'first' });

    // Within the first runner's lease: another runner leaves the migration alone.
    expect(await runMigrations(db, [stopping], { ...options, owner: 'second', now: () => T0 + 30_000 })).toEqual([
      { id: 1, name: hourlySummaries.name, result: 'busy', items: 0 },
    ]);
    // Past it: taken over, resumed after the last checkpoint (no item walked twice), finished.
    const resumed = await runMigrations(db, [stopping], { ...options, owner: 'second', now: () => T0 + 61_000 });
    expect(resumed[0]).toMatchObject({ result: 'done' });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThan(walked);
    expect(await all()).toEqual(migrated);
  });
});
