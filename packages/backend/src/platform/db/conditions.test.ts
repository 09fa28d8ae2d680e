import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { isConditionFailure, isTransactionConflict } from './conditions.ts';

/** What a cancelled TransactWriteItems means: a lost condition (a decision was made) or only a conflict (send it again). */
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('cancelled transactions', () => {
  it('a conflict alone may be sent again; a failed condition may not', () => {
    expect(isTransactionConflict(cancelled('None', 'TransactionConflict', 'None'))).toBe(true);
    expect(isTransactionConflict(cancelled('ConditionalCheckFailed', 'TransactionConflict'))).toBe(false);
    expect(isTransactionConflict(cancelled('ConditionalCheckFailed', 'None'))).toBe(false);
    expect(isTransactionConflict(new Error('TransactionConflict'))).toBe(false);
    // Both are cancelled transactions: the callers that answer 409 on a lost race still see them as condition failures.
    expect(isConditionFailure(cancelled('None', 'TransactionConflict'))).toBe(true);
  });
});
