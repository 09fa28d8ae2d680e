import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Item } from './batch.ts';
import type { Db } from './client.ts';
import { toTtl } from './table.ts';

const DAY_MS = 86_400_000;

/**
 * Appends one entry to a log kept per UTC day (1 Put): `pk = <prefix>#yyyy-mm-dd` of `at`, `sk = <at>#<uuid>`
 * (in time order; two entries of one millisecond are both kept), removed `retentionDays` after `at` (TTL
 * `expiresAt`). `item` is the entry with its type and any index keys.
 */
export async function appendToDayLog(db: Db, prefix: string, at: string, item: Item, retentionDays: number): Promise<void> {
  const expiresAt = toTtl(new Date(Date.parse(at) + retentionDays * DAY_MS));
  await db.doc.send(
    new PutCommand({ TableName: db.table, Item: { pk: `${prefix}#${at.slice(0, 10)}`, sk: `${at}#${randomUUID()}`, ...item, expiresAt } }),
  );
}
