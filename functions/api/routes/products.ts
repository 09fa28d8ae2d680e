import { connectSectionPolicy } from '@portal/core/auth';
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { portals } from '../middleware/portals.ts';
import { routePolicy } from '../middleware/policy.ts';
import { actorOf, requireAccount } from '../middleware/session.ts';
import { validateOnFirstUse } from '../middleware/validate.ts';

/**
 * The connect product list (SPEC 3 Product (connect), ADR 037): the catalogue with its connect fields,
 * filtered and paged. productManagement.viewProducts; which products a caller sees is the service's rule.
 */
const route = routePolicy('connect');

export const productRoutes = new Hono<AppEnv>()
  .use(portals('connect'))
  .use(requireAccount())
  .get(
    '/',
    route({ auth: 'signedIn', permission: connectSectionPolicy('products'), scope: 'none' }),
    validateOnFirstUse('query', async () => (await import('@portal/core/product')).ProductQuery),
    async (c) => c.json(await c.get('backend').products.list(actorOf(c), c.req.valid('query'))),
  );
