import type { Report } from '@portal/core/report';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { type Column, DataTable } from '../../../components/ui/data-table.tsx';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { formatNumber, useUserFormat } from '../../../lib/user-format.ts';
import { reportingDaysText } from '../model/report-format.ts';
import { useFilterText } from './filter-text.ts';
import { useReportName } from './report-name.ts';

/**
 * The reports of a tab with SPEC 3's fields: name, reporting period, reports created, sent by e-mail,
 * copied by FTP, custom filters, recipients, reporting days, report-to-end-of-month, time zone. A table
 * from the lg breakpoint, one card per report below (phones): the same fields, labelled.
 */
export function ReportList({ reports, busy }: { reports: readonly Report[]; busy: boolean }) {
  const t = useT();
  const fields = useReportFields();
  const columns: Column<Report>[] = [
    { key: 'name', header: t('reports.fields.name'), cell: (r) => <ReportLink report={r} /> },
    ...fields.map(({ key, label, value, end }) => ({
      key,
      header: label,
      cell: value,
      ...(end ? { align: 'end' as const, nowrap: true } : {}),
    })),
  ];
  return (
    <>
      <div className="hidden lg:block">
        <DataTable
          caption={t('reports.list.caption')}
          captionHidden
          columns={columns}
          rows={reports}
          rowKey={(r) => r.processId}
          busy={busy}
        />
      </div>
      <ul className="space-y-3 lg:hidden" aria-label={t('reports.list.caption')}>
        {reports.map((report) => (
          <li key={report.processId}>
            <Card className="p-4">
              <ReportLink report={report} />
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                {fields.map(({ key, label, value, wide }) => (
                  <div key={key} className={wide ? 'col-span-2' : ''}>
                    <dt className="text-xs text-slate-500">{label}</dt>
                    <dd className="text-slate-900">{value(report)}</dd>
                  </div>
                ))}
              </dl>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}

function ReportLink({ report }: { report: Report }) {
  const t = useT();
  const name = useReportName();
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Link to={paths.connect.report(report.processId)} className="font-semibold text-brand-700 hover:underline">
        {name(report)}
      </Link>
      <Badge theme={report.schedule?.enabled ? 'green' : 'gray'}>
        {report.schedule?.enabled ? t('reports.list.scheduled') : t('reports.list.notScheduled')}
      </Badge>
    </span>
  );
}

type Field = { key: string; label: string; value: (r: Report) => string; end?: boolean; wide?: boolean };

function useReportFields(): Field[] {
  const t = useT();
  const { locale } = useUserFormat();
  const n = (v: number) => formatNumber(v, locale);
  const dash = '—';
  const filterText = useFilterText();
  return [
    {
      key: 'period',
      label: t('reports.fields.period'),
      value: (r) => (r.schedule ? t(`reports.periodTypes.${r.schedule.periodType}`) : dash),
    },
    { key: 'created', label: t('reports.fields.reportsCreated'), value: (r) => n(r.reportsCreated), end: true },
    { key: 'email', label: t('reports.fields.sentByEmail'), value: (r) => n(r.sentByEmail), end: true },
    { key: 'ftp', label: t('reports.fields.copiedByFtp'), value: (r) => n(r.copiedByFtp), end: true },
    {
      key: 'filters',
      label: t('reports.fields.filters'),
      wide: true,
      value: (r) => filterText(r.filter),
    },
    {
      key: 'recipients',
      label: t('reports.fields.recipients'),
      value: (r) => (r.recipientCount ? n(r.recipientCount) : t('reports.list.noRecipients')),
      end: true,
    },
    {
      key: 'days',
      label: t('reports.fields.reportingDays'),
      value: (r) =>
        !r.schedule
          ? dash
          : r.schedule.periodType === 'monthly'
            ? t('reports.list.firstOfMonth')
            : reportingDaysText(r.schedule.reportingDays, locale, t('reports.list.everyDay')),
    },
    {
      key: 'eom',
      label: t('reports.fields.endOfMonth'),
      value: (r) => (r.schedule ? (r.schedule.endOfMonth ? t('reports.yes') : t('reports.no')) : dash),
    },
    { key: 'tz', label: t('reports.fields.timeZone'), value: (r) => r.schedule?.timeZone ?? dash },
  ];
}
