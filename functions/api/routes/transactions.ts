import { connectSectionPolicy } from '@portal/core/auth';
import { routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { validateOnFirstUse } from '../middleware/validate.ts';
import { accountRouter } from '../middleware/router.ts';

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

export const transactionRoutes = accountRouter('connect')
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
