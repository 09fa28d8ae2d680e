import type { CouponAction } from '@portal/core';

/**
 * SPEC 3 coupon transaction columns: Terminal, Activation, Redemption, Void, Type, Status. A
 * transaction's time goes in the column of its type; deactivation cancels a coupon like a void does, so
 * it shares the Void column; a check changes nothing and shows only as its Type.
 */
export type TransactionTimeColumn = 'activation' | 'redemption' | 'void';

export const TIME_COLUMN_OF: Record<CouponAction, TransactionTimeColumn | null> = {
  check: null,
  activate: 'activation',
  redeem: 'redemption',
  void: 'void',
  deactivate: 'void',
};

export const TRANSACTION_TIME_COLUMNS: readonly TransactionTimeColumn[] = ['activation', 'redemption', 'void'];

/** The transaction's time when it belongs in `column`, else null. */
export const timeIn = (tx: { type: CouponAction; at: string }, column: TransactionTimeColumn): string | null =>
  TIME_COLUMN_OF[tx.type] === column ? tx.at : null;
