import { IDEMPOTENCY } from '@portal/core/shared';
import { AppError } from '../../errors.ts';
import type { Key } from './batch.ts';
import type { Db } from './client.ts';
import { isConditionFailure } from './conditions.ts';
import { entity, getOne } from './entity.ts';
import { toTtl } from './table.ts';
import { transactWrite, type TxItem } from './transact.ts';

/**
 * Idempotency-Key records (ARCHITECTURE convention 4): a submission a client may retry writes, in the
 * same transaction as its effect, a record under the user's key holding the hash of the request and
 * what it produced. A retry finds the record and answers the same result; the key with another request
 * is refused by the caller. Records live 24 h (TTL `expiresAt`).
 */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** What every record holds (the request's hash, its expiry) and `T`, what the caller stored with it. */
export type IdempotencyRecord<T = object> = T & { hash: string; expiresAt: number };

/**
 * The record under `key` (read strongly consistent), or null when absent or expired (TTL deletion lags
 * up to 48 h). `T` is what the caller wrote with `idempotencyPut`.
 */
export async function readIdempotency<T = object>(db: Db, key: Key, now: Date): Promise<IdempotencyRecord<T> | null> {
  const record = await getOne(db, entity<IdempotencyRecord<T>>(), key, { consistent: true });
  if (!record || record.expiresAt <= toTtl(now)) return null;
  return record;
}

/** The transaction item writing the record: only when the key is absent or expired. */
export function idempotencyPut(db: Db, key: Key, record: Record<string, unknown>, now: Date): TxItem {
  return {
    Put: {
      TableName: db.table,
      Item: { ...key, ...record, expiresAt: toTtl(now) + IDEMPOTENCY_TTL_SECONDS },
      ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :nowTtl',
      ExpressionAttributeValues: { ':nowTtl': toTtl(now) },
    },
  };
}

/**
 * The record a retry answers from: null when the key is unused or expired; the key used before for another
 * request (another hash) is 409 IDEMPOTENCY.KEY_REUSED, `what` naming what that request made.
 */
export async function readReplay<T = object>(
  db: Db,
  key: Key,
  now: Date,
  hash: string,
  what: string,
): Promise<IdempotencyRecord<T> | null> {
  const record = await readIdempotency<T>(db, key, now);
  if (record && record.hash !== hash)
    throw new AppError('conflict', IDEMPOTENCY.KEY_REUSED, `This idempotency key was already used for another ${what}.`);
  return record;
}

/** The record an idempotent create writes: under `key`, of item `type`, the request's `hash` and what it `made` (its id). */
export type CreateRecord = { key: Key; type: string; hash: string; made: Record<string, unknown> };

/**
 * An idempotent create (ARCHITECTURE convention 4): the create's `writes` and its record in one transaction
 * at `at`, then answered by `created`. A failed condition is a parallel retry with the same key that won:
 * its result (`replay`) is the answer; without one the failure is thrown as it is.
 */
export async function createOnce<T>(
  db: Db,
  at: Date,
  create: { writes: TxItem[]; record: CreateRecord },
  answers: { replay: () => Promise<T | null>; created: () => T | Promise<T> },
): Promise<T> {
  const { key, type, hash, made } = create.record;
  try {
    await transactWrite(db, [...create.writes, idempotencyPut(db, key, { type, hash, ...made }, at)]);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const winner = await answers.replay();
    if (winner) return winner;
    throw error;
  }
  return answers.created();
}
