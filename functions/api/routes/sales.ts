import * as z from '@portal/core/zod';
import { routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { validate, validateOnFirstUse } from '../middleware/validate.ts';
import { accountRouter } from '../middleware/router.ts';

/** The sales contracts load with the first sales request (validateOnFirstUse). */
const contracts = () => import('@portal/core/sales');

/** Sales of a retailer (SPEC 7 sales): the statistic, its transactions and notes (ADR 015). */
const sales = routePolicy('ordering')({ auth: 'strong', permission: ['ordering.retailerSales'], scope: 'retailer' });

export const salesRoutes = accountRouter('ordering')
  .get(
    '/',
    sales,
    validateOnFirstUse('query', async () => (await contracts()).SalesQuery),
    async (c) => c.json(await c.get('backend').sales.sales(actorOf(c), c.req.valid('query'))),
  )
  .get(
    '/transactions',
    sales,
    validateOnFirstUse('query', async () => (await contracts()).SalesTransactionsQuery),
    async (c) => c.json(await c.get('backend').sales.transactions(actorOf(c), c.req.valid('query'))),
  )
  .get(
    '/notes',
    sales,
    validate('query', z.object({ customerId: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)) })),
    async (c) => c.json(await c.get('backend').sales.notes(actorOf(c), c.req.valid('query').customerId)),
  );
