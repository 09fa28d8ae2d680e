import { orderPdfFileName } from '@portal/core/ordering';
import type { OrderStatus } from '@portal/core/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { Fact } from '../../../components/fact.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DocumentIcon, DownloadIcon } from '../../../components/ui/icons.tsx';
import { TableHead } from '../../../components/ui/table-head.tsx';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { usePortal } from '../../../lib/portal.ts';
import { formatDateTime, formatNumber, useUserFormat } from '../../../lib/user-format.ts';
import { fetchOrderPdf, useOrder } from '../api/ordering-api.ts';
import { useOrderContext } from '../model/use-order-context.ts';
import { OrderPage, StepLoading } from '../components/order-page.tsx';
import { orderKeys } from '../api/keys.ts';

const statusTheme: Record<OrderStatus, 'gray' | 'blue' | 'green' | 'orange' | 'red'> = {
  cancelled: 'red',
  created: 'blue',
  downloaded: 'blue',
  finished: 'green',
  incomplete: 'orange',
  ordered: 'blue',
  pending: 'orange',
};

/**
 * The order's PDF as an object URL, fetched through the API client (the API needs the portal header,
 * which a plain link cannot send). Loaded with the page, so 'Open PDF' and 'Download PDF' are real links
 * (no pop-up blocker, no await between the click and the new tab).
 */
function useOrderPdfUrl(orderId: string | undefined) {
  const portal = usePortal();
  const pdf = useSWR(orderId ? orderKeys.orderPdf(portal, orderId) : null, () => fetchOrderPdf(portal, orderId!), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pdf.data) return;
    const next = URL.createObjectURL(pdf.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [pdf.data]);
  const error: unknown = pdf.error;
  return { url: pdf.data ? url : null, error, loading: pdf.isLoading, retry: () => void pdf.mutate() };
}

/** /app/order/finalise/:id — step 4, Finalization: the created order, its PDF, and 'Place another order'. */
export function FinaliseRoute() {
  const t = useT();
  const { timeZone } = useUserFormat();
  const { id } = useParams();
  const ctx = useOrderContext();
  const { data: order, error, isLoading } = useOrder(id);
  const pdf = useOrderPdfUrl(order ? id : undefined);

  const another = (
    <Link to={paths.app.order.address} className={buttonClasses('primary')}>
      {t('order.finalise.another')}
    </Link>
  );

  return (
    <OrderPage
      step={3}
      title={t('order.finalise.title')}
      description={order ? t('order.finalise.description', { id: order.orderId }) : undefined}
    >
      {error && !order ? (
        <div className="space-y-4">
          <Alert theme="red" role="alert">
            {t('order.finalise.notFound')}
          </Alert>
          {another}
        </div>
      ) : isLoading || !order ? (
        <StepLoading />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-3">
          <Card className="p-5 lg:col-span-2">
            <h2 className="mb-4 text-base font-semibold text-slate-900">{t('order.finalise.summary')}</h2>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
              <Entry label={t('order.finalise.orderId')} value={<span className="font-mono">{order.orderId}</span>} />
              <Entry label={t('order.finalise.reference')} value={order.reference ?? t('order.none')} />
              <Entry label={t('order.finalise.orderedAt')} value={formatDateTime(order.orderedAt, ctx)} />
              <Entry label={t('order.finalise.orderedBy')} value={order.orderedBy} />
              <Entry
                label={t('order.finalise.status')}
                value={<Badge theme={statusTheme[order.status]}>{t(`order.statuses.${order.status}`)}</Badge>}
              />
              <Entry label={t('order.finalise.quantityOrdered')} value={formatNumber(order.quantityOrdered, ctx.locale)} />
            </dl>
          </Card>
          <Card className="space-y-3 p-5 lg:col-start-3 lg:row-start-1">
            {pdf.error ? (
              <div className="space-y-2">
                <Alert theme="red" role="alert">
                  {t('order.finalise.pdfFailed')}
                </Alert>
                <Button theme="secondary" onClick={pdf.retry}>
                  {t('order.retry')}
                </Button>
              </div>
            ) : pdf.url ? (
              <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
                <a href={pdf.url} target="_blank" rel="noopener" className={buttonClasses('secondary')}>
                  <DocumentIcon className="size-4" />
                  {t('order.finalise.openPdf')}
                </a>
                <a href={pdf.url} download={orderPdfFileName(order, timeZone)} className={buttonClasses('secondary')}>
                  <DownloadIcon className="size-4" />
                  {t('order.finalise.downloadPdf')}
                </a>
              </div>
            ) : (
              <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
                <Button theme="secondary" loading disabled>
                  {t('order.finalise.openPdf')}
                </Button>
                <Button theme="secondary" loading disabled>
                  {t('order.finalise.downloadPdf')}
                </Button>
              </div>
            )}
            <div className="border-t border-slate-100 pt-3 [&>a]:w-full">{another}</div>
          </Card>
          <Card className="overflow-hidden lg:col-span-2">
            <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900 sm:px-5">
              {t('order.finalise.positions')}
            </h2>
            <div className="overflow-x-auto">
              <table className="min-w-full text-sm">
                <TableHead
                  columns={[
                    { label: t('order.columns.name'), className: 'px-4 py-2.5 sm:px-5' },
                    { label: t('order.columns.ean'), className: 'px-3 py-2.5' },
                    { label: t('order.finalise.quantityOrdered'), className: 'px-4 py-2.5 text-right sm:px-5' },
                  ]}
                />
                <tbody className="divide-y divide-slate-100">
                  {order.positions.map((p) => (
                    <tr key={p.inventoryProductId}>
                      <th scope="row" className="px-4 py-2.5 text-left font-medium text-slate-900 sm:px-5">
                        {p.name}
                      </th>
                      <td className="px-3 py-2.5 tabular-nums text-slate-600">{p.ean}</td>
                      <td className="px-4 py-2.5 text-right tabular-nums sm:px-5">{formatNumber(p.amount, ctx.locale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>
          <Card className="p-5 lg:col-start-3 lg:row-start-2">
            <h2 className="mb-2 text-base font-semibold text-slate-900">{t('order.finalise.deliveryAddress')}</h2>
            <address className="text-sm not-italic leading-6 text-slate-700">
              <span className="font-medium text-slate-900">{order.address.name}</span>
              <br />
              {order.address.street}
              <br />
              {order.address.postalCode} {order.address.city}
            </address>
          </Card>
        </div>
      )}
    </OrderPage>
  );
}

function Entry({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Fact look="entry" label={label}>
      {value}
    </Fact>
  );
}
