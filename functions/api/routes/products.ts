import { connectSectionPolicy } from '@portal/core/auth';
import { routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { validateOnFirstUse } from '../middleware/validate.ts';
import { accountRouter } from '../middleware/router.ts';

/**
 * The connect product list (SPEC 3 Product (connect), ADR 037): the catalogue with its connect fields,
 * filtered and paged. productManagement.viewProducts; which products a caller sees is the service's rule.
 */
const route = routePolicy('connect');

export const productRoutes = accountRouter('connect').get(
  '/',
  route({ auth: 'signedIn', permission: connectSectionPolicy('products'), scope: 'none' }),
  validateOnFirstUse('query', async () => (await import('@portal/core/product')).ProductQuery),
  async (c) => c.json(await c.get('backend').products.list(actorOf(c), c.req.valid('query'))),
);
