import type { CouponTransaction } from '@portal/core/couponing';
import { type Column, TableOrCards } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ListIcon } from '../../../components/ui/icons.tsx';
import { useT } from '../../../i18n/index.ts';
import { formatDateTime, useUserFormat } from '../../../lib/user-format.ts';
import { TIME_COLUMN_OF, TRANSACTION_TIME_COLUMNS, type TransactionTimeColumn, timeIn } from '../model/transaction-columns.ts';
import { CouponStatusBadge } from './status-badges.tsx';

/**
 * A card's transactions, newest first (SPEC 3 coupon transaction columns: Terminal, Activation,
 * Redemption, Void, Type, Status). The time stands in the column of the transaction's type; Status is
 * the couponing status after it. A table from 640 px, cards on phones.
 */
export function TransactionsTable({ transactions }: { transactions: readonly CouponTransaction[] }) {
  const t = useT();
  const fmt = useUserFormat();
  if (transactions.length === 0) {
    return (
      <EmptyState
        heading="h3"
        icon={<ListIcon className="size-6" />}
        title={t('couponing.transactions.empty')}
        text={t('couponing.transactions.emptyText')}
      />
    );
  }
  const timeCell = (tx: CouponTransaction, column: TransactionTimeColumn) => {
    const at = timeIn(tx, column);
    return at ? <time dateTime={at}>{formatDateTime(at, fmt)}</time> : <span className="text-slate-400">—</span>;
  };
  const columns: Column<CouponTransaction>[] = [
    { key: 'terminal', header: t('couponing.transactions.terminal'), nowrap: true, cell: (tx) => tx.terminalId },
    ...TRANSACTION_TIME_COLUMNS.map((column): Column<CouponTransaction> => ({
      key: column,
      header: t(`couponing.transactions.${column}`),
      nowrap: true,
      cell: (tx) => timeCell(tx, column),
    })),
    {
      key: 'type',
      header: t('couponing.transactions.type'),
      nowrap: true,
      // A type without a time column of its own (deactivate, check) shows its time here.
      cell: (tx) => {
        const at = timeIn(tx, 'type');
        return (
          <>
            {t(`couponing.actions.labels.${tx.type}`)}
            {at ? (
              <span className="block text-xs text-slate-500">
                <time dateTime={at}>{formatDateTime(at, fmt)}</time>
              </span>
            ) : null}
          </>
        );
      },
    },
    { key: 'status', header: t('couponing.transactions.status'), cell: (tx) => <CouponStatusBadge status={tx.status} /> },
  ];
  return (
    <TableOrCards
      from="sm"
      caption={t('couponing.transactions.caption')}
      columns={columns}
      rows={transactions}
      rowKey={(tx) => tx.transactionId}
      card={(tx) => <TransactionCard tx={tx} />}
    />
  );
}

/** A transaction on a phone: its type and status, the terminal and the time under its column's name. */
function TransactionCard({ tx }: { tx: CouponTransaction }) {
  const t = useT();
  const fmt = useUserFormat();
  const column = TIME_COLUMN_OF[tx.type];
  return (
    <article className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-3">
        <p className="font-semibold text-slate-900">{t(`couponing.actions.labels.${tx.type}`)}</p>
        <CouponStatusBadge status={tx.status} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">{t('couponing.transactions.terminal')}</dt>
          <dd className="truncate text-slate-900">{tx.terminalId}</dd>
        </div>
        <div className="min-w-0">
          {/* The time under its column's name; a type without a time column says 'Time'. */}
          <dt className="text-xs text-slate-500">
            {column === 'type' ? t('couponing.transactions.time') : t(`couponing.transactions.${column}`)}
          </dt>
          <dd className="text-slate-900">
            <time dateTime={tx.at}>{formatDateTime(tx.at, fmt)}</time>
          </dd>
        </div>
      </dl>
    </article>
  );
}
