import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { toTtl } from '../db/table.ts';

/**
 * Rate window items (ADR 019, no `type`): `pk = RATE#<rule>#<key>, sk = <window start ms>` holding `hits`;
 * TTL `expiresAt` removes a window two windows after it started. The limiter's policy is rate-limiter.ts.
 */

/** Counts one hit in the window starting at `windowStart` (1 atomic ADD); answers the window's hits so far. */
export async function countHit(db: Db, rule: string, key: string, windowStart: number, windowMs: number): Promise<number> {
  const res = await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: { pk: `RATE#${rule}#${key}`, sk: String(windowStart) },
      UpdateExpression: 'ADD hits :one SET expiresAt = if_not_exists(expiresAt, :ttl)',
      ExpressionAttributeValues: { ':one': 1, ':ttl': toTtl(new Date(windowStart + 2 * windowMs)) },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(res.Attributes?.hits);
}
