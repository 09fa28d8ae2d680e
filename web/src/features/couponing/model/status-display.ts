import type { COUPON_STATUS_HINTS } from '@portal/core/shared';
import type { CouponAction, CouponingStatus, RefusalCode } from '@portal/core/couponing';
import { isOneOf } from '@portal/core/shared';
import type { Translate } from '../../../i18n/index.ts';
import type { AlertTheme } from '../../../lib/snack.ts';

/** Badge colours of the couponing and serial statuses (SPEC 4): usable green, done blue, cancelled orange, blocked red. */
export const COUPON_STATUS_THEME: Record<CouponingStatus, AlertTheme> = {
  activated: 'green',
  issued: 'green',
  notReady: 'gray',
  ready: 'gray',
  voided: 'orange',
  redeemed: 'blue',
  deactivated: 'red',
  failed: 'red',
  unknown: 'gray',
};

export { SERIAL_STATUS_THEME } from '../../../components/serial-status-theme.ts';

/** The statuses core's COUPON_STATUS_HINTS has a note for (a test keeps the two the same). */
export const HINTED_STATUSES = ['deactivated', 'voided', 'failed'] as const satisfies readonly (keyof typeof COUPON_STATUS_HINTS)[];

/**
 * The spec's note on a coupon status ('can be activated again'), or null. The notes are about plain
 * coupons: a voided contract coupon cannot be activated again, so contract cards get none.
 */
export function statusHint(card: { contract: boolean; couponingStatus: CouponingStatus }) {
  return !card.contract && isOneOf(HINTED_STATUSES, card.couponingStatus) ? card.couponingStatus : null;
}

/**
 * Why an action is refused, in the user's language: the server's reason code with the card's status
 * (lower case inside the sentence) and the action's participle. Falls back to the server's English.
 */
export function refusalText(
  t: Translate,
  card: { couponingStatus: CouponingStatus },
  offered: { action: CouponAction; reason: string | null; reasonCode: RefusalCode | null },
): string | null {
  if (!offered.reasonCode) return offered.reason;
  return t(`couponing.refusals.${offered.reasonCode}`, {
    status: t(`couponing.couponStatus.${card.couponingStatus}`).toLowerCase(),
    verb: t(`couponing.participles.${offered.action}`),
  });
}
