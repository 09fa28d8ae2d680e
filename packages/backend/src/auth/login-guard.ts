import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { usernameKey } from '../accounts/account-record.ts';
import type { Db } from '../db/client.ts';
import { applied } from '../db/conditions.ts';
import { toTtl } from '../db/table.ts';

/**
 * The per-username failure budget (ADR 010). Wrong passwords, wrong TOTP codes and wrong e-mail codes
 * all count. After FAILURES_PER_LOCK failures the name is locked for a delay that doubles with each
 * lock (1, 2, 4 ... 60 minutes). The guard is keyed by the name typed, whether or not an account has it,
 * so unknown and known names answer alike. A success clears it; a day without failures forgets it.
 */
export const FAILURES_PER_LOCK = 5;
const FIRST_LOCK_MS = 60_000;
const MAX_LOCK_MS = 60 * 60_000;
const FORGET_AFTER_MS = 24 * 3_600_000;

export const lockDelayMs = (level: number) => Math.min(FIRST_LOCK_MS * 2 ** level, MAX_LOCK_MS);

const key = (username: string) => ({ pk: `LOGINGUARD#${usernameKey(username)}`, sk: 'GUARD' });

export function createLoginGuard(db: Db, now: () => Date) {
  return {
    /** The moment the name's lock ends, or null when it may try now. */
    async lockedUntil(username: string): Promise<Date | null> {
      const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: key(username) }));
      const until = res.Item?.lockedUntil as string | undefined;
      return until && Date.parse(until) > now().getTime() ? new Date(until) : null;
    },

    /** Counts a failure; returns the lock's end when this failure used up the budget. */
    async recordFailure(username: string): Promise<Date | null> {
      const t = now();
      const res = await db.doc.send(
        new UpdateCommand({
          TableName: db.table,
          Key: key(username),
          UpdateExpression: 'ADD failures :one SET lastFailureAt = :now, expiresAt = :ttl',
          ExpressionAttributeValues: {
            ':one': 1,
            ':now': t.toISOString(),
            ':ttl': toTtl(new Date(t.getTime() + FORGET_AFTER_MS)),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const failures = Number(res.Attributes?.failures ?? 0);
      if (failures < FAILURES_PER_LOCK) return null;
      const level = Number(res.Attributes?.lockLevel ?? 0);
      const until = new Date(t.getTime() + lockDelayMs(level));
      // Only the request that reached the budget locks; a parallel one finds failures reset (not applied).
      await applied(
        db.doc.send(
          new UpdateCommand({
            TableName: db.table,
            Key: key(username),
            UpdateExpression: 'SET failures = :zero, lockedUntil = :until, lockLevel = :next',
            ConditionExpression: 'failures >= :max',
            ExpressionAttributeValues: {
              ':zero': 0,
              ':until': until.toISOString(),
              ':next': level + 1,
              ':max': FAILURES_PER_LOCK,
            },
          }),
        ),
      );
      return until;
    },

    async clear(username: string): Promise<void> {
      await db.doc.send(new DeleteCommand({ TableName: db.table, Key: key(username) }));
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
