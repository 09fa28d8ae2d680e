import { type PermissionName, routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { validateOnFirstUse } from '../middleware/validate.ts';
import { accountRouter } from '../middleware/router.ts';
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';

const contracts = () => import('@portal/core/workflow');
const route = routePolicy('connect');

/**
 * Uploads to file and screenflow items, and item comments (ADR 045), on the SPEC's
 * flow/ paths. Uploads are the requester's (flow.doRequests): a presigned POST, the browser's upload
 * straight to S3, then `complete`, which verifies the file before it counts. Comments: the requester or the
 * request's approvers. Item ids name one request of one customer: another customer's answers like none
 * (404 WORKFLOW.ITEM_NOT_FOUND), hence scope 'retailer'. The download is W1's GET flow/workflow-requests/:id?download=.
 */
const requests: PermissionName[] = ['flow.doRequests'];
const anyFlow: PermissionName[] = ['flow.doRequests', 'flow.approveRequests'];
/** The requester's one policy (a fresh handler each: a policy is declared per route). */
const requesting = () => route({ auth: 'signedIn', permission: requests, scope: 'retailer' });
/** The upload service of the call (a lazyService: loaded with the first request). */
const uploads = (c: Context<AppEnv>) => c.get('backend').workflowUploads;

export const requestItemRoutes = accountRouter('connect')
  .post(
    '/workflow-request-items/:itemId/upload',
    requesting(),
    validateOnFirstUse('param', async () => (await contracts()).WorkflowItemParams),
    validateOnFirstUse('json', async () => (await contracts()).WorkflowUploadStart),
    async (c) => c.json(await uploads(c).start(actorOf(c), c.req.valid('param').itemId, c.req.valid('json'))),
  )
  .post(
    '/workflow-request-items/:itemId/uploads/:uploadId/complete',
    requesting(),
    validateOnFirstUse('param', async () => (await contracts()).WorkflowUploadParams),
    async (c) => c.json(await uploads(c).complete(actorOf(c), c.req.valid('param').itemId, c.req.valid('param').uploadId)),
  )
  .delete(
    '/workflow-request-items/:itemId/files/:fileId',
    requesting(),
    validateOnFirstUse('param', async () => (await contracts()).WorkflowFileParams),
    async (c) => {
      const { itemId, fileId } = c.req.valid('param');
      await uploads(c).removeFile(actorOf(c), itemId, fileId);
      return c.body(null, 204);
    },
  )
  .post(
    '/workflow-request-comments',
    route({ auth: 'signedIn', permission: anyFlow, scope: 'retailer' }),
    validateOnFirstUse('json', async () => (await contracts()).ItemCommentInput),
    async (c) => c.json(await c.get('backend').workflowComments.create(actorOf(c), c.req.valid('json')), 201),
  );
