import { enterQuantity, removeLine } from '@portal/core/ordering';
import { Navigate } from 'react-router-dom';
import { Card } from '../../../components/ui/card.tsx';
import { CartIcon } from '../../../components/ui/icons.tsx';
import { ListEmpty } from '../../../components/ui/list-empty.tsx';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { updateBasket } from '../model/order-draft.ts';
import { useOrderContext } from '../model/use-order-context.ts';
import { BasketLines } from '../components/basket-lines.tsx';
import { BackToProducts, OrderPage } from '../components/order-page.tsx';
import { SummaryBar } from '../components/summary-bar.tsx';

/** /app/order/basket — the current basket, editable (shown by basket-route.tsx when the draft has a location). */
export function BasketScreen() {
  const t = useT();
  const ctx = useOrderContext();
  const { location, basket } = ctx.draft;
  if (!location) return <Navigate to={paths.app.order.address} replace />;
  return (
    <OrderPage
      step={1}
      title={t('order.basket.title')}
      description={t('order.basket.description')}
      actions={<BackToProducts storeId={location.storeId} label={t('order.basket.backToProducts')} />}
    >
      <Card className="overflow-hidden">
        <p className="border-b border-slate-200 px-4 py-3 text-sm text-slate-600 sm:px-5">
          {t('order.products.deliveryTo', { name: location.name, address: location.address })}
        </p>
        {basket.length === 0 ? (
          <ListEmpty title={t('order.basket.empty')} text={t('messages.atLeastOneValue')} icon={<CartIcon className="size-5" />} />
        ) : (
          <BasketLines
            basket={basket}
            locationId={location.storeId}
            onQuantity={(product, text) => updateBasket(ctx.portal, ctx.retailerId, (b) => enterQuantity(b, product, text))}
            onRemove={(product) => updateBasket(ctx.portal, ctx.retailerId, (b) => removeLine(b, product.id))}
          />
        )}
      </Card>
      <SummaryBar draft={ctx.draft} locale={ctx.locale} showBasketLink={false} />
    </OrderPage>
  );
}
