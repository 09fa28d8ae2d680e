import { UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';

/**
 * A conditional write that lost (ConditionalCheckFailedException) or a transaction whose condition failed
 * (TransactionCanceledException): the expected outcome of a race or a stale read, not a fault.
 */
export const isConditionFailure = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'ConditionalCheckFailedException' || error.name === 'TransactionCanceledException');

/**
 * The condition of an optimistic write (ADR 018) on what was read: the item absent (`seen` null: there was
 * none), else its `attribute` still `seen`. Spread into a Put, an Update or a ConditionCheck.
 */
export const stillAsRead = (attribute: string, seen: string | number | null) =>
  seen === null
    ? { ConditionExpression: 'attribute_not_exists(pk)' }
    : {
        ConditionExpression: '#seen = :seen',
        ExpressionAttributeNames: { '#seen': attribute },
        ExpressionAttributeValues: { ':seen': seen },
      };

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
 * Runs a conditional update: the attributes it answers (its `ReturnValues`; none: `{}`) when it applied, null
 * when its condition failed; other errors throw.
 */
export async function updatedOrNull(db: Db, input: Omit<UpdateCommandInput, 'TableName'>): Promise<Record<string, unknown> | null> {
  try {
    const res = await db.doc.send(new UpdateCommand({ TableName: db.table, ...input }));
    return res.Attributes ?? {};
  } catch (error) {
    if (isConditionFailure(error)) return null;
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

/** Which of a cancelled transaction's conditions failed: the items' positions, in order; [] for any other error. */
export const failedAt = (error: unknown): number[] =>
  cancellationCodes(error).flatMap((code, i) => (code === 'ConditionalCheckFailed' ? [i] : []));

/** Each item's reason code of a cancelled transaction (DynamoDB answers one per item, in order); [] for any other error. */
export function cancellationCodes(error: unknown): (string | undefined)[] {
  if (!(error instanceof Error) || !('CancellationReasons' in error) || !Array.isArray(error.CancellationReasons)) return [];
  return error.CancellationReasons.map((reason: unknown) =>
    typeof reason === 'object' && reason !== null && 'Code' in reason && typeof reason.Code === 'string' ? reason.Code : undefined,
  );
}
