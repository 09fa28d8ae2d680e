import { routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { validateOnFirstUse } from '../middleware/validate.ts';
import { accountRouter } from '../middleware/router.ts';

/**
 * The connect portal's master data (SPEC 7 master-data: fetchAll; divisions per id). Any signed-in
 * connect account; the service answers only the customers it may act for (ADR 015).
 */
const route = routePolicy('connect');

export const masterDataRoutes = accountRouter('connect')
  .get('/', route({ auth: 'signedIn', scope: 'none' }), async (c) => c.json(await c.get('backend').masterData.fetchAll(actorOf(c))))
  .get(
    '/divisions/:id',
    route({ auth: 'signedIn', scope: 'division' }),
    validateOnFirstUse('param', async () => (await import('@portal/core/masterdata')).DivisionParams),
    async (c) => c.json(await c.get('backend').masterData.division(actorOf(c), c.req.valid('param').id)),
  );
