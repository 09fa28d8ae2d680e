import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { failedAt, isConditionFailure } from './conditions.ts';

/** One item of a TransactWriteItems call (a Put, Update, Delete or ConditionCheck). */
export type TxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** What one read-compute cycle produced: the transaction to write (null: nothing to write) and the answer. */
export type Cycle<T> = { transaction: TxItem[] | null; result: T };

/**
 * One TransactWriteItems of items the entity files built (their Put/Update/Delete/ConditionCheck builders,
 * ADR 058): all apply or none; a failed condition throws TransactionCanceled, as the SDK reports it.
 */
export async function transactWrite(db: Db, items: TxItem[]): Promise<void> {
  await db.doc.send(new TransactWriteCommand({ TransactItems: items }));
}

/**
 * A transaction whose first items' conditions each stand for a refusal (`refusals[i]` for item i): null when it
 * applied, else the refusal of the first of those items whose condition failed. Any other error throws.
 */
export async function transactOrRefusal<R extends string>(db: Db, items: TxItem[], refusals: readonly R[]): Promise<R | null> {
  try {
    await transactWrite(db, items);
    return null;
  } catch (error) {
    const refusal = refusals[failedAt(error)[0] ?? refusals.length];
    if (refusal === undefined) throw error;
    return refusal;
  }
}

/** Full jitter (AWS "Exponential Backoff and Jitter"): a random wait below min(cap, base·2^attempt) ms. */
export const fullJitter = (attempt: number, capMs: number, baseMs = 20) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(capMs, baseMs * 2 ** attempt)));

/**
 * Optimistic concurrency (ADR 018): `cycle` reads what it needs, decides, and returns ONE transaction
 * whose conditions state that what it read is unchanged (a version, a status, an absent key). A lost
 * race (ConditionalCheckFailed, TransactionCanceled) runs the whole cycle again on fresh reads after a
 * full-jitter backoff. `lost` may answer instead of retrying (e.g. the idempotency record of a parallel
 * retry of the same request landed); after `maxAttempts` cycles `busy(lastError)` is thrown (e.g. a
 * 409 "busy" error, or the condition failure itself). Any other error of the cycle or the write is
 * thrown as it is.
 */
export async function transactOptimistically<T>(
  db: Db,
  cycle: (attempt: number) => Promise<Cycle<T>>,
  options: { maxAttempts: number; capMs: number; busy: (lastError: unknown) => unknown; lost?: () => Promise<T | null> },
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const { transaction, result } = await cycle(attempt);
    if (!transaction || transaction.length === 0) return result;
    try {
      await db.doc.send(new TransactWriteCommand({ TransactItems: transaction }));
      return result;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const answer = options.lost ? await options.lost() : null;
      if (answer !== null) return answer;
      if (attempt + 1 >= options.maxAttempts) throw options.busy(error);
      await fullJitter(attempt, options.capMs);
    }
  }
}
