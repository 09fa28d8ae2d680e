import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { updateBasket, useApplyOn } from '../model/order-draft.ts';
import { applyQuantity, columnLabel, visibleColumns } from '../model/product-table.ts';
import { useOrderContext } from '../model/use-order-context.ts';
import { ApplyOnChoice } from '../components/apply-on-choice.tsx';
import { OrderPage, StepLoading } from '../components/order-page.tsx';
import { limitsText, ProductCell } from '../components/product-cells.tsx';
import { QuantityInput } from '../components/quantity-input.tsx';
import { SummaryBar } from '../components/summary-bar.tsx';
import { useLocationProducts } from './products-route.tsx';

/** /app/order/product/:id/:productId — one product of location `id`: all its figures and the quantity. */
export function ProductRoute() {
  const t = useT();
  const { id, productId } = useParams();
  const ctx = useOrderContext();
  const { data, error, isLoading, mutate } = useLocationProducts(id, ctx);
  const [applyOn, setApplyOn] = useApplyOn();
  const product = data?.items.find((p) => p.id === productId);
  const columns = visibleColumns(ctx.settings).filter((c) => c !== 'name');
  const all = data?.items ?? [];
  const back = id ? paths.app.order.location(id) : paths.app.order.products;

  return (
    <OrderPage
      step={1}
      title={product?.name ?? t('pages.orderProduct')}
      description={product ? `${product.company} · ${t('order.columns.ean')} ${product.ean}` : undefined}
      actions={
        <Link to={back} className={buttonClasses('secondary')}>
          {t('order.product.back')}
        </Link>
      }
    >
      {error && !data ? (
        <LoadFailed message={t('order.loadFailed')} retryLabel={t('order.retry')} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <StepLoading />
      ) : !product ? (
        <Alert theme="orange" role="alert">
          {t('order.product.notFound')}
        </Alert>
      ) : (
        <>
          <div className="grid items-start gap-6 lg:grid-cols-3">
            <Card className="p-5 lg:col-span-2">
              <h2 className="mb-4 text-base font-semibold text-slate-900">{t('order.product.figures')}</h2>
              <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
                {columns.map((c) => (
                  <div key={c} className="flex items-baseline justify-between gap-3 border-b border-slate-100 pb-2">
                    <dt className="text-slate-500">{columnLabel(t, c, data.priceLabel)}</dt>
                    <dd className="text-right font-medium tabular-nums text-slate-900">
                      <ProductCell column={c} row={product} ctx={ctx} />
                    </dd>
                  </div>
                ))}
              </dl>
            </Card>
            <Card className="space-y-4 p-5">
              <h2 className="text-base font-semibold text-slate-900">{t('order.product.entry')}</h2>
              <p className="text-sm text-slate-600">{limitsText(t, product)}</p>
              <QuantityInput
                product={product}
                line={ctx.draft.basket.find((l) => l.product.id === product.id)}
                onChange={(text) => updateBasket(ctx.portal, ctx.retailerId, (b) => applyQuantity(b, product, text, applyOn, all))}
                label={t('order.products.quantityFor', { name: product.name })}
                size="lg"
              />
              {product.suggestedQuantity > 0 ? (
                <p className="text-xs text-slate-500">{t('order.products.suggested', { qty: product.suggestedQuantity })}</p>
              ) : null}
              <ApplyOnChoice value={applyOn} onChange={setApplyOn} listedCount={all.length} />
            </Card>
          </div>
          <SummaryBar draft={ctx.draft} locale={ctx.locale} />
        </>
      )}
    </OrderPage>
  );
}
