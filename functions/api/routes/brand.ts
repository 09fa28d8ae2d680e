import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { portals } from '../middleware/portals.ts';
import { routePolicy } from '../middleware/policy.ts';

/** Brand settings for the host the portal is served from (SPEC 3). Public: the login page needs them. */
export const brandRoutes = new Hono<AppEnv>()
  .use(portals('ordering', 'connect'))
  .get('/', routePolicy('ordering', 'connect')({ auth: 'anonymous', scope: 'none' }), async (c) =>
    c.json(await c.get('backend').brands.forHost(c.req.header('Host'))),
  );
