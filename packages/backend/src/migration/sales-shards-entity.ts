import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, getFrom, type Item, type Key } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { applied, cancellationCodes, isTransactionConflict } from '../platform/db/conditions.ts';
import { itemSize } from '../platform/db/capacity-recorder.ts';
import { getItem } from '../platform/db/entity.ts';
import type { Migration } from '../platform/db/migration-runner.ts';
import { fullJitter, transactWrite, type TxItem } from '../platform/db/transact.ts';

/**
 * Migration 2 (ADR 072, ADR 075): the sales items of before ADR 072, into the keys the sales reads query.
 * - `salesWeek` (`STORE#<store>` / `W#<monday>`) and `salesMonth` (`STORE#<store>` / `M#<month>`) on the
 *   unsharded index key `SALESW#<retailer>#<monday>` / `SALESM#<retailer>#<month>` → `…#<shard>`: one
 *   UpdateItem conditioned on the old value (a bucket an import moved meanwhile is left as it is).
 * - `providerSalesWeek` (`PSALES#<provider>` / `W#<monday>#<retailer>`) with `s` (per day and store) → the
 *   store items `PSALES#<provider>#<shard>` / `S#<monday>#<retailer>#<store>`: per transaction ≤ 98 stores
 *   (their days added to the store item, a Put on its version) and the retailer week Put without them (on its
 *   version `v`); the last one drops `s`. A transaction moves its stores exactly once: applied again, it starts
 *   from the `s` that is left; a version that moved (a live import) is read again.
 * The shapes (and the shard of a store, `storeShard` of ADR 072) are spelled out here: a migration is frozen
 * at the shapes of its day (ADR 075).
 */
const SHARDS = 8;
/** Stores moved per transaction: with the retailer week, 99 items of DynamoDB's 100. */
export const STORES_PER_TRANSACTION = 98;
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

const storeWeekKey = (week: Item, storeId: string): Key => ({
  pk: `${String(week.pk)}#${shardOf(storeId)}`,
  sk: `S#${String(week.week)}#${String(week.retailerId)}#${storeId}`,
});

/** A Put's condition on the version read (0: the item did not exist). */
const onVersion = (seen: number) =>
  seen === 0
    ? { ConditionExpression: 'attribute_not_exists(pk)' }
    : { ConditionExpression: 'v = :v', ExpressionAttributeValues: { ':v': seen } };
const versionOf = (item: Item | undefined): number => (typeof item?.v === 'number' ? item.v : 0);

/** A retailer week's `s` per store: `{ <store>: { <date>: [quantity, amountCents] } }`. */
function byStore(cells: Cells): Map<string, Record<string, Pair>> {
  const stores = new Map<string, Record<string, Pair>>();
  for (const [date, figures] of Object.entries(cells))
    for (const [storeId, pair] of Object.entries(figures)) {
      const days = stores.get(storeId) ?? {};
      days[date] = pair;
      stores.set(storeId, days);
    }
  return stores;
}

/**
 * The next transaction of a retailer week with `s` (as read, consistently): up to STORES_PER_TRANSACTION
 * stores' days added to their store items, and the week Put with what is left of `s`. None when `s` is gone.
 */
export async function nextStoreMove(db: Db, week: Item, at: string): Promise<TxItem[] | undefined> {
  if (week.s === undefined) return undefined;
  const cells = unpack(week.s);
  const stores = byStore(cells);
  const moving = [...stores.keys()].sort().slice(0, STORES_PER_TRANSACTION);
  const stored = await batchGet(
    db,
    moving.map((storeId) => storeWeekKey(week, storeId)),
  );
  const transaction: TxItem[] = moving.map((storeId) => {
    const key = storeWeekKey(week, storeId);
    const current = getFrom(stored, key);
    const days = unpack(current?.s);
    for (const [date, [q, a]] of Object.entries(stores.get(storeId) ?? {})) {
      const [q0, a0] = days[date]?.[storeId] ?? [0, 0];
      days[date] = { [storeId]: [q0 + q, a0 + a] };
    }
    const item = {
      ...key,
      type: 'providerSalesStoreWeek',
      providerId: week.providerId,
      retailerId: week.retailerId,
      week: week.week,
      storeId,
    };
    return {
      Put: {
        TableName: db.table,
        Item: { ...item, s: JSON.stringify(days), v: versionOf(current) + 1, updatedAt: at },
        ...onVersion(versionOf(current)),
      },
    };
  });
  const left: Cells = {};
  const moved = new Set(moving);
  for (const [date, figures] of Object.entries(cells)) {
    const rest = Object.entries(figures).filter(([storeId]) => !moved.has(storeId));
    if (rest.length) left[date] = Object.fromEntries(rest);
  }
  const { s: _s, ...kept } = week;
  transaction.push({
    Put: {
      TableName: db.table,
      Item: { ...kept, ...(Object.keys(left).length ? { s: JSON.stringify(left) } : {}), v: versionOf(week) + 1, updatedAt: at },
      ...onVersion(versionOf(week)),
    },
  });
  return transaction;
}

/**
 * Moves a retailer week's `s` transaction by transaction, each from the week as read again: a crash
 * between two leaves the rest in `s` for the next run; a version moved by a live import (a condition
 * failing, or a conflict) is read again after a jittered wait.
 */
async function moveStores(db: Db, key: Key, now: () => Date): Promise<void> {
  for (let attempt = 0; ;) {
    const week = await getItem(db, key, { consistent: true });
    const transaction = week && (await nextStoreMove(db, week, now().toISOString()));
    if (!transaction) return;
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
    name: 'sharded sales index keys and provider store weeks (ADR 072)',
    scan: {
      filter: '(#type IN (:week, :month) AND begins_with(gsi1pk, :sales)) OR (#type = :provider AND attribute_exists(s))',
      names: { '#type': 'type' },
      values: { ':week': 'salesWeek', ':month': 'salesMonth', ':sales': 'SALES', ':provider': 'providerSalesWeek' },
      segments: 4,
    },
    async apply(db, items) {
      for (const item of items) {
        if (item.type === 'providerSalesWeek') await moveStores(db, { pk: String(item.pk), sk: String(item.sk) }, now);
        else await moveBucket(db, item);
      }
    },
  };
}
