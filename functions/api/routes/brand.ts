import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { portals } from '../middleware/portals.ts';

/** Brand settings for the host the portal is served from (SPEC 3). Public: the login page needs them. */
export const brandRoutes = new Hono<AppEnv>().use(portals('ordering', 'connect')).get('/', async (c) =>
  c.json(await c.get('backend').brands.forHost(c.req.header('Host'))),
);
