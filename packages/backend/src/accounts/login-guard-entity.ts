import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { usernameKey } from './account-record.ts';
import type { Db } from '../platform/db/client.ts';
import { applied, isConditionFailure } from '../platform/db/conditions.ts';
import { entity, getOne } from '../platform/db/entity.ts';

/**
 * Login guard items (ADR 010, ADR 019): one per typed name and login kind, `pk = <partition>#<u>, sk = GUARD`
 * (no `type`), TTL `expiresAt` forgets it a day after the last failure. The portal's partition is
 * `LOGINGUARD`; the SFTP logins (ADR 052) use `SFTP_LOGINGUARD`, so guessing an SFTP password never locks a
 * portal user of the same name, nor the reverse. The budget's policy is login-guard.ts.
 */
export type GuardKey = { pk: string; sk: string };
export const guardKey = (partition: string, username: string): GuardKey => ({ pk: `${partition}#${usernameKey(username)}`, sk: 'GUARD' });

/** A name's guard item: the failures counted, the lock and its level (TTL `expiresAt` dropped). */
export type Guard = { failures?: number; lastFailureAt?: string; lockedUntil?: string; lockLevel?: number };
const guards = entity<Guard>({ drop: ['expiresAt'] });

/** The guard of a name (1 Get); null when it has none. */
export const getGuard = (db: Db, key: GuardKey): Promise<Guard | null> => getOne(db, guards, key);

/**
 * Takes one unit of the budget (1 conditional Update, ADD failures): refused (null) while the name is locked
 * or `max` units are already taken; answers the guard as it is now.
 */
export async function reserveFailure(db: Db, key: GuardKey, at: { now: string; ttl: number; max: number }): Promise<Guard | null> {
  return db.doc
    .send(
      new UpdateCommand({
        TableName: db.table,
        Key: key,
        UpdateExpression: 'ADD failures :one SET lastFailureAt = :now, expiresAt = :ttl',
        ConditionExpression:
          '(attribute_not_exists(lockedUntil) OR lockedUntil <= :now) AND (attribute_not_exists(failures) OR failures < :max)',
        ExpressionAttributeValues: { ':one': 1, ':max': at.max, ':now': at.now, ':ttl': at.ttl },
        ReturnValues: 'ALL_NEW',
      }),
    )
    .then((res) => (res.Attributes ? guards.read(res.Attributes) : undefined) ?? null)
    .catch((error: unknown) => {
      if (isConditionFailure(error)) return null;
      throw error;
    });
}

/** Locks the name until `until` at lock level `level` and starts its budget again (1 Update). */
export async function lockName(db: Db, key: GuardKey, until: string, level: number): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: key,
      UpdateExpression: 'SET failures = :zero, lockedUntil = :until, lockLevel = :next',
      ExpressionAttributeValues: { ':zero': 0, ':until': until, ':next': level },
    }),
  );
}

/**
 * Takes back the lock set at `until` (conditional Update, a no-op when another lock stands): `failures`
 * units left taken, the lock level back to `level`.
 */
export async function unlockName(db: Db, key: GuardKey, until: string, failures: number, level: number): Promise<void> {
  await applied(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: key,
        UpdateExpression: 'SET failures = :left, lockLevel = :level REMOVE lockedUntil',
        ConditionExpression: 'lockedUntil = :until',
        ExpressionAttributeValues: { ':left': failures, ':level': level, ':until': until },
      }),
    ),
  );
}

/** Gives one reserved unit back (conditional Update, a no-op when none is taken). */
export async function returnFailure(db: Db, key: GuardKey): Promise<void> {
  await applied(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: key,
        UpdateExpression: 'ADD failures :minus',
        ConditionExpression: 'failures > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    ),
  );
}

/** Forgets the name's guard (1 Delete). */
export async function deleteGuard(db: Db, key: GuardKey): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: key }));
}
