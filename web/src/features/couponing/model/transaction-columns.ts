import type { CouponAction } from '@portal/core/couponing';

/**
 * SPEC 3 coupon transaction columns: Terminal, Activation, Redemption, Void, Type, Status. A
 * transaction's time goes in the time column of its own type. Types without such a column (deactivate,
 * check) show their time in the Type cell beside the type's name: a deactivation is not a void (it can
 * never be undone), so it must not read as one, and the spec's six columns stay as they are.
 */
export type TransactionTimeColumn = 'activation' | 'redemption' | 'void';

/** Where a transaction's time is shown: a time column, or 'type' (beside the type's name). */
export const TIME_COLUMN_OF: Record<CouponAction, TransactionTimeColumn | 'type'> = {
  check: 'type',
  activate: 'activation',
  redeem: 'redemption',
  void: 'void',
  deactivate: 'type',
};

export const TRANSACTION_TIME_COLUMNS: readonly TransactionTimeColumn[] = ['activation', 'redemption', 'void'];

/** The transaction's time when it belongs in `column` (a time column or 'type'), else null. */
export const timeIn = (tx: { type: CouponAction; at: string }, column: TransactionTimeColumn | 'type'): string | null =>
  TIME_COLUMN_OF[tx.type] === column ? tx.at : null;
