import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { usernameKey } from '../accounts/account-record.ts';
import type { Db } from '../platform/db/client.ts';
import { applied, isConditionFailure } from '../platform/db/conditions.ts';
import { entity, getOne } from '../platform/db/entity.ts';
import { toTtl } from '../platform/db/table.ts';

/**
 * The per-username failure budget (ADR 010). Wrong passwords, wrong TOTP codes and wrong e-mail codes
 * all count. After FAILURES_PER_LOCK failures the name is locked for a delay that doubles with each
 * lock (1, 2, 4 ... 60 minutes). The guard is keyed by the name typed, whether or not an account has it,
 * so unknown and known names answer alike. A success clears it; a day without failures forgets it.
 *
 * The budget holds under parallel requests: every check first reserves one unit with a conditional
 * write (`reserve`) and only then verifies. A reserved unit counts as a failure unless the caller
 * releases it (right password, but no verdict yet) or clears the guard (success). The reservation that
 * uses the last unit sets the lock at once, so a crash between reserving and answering cannot leave
 * the name without a lock's end.
 */
export const FAILURES_PER_LOCK = 5;
const FIRST_LOCK_MS = 60_000;
const MAX_LOCK_MS = 60 * 60_000;
const FORGET_AFTER_MS = 24 * 3_600_000;

export const lockDelayMs = (level: number) => Math.min(FIRST_LOCK_MS * 2 ** level, MAX_LOCK_MS);

/**
 * A guard's item. Other logins keep their budgets in their own partitions: the SFTP logins (ADR 052) use
 * `SFTP_LOGINGUARD`, so guessing an SFTP password never locks a portal user of the same name, nor the reverse.
 */
const keyOf = (partition: string, username: string) => ({ pk: `${partition}#${usernameKey(username)}`, sk: 'GUARD' });

/** A name's guard item: the failures counted, the lock and its level (TTL `expiresAt` dropped). */
type Guard = { failures?: number; lastFailureAt?: string; lockedUntil?: string; lockLevel?: number };
const guards = entity<Guard>({ drop: ['expiresAt'] });

/** A reserved unit of the budget; `lockedUntil` is set when it was the last one (the lock now stands). */
export type Reservation =
  | { ok: true; username: string; lockedUntil: Date | null; level: number }
  | { ok: false; lockedUntil: Date };

export function createLoginGuard(db: Db, now: () => Date, partition = 'LOGINGUARD') {
  const key = (username: string) => keyOf(partition, username);
  const read = (username: string) => getOne(db, guards, key(username));

  return {
    /** The moment the name's lock ends, or null when it may try now. */
    async lockedUntil(username: string): Promise<Date | null> {
      const until = (await read(username))?.lockedUntil;
      return until && Date.parse(until) > now().getTime() ? new Date(until) : null;
    },

    /**
     * Takes one unit of the budget before a password or code is checked. Refused (ok: false, with
     * the end of the lock to tell the user) while the name is locked or the budget is already taken
     * by parallel attempts.
     */
    async reserve(username: string): Promise<Reservation> {
      const t = now();
      const reserved = await db.doc
        .send(
          new UpdateCommand({
            TableName: db.table,
            Key: key(username),
            UpdateExpression: 'ADD failures :one SET lastFailureAt = :now, expiresAt = :ttl',
            ConditionExpression:
              '(attribute_not_exists(lockedUntil) OR lockedUntil <= :now) AND (attribute_not_exists(failures) OR failures < :max)',
            ExpressionAttributeValues: {
              ':one': 1,
              ':max': FAILURES_PER_LOCK,
              ':now': t.toISOString(),
              ':ttl': toTtl(new Date(t.getTime() + FORGET_AFTER_MS)),
            },
            ReturnValues: 'ALL_NEW',
          }),
        )
        .then((res) => (res.Attributes ? guards.read(res.Attributes) : undefined))
        .catch((error: unknown) => {
          if (isConditionFailure(error)) return null;
          throw error;
        });
      if (!reserved) {
        // Locked, or the last units are held by attempts still in flight: their lock is about to stand.
        const until = (await read(username))?.lockedUntil;
        const end = until && Date.parse(until) > t.getTime() ? new Date(until) : new Date(t.getTime() + FIRST_LOCK_MS);
        return { ok: false, lockedUntil: end };
      }
      const level = Number(reserved.lockLevel ?? 0);
      if (Number(reserved.failures) < FAILURES_PER_LOCK) return { ok: true, username, lockedUntil: null, level };
      const lockedUntil = new Date(t.getTime() + lockDelayMs(level));
      await db.doc.send(
        new UpdateCommand({
          TableName: db.table,
          Key: key(username),
          UpdateExpression: 'SET failures = :zero, lockedUntil = :until, lockLevel = :next',
          ExpressionAttributeValues: { ':zero': 0, ':until': lockedUntil.toISOString(), ':next': level + 1 },
        }),
      );
      return { ok: true, username, lockedUntil, level };
    },

    /**
     * Gives a reserved unit back (the secret was right but the sign-in is not done, e.g. the second
     * factor is still due). A reservation that set the lock takes its own lock back.
     */
    async release(reservation: Extract<Reservation, { ok: true }>): Promise<void> {
      const { username, lockedUntil, level } = reservation;
      await applied(
        db.doc.send(
          lockedUntil
            ? new UpdateCommand({
                TableName: db.table,
                Key: key(username),
                UpdateExpression: 'SET failures = :left, lockLevel = :level REMOVE lockedUntil',
                ConditionExpression: 'lockedUntil = :until',
                ExpressionAttributeValues: {
                  ':left': FAILURES_PER_LOCK - 1,
                  ':level': level,
                  ':until': lockedUntil.toISOString(),
                },
              })
            : new UpdateCommand({
                TableName: db.table,
                Key: key(username),
                UpdateExpression: 'ADD failures :minus',
                ConditionExpression: 'failures > :zero',
                ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
              }),
        ),
      );
    },

    async clear(username: string): Promise<void> {
      await db.doc.send(new DeleteCommand({ TableName: db.table, Key: key(username) }));
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
