import { BatchGetCommand, BatchWriteCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';

/**
 * Bulk helpers (ADR 014, ADR 018): BatchGetItem / BatchWriteItem in their allowed sizes with retries of
 * unprocessed keys/items, and a bounded-concurrency map. Queries are in query.ts, typed reads in
 * entity.ts, transactions in transact.ts. None of them scans.
 */

export type Key = { pk: string; sk: string };
export type Item = Record<string, unknown>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Retries of unprocessed keys/items: exponential, capped at 1 s, jittered around the step. */
const backoff = (attempt: number) => sleep(Math.min(1000, 10 * 2 ** attempt) * (0.5 + Math.random()));

/** An item's or a key's `pk\0sk`: an item read back carries its key attributes as strings. */
const keyOf = (key: Item) => `${String(key.pk)}\u0000${String(key.sk)}`;

/** Runs `fn` over `items` with at most `limit` running at once; results keep the input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Strongly consistent reads of many keys (100 per BatchGetItem, unprocessed keys retried); the answer maps
 * `pk\0sk` to the item, absent keys are missing from it. Duplicate keys are read once.
 */
export async function batchGet(db: Db, keys: readonly Key[], options: { projection?: string[] } = {}): Promise<Map<string, Item>> {
  const found = new Map<string, Item>();
  const unique = [...new Map(keys.map((k) => [keyOf(k), { pk: k.pk, sk: k.sk }])).values()];
  const projection = options.projection
    ? {
        ProjectionExpression: [...new Set(['pk', 'sk', ...options.projection])].map((_, i) => `#p${i}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries([...new Set(['pk', 'sk', ...options.projection])].map((name, i) => [`#p${i}`, name])),
      }
    : {};
  for (let start = 0; start < unique.length; start += 100) {
    // Plain records: the SDK answers the unprocessed keys as such.
    let pending: Item[] = unique.slice(start, start + 100);
    for (let attempt = 0; pending.length; attempt += 1) {
      if (attempt > 0) await backoff(attempt);
      if (attempt > 12) throw new Error(`BatchGetItem: ${pending.length} keys still unprocessed`);
      const res = await db.doc.send(
        new BatchGetCommand({ RequestItems: { [db.table]: { Keys: pending, ConsistentRead: true, ...projection } } }),
      );
      for (const item of res.Responses?.[db.table] ?? []) found.set(keyOf(item), item);
      pending = res.UnprocessedKeys?.[db.table]?.Keys ?? [];
    }
  }
  return found;
}

/** `batchGet`'s lookup helper. */
export const getFrom = (items: Map<string, Item>, key: Key): Item | undefined => items.get(keyOf(key));

/**
 * Plain puts (no conditions), 25 per BatchWriteItem, unprocessed items retried with backoff. Only for
 * writes that are idempotent on their own: a retried or repeated put leaves the same item.
 */
export function batchPut(db: Db, items: readonly Item[], concurrency = 8): Promise<void> {
  return batchWrite(
    db,
    items.map((Item) => ({ PutRequest: { Item } })),
    concurrency,
  );
}

/** Plain deletes by key, as `batchPut` writes (a repeated delete of a gone item is a no-op). */
export function batchDelete(db: Db, keys: readonly Key[], concurrency = 8): Promise<void> {
  return batchWrite(
    db,
    keys.map((Key) => ({ DeleteRequest: { Key } })),
    concurrency,
  );
}

/** The SDK's own request type: what it answers unprocessed goes back as it came. */
type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

async function batchWrite(db: Db, requests: readonly WriteRequest[], concurrency: number): Promise<void> {
  const chunks: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += 25) chunks.push(requests.slice(i, i + 25));
  await mapLimit(chunks, concurrency, async (chunk) => {
    let pending = chunk;
    for (let attempt = 0; pending.length; attempt += 1) {
      if (attempt > 0) await backoff(attempt);
      if (attempt > 12) throw new Error(`BatchWriteItem: ${pending.length} items still unprocessed`);
      const res = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.table]: pending } }));
      pending = res.UnprocessedItems?.[db.table] ?? [];
    }
  });
}
