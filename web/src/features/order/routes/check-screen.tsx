import { enterQuantity, isOrderValid, orderProblems, orderTotal, removeLine } from '@portal/core/ordering';
import { useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ListEmpty } from '../../../components/ui/list-empty.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { translateCoreMessage, useT } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { snacks } from '../../../lib/snack.ts';
import { formatNumber } from '../../../lib/user-format.ts';
import { clearDraft, setReference, updateBasket } from '../model/order-draft.ts';
import { useSubmitOrder } from '../api/use-submit-order.ts';
import { buildOrderInput, type SortedIssues, sortIssues } from '../model/submit.ts';
import { useOrderContext } from '../model/use-order-context.ts';
import { BasketLines } from '../components/basket-lines.tsx';
import { BackToProducts, OrderPage } from '../components/order-page.tsx';

interface Failure {
  message: string;
  issues: SortedIssues;
}

/**
 * /app/order/check/:id — step 3, Order: 'Please check your order' (shown by check-route.tsx once the draft's location is
 * this one). The delivery address, the lines
 * (editable), the total, the optional reference, Submit. The submit carries the checkout's
 * Idempotency-Key (kept in sessionStorage until success), so a double click or a retry creates one order.
 */
export function CheckScreen() {
  const t = useT();
  const navigate = useNavigate();
  const { id } = useParams();
  const ctx = useOrderContext();
  const { location, basket, reference } = ctx.draft;
  const { submit: submitOrder, submitting: sending } = useSubmitOrder();
  const [failure, setFailure] = useState<Failure | null>(null);
  const done = useRef(false);

  if (!done.current && (!location || location.storeId !== id)) {
    return <Navigate to={id ? paths.app.order.location(id) : paths.app.order.address} replace />;
  }
  if (!location) return null;

  const problems = orderProblems({ basket, location });
  const valid = isOrderValid(basket);

  const submit = async () => {
    if (!valid || !ctx.retailerId) return;
    setFailure(null);
    const input = buildOrderInput(ctx.retailerId, location, basket, reference);
    try {
      await submitOrder(input, async (order) => {
        done.current = true;
        snacks.push({ text: t('messages.orderCreated'), theme: 'green' });
        await navigate(paths.app.order.finalise(order.orderId), { replace: true });
        // A successful submit clears the chosen location and the basket (SPEC 4), and ends the checkout key.
        clearDraft(ctx.portal);
      });
    } catch (error) {
      if (error instanceof ApiError && error.isAuthFailure) {
        // The auth dialog is open; the key stays, so submitting again after login sends the same one.
      } else {
        snacks.push({ text: t('messages.orderCreateFailed'), theme: 'red' });
      }
      setFailure({
        message: error instanceof ApiError ? error.message : '',
        issues: sortIssues(error instanceof ApiError ? error.issues : undefined, basket),
      });
    }
  };

  const editBasket = (update: Parameters<typeof updateBasket>[2]) => {
    setFailure(null);
    updateBasket(ctx.portal, ctx.retailerId, update);
  };

  return (
    <OrderPage
      step={2}
      title={t('order.check.title')}
      actions={<BackToProducts storeId={location.storeId} label={t('order.check.back')} />}
    >
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {failure ? (
            <Alert theme="red" role="alert" title={t('messages.orderCreateFailed')}>
              {failure.message ? <p>{translateCoreMessage(t, failure.message)}</p> : null}
              {failure.issues.other.length > 0 ? (
                <ul className="mt-1 list-disc pl-5">
                  {failure.issues.other.map((m) => (
                    <li key={m}>{translateCoreMessage(t, m)}</li>
                  ))}
                </ul>
              ) : null}
            </Alert>
          ) : null}
          <Card className="overflow-hidden">
            <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900 sm:px-5">
              {t('order.check.positions')}
            </h2>
            {basket.length === 0 ? (
              <ListEmpty title={t('order.check.noPositions')} text={t('messages.atLeastOneValue')} />
            ) : (
              <BasketLines
                basket={basket}
                locationId={location.storeId}
                disabled={sending}
                issues={failure?.issues.byProduct}
                onQuantity={(product, text) => editBasket((b) => enterQuantity(b, product, text))}
                onRemove={(product) => editBasket((b) => removeLine(b, product.id))}
              />
            )}
            <div className="flex items-center justify-between border-t border-slate-200 bg-slate-50 px-4 py-3 sm:px-5">
              <span className="text-sm font-medium text-slate-700">{t('order.check.total')}</span>
              <span className="text-lg font-semibold tabular-nums text-slate-900">{formatNumber(orderTotal(basket), ctx.locale)}</span>
            </div>
          </Card>
        </div>

        <div className="space-y-6">
          <Card className="p-5">
            <h2 className="mb-2 text-base font-semibold text-slate-900">{t('order.check.deliveryAddress')}</h2>
            <address className="text-sm not-italic leading-6 text-slate-700">
              <span className="font-medium text-slate-900">{location.name}</span>
              <br />
              {location.street}
              <br />
              {location.postalCode} {location.city}
              {location.customerStoreId ? (
                <>
                  <br />
                  <span className="text-xs text-slate-500">
                    {t('order.address.customerStoreId')}: {location.customerStoreId}
                  </span>
                </>
              ) : null}
            </address>
            <Link to={paths.app.order.address} className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
              {t('order.products.changeAddress')}
            </Link>
          </Card>
          <Card className="space-y-4 p-5">
            <TextField
              label={t('order.check.reference')}
              value={reference}
              onValueChange={(v) => {
                setFailure(null);
                setReference(ctx.portal, ctx.retailerId, v);
              }}
              maxLength={64}
              autoComplete="off"
              helperText={t('order.check.referenceHint')}
              error={failure?.issues.reference.map((m) => translateCoreMessage(t, m)).join(' · ') || undefined}
              disabled={sending}
            />
            {problems.length > 0 ? (
              <p className="text-sm font-medium text-red-700" role="status">
                {translateCoreMessage(t, problems[0]!)}
              </p>
            ) : null}
            <Button block loading={sending} disabled={!valid} onClick={() => void submit()}>
              {t('order.check.submit')}
            </Button>
          </Card>
        </div>
      </div>
    </OrderPage>
  );
}
