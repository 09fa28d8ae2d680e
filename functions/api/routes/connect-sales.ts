import { connectSectionPolicy } from '@portal/core/auth';
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { portals } from '../middleware/portals.ts';
import { routePolicy } from '../middleware/policy.ts';
import { actorOf, requireAccount } from '../middleware/session.ts';
import { validateOnFirstUse } from '../middleware/validate.ts';

/**
 * SPEC 7 `sales` on the connect portal (ADR 037): a retailer's or a content provider's
 * sales by day, week, month, product or store. Its own path beside the ordering portal's /api/sales: a
 * router's portal gate covers its whole prefix, and the route gates know a route by method and path.
 */
const route = routePolicy('connect');

export const connectSalesRoutes = new Hono<AppEnv>()
  .use(portals('connect'))
  .use(requireAccount())
  .get(
    '/',
    route({ auth: 'signedIn', permission: connectSectionPolicy('sales'), scope: 'retailer' }),
    validateOnFirstUse('query', async () => (await import('@portal/core/sales')).ConnectSalesQuery),
    async (c) => c.json(await c.get('backend').connectSales.sales(actorOf(c), c.req.valid('query'))),
  );
