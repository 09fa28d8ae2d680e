import { Hono } from 'hono';
import * as z from '@portal/core/zod';
import type { AppEnv } from '../env.ts';
import { portals } from '../middleware/portals.ts';
import { routePolicy } from '../middleware/policy.ts';
import { actorOf, requireAccount } from '../middleware/session.ts';
import { validate, validateOnFirstUse } from '../middleware/validate.ts';

/** The sales contracts load with the first sales request (validateOnFirstUse). */
const contracts = () => import('@portal/core/sales');

/** Sales of a retailer (SPEC 7 sales): the statistic, its transactions and notes (ADR 015). */
const sales = routePolicy('ordering')({ auth: 'strong', permission: ['ordering.retailerSales'], scope: 'retailer' });

export const salesRoutes = new Hono<AppEnv>()
  .use(portals('ordering'))
  .use(requireAccount())
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
