import { IdempotencyHeaders, idempotencyKeyOf } from '../middleware/idempotency.ts';
import { type PermissionName, routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { validate, validateOnFirstUse } from '../middleware/validate.ts';
import { connectSectionPolicy } from '@portal/core/auth';
import { accountRouter } from '../middleware/router.ts';

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

const customerParams = validateOnFirstUse('param', async () => (await contracts()).AllocationCustomerParams);
const storeParams = validateOnFirstUse('param', async () => (await contracts()).AllocationStoreParams);
const productParams = validateOnFirstUse('param', async () => (await contracts()).AllocationProductParams);
const changeParams = validateOnFirstUse('param', async () => (await contracts()).AllocationChangeParams);
const historyQuery = validateOnFirstUse('query', async () => (await contracts()).AllocationHistoryQuery);
const changeBody = validateOnFirstUse('json', async () => (await contracts()).AllocationChangeInput);
const decisionBody = validateOnFirstUse('json', async () => (await contracts()).AllocationDecision);

export const productAllocationRoutes = accountRouter('connect')
  .get('/customers', route({ auth: 'signedIn', permission: reader, scope: 'none' }), async (c) =>
    c.json(await c.get('backend').allocation.customers(actorOf(c))),
  )
  .get('/customers/:customerId', route({ auth: 'signedIn', permission: reader, scope: 'retailer' }), customerParams, async (c) =>
    c.json(await c.get('backend').allocation.overview(actorOf(c), c.req.valid('param').customerId)),
  )
  .get(
    '/customers/:customerId/stores/:storeId',
    route({ auth: 'signedIn', permission: reader, scope: 'retailer' }),
    storeParams,
    async (c) => {
      const { customerId, storeId } = c.req.valid('param');
      return c.json(await c.get('backend').allocation.store(actorOf(c), customerId, storeId));
    },
  )
  .get(
    '/customers/:customerId/products/:productId',
    route({ auth: 'signedIn', permission: reader, scope: 'retailer' }),
    productParams,
    async (c) => {
      const { customerId, productId } = c.req.valid('param');
      return c.json(await c.get('backend').allocation.product(actorOf(c), customerId, productId));
    },
  )
  .get(
    '/customers/:customerId/history',
    route({ auth: 'signedIn', permission: reader, scope: 'retailer' }),
    customerParams,
    historyQuery,
    async (c) => c.json(await c.get('backend').allocation.history(actorOf(c), c.req.valid('param').customerId, c.req.valid('query'))),
  )
  .get(
    '/customers/:customerId/changes/:changeId',
    route({ auth: 'signedIn', permission: reader, scope: 'retailer' }),
    changeParams,
    async (c) => {
      const { customerId, changeId } = c.req.valid('param');
      return c.json(await c.get('backend').allocation.get(actorOf(c), customerId, changeId));
    },
  )
  .post(
    '/customers/:customerId/changes',
    route({ auth: 'signedIn', permission: requester, scope: 'retailer' }),
    customerParams,
    validate('header', IdempotencyHeaders),
    changeBody,
    async (c) => {
      const key = idempotencyKeyOf(c.req.valid('header'));
      const { change, created } = await c
        .get('backend')
        .allocation.create(actorOf(c), c.req.valid('param').customerId, c.req.valid('json'), key);
      return c.json(change, created ? 201 : 200);
    },
  )
  .post(
    '/customers/:customerId/changes/:changeId/approve',
    route({ auth: 'signedIn', permission: approver, scope: 'retailer' }),
    changeParams,
    async (c) => {
      const { customerId, changeId } = c.req.valid('param');
      return c.json(await c.get('backend').allocation.approve(actorOf(c), customerId, changeId));
    },
  )
  .post(
    '/customers/:customerId/changes/:changeId/reject',
    route({ auth: 'signedIn', permission: approver, scope: 'retailer' }),
    changeParams,
    decisionBody,
    async (c) => {
      const { customerId, changeId } = c.req.valid('param');
      return c.json(await c.get('backend').allocation.reject(actorOf(c), customerId, changeId, c.req.valid('json').reason));
    },
  );
