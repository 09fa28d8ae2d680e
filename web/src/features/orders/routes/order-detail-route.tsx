import type { OrderDetail, OrderPosition } from '@portal/core/ordering';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Facts, FactsCard } from '../../../components/fact.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { FullPageSpinner, PageHeader } from '../../../components/ui/card.tsx';
import { type Column, DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ChevronLeftIcon, DocumentIcon, DownloadIcon, ListIcon } from '../../../components/ui/icons.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { quantityColumns } from '../components/quantity-columns.ts';
import { useT } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { usePortal } from '../../../lib/portal.ts';
import { formatCalendarDay, formatDateTime, formatNumber, useUserFormat } from '../../../lib/user-format.ts';
import { downloadOrderPdf, openOrderPdf, useOrder } from '../api/orders.ts';
import { OrderStatusBadge, ShipmentStatusBadge } from '../components/order-status-badge.tsx';

function BackLink() {
  const t = useT();
  return (
    <Link to={paths.app.orders} className={`${buttonClasses('text')} -ml-3 mb-2`}>
      <ChevronLeftIcon className="size-4" />
      {t('orders.detail.back')}
    </Link>
  );
}

/** /app/orders/:orderId: one order — header, delivery address, positions, shipments, PDF (ADR 015). */
export function OrderDetailRoute() {
  const t = useT();
  const { orderId } = useParams();
  const { data: order, error, isLoading, mutate } = useOrder(orderId);

  if (isLoading && !order) return <FullPageSpinner label={t('orders.detail.loading')} />;
  if (!order) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <div className="space-y-4">
        <BackLink />
        {notFound ? (
          <EmptyState
            icon={<ListIcon className="size-6" />}
            title={t('orders.detail.notFound')}
            text={t('orders.detail.notFoundText', { id: orderId ?? '' })}
          />
        ) : (
          <LoadFailed
            message={t('orders.detail.loadFailed')}
            retryLabel={t('orders.retry')}
            onRetry={() => void mutate()}
            layout="inline"
          />
        )}
      </div>
    );
  }
  return <OrderView order={order} />;
}

function OrderView({ order }: { order: OrderDetail }) {
  const t = useT();
  const portal = usePortal();
  const fmt = useUserFormat();
  const [pdfLoading, setPdfLoading] = useState<'open' | 'download' | null>(null);
  const productName = new Map(order.positions.map((p) => [p.productId, p.name]));

  const pdf = (action: 'open' | 'download') => {
    setPdfLoading(action);
    (action === 'open' ? openOrderPdf : downloadOrderPdf)(portal, order, fmt.timeZone)
      .catch(() => undefined) // the fetch wrapper has already shown the failure
      .finally(() => setPdfLoading(null));
  };

  const positionColumns: Column<OrderPosition>[] = [
    {
      key: 'product',
      header: t('orders.detail.product'),
      cell: (p) => (
        <div className="min-w-36">
          <span className="font-medium">{p.name}</span>
          <span className="block text-xs text-slate-500">{p.productId}</span>
        </div>
      ),
    },
    { key: 'ean', header: t('orders.detail.ean'), nowrap: true, cell: (p) => p.ean },
    ...quantityColumns(t, fmt.locale),
  ];
  type Shipment = OrderDetail['shipments'][number];
  const shipmentColumns: Column<Shipment>[] = [
    {
      key: 'date',
      header: t('orders.detail.shipmentDate'),
      nowrap: true,
      cell: (s) => <time dateTime={s.date}>{formatCalendarDay(s.date, fmt.locale)}</time>,
    },
    {
      key: 'product',
      header: t('orders.detail.product'),
      cell: (s) => productName.get(s.productId) ?? s.productId,
    },
    {
      key: 'quantity',
      header: t('orders.detail.shipmentQuantity'),
      align: 'end',
      cell: (s) => formatNumber(s.quantity, fmt.locale),
    },
    { key: 'status', header: t('orders.columns.status'), cell: (s) => <ShipmentStatusBadge status={s.status} /> },
  ];
  const a = order.address;

  return (
    <div className="space-y-6">
      <div>
        <BackLink />
        <PageHeader
          title={t('orders.detail.title', { id: order.orderId })}
          description={<OrderStatusBadge status={order.status} />}
          actions={
            <div className="flex flex-wrap gap-2">
              <Button theme="secondary" loading={pdfLoading === 'open'} disabled={pdfLoading !== null} onClick={() => pdf('open')}>
                {pdfLoading === 'open' ? null : <DocumentIcon className="size-4" />}
                {t('orders.detail.openPdf')}
                <span className="sr-only">{t('orders.detail.opensInNewTab')}</span>
              </Button>
              <Button theme="secondary" loading={pdfLoading === 'download'} disabled={pdfLoading !== null} onClick={() => pdf('download')}>
                {pdfLoading === 'download' ? null : <DownloadIcon className="size-4" />}
                {t('orders.detail.downloadPdf')}
              </Button>
            </div>
          }
        />
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <FactsCard title={t('orders.detail.header')}>
          <Facts
            look="caps"
            rows={[
              [t('orders.columns.orderId'), order.orderId],
              [t('orders.columns.reference'), order.reference ?? '—'],
              [t('orders.columns.orderedAt'), <time dateTime={order.orderedAt}>{formatDateTime(order.orderedAt, fmt)}</time>],
              [t('orders.columns.orderedBy'), order.orderedBy],
              [t('orders.columns.quantityOrdered'), formatNumber(order.quantityOrdered, fmt.locale)],
              [t('orders.columns.quantityShipped'), formatNumber(order.quantityShipped, fmt.locale)],
            ]}
          />
        </FactsCard>
        <FactsCard title={t('orders.detail.address')}>
          <Facts
            look="caps"
            rows={[
              [t('orders.detail.name'), a.name],
              [t('orders.filters.storeType'), a.storeType === 0 ? t('orders.detail.typeStore') : t('orders.detail.typeDc')],
              [t('orders.detail.street'), a.street],
              [t('orders.detail.postalCode'), a.postalCode],
              [t('orders.detail.city'), a.city],
              [t('orders.detail.customerStoreId'), a.customerStoreId ?? '—'],
            ]}
          />
        </FactsCard>
      </div>

      <DetailSection id="order-positions" title={t('orders.detail.positions')}>
        {order.positions.length === 0 ? (
          <EmptyState
            icon={<ListIcon className="size-6" />}
            title={t('orders.detail.noPositions')}
            text={t('orders.detail.noPositionsText')}
          />
        ) : (
          <DataTable caption={t('orders.detail.positions')} columns={positionColumns} rows={order.positions} rowKey={(p) => p.productId} />
        )}
      </DetailSection>

      <DetailSection id="order-shipments" title={t('orders.detail.shipments')}>
        {order.shipments.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">
            {t('orders.detail.noShipments')}
          </p>
        ) : (
          <DataTable
            caption={t('orders.detail.shipments')}
            columns={shipmentColumns}
            rows={order.shipments}
            rowKey={(s) => `${s.shipmentId}-${s.productId}`}
          />
        )}
      </DetailSection>
    </div>
  );
}

/** A titled part of the order page (positions, shipments): a section named by its heading. */
function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="space-y-3" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
