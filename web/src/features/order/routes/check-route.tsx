import { useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { paths } from '../../../lib/paths.ts';
import { useOrderContext } from '../model/use-order-context.ts';
import { lazyPart } from '../../../lib/lazy-part.ts';

// The check step's screen (its lines, the submit and the order's rules) downloads only when the step can be shown:
// a link to it without this location's basket in the tab (a mail, a new tab) goes on to the quantities at once,
// without the screen's code (ADR 150).
const CheckScreen = lazyPart(() => import('./check-screen.tsx'), 'CheckScreen');

/**
 * /app/order/check/:id — step 3, Order: without the draft's location `id` (chosen at step 2 in this tab) the quantities
 * of location `id`, else the check screen. Decided on arrival: the screen itself handles the location changing under it
 * (the draft cleared after a submit).
 */
export function CheckRoute() {
  const { id } = useParams();
  const { location } = useOrderContext().draft;
  const [arrived] = useState(() => !!location && location.storeId === id);
  if (!arrived) return <Navigate to={id ? paths.app.order.location(id) : paths.app.order.address} replace />;
  return <CheckScreen />;
}
