import { connectSectionPolicy } from '@portal/core/auth';
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { portals } from '../middleware/portals.ts';
import { routePolicy } from '../middleware/policy.ts';
import { actorOf, requireAccount } from '../middleware/session.ts';
import { validateOnFirstUse } from '../middleware/validate.ts';

/**
 * The connect Serial Numbers section (ADR 034): GET /?serials=a,b,c looks up to 100
 * serials. The service checks payment.serialLookup and shows only what the caller may act for; a serial
 * of another customer answers found: false exactly like one nobody has.
 */
const route = routePolicy('connect');

export const serialNumberRoutes = new Hono<AppEnv>()
  .use(portals('connect'))
  .use(requireAccount())
  .get(
    '/',
    route({ auth: 'signedIn', permission: connectSectionPolicy('serial-numbers'), scope: 'serial' }),
    validateOnFirstUse('query', async () => (await import('@portal/core/transaction')).SerialLookupQuery),
    async (c) => c.json(await c.get('backend').serialNumbers.lookup(actorOf(c), c.req.valid('query').serials)),
  );
