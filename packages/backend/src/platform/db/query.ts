import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Item } from './batch.ts';
import type { Db } from './client.ts';
import type { IndexName } from './table.ts';

/**
 * Queries (ADR 018): the one way to page through a partition. `queryPage` answers one page (the named
 * access patterns' `{ items, cursor }`), `queryAll` every page (write paths and bounded reads). Items come
 * back raw; entity.ts reads them into records.
 */
export type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/** What a list function is asked for: a page size and the previous page's cursor. */
export type PageRequest = { limit: number; cursor?: Record<string, unknown> };

/** A key condition whose values a caller may add to (a sort key range, a filter's values). */
type KeyCondition = { KeyConditionExpression: string; ExpressionAttributeValues: Record<string, unknown> };

/** The key condition of a Query of one partition of the table: `pk = <pk>`. */
export const onPartition = (pk: string): KeyCondition => ({
  KeyConditionExpression: 'pk = :pk',
  ExpressionAttributeValues: { ':pk': pk },
});

/** The key condition of a Query of one partition of an index: `<index>pk = <pk>`. */
export const onIndex = (index: IndexName, pk: string): KeyCondition & { IndexName: IndexName } => ({
  IndexName: index,
  KeyConditionExpression: `${index}pk = :pk`,
  ExpressionAttributeValues: { ':pk': pk },
});

/**
 * A projection to the named attributes, each through a name placeholder (so `name`, `status` and other
 * reserved words need no care). Reading a record's attributes without its keys, index keys and type cuts
 * what DynamoDB sends and the SDK unmarshals per item (ADR 029).
 */
export function projectionOf(attributes: readonly string[]) {
  return {
    ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(attributes.map((name, i) => [`#a${i}`, name])),
  };
}

/** Every page of a Query (for write paths and bounded reads); counts the calls it made. */
export async function queryAll(db: Db, input: QueryInput): Promise<{ items: Item[]; calls: number }> {
  const items: Item[] = [];
  let cursor: Record<string, unknown> | undefined;
  let calls = 0;
  do {
    const res = await db.doc.send(new QueryCommand({ TableName: db.table, ...input, ExclusiveStartKey: cursor }));
    calls += 1;
    items.push(...(res.Items ?? []));
    cursor = res.LastEvaluatedKey;
  } while (cursor);
  return { items, calls };
}

/** One page of a Query: the named access patterns' `{ items, cursor }`. */
export async function queryPage(
  db: Db,
  input: QueryInput,
  cursor?: Record<string, unknown>,
): Promise<{ items: Item[]; cursor: Record<string, unknown> | undefined }> {
  const res = await db.doc.send(new QueryCommand({ TableName: db.table, ...input, ExclusiveStartKey: cursor }));
  return { items: res.Items ?? [], cursor: res.LastEvaluatedKey };
}

/** How many items a Query matches (Select COUNT, every page): no item is sent back. */
export async function countAll(db: Db, input: Omit<QueryInput, 'Select' | 'ProjectionExpression'>): Promise<number> {
  let total = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const res = await db.doc.send(new QueryCommand({ TableName: db.table, ...input, Select: 'COUNT', ExclusiveStartKey: cursor }));
    total += res.Count ?? 0;
    cursor = res.LastEvaluatedKey;
  } while (cursor);
  return total;
}
