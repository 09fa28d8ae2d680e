import { COUPON_ACTIONS } from '@portal/core/couponing';
import { describe, expect, it } from 'vitest';
import { TIME_COLUMN_OF, TRANSACTION_TIME_COLUMNS, timeIn } from './transaction-columns.ts';

describe('transaction time columns (SPEC 3: Activation, Redemption, Void)', () => {
  const at = '2026-03-04T13:05:00Z';
  const placed = (type: (typeof COUPON_ACTIONS)[number]) =>
    [...TRANSACTION_TIME_COLUMNS, 'type' as const].filter((column) => timeIn({ type, at }, column) === at);

  it('puts each type in its own column; deactivation and check show their time with the Type', () => {
    expect(Object.fromEntries(COUPON_ACTIONS.map((type) => [type, placed(type)]))).toEqual({
      check: ['type'],
      activate: ['activation'],
      void: ['void'],
      redeem: ['redemption'],
      deactivate: ['type'],
    });
  });

  it('never shows a deactivation as a void', () => {
    expect(timeIn({ type: 'deactivate', at }, 'void')).toBeNull();
  });

  it('names a place for every action there is', () => {
    expect(Object.keys(TIME_COLUMN_OF).sort()).toEqual([...COUPON_ACTIONS].sort());
  });
});
