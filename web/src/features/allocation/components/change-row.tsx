import type { AllocationChange } from '@portal/core/product';
import { Badge } from '../../../components/ui/badge.tsx';
import { useT } from '../../../i18n/index.ts';
import { formatCalendarDay, useUserFormat } from '../../../lib/user-format.ts';

const STATUS_THEME = { pending: 'yellow', approved: 'blue', applied: 'green', rejected: 'gray', invalid: 'red' } as const;

/** One change as a list shows it: kind, product(s), effective day, status, who asked and decided, why. */
export function ChangeSummary({ change, names }: { change: AllocationChange; names: ReadonlyMap<string, string> }) {
  const t = useT();
  const format = useUserFormat();
  const name = (id: string | undefined) => (id ? (names.get(id) ?? id) : '');
  const product =
    change.kind === 'productCreation'
      ? (change.productName ?? '')
      : [name(change.productId), name(change.toProductId)].filter(Boolean).join(' → ');
  const where =
    change.scope?.level === 'stores'
      ? `${t('allocation.levels.stores')} (${change.scope.storeIds.length})`
      : t(`allocation.levels.${change.scope?.level ?? 'customer'}`);
  return (
    <div className="min-w-0 space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">
          {t('allocation.summary', {
            kind: t(`allocation.kinds.${change.kind}`),
            product,
            day: formatCalendarDay(change.effectiveDay, format.locale),
          })}
        </span>
        <Badge theme={STATUS_THEME[change.status]}>{t(`allocation.statuses.${change.status}`)}</Badge>
      </div>
      <p className="text-xs text-slate-600">
        {where} · {t('allocation.by', { requester: change.requestedBy })}
        {change.decidedBy ? ` · ${t('allocation.decidedBy', { decider: change.decidedBy })}` : ''}
        {change.progress && change.status === 'approved' ? ` · ${t('allocation.progress', change.progress)}` : ''}
      </p>
      {change.reason ? <p className="text-xs text-slate-600">{t('allocation.reason', { reason: change.reason })}</p> : null}
      {change.note ? <p className="text-xs text-slate-500">{change.note}</p> : null}
    </div>
  );
}
