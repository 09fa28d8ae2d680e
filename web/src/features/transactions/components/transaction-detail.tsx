import type { Transaction } from '@portal/core/transaction';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useT } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/user-format.ts';
import { useTransaction } from '../api/transactions.ts';
import { amountText, typeName } from '../model/transaction-format.ts';
import { type ListFormat, ResultBadge } from './transaction-list.tsx';

/** Every field of one transaction (the detail call's answer). */
function TransactionFacts({ tx, format }: { tx: Transaction; format: ListFormat }) {
  const t = useT();
  const byRow: [string, ReactNode][] = tx.by ? [[t('transactions.columns.by'), tx.by]] : [];
  const rows: [string, ReactNode][] = [
    [t('transactions.columns.at'), <time dateTime={tx.at}>{formatDateTime(tx.at, format)}</time>],
    [t('transactions.columns.type'), typeName(tx.type, format.types)],
    [t('transactions.columns.result'), <ResultBadge result={tx.result} />],
    [t('transactions.columns.resultCode'), tx.resultCode],
    [t('transactions.columns.amount'), amountText(tx, format.currencies, format.locale)],
    [t('transactions.columns.currency'), tx.currency],
    [t('transactions.columns.product'), tx.productName ?? tx.productId ?? '—'],
    [t('transactions.columns.serial'), <span className="font-mono">{tx.serial ?? '—'}</span>],
    [t('transactions.columns.ean'), tx.ean ?? '—'],
    [t('transactions.columns.terminalId'), tx.terminalId],
    [t('transactions.columns.store'), tx.storeId ?? '—'],
    [t('transactions.columns.customer'), tx.customerName ? `${tx.customerName} (${tx.customerId})` : tx.customerId],
    [t('transactions.columns.transactionId'), <span className="break-all font-mono text-xs">{tx.transactionId}</span>],
    [t('transactions.columns.source'), t(`transactions.sources.${tx.source}`)],
    ...byRow,
  ];
  return (
    <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-4 gap-y-2">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="min-w-0 break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The detail of one transaction (a dialog over the list; its key is in the URL, so the detail is a link
 * too). Another customer's transaction answers like a nonexistent one (404): "not visible to you".
 */
export function TransactionDetail({ txKey, format, onClose }: { txKey: string | undefined; format: ListFormat; onClose: () => void }) {
  const t = useT();
  const detail = useTransaction(txKey);
  const notFound = detail.error instanceof ApiError && detail.error.status === 404;
  return (
    <Dialog open={Boolean(txKey)} onClose={onClose} title={t('transactions.detail.title')} closeLabel={t('transactions.detail.close')}>
      {notFound ? (
        <Alert theme="orange">{t('transactions.detail.notFound')}</Alert>
      ) : (
        <QueryState
          result={detail}
          failedMessage={t('transactions.detail.loadFailed')}
          retryLabel={t('transactions.retry')}
          loadingLabel={t('transactions.detail.loading')}
        >
          {(tx) => <TransactionFacts tx={tx} format={format} />}
        </QueryState>
      )}
    </Dialog>
  );
}
