import { describe, expect, it } from 'vitest';
import {
  COUPON_STATUS_LABELS,
  COUPON_STATUSES,
  GENERIC_STATUS_LABELS,
  GENERIC_STATUSES,
  isOneOf,
  ORDER_STATUSES,
  ORDER_TYPE_LABELS,
  QUANTITY_RATING_LABELS,
  SERIAL_STATUS_LABELS,
  SERIAL_STATUSES,
  STORE_STATUS_LABELS,
  USER_STATUS_LABELS,
} from './statuses.ts';

describe('isOneOf', () => {
  it('accepts members and rejects anything else', () => {
    expect(isOneOf(ORDER_STATUSES, 'pending')).toBe(true);
    expect(isOneOf(ORDER_STATUSES, 'Pending')).toBe(false);
    expect(isOneOf(ORDER_STATUSES, 'submitted')).toBe(false);
    expect(isOneOf(ORDER_STATUSES, null)).toBe(false);
    expect(isOneOf(ORDER_STATUSES, 1)).toBe(false);
  });
});

describe('labels', () => {
  it('use the spec wording', () => {
    expect(STORE_STATUS_LABELS.lockedForAirs).toBe('locked for AIRS');
    expect(SERIAL_STATUS_LABELS.soldOffline).toBe('sold/offline');
    expect(SERIAL_STATUS_LABELS.multipleResults).toBe('has multiple results');
    expect(USER_STATUS_LABELS.passwordExpired).toBe('password expired');
    expect(GENERIC_STATUS_LABELS.stoppedBySystem).toBe('Stopped by system');
    expect(COUPON_STATUS_LABELS.notReady).toBe('Not ready');
    expect(QUANTITY_RATING_LABELS.tooLess).toBe('too less');
    expect(ORDER_TYPE_LABELS.webPos).toBe('WebPOS');
  });

  it('exist for every status of the spec lists', () => {
    expect(COUPON_STATUSES.map((s) => COUPON_STATUS_LABELS[s])).toEqual([
      'Activated',
      'Deactivated',
      'Voided',
      'Redeemed',
      'Failed',
      'Not ready',
      'Unknown',
    ]);
    expect(SERIAL_STATUSES).toHaveLength(11);
    expect(GENERIC_STATUSES).toHaveLength(12);
  });
});
