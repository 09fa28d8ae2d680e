import { Link } from 'react-router-dom';
import { type Column, TableOrCards } from '../../../components/ui/data-table.tsx';
import { ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import type { ResultRow } from '../model/result-rows.ts';
import { CouponStatusBadge, SerialStatusBadge } from './status-badges.tsx';

function SerialStatusCell({ row }: { row: ResultRow }) {
  const t = useT();
  return (
    <div className="flex flex-col items-start gap-1">
      <SerialStatusBadge status={row.serialStatus} />
      {/* Several cards: the serial's status says so; each card still has its own. */}
      {row.card && row.serialStatus === 'multipleResults' ? (
        <span className="text-xs text-slate-500">
          {t('couponing.query.thisCard', { status: t(`couponing.serialStatus.${row.card.serialStatus}`) })}
        </span>
      ) : null}
    </div>
  );
}

function ProductCell({ row }: { row: ResultRow }) {
  const t = useT();
  if (!row.card) return <span className="text-slate-500">{t('couponing.query.notFoundText')}</span>;
  return (
    <div className="min-w-40">
      <span>{row.card.productName ?? t('couponing.query.unknownProduct')}</span>
      {row.card.contract ? <span className="block text-xs text-slate-500">{t('couponing.query.contract')}</span> : null}
    </div>
  );
}

/** A serial number: a link to its card's Details, plain text when no card carries it. */
function SerialLink({ row, className }: { row: ResultRow; className: string }) {
  const t = useT();
  if (!row.card) return <span className="font-mono tabular-nums text-slate-900">{row.serial}</span>;
  return (
    <Link
      to={paths.app.couponing.card(row.serial, row.card.ean)}
      className={`font-mono tabular-nums text-brand-700 underline-offset-2 hover:underline ${className}`}
      {...(row.serialStatus === 'multipleResults'
        ? {
            'aria-label': t('couponing.query.openCard', {
              serial: row.serial,
              product: row.card.productName ?? row.card.ean,
            }),
          }
        : {})}
    >
      {row.serial}
    </Link>
  );
}

/** One result as a card (phones): the same fields as the table's columns. */
function ResultCard({ row }: { row: ResultRow }) {
  const t = useT();
  return (
    <article className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-3">
        <SerialLink row={row} className="font-semibold" />
        {row.card ? <CouponStatusBadge status={row.card.couponingStatus} /> : null}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">{t('couponing.query.serialStatus')}</dt>
          <dd className="mt-0.5">
            <SerialStatusCell row={row} />
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">{t('couponing.query.ean')}</dt>
          <dd className="mt-0.5 truncate tabular-nums text-slate-900">{row.card?.ean ?? '—'}</dd>
        </div>
        <div className="col-span-2 min-w-0">
          <dt className="text-xs text-slate-500">{t('couponing.query.product')}</dt>
          <dd className="mt-0.5 text-slate-900">
            <ProductCell row={row} />
          </dd>
        </div>
      </dl>
      {row.card ? (
        <Link
          to={paths.app.couponing.card(row.serial, row.card.ean)}
          className="-mx-1 mt-3 flex items-center justify-end gap-1 px-1 text-sm font-semibold text-brand-700"
          aria-hidden="true"
          tabIndex={-1}
        >
          {t('couponing.query.open')}
          <ChevronRightIcon className="size-4" />
        </Link>
      ) : null}
    </article>
  );
}

/**
 * The serial-number check's results (SPEC 2 query): Serial number, Serial status, Product, EAN,
 * Couponing status — a row per card; a table from 640 px, cards on phones.
 */
export function ResultsTable({ rows }: { rows: readonly ResultRow[] }) {
  const t = useT();
  const columns: Column<ResultRow>[] = [
    {
      key: 'serial',
      header: t('couponing.query.serial'),
      nowrap: true,
      cell: (row) => <SerialLink row={row} className="font-medium" />,
    },
    { key: 'serialStatus', header: t('couponing.query.serialStatus'), cell: (row) => <SerialStatusCell row={row} /> },
    { key: 'product', header: t('couponing.query.product'), cell: (row) => <ProductCell row={row} /> },
    { key: 'ean', header: t('couponing.query.ean'), nowrap: true, cell: (row) => row.card?.ean ?? '—' },
    {
      key: 'couponingStatus',
      header: t('couponing.query.couponingStatus'),
      cell: (row) => (row.card ? <CouponStatusBadge status={row.card.couponingStatus} /> : '—'),
    },
  ];
  return (
    <TableOrCards
      from="sm"
      caption={t('couponing.query.caption')}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.key}
      card={(row) => <ResultCard row={row} />}
    />
  );
}
