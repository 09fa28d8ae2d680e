import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Item, Key } from './batch.ts';
import type { Db } from './client.ts';
import { isConditionFailure } from './conditions.ts';
import type { Entity } from './entity.ts';
import { toTtl } from './table.ts';

/*
 * Items under a random key that live until a TTL and are used once (sessions, sign-in attempts, SSO
 * transactions, passkey challenges): written only where no item is, and taken by a conditional Delete.
 */

/**
 * Writes `item` (its keys, type and record) to expire at `until` (TTL `expiresAt`), only where no item is:
 * its key is random, so a collision is astronomically unlikely, and is refused rather than overwriting
 * another's item (1 conditional Put).
 */
export async function putExpiring(db: Db, item: Item, until: Date): Promise<void> {
  await db.doc.send(
    new PutCommand({ TableName: db.table, Item: { ...item, expiresAt: toTtl(until) }, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
}

/**
 * Takes the item at `key` once (1 conditional Delete answering the old item): null when there is none, or
 * when `condition` (beside its existence) does not hold. Two parallel takes of one item: exactly one gets it.
 */
export async function takeOnce<T>(
  db: Db,
  of: Entity<T>,
  key: Key,
  condition: { expression: string; values: Record<string, unknown> } | null = null,
): Promise<T | null> {
  try {
    const res = await db.doc.send(
      new DeleteCommand({
        TableName: db.table,
        Key: key,
        ConditionExpression: condition ? `attribute_exists(pk) AND ${condition.expression}` : 'attribute_exists(pk)',
        ...(condition ? { ExpressionAttributeValues: condition.values } : {}),
        ReturnValues: 'ALL_OLD',
      }),
    );
    return res.Attributes ? of.read(res.Attributes) : null;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}
