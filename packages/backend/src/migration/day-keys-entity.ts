import { batchGet, getFrom, type Item, type Key } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { isConditionFailure } from '../platform/db/conditions.ts';
import { getItem } from '../platform/db/entity.ts';
import type { Migration } from '../platform/db/migration-runner.ts';
import { fullJitter, transactWrite, type TxItem } from '../platform/db/transact.ts';

/**
 * Migration 3 (ADR 074, ADR 075): transaction rows (booking rows and provider listings, ADR 056) from their
 * ledger's one key `TXN#<ledger>` to the ledger's day key `TXN#<ledger>#<UTC day>`, the day being the sort
 * key's first 10 characters (`<atISO>#<id>`). Every other attribute, the index keys included, stays.
 * Per ≤ ROWS_PER_TRANSACTION rows one TransactWriteItems: per row the copy's Put, conditioned on the day key
 * holding no row yet, and the old row's Delete, conditioned on it being unchanged (every attribute as read).
 * A day key that holds the row already (written there by an import since the deploy: today's code writes
 * only day keys, so it is the newer one) gets no Put: the old row is only deleted. Applied again, the old
 * rows are gone and nothing is written; a condition that failed (a concurrent write) moves that chunk's rows
 * one at a time from fresh reads. The shapes are spelled out here: a migration is frozen at its day's.
 */
export const DAY_KEYS_ID = 3;
/** Rows per transaction: a Put and a Delete each, 100 items, DynamoDB's limit. */
export const ROWS_PER_TRANSACTION = 50;
const MAX_ATTEMPTS = 8;

/** The ledger of a row still in its key of before ADR 074 (`TXN#<ledger>`: ids have no `#`); undefined otherwise. */
export function legacyLedgerOf(item: Item): string | undefined {
  const match = typeof item.pk === 'string' ? /^TXN#([^#]+)$/.exec(item.pk) : null;
  return match?.[1];
}

const keyOf = (item: Item): Key => ({ pk: String(item.pk), sk: String(item.sk) });
const dayKeyOf = (item: Item): Key => ({ pk: `${String(item.pk)}#${String(item.sk).slice(0, 10)}`, sk: String(item.sk) });

/** The Delete of an old row on the condition that every attribute is still as read. */
function deleteUnchanged(db: Db, item: Item): TxItem {
  const attributes = Object.keys(item).filter((name) => name !== 'pk' && name !== 'sk');
  return {
    Delete: {
      TableName: db.table,
      Key: keyOf(item),
      ConditionExpression: ['attribute_exists(pk)', ...attributes.map((_, i) => `#a${i} = :a${i}`)].join(' AND '),
      ...(attributes.length
        ? {
            ExpressionAttributeNames: Object.fromEntries(attributes.map((name, i) => [`#a${i}`, name])),
            ExpressionAttributeValues: Object.fromEntries(attributes.map((name, i) => [`:a${i}`, item[name]])),
          }
        : {}),
    },
  };
}

/** The move of some old rows: the copies the day keys lack, and every old row's conditional Delete. */
function moves(db: Db, rows: readonly Item[], present: (key: Key) => boolean): TxItem[] {
  return rows.flatMap((row): TxItem[] => {
    const to = dayKeyOf(row);
    const copy: TxItem[] = present(to)
      ? []
      : [{ Put: { TableName: db.table, Item: { ...row, ...to }, ConditionExpression: 'attribute_not_exists(pk)' } }];
    return [...copy, deleteUnchanged(db, row)];
  });
}

/** One old row from fresh reads, retried with jitter while concurrent writes fail its conditions. */
async function moveOne(db: Db, key: Key): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const row = await getItem(db, key, { consistent: true });
    if (!row) return;
    const present = Boolean(await getItem(db, dayKeyOf(row), { consistent: true }));
    try {
      await transactWrite(
        db,
        moves(db, [row], () => present),
      );
      return;
    } catch (error) {
      if (!isConditionFailure(error) || attempt >= MAX_ATTEMPTS) throw error;
      await fullJitter(attempt, 1_000);
    }
  }
}

/** Moves some old rows: per chunk one BatchGet of their day keys and one transaction; a chunk that lost a race row by row. */
export async function moveRows(db: Db, rows: readonly Item[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_TRANSACTION) {
    const chunk = rows.slice(start, start + ROWS_PER_TRANSACTION);
    const stored = await batchGet(db, chunk.map(dayKeyOf), { projection: ['pk'] });
    try {
      await transactWrite(
        db,
        moves(db, chunk, (key) => getFrom(stored, key) !== undefined),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      for (const row of chunk) await moveOne(db, keyOf(row));
    }
  }
}

export const dayKeys: Migration = {
  id: DAY_KEYS_ID,
  name: 'transaction rows on day keys TXN#<ledger>#<day> (ADR 074)',
  scan: { filter: '#type = :transaction', names: { '#type': 'type' }, values: { ':transaction': 'transaction' }, segments: 4 },
  async apply(db, items) {
    await moveRows(
      db,
      items.filter((item) => legacyLedgerOf(item) !== undefined),
    );
  },
};
