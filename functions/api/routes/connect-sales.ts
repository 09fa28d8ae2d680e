import { connectSectionPolicy } from '@portal/core/auth';
import { routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { validateOnFirstUse } from '../middleware/validate.ts';
import { accountRouter } from '../middleware/router.ts';

/**
 * SPEC 7 `sales` on the connect portal (ADR 037): a retailer's or a content provider's
 * sales by day, week, month, product or store. Its own path beside the ordering portal's /api/sales: a
 * router's portal gate covers its whole prefix, and the route gates know a route by method and path.
 */
const route = routePolicy('connect');

export const connectSalesRoutes = accountRouter('connect').get(
  '/',
  route({ auth: 'signedIn', permission: connectSectionPolicy('sales'), scope: 'retailer' }),
  validateOnFirstUse('query', async () => (await import('@portal/core/sales')).ConnectSalesQuery),
  async (c) => c.json(await c.get('backend').connectSales.sales(actorOf(c), c.req.valid('query'))),
);
