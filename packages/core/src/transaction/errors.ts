import type { CodesOf } from '../shared/errors.ts';

/**
 * The transaction catalogue (ARCHITECTURE convention 2; ADR 032): what the transaction list, detail and
 * the transactions import may answer besides the shared codes.
 */
export const TRANSACTION = {
  /** No such transaction, or another customer's (ADR 015: both answer alike). */
  NOT_FOUND: 'TRANSACTION.NOT_FOUND',
  /** No such customer, or one the user may not act for (both answer alike). */
  CUSTOMER_NOT_FOUND: 'TRANSACTION.CUSTOMER_NOT_FOUND',
  /** The date range is longer than TRANSACTION_MAX_RANGE_DAYS or ends before it starts. */
  RANGE_TOO_LONG: 'TRANSACTION.RANGE_TOO_LONG',
  RANGE_INVERTED: 'TRANSACTION.RANGE_INVERTED',
} as const;

export type TransactionErrorCode = CodesOf<typeof TRANSACTION>;
