import { Id } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import { type PermissionName, routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { validate, validateOnFirstUse } from '../middleware/validate.ts';
import { IdempotencyHeaders, idempotencyKeyOf } from '../middleware/idempotency.ts';
import { accountRouter } from '../middleware/router.ts';

/** The workflow contracts load with the first workflow request (validateOnFirstUse, ADR 038). */
const contracts = () => import('@portal/core/workflow');

/**
 * Workflows (ADR 046): the workflows a customer's requests may use, one version each;
 * saving makes a new version. Connect only. Reads need any flow permission, saves flow.editWorkflows.
 * A workflow belongs to a customer (or to all): another customer's answers like none (scope 'retailer').
 */
const route = routePolicy('connect');
const reads: PermissionName[] = ['flow.doRequests', 'flow.approveRequests', 'flow.editWorkflows'];
const edits: PermissionName[] = ['flow.editWorkflows'];

const WorkflowParams = z.object({ workflowId: Id });
/** No version: the newest. */
const VersionQuery = z.object({ version: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000))) });
const workflowBody = validateOnFirstUse('json', async () => (await contracts()).WorkflowInput);
const workflowUpdate = validateOnFirstUse('json', async () => (await contracts()).WorkflowUpdate);

export const workflowRoutes = accountRouter('connect')
  .get(
    '/workflows',
    route({ auth: 'signedIn', permission: reads, scope: 'retailer' }),
    validate('query', z.object({ customerId: Id })),
    async (c) => c.json(await c.get('backend').workflows.list(actorOf(c), c.req.valid('query').customerId)),
  )
  .get(
    '/workflows/approver-candidates',
    route({ auth: 'signedIn', permission: edits, scope: 'retailer' }),
    validate('query', z.object({ customerId: Id })),
    async (c) => c.json(await c.get('backend').workflows.approverCandidates(actorOf(c), c.req.valid('query').customerId)),
  )
  .get(
    '/workflows/:workflowId',
    route({ auth: 'signedIn', permission: reads, scope: 'retailer' }),
    validate('param', WorkflowParams),
    validate('query', VersionQuery),
    async (c) => c.json(await c.get('backend').workflows.get(actorOf(c), c.req.valid('param').workflowId, c.req.valid('query').version)),
  )
  .post(
    '/workflows',
    route({ auth: 'signedIn', permission: edits, scope: 'retailer' }),
    validate('header', IdempotencyHeaders),
    workflowBody,
    async (c) => {
      const key = idempotencyKeyOf(c.req.valid('header'));
      return c.json(await c.get('backend').workflows.create(actorOf(c), c.req.valid('json'), key), 201);
    },
  )
  .put(
    '/workflows/:workflowId',
    route({ auth: 'signedIn', permission: edits, scope: 'retailer' }),
    validate('param', WorkflowParams),
    workflowUpdate,
    async (c) => c.json(await c.get('backend').workflows.update(actorOf(c), c.req.valid('param').workflowId, c.req.valid('json'))),
  );
