import { DEFAULT_PAGE_SIZE_ORDERING, toPagination } from '@portal/core/shared';
import type { SalesTransaction } from '@portal/core/sales';
import { type Column, DataTable } from '../../../components/ui/data-table.tsx';
import { PagedListPagination } from '../../../components/ui/pagination.tsx';
import { useT } from '../../../i18n/index.ts';
import { formatCalendarDay, formatCents, formatNumber } from '../../../lib/user-format.ts';
import type { SalesFormat } from '../../../lib/sales-format.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { type SalesFilter, transactionsQuery } from '../model/sales-filter.ts';
import { useSalesTransactions } from '../api/sales.ts';
import { SalesQueryState } from './sales-query-state.tsx';

const PAGE_SIZES = [DEFAULT_PAGE_SIZE_ORDERING, 25, 50, 100] as const;

/** The 'Transactions' header: the daily sales lines (day × store × product) for the filters, paged. */
export function SalesTransactions({ customerId, filter, format }: { customerId: string; filter: SalesFilter; format: SalesFormat }) {
  const t = useT();
  const { groupBy: _ignored, ...lineFilter } = filter;
  const paging = usePaging(JSON.stringify([customerId, lineFilter]), DEFAULT_PAGE_SIZE_ORDERING);
  const { page } = paging;
  const query = transactionsQuery(customerId, filter, page, paging.size);
  const transactions = useSalesTransactions(query);
  const { isValidating } = transactions;

  const columns: Column<SalesTransaction>[] = [
    {
      key: 'date',
      header: t('sales.transactions.date'),
      nowrap: true,
      cell: (l) => <time dateTime={l.date}>{formatCalendarDay(l.date, format.locale)}</time>,
    },
    { key: 'store', header: t('sales.transactions.store'), cell: (l) => l.storeName || l.storeId },
    { key: 'product', header: t('sales.transactions.product'), cell: (l) => l.productName || l.productId },
    { key: 'ean', header: t('sales.transactions.ean'), nowrap: true, cell: (l) => l.ean },
    {
      key: 'quantity',
      header: t('sales.transactions.quantity'),
      align: 'end',
      cell: (l) => formatNumber(l.quantity, format.locale),
    },
    {
      key: 'amount',
      header: t('sales.transactions.amount'),
      align: 'end',
      nowrap: true,
      cell: (l) => formatCents(l.amountCents, format),
    },
  ];

  return (
    <SalesQueryState
      result={transactions}
      idle={!query}
      isEmpty={(data) => data.totalCount === 0 || (data.items.length === 0 && page === 1)}
    >
      {(data) => {
        const pagination = toPagination(data);
        return (
          <div className="space-y-3">
            <DataTable
              caption={t('sales.transactions.caption')}
              columns={columns}
              rows={data.items}
              rowKey={(l) => `${l.date}|${l.storeId}|${l.productId}`}
              busy={isValidating}
            />
            <PagedListPagination
              section="sales"
              pagination={pagination}
              paging={paging}
              pageSizes={PAGE_SIZES}
              busy={isValidating}
              locale={format.locale}
            />
          </div>
        );
      }}
    </SalesQueryState>
  );
}
