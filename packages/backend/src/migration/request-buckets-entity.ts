import type { Item, Key } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { isConditionFailure, isTransactionConflict } from '../platform/db/conditions.ts';
import { getItem } from '../platform/db/entity.ts';
import type { Migration } from '../platform/db/migration-runner.ts';
import { fullJitter, transactWrite, type TxItem } from '../platform/db/transact.ts';

/**
 * Migration 4 (ADR 048, ADR 095): request METAs written before ADR 048 carry gsi1 `REQS#<customerId>` (no
 * status bucket) and no gsi2 key, and the done counters do not hold them. Per such META one TransactWriteItems:
 * - the META's index keys set to its bucket's — gsi1 `REQS#<c>#<bucket>`, gsi2 `REQBY#<c>#<requestedBy>#<bucket>`,
 *   both sorted by `<createdAt>#<id>` — on the condition that it is unchanged since read (its `rev`) and still
 *   in the old shape (no gsi2 key);
 * - for a done request (approved or archived) `ADD n 1` on `REQCOUNT#<c>` / `DONE` and `DONE#<requestedBy>`.
 * The new keys are the mark: a META is counted only in the transaction that gives it them, so a page applied
 * again (a crash before the checkpoint), a resumed run or a second run counts nothing twice; nor does a request
 * that today's code changed meanwhile (its transition wrote the new keys, and counted it, ADR 048). The `rev`
 * is not bumped: the request's own fields do not change, and a user's change in flight still lands.
 * The shapes are spelled out here, not imported: a migration is frozen at its day's (ADR 075).
 */
export const REQUEST_BUCKETS_ID = 4;
const MAX_ATTEMPTS = 8;

/** A META still in the shape of before ADR 048: gsi1 `REQS#<customerId>` (ids hold no `#`) and no gsi2 key. */
export function isLegacyRequest(item: Item): boolean {
  return (
    item.type === 'workflowRequest' && item.gsi2pk === undefined && typeof item.gsi1pk === 'string' && /^REQS#[^#]+$/.test(item.gsi1pk)
  );
}

const truthy = (flag: unknown) => flag === 1 || flag === true;
const bucketOf = (item: Item): 'open' | 'done' => (truthy(item.approved) || truthy(item.deleted) ? 'done' : 'open');
const keyOf = (item: Item): Key => ({ pk: String(item.pk), sk: String(item.sk) });

/** The transaction that moves one old META to its bucket's keys and, if it is done, counts it. */
export function bucketWrites(db: Db, item: Item): TxItem[] {
  const customerId = String(item.customerId);
  const requestedBy = String(item.requestedBy);
  const bucket = bucketOf(item);
  if (typeof item.rev !== 'number') throw new Error(`Request ${String(item.pk)} has no rev: not a request of ADR 046`);
  const sortKey = `${String(item.createdAt)}#${String(item.id)}`;
  const writes: TxItem[] = [
    {
      Update: {
        TableName: db.table,
        Key: keyOf(item),
        UpdateExpression: 'SET gsi1pk = :g1, gsi1sk = :s, gsi2pk = :g2, gsi2sk = :s',
        ConditionExpression: '#rev = :rev AND gsi1pk = :old AND attribute_not_exists(gsi2pk)',
        ExpressionAttributeNames: { '#rev': 'rev' },
        ExpressionAttributeValues: {
          ':g1': `REQS#${customerId}#${bucket}`,
          ':g2': `REQBY#${customerId}#${requestedBy}#${bucket}`,
          ':s': sortKey,
          ':rev': item.rev,
          ':old': item.gsi1pk,
        },
      },
    },
  ];
  if (bucket === 'done')
    for (const sk of ['DONE', `DONE#${requestedBy}`])
      writes.push({
        Update: {
          TableName: db.table,
          Key: { pk: `REQCOUNT#${customerId}`, sk },
          UpdateExpression: 'SET #type = :type ADD n :one',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: { ':type': 'workflowRequestCount', ':one': 1 },
        },
      });
  return writes;
}

/**
 * One META moved: from the item as the walk read it, then (a condition failed: the request changed meanwhile)
 * from a fresh read, until it is moved or no longer old (today's code rewrote it). A TransactionConflict (a live
 * transition or the other segment on the same counter) is sent again after a jittered wait.
 */
async function moveRequest(db: Db, seen: Item): Promise<void> {
  let item: Item | undefined = seen;
  for (let attempt = 1; ; attempt += 1) {
    if (!item || !isLegacyRequest(item)) return;
    try {
      await transactWrite(db, bucketWrites(db, item));
      return;
    } catch (error) {
      const conflict = isTransactionConflict(error);
      if (!(conflict || isConditionFailure(error)) || attempt >= MAX_ATTEMPTS) throw error;
      if (conflict) await fullJitter(attempt, 1_000);
      item = await getItem(db, keyOf(seen), { consistent: true });
    }
  }
}

export const requestBuckets: Migration = {
  id: REQUEST_BUCKETS_ID,
  name: 'request index keys by status bucket, done counters (ADR 048)',
  // Two segments, one transaction at a time each: the pace that bounds a customer's counter writes (ADR 095).
  scan: {
    filter: '#type = :request AND attribute_not_exists(gsi2pk)',
    names: { '#type': 'type' },
    values: { ':request': 'workflowRequest' },
    segments: 2,
  },
  async apply(db, items) {
    for (const item of items) await moveRequest(db, item);
  },
};
