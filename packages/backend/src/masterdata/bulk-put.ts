import { GetCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { customerKeys } from '../customers/customer-entity.ts';
import { batchGet, batchPut, getFrom, type Item, type Key, queryAll, queryPage } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import type { LineOutcome } from '../import/rejection.ts';

/**
 * The write of the plain master-data kinds (stores, distribution centres, products, retailer products):
 * one item per record, replaced whole on re-import. Reads what exists and what the records refer to in
 * batches, decides per record (in file order: a later line for the same key sees the earlier one), then
 * writes the accepted items with BatchWriteItem. Puts are idempotent, so a retried or repeated import
 * converges to the same items; `createdAt` is carried over from the stored item.
 * Also the reads these entities share: their items with the key attributes dropped (`stripKeys`).
 */
export type PutSpec<T> = {
  key(record: T): Key;
  /** Items that must exist for the record to be accepted, each with the reason given when it does not. */
  requires?(record: T): { key: Key; reason: string }[];
  /** A reason to refuse the record given the item stored now (or written by an earlier line), else null. */
  refuse?(record: T, existing: Item | undefined): string | null;
  /** The item's attributes besides its key and its `createdAt` / `updatedAt`. */
  item(record: T): Item;
};

const id = (key: Key) => `${key.pk}\u0000${key.sk}`;

export async function putRecords<T>(db: Db, records: readonly T[], spec: PutSpec<T>, now: Date): Promise<LineOutcome[]> {
  const at = now.toISOString();
  const existing = await batchGet(db, records.map((r) => spec.key(r)));
  const required = spec.requires ? records.flatMap((r) => spec.requires!(r).map((x) => x.key)) : [];
  const present = required.length ? await batchGet(db, required, { projection: ['type'] }) : new Map<string, Item>();
  const accepted = new Map<string, Item>();
  const outcomes: LineOutcome[] = records.map((record) => {
    const key = spec.key(record);
    const missing = spec.requires?.(record).find((x) => !getFrom(present, x.key));
    if (missing) return { rejected: missing.reason };
    const current = accepted.get(id(key)) ?? getFrom(existing, key);
    const refusal = spec.refuse?.(record, current);
    if (refusal) return { rejected: refusal };
    accepted.set(id(key), {
      ...spec.item(record),
      createdAt: (current?.createdAt as string | undefined) ?? at,
      updatedAt: at,
      pk: key.pk,
      sk: key.sk,
    });
    return current ? 'updated' : 'created';
  });
  await batchPut(db, [...accepted.values()]);
  return outcomes;
}

/** A `requires` entry of a record naming its retailer: the retailer role item must exist. */
export const retailerRequired = (retailerId: string) => ({
  key: { pk: customerKeys.pk(retailerId), sk: customerKeys.roleSk('retailer') },
  reason: `retailerId: no retailer '${retailerId}'`,
});

/** Drops the key attributes of an item read from the table. */
export function stripKeys<T>(item: Item): T {
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, type: _t, ...rest } = item;
  return rest as T;
}

/** One item by key (one GetItem), keys dropped; null when absent. */
export async function getOne<T>(db: Db, key: Key): Promise<T | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: key }));
  return res.Item ? stripKeys<T>(res.Item) : null;
}

/** Many items by id in BatchGetItem calls of 100, keys dropped; unknown ids are missing from the map. */
export async function getMany<T>(db: Db, ids: readonly string[], keyOf: (id: string) => Key): Promise<Map<string, T>> {
  const items = await batchGet(db, ids.map(keyOf));
  const out = new Map<string, T>();
  for (const id of ids) {
    const item = getFrom(items, keyOf(id));
    if (item) out.set(id, stripKeys<T>(item));
  }
  return out;
}

type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;
/** What a list function is asked for: a page size and the previous page's cursor. */
export type PageRequest = { limit: number; cursor?: Record<string, unknown> };

/** The key condition of a Query of one partition of an index: `<index>pk = <pk>`. */
export const onIndex = (index: 'gsi1' | 'gsi2', pk: string) => ({
  IndexName: index,
  KeyConditionExpression: `${index}pk = :pk`,
  ExpressionAttributeValues: { ':pk': pk },
});

/** One page of a Query, keys dropped: the list access patterns' `{ items, cursor }`. */
export async function listPage<T>(db: Db, input: Omit<QueryInput, 'Limit'>, page: PageRequest) {
  const res = await queryPage(db, { ...input, Limit: page.limit }, page.cursor);
  return { items: res.items.map((item) => stripKeys<T>(item)), cursor: res.cursor };
}

/** Every page of a Query, keys dropped, with the number of calls it made. */
export async function listAll<T>(db: Db, input: QueryInput): Promise<{ items: T[]; calls: number }> {
  const res = await queryAll(db, input);
  return { items: res.items.map((item) => stripKeys<T>(item)), calls: res.calls };
}
