import type { SerialStatus } from '@portal/core/shared';
import type { CouponingStatus } from '@portal/core/couponing';
import { Badge } from '../../../components/ui/badge.tsx';
import { useT } from '../../../i18n/index.ts';
import { COUPON_STATUS_THEME, SERIAL_STATUS_THEME } from '../model/status-display.ts';

/** A couponing status (SPEC 4 coupon and contract coupon statuses) as a translated badge. */
export function CouponStatusBadge({ status }: { status: CouponingStatus }) {
  const t = useT();
  return <Badge theme={COUPON_STATUS_THEME[status]}>{t(`couponing.couponStatus.${status}`)}</Badge>;
}

/** A serial status (SPEC 4: available, sold, not found, has multiple results, …) as a translated badge. */
export function SerialStatusBadge({ status }: { status: SerialStatus }) {
  const t = useT();
  return <Badge theme={SERIAL_STATUS_THEME[status]}>{t(`couponing.serialStatus.${status}`)}</Badge>;
}
