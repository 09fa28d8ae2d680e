import { lazy } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../../../lib/paths.ts';
import { useOrderContext } from '../model/use-order-context.ts';

// The basket's screen (its lines, the quantity fields, the basket bar) downloads only when there is a basket to show: a
// link to it without an order in progress in the tab goes on to the address step at once, without that code (ADR 150).
const BasketScreen = lazy(() => import('./basket-screen.tsx').then((m) => ({ default: m.BasketScreen })));

/** /app/order/basket — the current basket, editable; without a location, back to the address step. */
export function BasketRoute() {
  const { draft } = useOrderContext();
  if (!draft.location) return <Navigate to={paths.app.order.address} replace />;
  return <BasketScreen />;
}

/** /app/order/products — the current location's products; without a location, the address step. */
export function CurrentProductsRoute() {
  const { draft } = useOrderContext();
  return <Navigate to={draft.location ? paths.app.order.location(draft.location.storeId) : paths.app.order.address} replace />;
}
