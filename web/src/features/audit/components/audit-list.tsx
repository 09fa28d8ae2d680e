import type { AuditEntryView, AuditList } from '@portal/core/audit';
import { type Column, DataTable } from '../../../components/ui/data-table.tsx';
import { useT } from '../../../i18n/index.ts';
import { dateTimeFormat, type UserFormat } from '../../../lib/user-format.ts';
import { detailLines, entrySentence, personName } from '../model/audit-words.ts';

/** When, to the second, in the reader's zone and locale: an audit log tells events a minute apart. */
const formatWhen = (iso: string, fmt: Pick<UserFormat, 'locale' | 'timeZone'>) =>
  dateTimeFormat(fmt.locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: fmt.timeZone }).format(new Date(iso));

/** An entry's details as labelled lines in words (ADR 122); nothing when it has none. */
function DetailList({ details, locale }: { details: AuditEntryView['details']; locale: string }) {
  const lines = detailLines(details, locale);
  if (lines.length === 0) return null;
  return (
    <dl className="mt-0.5 text-xs text-slate-600">
      {lines.map((line) => (
        <div key={line.name} className="break-words">
          <dt className="inline text-slate-500">{line.label}: </dt>
          <dd className="inline">{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One page of the log (ADR 116): when (the reader's zone), who (the name as it was, with the username),
 * what (the kind as a sentence in the reader's language, its details below) and the address. A table from
 * 640 px; on a phone the table's rows are cards (DataTable, ADR 092).
 */
export function AuditEntries({ page, fmt, busy }: { page: AuditList; fmt: Pick<UserFormat, 'locale' | 'timeZone'>; busy: boolean }) {
  const t = useT();
  const columns: Column<AuditEntryView>[] = [
    {
      key: 'at',
      header: t('audit.columns.at'),
      nowrap: true,
      cell: (e) => <time dateTime={e.at}>{formatWhen(e.at, fmt)}</time>,
    },
    {
      key: 'who',
      header: t('audit.columns.who'),
      cell: (e) => (
        <div className="min-w-0">
          <span className="block font-medium text-slate-900">{personName(e.actor)}</span>
          <span className="block break-all text-xs text-slate-500">
            {e.actor.username}
            {e.kind === 'signin.failed' ? ` (${t('audit.typedName')})` : ''}
          </span>
        </div>
      ),
    },
    {
      key: 'what',
      header: t('audit.columns.what'),
      cell: (e) => (
        <div className="min-w-0">
          <span className="block">{entrySentence(e, t)}</span>
          <DetailList details={e.details} locale={fmt.locale} />
        </div>
      ),
    },
    {
      key: 'address',
      header: t('audit.columns.address'),
      nowrap: true,
      cell: (e) => <span className="font-mono text-xs">{e.ip ?? t('audit.noAddress')}</span>,
    },
  ];
  return <DataTable caption={t('audit.caption')} columns={columns} rows={page.items} rowKey={(e) => String(e.seq)} busy={busy} />;
}
