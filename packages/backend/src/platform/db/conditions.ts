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
  const codes = cancellationCodes(error);
  return (
    error instanceof Error &&
    error.name === 'TransactionCanceledException' &&
    codes.some((code) => code === 'TransactionConflict') &&
    codes.every((code) => code === 'TransactionConflict' || code === 'None' || code === undefined)
  );
};

/** Each item's reason code of a cancelled transaction (DynamoDB answers one per item, in order); [] for any other error. */
export function cancellationCodes(error: unknown): (string | undefined)[] {
  if (!(error instanceof Error) || !('CancellationReasons' in error) || !Array.isArray(error.CancellationReasons)) return [];
  return error.CancellationReasons.map((reason: unknown) =>
    typeof reason === 'object' && reason !== null && 'Code' in reason && typeof reason.Code === 'string' ? reason.Code : undefined,
  );
}
