import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type * as z from '@portal/core/zod';
import { batchGet, getFrom, type Item, type Key } from './batch.ts';
import type { Db } from './client.ts';
import { type PageRequest, type QueryInput, queryAll, queryPage } from './query.ts';

/**
 * Entity definitions (ADR 018): how the items of one entity are read back into its record type. The
 * storage attributes (keys, index keys, `type`, and what the entity names besides, e.g. a TTL or a
 * version) are dropped; what remains is the record the entity's own functions wrote. Items are read
 * ONLY through a definition: an entity whose record has a zod schema (a core contract) is parsed by it;
 * otherwise the definition's type is the one unchecked step from a stored item to a record, here and
 * not as a cast at every read.
 */
export type Entity<T> = {
  /** The record an item of this entity holds, storage attributes dropped. */
  read(item: Item): T;
};

/** The key and index attributes and the item type: present on items, never part of a record. */
const STORAGE_ATTRIBUTES = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'type']);

/**
 * Drops the storage attributes of an item read from the table, and `also` (e.g. `expiresAt`). The record is
 * built from the kept attributes rather than by deleting from a copy: `delete` turns an object into a slow
 * dictionary, which cost a million-row export more than its writer (ADR 099).
 */
export function stripKeys(item: Item, also: readonly string[] = []): Item {
  const rest: Item = {};
  for (const name of Object.keys(item)) if (!STORAGE_ATTRIBUTES.has(name) && !also.includes(name)) rest[name] = item[name];
  return rest;
}

/** Whether an item's sort key starts with `prefix` (a partition holding items of several kinds). */
export const skStartsWith = (item: Item, prefix: string): boolean => typeof item.sk === 'string' && item.sk.startsWith(prefix);

/**
 * The definition of an entity whose items hold a `T` beside the storage attributes; `drop` names the
 * further attributes that are storage only (a TTL `expiresAt`, a lock version `v`); `schema` parses
 * what remains (unknown attributes dropped, a malformed item throws).
 */
export function entity<T>(options: { drop?: readonly string[]; schema?: z.ZodMiniType<T> } = {}): Entity<T> {
  const { drop, schema } = options;
  return { read: (item) => (schema ? schema.parse(stripKeys(item, drop)) : (stripKeys(item, drop) as T)) };
}

/** One raw item by key (one GetItem), for a write cycle that puts it back whole; undefined when absent. */
export async function getItem(db: Db, key: Key, options: { consistent?: boolean } = {}): Promise<Item | undefined> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: key, ...(options.consistent ? { ConsistentRead: true } : {}) }));
  return res.Item;
}

/** One item by key (one GetItem) read as `T`; null when absent. */
export async function getOne<T>(db: Db, of: Entity<T>, key: Key, options: { consistent?: boolean } = {}): Promise<T | null> {
  const item = await getItem(db, key, options);
  return item ? of.read(item) : null;
}

/** Many items by id in BatchGetItem calls of 100; unknown ids are missing from the map. */
export async function getMany<T>(db: Db, of: Entity<T>, ids: readonly string[], keyOf: (id: string) => Key): Promise<Map<string, T>> {
  const items = await batchGet(db, ids.map(keyOf));
  const out = new Map<string, T>();
  for (const id of ids) {
    const item = getFrom(items, keyOf(id));
    if (item) out.set(id, of.read(item));
  }
  return out;
}

/** One page of a Query read as `T`: the list access patterns' `{ items, cursor }`. */
export async function listPage<T>(db: Db, of: Entity<T>, input: Omit<QueryInput, 'Limit'>, page: PageRequest) {
  const res = await queryPage(db, { ...input, Limit: page.limit }, page.cursor);
  return { items: res.items.map((item) => of.read(item)), cursor: res.cursor };
}

/** Every page of a Query read as `T`, with the number of calls it made. */
export async function listAll<T>(db: Db, of: Entity<T>, input: QueryInput): Promise<{ items: T[]; calls: number }> {
  const res = await queryAll(db, input);
  return { items: res.items.map((item) => of.read(item)), calls: res.calls };
}
