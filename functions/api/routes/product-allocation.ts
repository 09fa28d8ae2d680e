import { idempotencyKey, idempotent } from '../middleware/idempotency.ts';
import { type PermissionName, routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { validateOnFirstUse } from '../middleware/validate.ts';
import { connectSectionPolicy } from '@portal/core/auth';
import { accountRouter } from '../middleware/router.ts';
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';

/** The allocation contracts load with the first allocation request (validateOnFirstUse, ADR 038). */
const contracts = () => import('@portal/core/product');

/**
 * Product allocation (SPEC 1, 2; ADR 087). Connect only; every route names the retailer (scope 'retailer':
 * another customer's id, store, product or change answers like one that does not exist). Reading needs
 * productManagement.allocation, filing a change requestAllocationChanges, deciding approveAllocationChanges.
 */
const route = routePolicy('connect');
const reader = connectSectionPolicy('product-allocation');
const requester: PermissionName[] = ['productManagement.requestAllocationChanges'];
const approver: PermissionName[] = ['productManagement.approveAllocationChanges'];

/** Each role's one policy (a fresh handler each: a policy is declared per route). */
const reading = () => route({ auth: 'signedIn', permission: reader, scope: 'retailer' });
const requesting = () => route({ auth: 'signedIn', permission: requester, scope: 'retailer' });
const deciding = () => route({ auth: 'signedIn', permission: approver, scope: 'retailer' });
/** The allocation service of the call (a lazyService: loaded with the first request). */
const allocation = (c: Context<AppEnv>) => c.get('backend').allocation;

const customerParams = validateOnFirstUse('param', async () => (await contracts()).AllocationCustomerParams);
const storeParams = validateOnFirstUse('param', async () => (await contracts()).AllocationStoreParams);
const productParams = validateOnFirstUse('param', async () => (await contracts()).AllocationProductParams);
const changeParams = validateOnFirstUse('param', async () => (await contracts()).AllocationChangeParams);
const historyQuery = validateOnFirstUse('query', async () => (await contracts()).AllocationHistoryQuery);
const changeBody = validateOnFirstUse('json', async () => (await contracts()).AllocationChangeInput);
const decisionBody = validateOnFirstUse('json', async () => (await contracts()).AllocationDecision);

export const productAllocationRoutes = accountRouter('connect')
  .get('/customers', route({ auth: 'signedIn', permission: reader, scope: 'none' }), async (c) =>
    c.json(await allocation(c).customers(actorOf(c))),
  )
  .get('/customers/:customerId', reading(), customerParams, async (c) =>
    c.json(await allocation(c).overview(actorOf(c), c.req.valid('param').customerId)),
  )
  .get('/customers/:customerId/stores/:storeId', reading(), storeParams, async (c) => {
    const { customerId, storeId } = c.req.valid('param');
    return c.json(await allocation(c).store(actorOf(c), customerId, storeId));
  })
  .get('/customers/:customerId/products/:productId', reading(), productParams, async (c) => {
    const { customerId, productId } = c.req.valid('param');
    return c.json(await allocation(c).product(actorOf(c), customerId, productId));
  })
  .get('/customers/:customerId/history', reading(), customerParams, historyQuery, async (c) =>
    c.json(await allocation(c).history(actorOf(c), c.req.valid('param').customerId, c.req.valid('query'))),
  )
  .get('/customers/:customerId/changes/:changeId', reading(), changeParams, async (c) => {
    const { customerId, changeId } = c.req.valid('param');
    return c.json(await allocation(c).get(actorOf(c), customerId, changeId));
  })
  .post('/customers/:customerId/changes', requesting(), customerParams, idempotent, changeBody, async (c) => {
    const { change, created } = await allocation(c).create(
      actorOf(c),
      c.req.valid('param').customerId,
      c.req.valid('json'),
      idempotencyKey(c),
    );
    return c.json(change, created ? 201 : 200);
  })
  .post('/customers/:customerId/changes/:changeId/approve', deciding(), changeParams, async (c) => {
    const { customerId, changeId } = c.req.valid('param');
    return c.json(await allocation(c).approve(actorOf(c), customerId, changeId));
  })
  .post('/customers/:customerId/changes/:changeId/reject', deciding(), changeParams, decisionBody, async (c) => {
    const { customerId, changeId } = c.req.valid('param');
    return c.json(await allocation(c).reject(actorOf(c), customerId, changeId, c.req.valid('json').reason));
  });
