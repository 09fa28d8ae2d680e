import type { Key } from './batch.ts';
import type { Db } from './client.ts';
import { getItem } from './entity.ts';
import type { TxItem } from './transact.ts';

/**
 * A list every request needs whole (the retailers, the providers) kept in the process's memory and read
 * again only when it changed: one GetItem of its version item per call (0.5 RCU) instead of the whole list
 * (~275 RCU for 10,000 retailers), so the list's index key is no longer read at the fleet's request rate.
 * A write to the list moves the version in the same transaction (`versionBump`), with the time.
 *
 * The list itself is read from an index, which follows the table within about a second: a copy loaded in
 * the first SETTLE_MS after a change may miss it, so it is read again until the change has settled.
 * Copies are kept per table (tests run many tables in one process).
 */
const SETTLE_MS = 5_000;

export function versionBump(db: Db, key: Key, now: Date): TxItem {
  return {
    Update: {
      TableName: db.table,
      Key: key,
      UpdateExpression: 'ADD v :one SET changedAt = :at, #type = :type',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':at': now.getTime(), ':type': 'listVersion' },
    },
  };
}

export function versionedList<T>(key: Key, load: (db: Db) => Promise<T[]>) {
  const copies = new Map<string, { version: number; loadedAt: number; items: T[] }>();
  return async (db: Db): Promise<T[]> => {
    const head = await getItem(db, key);
    const version = typeof head?.v === 'number' ? head.v : 0;
    const changedAt = typeof head?.changedAt === 'number' ? head.changedAt : 0;
    const copy = copies.get(db.table);
    if (copy && copy.version === version && copy.loadedAt - changedAt > SETTLE_MS) return copy.items;
    const loadedAt = Date.now();
    const items = await load(db);
    copies.set(db.table, { version, loadedAt, items });
    return items;
  };
}
