import type { Transaction } from '@portal/core/transaction';
import type { MasterData } from '@portal/core/masterdata';
import { SERIAL_TRANSACTIONS_SHOWN } from '@portal/core/transaction';
import { Badge } from '../../../components/ui/badge.tsx';
import { type Column, TableOrCards } from '../../../components/ui/data-table.tsx';
import { ListIcon } from '../../../components/ui/icons.tsx';
import { useT } from '../../../i18n/index.ts';
import { formatDateTime, useUserFormat } from '../../../lib/user-format.ts';
import { amountText, RESULT_THEME, typeName } from '../model/serial-lookup.ts';

/**
 * A serial's transactions, newest first: date, type (its master-data name), result, result code,
 * terminal and amount with currency, plus the customer when they belong to several. A table from 768 px,
 * stacked rows on phones. None: the spec's "no transactions for the serial".
 */
export function SerialTransactions({
  serial,
  transactions,
  master,
}: {
  serial: string;
  transactions: readonly Transaction[];
  master: MasterData | undefined;
}) {
  const t = useT();
  const fmt = useUserFormat();
  if (transactions.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-600">
        <ListIcon className="size-4 shrink-0 text-slate-400" />
        <span className="first-letter:uppercase">{t('serials.transactions.empty')}</span>
      </p>
    );
  }
  const severalCustomers = new Set(transactions.map((tx) => tx.customerId)).size > 1;
  const date = (tx: Transaction) => <time dateTime={tx.at}>{formatDateTime(tx.at, fmt)}</time>;
  const type = (tx: Transaction) => typeName(tx.type, master?.transactionTypes);
  // A coupon action booked in the portal (couponing) is a transaction too: say who booked it.
  const booked = (tx: Transaction) =>
    tx.source === 'portal' ? (
      <span className="block text-xs text-slate-500">{t('serials.transactions.bookedInPortal', { name: tx.by ?? '—' })}</span>
    ) : null;
  const amount = (tx: Transaction) => amountText(tx, master?.currencies, fmt.locale);
  const result = (tx: Transaction) => <Badge theme={RESULT_THEME[tx.result]}>{t(`serials.result.${tx.result}`)}</Badge>;
  const customer = (tx: Transaction) => tx.customerName ?? tx.customerId;
  const columns: Column<Transaction>[] = [
    { key: 'date', header: t('serials.transactions.date'), nowrap: true, cell: date },
    {
      key: 'type',
      header: t('serials.transactions.type'),
      cell: (tx) => (
        <>
          {type(tx)}
          {booked(tx)}
        </>
      ),
    },
    {
      key: 'resultCode',
      header: t('serials.transactions.resultCode'),
      nowrap: true,
      cell: (tx) => <span className="font-mono">{tx.resultCode}</span>,
    },
    { key: 'result', header: t('serials.transactions.result'), cell: result },
    { key: 'terminal', header: t('serials.transactions.terminal'), nowrap: true, cell: (tx) => tx.terminalId },
    ...(severalCustomers ? [{ key: 'customer', header: t('serials.transactions.customer'), cell: customer }] : []),
    { key: 'amount', header: t('serials.transactions.amount'), align: 'end', nowrap: true, cell: amount },
  ];
  const caption = t('serials.transactions.caption', { serial });
  return (
    <div className="space-y-2">
      <TableOrCards
        from="md"
        caption={caption}
        columns={columns}
        rows={transactions}
        rowKey={(tx) => tx.key}
        listClassName="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200"
        itemClassName="space-y-1 px-4 py-3 text-sm"
        card={(tx) => (
          <>
            <div className="flex items-baseline justify-between gap-3">
              <span className="font-medium text-slate-900">
                {type(tx)}
                {booked(tx)}
              </span>
              <span className="whitespace-nowrap font-medium tabular-nums text-slate-900">{amount(tx)}</span>
            </div>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600">
              {date(tx)}
              {result(tx)}
              <span className="text-xs">{t('serials.transactions.code', { code: tx.resultCode })}</span>
            </div>
            <div className="text-xs text-slate-500">
              {t('serials.card.atTerminal', { terminal: tx.terminalId })}
              {severalCustomers ? ` · ${customer(tx)}` : ''}
            </div>
          </>
        )}
      />
      {transactions.length >= SERIAL_TRANSACTIONS_SHOWN ? (
        <p className="text-xs text-slate-500">{t('serials.transactions.newestShown', { count: SERIAL_TRANSACTIONS_SHOWN })}</p>
      ) : null}
    </div>
  );
}
