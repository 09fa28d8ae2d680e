import type { Key } from './batch.ts';
import type { Db } from './client.ts';
import { getItem } from './entity.ts';
import type { TxItem } from './transact.ts';

/**
 * A list every request needs whole (the retailers, the providers, the reference lists, the catalogue) kept in
 * the process's memory and read again only when it changed: one GetItem of its version item per call (0.5 RCU)
 * instead of the whole list (~275 RCU for 10,000 retailers), so the list's key is no longer read at the
 * fleet's request rate (ADR 065, ADR 072). A write to the list moves the version (`versionBump`), with the
 * time of the process's clock; the copy's load time is taken from the same clock.
 *
 * A list read from an index follows the table within about a second: a copy loaded in the first `settleMs`
 * after a change may miss it, so it is read again until the change has settled. A list read from the table
 * with a consistent read (`settleMs: 0`) is current once loaded. Copies are kept per table (tests run many
 * tables in one process).
 */
export const INDEX_SETTLE_MS = 5_000;

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

/** The list's value and the calls this read made (1 while the copy is current). */
export type VersionedRead<T> = { value: T; calls: number };

/**
 * `load` gets the version item this call read (undefined when none exists yet), so a loader that needs it
 * (the catalogue's build id) does not read it a second time.
 */
export function versionedValue<T>(
  key: Key,
  load: (db: Db, head: Record<string, unknown> | undefined) => Promise<{ value: T; calls: number }>,
  options: { settleMs: number },
) {
  const copies = new Map<string, { version: number; loadedAt: number; value: T }>();
  return async (db: Db, now: Date): Promise<VersionedRead<T>> => {
    const head = await getItem(db, key);
    const version = typeof head?.v === 'number' ? head.v : 0;
    const changedAt = typeof head?.changedAt === 'number' ? head.changedAt : 0;
    const copy = copies.get(db.table);
    if (copy && copy.version === version && (options.settleMs === 0 || copy.loadedAt - changedAt > options.settleMs)) {
      return { value: copy.value, calls: 1 };
    }
    const loadedAt = now.getTime();
    const loaded = await load(db, head);
    copies.set(db.table, { version, loadedAt, value: loaded.value });
    return { value: loaded.value, calls: 1 + loaded.calls };
  };
}

/** A whole list read from an index (versionedValue with the index's settle time). */
export function versionedList<T>(key: Key, load: (db: Db) => Promise<T[]>) {
  const read = versionedValue(key, async (db) => ({ value: await load(db), calls: 0 }), { settleMs: INDEX_SETTLE_MS });
  return async (db: Db, now: Date): Promise<T[]> => (await read(db, now)).value;
}
