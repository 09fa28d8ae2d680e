/**
 * A conditional write that lost (ConditionalCheckFailedException) or a transaction whose condition failed
 * (TransactionCanceledException): the expected outcome of a race or a stale read, not a fault.
 */
export const isConditionFailure = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'ConditionalCheckFailedException' || error.name === 'TransactionCanceledException');

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
