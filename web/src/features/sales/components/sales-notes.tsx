import type { SalesNotes } from '@portal/core/sales';
import { Card } from '../../../components/ui/card.tsx';
import { useT } from '../../../i18n/index.ts';
import { formatCalendarDay } from '../../../lib/user-format.ts';
import type { SalesFormat } from '../../../lib/sales-format.ts';
import { useSalesNotes } from '../api/sales.ts';
import { SalesQueryState } from './sales-query-state.tsx';

/**
 * The 'Notes' header (ADR 015): how fresh the figures are (first and last day with sales, the time zone
 * the days are counted in) and what they mean.
 */
export function SalesNotesPanel({ customerId, format }: { customerId: string; format: SalesFormat }) {
  const notes = useSalesNotes(customerId);
  return <SalesQueryState result={notes}>{(data) => <NotesView data={data} format={format} />}</SalesQueryState>;
}

function NotesView({ data, format }: { data: SalesNotes; format: SalesFormat }) {
  const t = useT();
  const day = (d: string | null) => (d ? <time dateTime={d}>{formatCalendarDay(d, format.locale)}</time> : '—');
  const currency = format.currency.isoCode || format.currency.symbol;

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
      <Card className="p-4 sm:p-5">
        <h2 className="mb-3 text-base font-semibold text-slate-900">{t('sales.notes.freshness')}</h2>
        {data.latestSalesDay ? (
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{t('sales.notes.earliest')}</dt>
              <dd className="mt-0.5 text-slate-900">{day(data.earliestSalesDay)}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{t('sales.notes.latest')}</dt>
              <dd className="mt-0.5 text-slate-900">{day(data.latestSalesDay)}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{t('sales.notes.timezone')}</dt>
              <dd className="mt-0.5 text-slate-900">{data.timezone}</dd>
            </div>
          </dl>
        ) : (
          <p className="text-sm text-slate-600">{t('sales.notes.noSales', { zone: data.timezone })}</p>
        )}
      </Card>
      <Card className="p-4 sm:p-5">
        <h2 className="mb-3 text-base font-semibold text-slate-900">{t('sales.notes.meaning')}</h2>
        <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700 marker:text-slate-400">
          <li>{t('sales.notes.quantities')}</li>
          <li>{t('sales.notes.amounts', { currency })}</li>
          <li>{t('sales.notes.days', { zone: data.timezone })}</li>
          <li>{t('sales.notes.transactions')}</li>
          <li>{t('sales.notes.updates')}</li>
        </ul>
      </Card>
    </div>
  );
}
