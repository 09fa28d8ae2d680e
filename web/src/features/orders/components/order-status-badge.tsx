import { isOneOf, ORDER_STATUSES, type OrderStatus, SHIPMENT_STATUSES } from '@portal/core/shared';
import { useT } from '../../../i18n/index.ts';

const tone: Record<OrderStatus, string> = {
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-200',
  created: 'bg-blue-50 text-blue-800 ring-blue-200',
  downloaded: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  finished: 'bg-green-50 text-green-800 ring-green-200',
  incomplete: 'bg-orange-50 text-orange-800 ring-orange-200',
  ordered: 'bg-sky-50 text-sky-800 ring-sky-200',
  pending: 'bg-yellow-50 text-yellow-800 ring-yellow-200',
};
const badge = 'inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap';

/** An order status (SPEC 4) as a coloured, translated badge. */
export function OrderStatusBadge({ status }: { status: string }) {
  const t = useT();
  if (!isOneOf(ORDER_STATUSES, status)) return <span className={`${badge} ${tone.cancelled}`}>{status}</span>;
  return <span className={`${badge} ${tone[status]}`}>{t(`orders.status.${status}`)}</span>;
}

/** A shipment status (SPEC 4: cancelled, pending, submitted); an unknown one is shown as it came. */
export function ShipmentStatusBadge({ status }: { status: string }) {
  const t = useT();
  if (!isOneOf(SHIPMENT_STATUSES, status)) return <span className={`${badge} ${tone.cancelled}`}>{status}</span>;
  const shipmentTone = status === 'submitted' ? tone.finished : status === 'pending' ? tone.pending : tone.cancelled;
  return <span className={`${badge} ${shipmentTone}`}>{t(`orders.shipmentStatus.${status}`)}</span>;
}
