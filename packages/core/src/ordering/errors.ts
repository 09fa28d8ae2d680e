import type { CodesOf } from '../shared/errors.ts';

/** The error catalogue of card ordering (see shared/errors.ts). */
export const ORDER = {
  NOT_FOUND: 'ORDER.NOT_FOUND',
  /** The location changed while the order was saved; submitting again is safe. */
  BUSY: 'ORDER.BUSY',
  INVALID: 'ORDER.INVALID',
  LOCATION_NOT_SELECTABLE: 'ORDER.LOCATION_NOT_SELECTABLE',
} as const;

export type OrderingErrorCode = CodesOf<typeof ORDER>;
