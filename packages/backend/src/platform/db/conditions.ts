import { fieldOf } from '../error-fields.ts';
/**
 * A conditional write that lost (ConditionalCheckFailedException) or a transaction whose condition failed
 * (TransactionCanceledException): the expected outcome of a race or a stale read, not a fault.
 */
export const isConditionFailure = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'ConditionalCheckFailedException' || error.name === 'TransactionCanceledException');

/** Runs a conditional write: true when it applied, false when its condition failed; other errors throw. */
export async function applied(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * A transaction cancelled only because another transaction was writing one of its items at the same moment
 * (TransactionConflict; no condition failed): nothing was decided, the same transaction may simply be sent again.
 */
export const isTransactionConflict = (error: unknown): boolean => {
  const reasons = fieldOf(error, 'CancellationReasons');
  const codes = Array.isArray(reasons) ? reasons.map((r: unknown) => fieldOf(r, 'Code')) : [];
  return (
    error instanceof Error &&
    error.name === 'TransactionCanceledException' &&
    codes.some((code) => code === 'TransactionConflict') &&
    codes.every((code) => code === 'TransactionConflict' || code === 'None' || code === undefined)
  );
};
