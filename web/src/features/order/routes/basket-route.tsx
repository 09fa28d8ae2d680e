import { Navigate } from 'react-router-dom';
import { paths } from '../../../lib/paths.ts';
import { useOrderContext } from '../model/use-order-context.ts';
import { lazyPart } from '../../../lib/lazy-part.ts';

// The basket's screen (its lines, the quantity fields, the basket bar) downloads only when there is a basket to show: a
// link to it without an order in progress in the tab goes on to the address step at once, without that code (ADR 150).
const BasketScreen = lazyPart(() => import('./basket-screen.tsx'), 'BasketScreen');

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
