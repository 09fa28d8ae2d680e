import type { CodesOf } from '../shared/errors.ts';

/** The error catalogue of couponing (see shared/errors.ts). */
export const COUPON = {
  /** The card changed while the action was booked; trying again is safe. */
  BUSY: 'COUPON.BUSY',
  /** The life cycle refuses the action (coupon-lifecycle.ts: the refusal code says why). */
  TRANSITION_NOT_ALLOWED: 'COUPON.TRANSITION_NOT_ALLOWED',
} as const;

export const SERIAL = {
  NOT_FOUND: 'SERIAL.NOT_FOUND',
  MULTIPLE_RESULTS: 'SERIAL.MULTIPLE_RESULTS',
} as const;

export type CouponingErrorCode = CodesOf<typeof COUPON | typeof SERIAL>;
