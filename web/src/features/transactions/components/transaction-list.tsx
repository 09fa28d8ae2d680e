import type { Transaction } from '@portal/core/transaction';
import type { MasterData } from '@portal/core/masterdata';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { type Column, TableOrCards } from '../../../components/ui/data-table.tsx';
import { useT } from '../../../i18n/index.ts';
import { formatDateTime } from '../../../lib/user-format.ts';
import { amountText, typeName } from '../model/transaction-format.ts';

export interface ListFormat {
  locale: string;
  timeZone: string;
  currencies: MasterData['currencies'] | undefined;
  types: MasterData['transactionTypes'] | undefined;
}

const RESULT_THEME = { approved: 'green', declined: 'orange', error: 'red' } as const;

export function ResultBadge({ result }: { result: Transaction['result'] }) {
  const t = useT();
  return <Badge theme={RESULT_THEME[result]}>{t(`transactions.results.${result}`)}</Badge>;
}

/** The date-time cell: a button that opens the detail (the row's one control). */
function OpenDetail({
  tx,
  format,
  onOpen,
  children,
}: {
  tx: Transaction;
  format: ListFormat;
  onOpen: (key: string) => void;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <button
      type="button"
      onClick={() => onOpen(tx.key)}
      aria-label={t('transactions.detail.open', { time: formatDateTime(tx.at, format) })}
      className="text-left font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {children}
    </button>
  );
}

const dash = (value: string | null | undefined) => value || '—';
const customerOf = (tx: Transaction) => tx.customerName ?? tx.customerId;

/** One transaction as a card (phones): the table's columns as a definition list. */
function TransactionCard({
  tx,
  format,
  onOpen,
  showCustomer,
}: {
  tx: Transaction;
  format: ListFormat;
  onOpen: (key: string) => void;
  showCustomer: boolean;
}) {
  const t = useT();
  const line = (label: string, value: ReactNode, wrap = false) => (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={`text-sm text-slate-900 ${wrap ? 'line-clamp-2' : 'truncate'}`}>{value}</dd>
    </div>
  );
  return (
    <article className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <OpenDetail tx={tx} format={format} onOpen={onOpen}>
            <time dateTime={tx.at}>{formatDateTime(tx.at, format)}</time>
          </OpenDetail>
          <p className="truncate text-xs text-slate-500">{typeName(tx.type, format.types)}</p>
        </div>
        <div className="shrink-0 text-right">
          <p className="font-semibold tabular-nums text-slate-900">{amountText(tx, format.currencies, format.locale)}</p>
          <ResultBadge result={tx.result} />
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
        {showCustomer ? line(t('transactions.columns.customer'), customerOf(tx)) : null}
        {line(t('transactions.columns.product'), dash(tx.productName), true)}
        {line(t('transactions.columns.resultCode'), tx.resultCode)}
        {line(t('transactions.columns.serial'), <span className="font-mono text-xs">{dash(tx.serial)}</span>)}
        {line(t('transactions.columns.terminalId'), tx.terminalId)}
        {line(t('transactions.columns.ean'), dash(tx.ean))}
      </dl>
    </article>
  );
}

/**
 * A page of transactions (ADR 036: a column for every filter field, amount and product), newest
 * first as the server orders them: a table from the md breakpoint (scrolling sideways inside its card if the
 * content area is narrow), one card per transaction below it, so a phone never scrolls the page sideways.
 * `showCustomer`: a content provider's list, which holds the sales of its products at other customers
 * (ADR 056), names the customer each was booked for.
 */
export function TransactionList({
  items,
  format,
  onOpen,
  busy,
  showCustomer,
}: {
  items: readonly Transaction[];
  format: ListFormat;
  onOpen: (key: string) => void;
  busy: boolean;
  showCustomer: boolean;
}) {
  const t = useT();
  const columns: Column<Transaction>[] = [
    {
      key: 'at',
      label: t('transactions.columns.at'),
      header: (
        <span>
          {t('transactions.columns.at')} <span aria-hidden="true">↓</span>
          <span className="sr-only"> ({t('transactions.newestFirst')})</span>
        </span>
      ),
      nowrap: true,
      cell: (tx) => (
        <OpenDetail tx={tx} format={format} onOpen={onOpen}>
          <time dateTime={tx.at}>{formatDateTime(tx.at, format)}</time>
        </OpenDetail>
      ),
    },
    ...(showCustomer
      ? [
          {
            key: 'customer',
            header: t('transactions.columns.customer'),
            cell: (tx: Transaction) => <span className="line-clamp-2 min-w-28">{customerOf(tx)}</span>,
          },
        ]
      : []),
    { key: 'type', header: t('transactions.columns.type'), nowrap: true, cell: (tx) => typeName(tx.type, format.types) },
    { key: 'result', header: t('transactions.columns.result'), cell: (tx) => <ResultBadge result={tx.result} /> },
    { key: 'resultCode', header: t('transactions.columns.resultCode'), nowrap: true, cell: (tx) => tx.resultCode },
    {
      key: 'serial',
      header: t('transactions.columns.serial'),
      nowrap: true,
      cell: (tx) => <span className="font-mono text-xs">{dash(tx.serial)}</span>,
    },
    { key: 'terminalId', header: t('transactions.columns.terminalId'), nowrap: true, cell: (tx) => tx.terminalId },
    { key: 'ean', header: t('transactions.columns.ean'), nowrap: true, cell: (tx) => dash(tx.ean) },
    {
      key: 'product',
      header: t('transactions.columns.product'),
      cell: (tx) => <span className="line-clamp-2 min-w-32">{dash(tx.productName)}</span>,
    },
    {
      key: 'amount',
      header: t('transactions.columns.amount'),
      align: 'end',
      nowrap: true,
      cell: (tx) => amountText(tx, format.currencies, format.locale),
    },
  ];
  return (
    <TableOrCards
      from="md"
      caption={t('transactions.caption')}
      columns={columns}
      rows={items}
      rowKey={(tx) => tx.key}
      busy={busy}
      card={(tx) => <TransactionCard tx={tx} format={format} onOpen={onOpen} showCustomer={showCustomer} />}
    />
  );
}
