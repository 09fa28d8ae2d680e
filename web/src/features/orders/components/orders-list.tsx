import { DEFAULT_PAGE_SIZE_ORDERING, toPagination } from '@portal/core/shared';
import type { OrderRow } from '@portal/core/ordering';
import { Link } from 'react-router-dom';
import { type Column, TableOrCards } from '../../../components/ui/data-table.tsx';
import { ListIcon } from '../../../components/ui/icons.tsx';
import { PagedListPagination } from '../../../components/ui/pagination.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { quantityColumns } from './quantity-columns.ts';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { formatDateTime, formatNumber, useUserFormat } from '../../../lib/user-format.ts';
import { ORDERS_PAGE_SIZES, type OrdersFilter, ordersQuery } from '../model/orders-filter.ts';
import { useOrders } from '../api/orders.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { CardFact } from '../../../components/fact.tsx';

/** One order as a card (small screens): the same fields as the table's columns. */
function OrderCard({ order: o, locale, timeZone }: { order: OrderRow; locale: string; timeZone: string }) {
  const t = useT();
  const line = (label: string, value: string) => <CardFact label={label} value={value} />;
  return (
    <article className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Link to={paths.app.orderDetail(o.orderId)} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            {o.orderId}
          </Link>
          <p className="truncate text-xs text-slate-500">{o.storeName}</p>
        </div>
        <OrderStatusBadge status={o.status} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
        {line(t('orders.columns.orderedAt'), formatDateTime(o.orderedAt, { locale, timeZone }))}
        {line(t('orders.columns.reference'), o.reference ?? '—')}
        {line(t('orders.columns.orderedBy'), o.orderedBy)}
        {line(
          `${t('orders.columns.quantityOrdered')} / ${t('orders.columns.quantityShipped')}`,
          `${formatNumber(o.quantityOrdered, locale)} / ${formatNumber(o.quantityShipped, locale)}`,
        )}
      </dl>
    </article>
  );
}

export type OrdersListFilter = Pick<OrdersFilter, 'startDate' | 'endDate' | 'storeId' | 'storeType' | 'deleted'>;

/**
 * The orders of a retailer for a filter (SPEC 3 Order (list) columns), paged on the server (10 per page
 * by default) with a pagination control, and the 'no orders' empty state. The page starts over at 1
 * whenever the filter changes. Used by /app/orders and by the Sales 'Orders' header.
 */
export function OrdersList({
  customerId,
  filter,
  caption,
}: {
  customerId: string;
  /** null: the filter cannot be asked for (e.g. an invalid range); nothing is loaded. */
  filter: OrdersListFilter | null;
  caption?: string;
}) {
  const t = useT();
  const fmt = useUserFormat();
  const paging = usePaging(JSON.stringify([customerId, filter]), DEFAULT_PAGE_SIZE_ORDERING);
  const { page } = paging;
  const query = filter ? ordersQuery(customerId, filter, page, paging.size) : null;
  const orders = useOrders(query);
  const { isValidating } = orders;

  const columns: Column<OrderRow>[] = [
    {
      key: 'orderId',
      header: t('orders.columns.orderId'),
      nowrap: true,
      cell: (o) => (
        <div>
          <Link to={paths.app.orderDetail(o.orderId)} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            {o.orderId}
          </Link>
          <span className="block max-w-56 truncate text-xs text-slate-500">{o.storeName}</span>
        </div>
      ),
    },
    { key: 'reference', header: t('orders.columns.reference'), nowrap: true, cell: (o) => o.reference ?? '—' },
    {
      key: 'orderedAt',
      header: t('orders.columns.orderedAt'),
      nowrap: true,
      cell: (o) => <time dateTime={o.orderedAt}>{formatDateTime(o.orderedAt, fmt)}</time>,
    },
    { key: 'orderedBy', header: t('orders.columns.orderedBy'), cell: (o) => o.orderedBy },
    { key: 'status', header: t('orders.columns.status'), cell: (o) => <OrderStatusBadge status={o.status} /> },
    ...quantityColumns(t, fmt.locale),
  ];

  return (
    <QueryState
      result={orders}
      idle={!filter}
      failedMessage={t('orders.loadFailed')}
      retryLabel={t('orders.retry')}
      loadingLabel={t('orders.loading')}
      isEmpty={(data) => data.totalCount === 0 || (data.items.length === 0 && page === 1)}
      empty={{ icon: <ListIcon className="size-6" />, title: t('orders.empty.title'), text: t('orders.empty.text') }}
    >
      {(data) => {
        const pagination = toPagination(data);
        return (
          <div className="space-y-3">
            {/* Phones get one card per order; the table (which would scroll sideways) from the sm breakpoint. */}
            <TableOrCards
              from="sm"
              caption={caption ?? t('orders.caption')}
              columns={columns}
              rows={data.items}
              rowKey={(o) => o.orderId}
              busy={isValidating}
              card={(o) => <OrderCard order={o} locale={fmt.locale} timeZone={fmt.timeZone} />}
            />
            <PagedListPagination
              section="orders"
              pagination={pagination}
              paging={paging}
              pageSizes={ORDERS_PAGE_SIZES}
              busy={isValidating}
              locale={fmt.locale}
            />
          </div>
        );
      }}
    </QueryState>
  );
}
