import { Id, QueryInt } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { type PermissionName, routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { validate, validateOnFirstUse } from '../middleware/validate.ts';
import { idempotencyKey, idempotent } from '../middleware/idempotency.ts';
import { accountRouter } from '../middleware/router.ts';

const contracts = () => import('@portal/core/workflow');

/**
 * Requests (ADR 046) on the SPEC's flow/ paths. Connect only. flow.doRequests
 * creates, answers, submits and archives the user's own requests; flow.approveRequests approves and rejects;
 * either reads. Every request id names a request of one customer: another customer's answers exactly like
 * none (404 WORKFLOW.REQUEST_NOT_FOUND / ITEM_NOT_FOUND), hence scope 'retailer'.
 */
const route = routePolicy('connect');
const anyFlow: PermissionName[] = ['flow.doRequests', 'flow.approveRequests'];
const own: PermissionName[] = ['flow.doRequests'];
const decisions: PermissionName[] = ['flow.approveRequests'];

/** The request service of the call (a lazyService: loaded with the first request). */
const requests = (c: Context<AppEnv>) => c.get('backend').workflowRequests;
/** Each permission set's one policy on a customer's request (a fresh handler each: a policy is declared per route). */
const anyOfFlow = () => route({ auth: 'signedIn', permission: anyFlow, scope: 'retailer' });
const owning = () => route({ auth: 'signedIn', permission: own, scope: 'retailer' });
const deciding = () => route({ auth: 'signedIn', permission: decisions, scope: 'retailer' });
const requestParams = validate('param', z.object({ id: Id }));
const itemParams = validate('param', z.object({ itemId: z.string().check(z.minLength(1), z.maxLength(200)) }));
/** The list's filters (core) and page; loaded with the contracts. */
const listQuery = validateOnFirstUse('query', async () =>
  z.extend((await contracts()).WorkflowRequestListQuery, { index: QueryInt(0, 100_000, 0), maxResults: QueryInt(1, 500, 25) }),
);
/** ?download=<fileId>: the file's download instead of the detail. */
const DetailQuery = z.object({ download: z.optional(z.string().check(z.minLength(1), z.maxLength(80))) });
const createBody = validateOnFirstUse('json', async () => (await contracts()).WorkflowRequestCreate);
const submitBody = validateOnFirstUse('json', async () => (await contracts()).WorkflowRequestSubmit);
const approveBody = validateOnFirstUse('json', async () => (await contracts()).WorkflowDecision);
const rejectBody = validateOnFirstUse('json', async () => (await contracts()).WorkflowRejection);
const answerBody = validateOnFirstUse('json', async () => (await contracts()).RequestItemAnswer);

export const requestRoutes = accountRouter('connect')
  .get('/workflow-requests', anyOfFlow(), listQuery, async (c) => {
    const { 'only-pending': onlyPending, ...query } = c.req.valid('query');
    return c.json(await requests(c).list(actorOf(c), { ...query, onlyPending: onlyPending !== '0' }));
  })
  .get('/workflow-requests/inbox-count', route({ auth: 'signedIn', permission: decisions, scope: 'none' }), async (c) =>
    c.json(await requests(c).inboxCount(actorOf(c))),
  )
  .get('/workflow-requests/:id', anyOfFlow(), requestParams, validate('query', DetailQuery), async (c) => {
    const { id } = c.req.valid('param');
    const fileId = c.req.valid('query').download;
    if (!fileId) return c.json(await requests(c).get(actorOf(c), id));
    // SPEC: a download is the request route plus a query string: a presigned GET served as an attachment (W2, ADR 045);
    // JSON {url} for a client that asks for it (an <img> cannot send X-Portal, so the web fetches the URL first).
    const url = await c.get('backend').workflowUploads.downloadUrl(actorOf(c), id, fileId);
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.req.header('accept')?.includes('application/json') ? c.json({ url }) : c.redirect(url, 302);
  })
  .post('/workflow-requests', owning(), idempotent, createBody, async (c) =>
    c.json(await requests(c).create(actorOf(c), c.req.valid('json'), idempotencyKey(c)), 201),
  )
  .put('/workflow-requests/:id', owning(), requestParams, submitBody, async (c) =>
    c.json(await requests(c).submit(actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  .put('/workflow-request-items/:itemId', owning(), itemParams, answerBody, async (c) =>
    c.json(await requests(c).answer(actorOf(c), c.req.valid('param').itemId, c.req.valid('json').answer)),
  )
  .post('/workflow-requests/:id/approve', deciding(), requestParams, approveBody, async (c) =>
    c.json(await requests(c).decide(actorOf(c), c.req.valid('param').id, 'approve', c.req.valid('json').comment)),
  )
  .post('/workflow-requests/:id/reject', deciding(), requestParams, rejectBody, async (c) =>
    c.json(await requests(c).decide(actorOf(c), c.req.valid('param').id, 'reject', c.req.valid('json').comment)),
  )
  // Last: the gate matrix's full user archives its sample request after every other route used it.
  .delete('/workflow-requests/:id', owning(), requestParams, async (c) => {
    await requests(c).archive(actorOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
