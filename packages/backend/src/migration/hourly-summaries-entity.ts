import type { Item } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { cancellationCodes, isTransactionConflict } from '../platform/db/conditions.ts';
import type { Migration } from '../platform/db/migration-runner.ts';
import { fullJitter, transactWrite, type TxItem } from '../platform/db/transact.ts';

/**
 * Migration 1 (ADR 075): the summary items ADR 067 replaced, into what the counting reads now.
 * - `TXSUM#<ledger>#<dim>` / `H#<day>` (type `transactionHours`, attributes `h|<HH>|<combo>` = count: a day's
 *   24 hours in one item, rebuilt from the rows until ADR 067) → one ADD per hour into `H#<day>#<HH>`
 *   (type `transactionHour`, `c|<combo>`), and the old item deleted, in ONE transaction conditioned on the
 *   old item still being there. ADD, not SET: since the deploy, writers have added the changes they made to
 *   the new hour items; the old item holds every row counted before. Applied twice, the second finds the
 *   old item gone and its transaction fails its condition: nothing is counted twice.
 * - `TXSUM#<ledger>#ALL` / `V#<day>` (type `transactionDayVersion`: the rebuild's version and dimension list)
 *   → deleted; nothing reads it.
 * The shapes are spelled out here, not imported: a migration is frozen at the shapes of its day.
 */
const OLD_HOURS = 'transactionHours';
const OLD_VERSION = 'transactionDayVersion';
const NEW_HOUR = 'transactionHour';

const hourSk = (day: string, hour: string) => `H#${day}#${hour}`;

/** The transaction that moves one old item: ≤ 24 hour ADDs and the Delete (≤ 25 items of DynamoDB's 100). */
export function movesOf(db: Db, item: Item): TxItem[] {
  const pk = String(item.pk);
  const sk = String(item.sk);
  const remove: TxItem = {
    Delete: {
      TableName: db.table,
      Key: { pk, sk },
      ConditionExpression: '#type = :type',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':type': item.type },
    },
  };
  if (item.type !== OLD_HOURS) return [remove];
  const day = sk.slice(2);
  const hours = new Map<string, [string, number][]>();
  for (const [name, value] of Object.entries(item)) {
    const match = /^h\|(\d{2})\|(.+)$/.exec(name);
    if (!match || typeof value !== 'number' || value === 0) continue;
    const [, hour = '', combo = ''] = match;
    hours.set(hour, [...(hours.get(hour) ?? []), [`c|${combo}`, value]]);
  }
  const adds = [...hours].map(([hour, counts]): TxItem => ({
    Update: {
      TableName: db.table,
      Key: { pk, sk: hourSk(day, hour) },
      UpdateExpression: `SET #type = :type ADD ${counts.map((_, i) => `#a${i} :n${i}`).join(', ')}`,
      ExpressionAttributeNames: { '#type': 'type', ...Object.fromEntries(counts.map(([attr], i) => [`#a${i}`, attr])) },
      ExpressionAttributeValues: { ':type': NEW_HOUR, ...Object.fromEntries(counts.map(([, n], i) => [`:n${i}`, n])) },
    },
  }));
  return [...adds, remove];
}

export const hourlySummaries: Migration = {
  id: 1,
  name: 'hourly summary items (ADR 067)',
  scan: {
    filter: '#type IN (:hours, :version)',
    names: { '#type': 'type' },
    values: { ':hours': OLD_HOURS, ':version': OLD_VERSION },
    segments: 4,
  },
  async apply(db, items) {
    for (const item of items) await move(db, item);
  },
};

/**
 * One old item's transaction. Its Delete's condition failing means the item was moved already (a page
 * applied again): done. A writer adding to the same hour item at that moment (TransactionConflict) is waited
 * out and the transaction sent again.
 */
async function move(db: Db, item: Item): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await transactWrite(db, movesOf(db, item));
      return;
    } catch (error) {
      if (cancellationCodes(error).includes('ConditionalCheckFailed')) return;
      if (!isTransactionConflict(error) || attempt >= 8) throw error;
      await fullJitter(attempt, 1_000);
    }
  }
}
