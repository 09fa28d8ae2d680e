import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, getFrom, type Item, type Key } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { applied, cancellationCodes, isTransactionConflict, stillAsRead } from '../platform/db/conditions.ts';
import { itemSize } from '../platform/db/capacity-recorder.ts';
import { getItem } from '../platform/db/entity.ts';
import type { Migration } from '../platform/db/migration-runner.ts';
import { fullJitter, transactWrite, type TxItem } from '../platform/db/transact.ts';

/**
 * Migration 2 (ADR 072, ADR 075): the sales items of before ADR 072, into the keys the sales reads query.
 * - `salesWeek` (`STORE#<store>` / `W#<monday>`) and `salesMonth` (`STORE#<store>` / `M#<month>`) on the
 *   unsharded index key `SALESW#<retailer>#<monday>` / `SALESM#<retailer>#<month>` → `…#<shard>`: one
 *   UpdateItem conditioned on the old value (a bucket an import moved meanwhile is left as it is).
 * - `providerSalesWeek` (`PSALES#<provider>` / `W#<monday>#<retailer>`): its `d` (per day and product) → the
 *   product items `PSALES#<provider>` / `W#<monday>#<retailer>#<product>`, its `s` (per day and store) → the
 *   store items `PSALES#<provider>#<shard>` / `S#<monday>#<retailer>#<store>`: per transaction ≤ 98 products
 *   and stores (their days added to their item, a Put on its version) and the retailer week Put without them
 *   (on its version `v`); the last one deletes it. A transaction moves its figures exactly once: applied
 *   again, it starts from what is left; a version that moved (a live import) is read again.
 * The shapes (and the shard of a store, `storeShard` of ADR 072) are spelled out here: a migration is frozen
 * at the shapes of its day (ADR 075).
 */
const SHARDS = 8;
/** Stores and products moved per transaction: with the retailer week, 99 items of DynamoDB's 100. */
export const MOVES_PER_TRANSACTION = 98;
/**
 * What the retailer week's rewrites may take of its key `PSALES#<provider>` (of 1,000 WCU/s), live imports
 * keeping the rest: a 400 KB week is 800 WCU per transactional Put, so its moves are paced to this rate.
 */
const WEEK_KEY_WCU_PER_SECOND = 400;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const shardOf = (storeId: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < storeId.length; i += 1) hash = Math.imul(hash ^ storeId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % SHARDS;
};

type Pair = [number, number];
/** `{ <date>: { <id>: [quantity, amountCents] } }`, stored as a JSON string (or a Map before ADR 029). */
type Cells = Record<string, Record<string, Pair>>;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isPair = (value: unknown): value is Pair => Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'number');
/** The cells as stored, read back; anything not a cell is left out. */
function unpack(stored: unknown): Cells {
  const value: unknown = typeof stored === 'string' ? JSON.parse(stored) : stored;
  const cells: Cells = {};
  if (!isRecord(value)) return cells;
  for (const [date, figures] of Object.entries(value))
    if (isRecord(figures))
      cells[date] = Object.fromEntries(Object.entries(figures).filter((entry): entry is [string, Pair] => isPair(entry[1])));
  return cells;
}

/** The index key a bucket of before ADR 072 moves to; undefined when it is sharded already (3 `#`: ids have none). */
export function shardedIndexKey(item: Item): string | undefined {
  const gsi1pk = item.gsi1pk;
  if (typeof gsi1pk !== 'string' || typeof item.storeId !== 'string') return undefined;
  if (!/^SALES[WM]#[^#]+#[^#]+$/.test(gsi1pk)) return undefined;
  return `${gsi1pk}#${shardOf(item.storeId)}`;
}

async function moveBucket(db: Db, item: Item): Promise<void> {
  const to = shardedIndexKey(item);
  if (!to) return;
  await applied(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: 'SET gsi1pk = :to',
        ConditionExpression: 'gsi1pk = :from',
        ExpressionAttributeValues: { ':to': to, ':from': item.gsi1pk },
      }),
    ),
  );
}

/** Where a retailer week's figures of one store (`s`) or one product (`d`) go. */
type Target = { field: 's' | 'd'; id: string };

const targetKey = (week: Item, { field, id }: Target): Key =>
  field === 's'
    ? { pk: `${String(week.pk)}#${shardOf(id)}`, sk: `S#${String(week.week)}#${String(week.retailerId)}#${id}` }
    : { pk: String(week.pk), sk: `${String(week.sk)}#${id}` };

/** A Put's condition on the version read (0: the item did not exist). */
const onVersion = (seen: number) => stillAsRead('v', seen === 0 ? null : seen);
const versionOf = (item: Item | undefined): number => (typeof item?.v === 'number' ? item.v : 0);

/** A retailer week's map per store or product: `{ <id>: { <date>: [quantity, amountCents] } }`. */
function byId(cells: Cells): Map<string, Record<string, Pair>> {
  const ids = new Map<string, Record<string, Pair>>();
  for (const [date, figures] of Object.entries(cells))
    for (const [id, pair] of Object.entries(figures)) {
      const days = ids.get(id) ?? {};
      days[date] = pair;
      ids.set(id, days);
    }
  return ids;
}

