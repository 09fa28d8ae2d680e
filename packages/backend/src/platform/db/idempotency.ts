import { GetCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Item, Key } from './batch.ts';
import type { Db } from './client.ts';
import { toTtl } from './table.ts';

/**
 * Idempotency-Key records (ARCHITECTURE convention 4): a submission a client may retry writes, in the
 * same transaction as its effect, a record under the user's key holding the hash of the request and
 * what it produced. A retry finds the record and answers the same result; the key with another request
 * is refused by the caller. Records live 24 h (TTL `expiresAt`).
 */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** The record under `key`, or null when absent or expired (TTL deletion lags up to 48 h). */
export async function readIdempotency(db: Db, key: Key, now: Date): Promise<Item | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
  if (!res.Item || (res.Item.expiresAt as number) <= toTtl(now)) return null;
  return res.Item;
}

/** The transaction item writing the record: only when the key is absent or expired. */
export function idempotencyPut(
  db: Db,
  key: Key,
  record: Record<string, unknown>,
  now: Date,
): NonNullable<TransactWriteCommandInput['TransactItems']>[number] {
  return {
    Put: {
      TableName: db.table,
      Item: { ...key, ...record, expiresAt: toTtl(now) + IDEMPOTENCY_TTL_SECONDS },
      ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :nowTtl',
      ExpressionAttributeValues: { ':nowTtl': toTtl(now) },
    },
  };
}
