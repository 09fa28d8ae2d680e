import { connectSectionPolicy } from '@portal/core/auth';
import { routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { validateOnFirstUse } from '../middleware/validate.ts';
import { accountRouter } from '../middleware/router.ts';

/**
 * The connect Serial Numbers section (ADR 034): GET /?serials=a,b,c looks up to 100
 * serials. The service checks payment.serialLookup and shows only what the caller may act for; a serial
 * of another customer answers found: false exactly like one nobody has.
 */
const route = routePolicy('connect');

export const serialNumberRoutes = accountRouter('connect').get(
  '/',
  route({ auth: 'signedIn', permission: connectSectionPolicy('serial-numbers'), scope: 'serial' }),
  validateOnFirstUse('query', async () => (await import('@portal/core/transaction')).SerialLookupQuery),
  async (c) => c.json(await c.get('backend').serialNumbers.lookup(actorOf(c), c.req.valid('query').serials)),
);
