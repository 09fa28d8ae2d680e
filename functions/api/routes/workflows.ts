import { Id } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import { type PermissionName, routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { validate, validateOnFirstUse } from '../middleware/validate.ts';
import { idempotencyKey, idempotent } from '../middleware/idempotency.ts';
import { accountRouter } from '../middleware/router.ts';
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';

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

/** Each permission set's one policy (a fresh handler each: a policy is declared per route). */
const reading = () => route({ auth: 'signedIn', permission: reads, scope: 'retailer' });
const editing = () => route({ auth: 'signedIn', permission: edits, scope: 'retailer' });
/** The workflow service of the call (a lazyService: loaded with the first request). */
const workflows = (c: Context<AppEnv>) => c.get('backend').workflows;

const workflowParams = validate('param', z.object({ workflowId: Id }));
const customerQuery = validate('query', z.object({ customerId: Id }));
/** No version: the newest. */
const VersionQuery = z.object({ version: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000))) });
const workflowBody = validateOnFirstUse('json', async () => (await contracts()).WorkflowInput);
const workflowUpdate = validateOnFirstUse('json', async () => (await contracts()).WorkflowUpdate);

export const workflowRoutes = accountRouter('connect')
  .get('/workflows', reading(), customerQuery, async (c) => c.json(await workflows(c).list(actorOf(c), c.req.valid('query').customerId)))
  .get('/workflows/approver-candidates', editing(), customerQuery, async (c) =>
    c.json(await workflows(c).approverCandidates(actorOf(c), c.req.valid('query').customerId)),
  )
  .get('/workflows/:workflowId', reading(), workflowParams, validate('query', VersionQuery), async (c) =>
    c.json(await workflows(c).get(actorOf(c), c.req.valid('param').workflowId, c.req.valid('query').version)),
  )
  .post('/workflows', editing(), idempotent, workflowBody, async (c) =>
    c.json(await workflows(c).create(actorOf(c), c.req.valid('json'), idempotencyKey(c)), 201),
  )
  .put('/workflows/:workflowId', editing(), workflowParams, workflowUpdate, async (c) =>
    c.json(await workflows(c).update(actorOf(c), c.req.valid('param').workflowId, c.req.valid('json'))),
  );
