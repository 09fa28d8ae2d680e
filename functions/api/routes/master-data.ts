import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { portals } from '../middleware/portals.ts';
import { routePolicy } from '../middleware/policy.ts';
import { actorOf, requireAccount } from '../middleware/session.ts';
import { validateOnFirstUse } from '../middleware/validate.ts';

/**
 * The connect portal's master data (SPEC 7 master-data: fetchAll; divisions per id). Any signed-in
 * connect account; the service answers only the customers it may act for (ADR 015).
 */
const route = routePolicy('connect');

export const masterDataRoutes = new Hono<AppEnv>()
  .use(portals('connect'))
  .use(requireAccount())
  .get('/', route({ auth: 'signedIn', scope: 'none' }), async (c) => c.json(await c.get('backend').masterData.fetchAll(actorOf(c))))
  .get(
    '/divisions/:id',
    route({ auth: 'signedIn', scope: 'division' }),
    validateOnFirstUse('param', async () => (await import('@portal/core/masterdata')).DivisionParams),
    async (c) => c.json(await c.get('backend').masterData.division(actorOf(c), c.req.valid('param').id)),
  );
