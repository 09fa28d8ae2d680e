import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { updatedOrNull } from './conditions.ts';
import type { TxItem } from './transact.ts';

/**
 * Slots with leases on one partition (ADR 077's mechanics; ADR 069's per-owner import cap uses them too):
 * - `COUNT`: `running`, the slots held; a claim adds 1 only while `running < cap` (conditional);
 * - `HOLD#<id>`: a held slot with its lease (`leaseUntil`, ISO) and the caller's fields; a holder that never
 *   releases (its Lambda timed out) is swept once the lease passed: the hold deleted at the lease read and
 *   the count given back, in one transaction.
 * The caller writes the items here in its own transactions, beside its own items (a report part's line).
 * A claim or a release is 2 items: 4 WCU; the hold query reads ~150 B a hold.
 */
export type LeaseSlots = ReturnType<typeof leaseSlots>;
export type Hold = Record<string, unknown> & { leaseUntil: string };

export const leaseEnd = (at: Date, leaseMs: number) => new Date(at.getTime() + leaseMs).toISOString();

export function leaseSlots(db: Db, pk: string) {
  const COUNT = { pk, sk: 'COUNT' };
  const holdKey = (id: string) => ({ pk, sk: `HOLD#${id}` });
  const countAdd = (delta: number, cap?: number): TxItem => ({
    Update: {
      TableName: db.table,
      Key: COUNT,
      UpdateExpression: 'ADD running :d',
      ...(cap === undefined
        ? { ExpressionAttributeValues: { ':d': delta } }
        : {
            ConditionExpression: 'attribute_not_exists(running) OR running < :cap',
            ExpressionAttributeValues: { ':d': delta, ':cap': cap },
          }),
    },
  });

  return {
    /** The slots held now (a consistent read of `COUNT`). */
    async held(): Promise<number> {
      const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: COUNT, ConsistentRead: true }));
      return Number(res.Item?.running ?? 0);
    },
    /** A claim's items: the count only below `cap`, the hold only when `id` holds none. */
    claim(id: string, cap: number, leaseUntil: string, fields: Record<string, unknown>): TxItem[] {
      return [
        countAdd(1, cap),
        {
          Put: {
            TableName: db.table,
            Item: { ...holdKey(id), ...fields, leaseUntil },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ];
    },
    /** A release's items: the hold (it must still be there: not swept) and the count. */
    release(id: string): TxItem[] {
      return [{ Delete: { TableName: db.table, Key: holdKey(id), ConditionExpression: 'attribute_exists(pk)' } }, countAdd(-1)];
    },
    /** A sweep's items for one expired hold: deleted only at the lease read (a renewal since keeps it), the count back. */
    sweep(hold: Hold): TxItem[] {
      return [
        {
          Delete: {
            TableName: db.table,
            Key: { pk, sk: String(hold.sk) },
            ConditionExpression: 'leaseUntil = :seen',
            ExpressionAttributeValues: { ':seen': hold.leaseUntil },
          },
        },
        countAdd(-1),
      ];
    },
    /** The holds whose lease passed at `at` (a consistent query of the partition's holds). */
    async expired(at: Date): Promise<Hold[]> {
      const res = await db.doc.send(
        new QueryCommand({
          TableName: db.table,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :hold)',
          ExpressionAttributeValues: { ':pk': pk, ':hold': 'HOLD#' },
          ConsistentRead: true,
        }),
      );
      const now = at.toISOString();
      return (res.Items ?? []).map((item) => ({ ...item, leaseUntil: String(item.leaseUntil) })).filter((hold) => hold.leaseUntil < now);
    },
    /** Moves a live lease on; answers the hold's fields, or null when it holds no live slot (never claimed, or swept). */
    async renew(id: string, at: Date, leaseUntil: string): Promise<Hold | null> {
      const held = await updatedOrNull(db, {
        Key: holdKey(id),
        UpdateExpression: 'SET leaseUntil = :until',
        ConditionExpression: 'attribute_exists(pk) AND leaseUntil >= :now',
        ExpressionAttributeValues: { ':until': leaseUntil, ':now': at.toISOString() },
        ReturnValues: 'ALL_NEW',
      });
      return held && { ...held, leaseUntil };
    },
  };
}
