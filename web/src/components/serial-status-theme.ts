import type { SerialStatus } from '@portal/core/shared';
import type { AlertTheme } from '../lib/snack.ts';

/** Badge colours of the serial statuses (SPEC 4): usable green, done blue, cancelled orange, blocked red. */
export const SERIAL_STATUS_THEME: Record<SerialStatus, AlertTheme> = {
  available: 'gray',
  reserved: 'gray',
  sold: 'green',
  soldOffline: 'green',
  notRedeemed: 'green',
  redeemed: 'blue',
  voided: 'orange',
  expired: 'yellow',
  locked: 'red',
  multipleResults: 'purple',
  notFound: 'gray',
};
