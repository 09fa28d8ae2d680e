import { COUPON_ACTIONS } from '@portal/core';
import { describe, expect, it } from 'vitest';
import { TIME_COLUMN_OF, TRANSACTION_TIME_COLUMNS, timeIn } from './transaction-columns.ts';

describe('transaction time columns (SPEC 3: Activation, Redemption, Void)', () => {
  it('puts each type in its column, a check in none', () => {
    const at = '2026-03-04T13:05:00Z';
    const placed = (type: (typeof COUPON_ACTIONS)[number]) =>
      TRANSACTION_TIME_COLUMNS.filter((column) => timeIn({ type, at }, column) === at);
    expect(Object.fromEntries(COUPON_ACTIONS.map((type) => [type, placed(type)]))).toEqual({
      check: [],
      activate: ['activation'],
      void: ['void'],
      redeem: ['redemption'],
      deactivate: ['void'],
    });
  });

  it('names a column for every action there is', () => {
    expect(Object.keys(TIME_COLUMN_OF).sort()).toEqual([...COUPON_ACTIONS].sort());
  });
});