/** The cells of `cells` whose id is not in `moved`. */
function rest(cells: Cells, moved: ReadonlySet<string>): Cells {
  const left: Cells = {};
  for (const [date, figures] of Object.entries(cells)) {
    const kept = Object.entries(figures).filter(([id]) => !moved.has(id));
    if (kept.length) left[date] = Object.fromEntries(kept);
  }
  return left;
}

/** The Put that adds one store's or product's days to its item, on that item's version. */
function targetPut(db: Db, week: Item, target: Target, days: Record<string, Pair>, current: Item | undefined, at: string): TxItem {
  const cells = unpack(current?.[target.field]);
  for (const [date, [q, a]] of Object.entries(days)) {
    const [q0, a0] = cells[date]?.[target.id] ?? [0, 0];
    cells[date] = { [target.id]: [q0 + q, a0 + a] };
  }
  const item = {
    ...targetKey(week, target),
    type: target.field === 's' ? 'providerSalesStoreWeek' : 'providerSalesProductWeek',
    providerId: week.providerId,
    retailerId: week.retailerId,
    week: week.week,
    [target.field === 's' ? 'storeId' : 'productId']: target.id,
    [target.field]: JSON.stringify(cells),
    v: versionOf(current) + 1,
    updatedAt: at,
  };
  return { Put: { TableName: db.table, Item: item, ...onVersion(versionOf(current)) } };
}

/**
 * The next transaction of a retailer week (as read, consistently): up to MOVES_PER_TRANSACTION products of
 * `d` and stores of `s` added to their own items, and the week Put with what is left (Deleted once nothing
 * is), on its version. None when the week is gone.
 */
export async function nextMove(db: Db, week: Item, at: string): Promise<TxItem[]> {
  const maps = { d: unpack(week.d), s: unpack(week.s) };
  const byField = { d: byId(maps.d), s: byId(maps.s) };
  const targets: Target[] = (['d', 's'] as const).flatMap((field) => [...byField[field].keys()].sort().map((id) => ({ field, id })));
  const moving = targets.slice(0, MOVES_PER_TRANSACTION);
  const stored = await batchGet(
    db,
    moving.map((target) => targetKey(week, target)),
  );
  const transaction = moving.map((target) =>
    targetPut(db, week, target, byField[target.field].get(target.id) ?? {}, getFrom(stored, targetKey(week, target)), at),
  );
  const left = {
    d: rest(maps.d, new Set(moving.filter((t) => t.field === 'd').map((t) => t.id))),
    s: rest(maps.s, new Set(moving.filter((t) => t.field === 's').map((t) => t.id))),
  };
  const key = { pk: String(week.pk), sk: String(week.sk) };
  if (!Object.keys(left.d).length && !Object.keys(left.s).length) {
    transaction.push({ Delete: { TableName: db.table, Key: key, ...onVersion(versionOf(week)) } });
    return transaction;
  }
  const { s: _s, d: _d, ...kept } = week;
  const maps2 = Object.fromEntries(
    Object.entries(left).flatMap(([field, cells]) => (Object.keys(cells).length ? [[field, JSON.stringify(cells)]] : [])),
  );
  transaction.push({
    Put: { TableName: db.table, Item: { ...kept, ...maps2, v: versionOf(week) + 1, updatedAt: at }, ...onVersion(versionOf(week)) },
  });
  return transaction;
}

/**
 * Moves a retailer week's figures transaction by transaction, each from the week as read again: a crash
 * between two leaves the rest in the week for the next run; a version moved by a live import (a condition
 * failing, or a conflict) is read again after a jittered wait.
 */
async function moveWeek(db: Db, key: Key, now: () => Date): Promise<void> {
  for (let attempt = 0; ;) {
    const week = await getItem(db, key, { consistent: true });
    if (!week) return;
    const transaction = await nextMove(db, week, now().toISOString());
    try {
      await transactWrite(db, transaction);
      attempt = 0;
      // A transactional write costs 2 WCU per KB of the item written (the week is the last of the transaction).
      const weekWcu = 2 * Math.ceil(itemSize(transaction.at(-1)?.Put?.Item) / 1024);
      await pause((weekWcu / WEEK_KEY_WCU_PER_SECOND) * 1000);
    } catch (error) {
      const lost = cancellationCodes(error).includes('ConditionalCheckFailed') || isTransactionConflict(error);
      if (!lost || ++attempt > 8) throw error;
      await fullJitter(attempt, 1_000);
    }
  }
}

export function salesShards(now: () => Date = () => new Date()): Migration {
  return {
    id: 2,
    name: 'sharded sales index keys, provider product and store weeks (ADR 072)',
    scan: {
      filter: '(#type IN (:week, :month) AND begins_with(gsi1pk, :sales)) OR #type = :provider',
      names: { '#type': 'type' },
      values: { ':week': 'salesWeek', ':month': 'salesMonth', ':sales': 'SALES', ':provider': 'providerSalesWeek' },
      segments: 4,
    },
    async apply(db, items) {
      for (const item of items) {
        if (item.type === 'providerSalesWeek') await moveWeek(db, { pk: String(item.pk), sk: String(item.sk) }, now);
        else await moveBucket(db, item);
      }
    },
  };
}
