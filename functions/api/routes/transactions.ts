import { connectSectionPolicy } from '@portal/core/auth';
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { portals } from '../middleware/portals.ts';
import { routePolicy } from '../middleware/policy.ts';
import { actorOf, requireAccount } from '../middleware/session.ts';
import { validateOnFirstUse } from '../middleware/validate.ts';

/** The transaction contracts load with the section's first request (validateOnFirstUse). */
const contracts = () => import('@portal/core/transaction');

/**
 * The connect Transactions section (ADR 032): GET / lists a customer's
 * transactions of a date range (the user's days, in the account's time zone) with the spec's filters,
 * newest first, paged with an exact totalCount; GET /:key is one transaction. The service checks
 * payment.transactions or atm.transactions again and the customer: another customer's answers 404 like
 * one that does not exist.
 */
const route = routePolicy('connect');
const permission = connectSectionPolicy('transactions');

export const transactionRoutes = new Hono<AppEnv>()
  .use(portals('connect'))
  .use(requireAccount())
  .get(
    '/',
    route({ auth: 'signedIn', permission, scope: 'retailer' }),
    validateOnFirstUse('query', async () => (await contracts()).TransactionQuery),
    async (c) => {
      const actor = actorOf(c);
      return c.json(await c.get('backend').transactions.list(actor, c.req.valid('query'), actor.timezone));
    },
  )
  .get(
    '/:key',
    route({ auth: 'signedIn', permission, scope: 'retailer' }),
    validateOnFirstUse('param', async () => (await contracts()).TransactionKeyParams),
    async (c) => c.json(await c.get('backend').transactions.detail(actorOf(c), c.req.valid('param').key)),
  );
