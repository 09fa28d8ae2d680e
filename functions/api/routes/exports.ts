import { type PermissionName, routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { validateOnFirstUse } from '../middleware/validate.ts';
import { idempotencyKey, idempotent } from '../middleware/idempotency.ts';
import { accountRouter } from '../middleware/router.ts';

/** The export contracts load with the first export request (validateOnFirstUse). */
const contracts = () => import('@portal/core/export');

/** Starting an export carries an Idempotency-Key: a retried POST answers the job already started. */

/**
 * Export jobs (ADR 033): POST / starts one (202 and the queued job), GET /:jobId
 * is its progress, GET /:jobId/files/:index a presigned download of a finished file. Connect's sections
 * export, and the customer's audit log in both portals (ADR 116), so both portals are served.
 * Which permission applies depends on the body's `kind` (transactions: payment.transactionExport, sales:
 * salesReporting.salesExport, audit: the team administrator's ordering.manageTeam or team.manageTeam): the
 * route declares the export permissions of which the caller needs one
 * (ADR 024: a list means any one of), the service checks the kind's own. A job is visible to the user who
 * started it only: another user's job answers exactly like none (404), hence scope 'none' on the job
 * routes; the POST names a customer in its filter (scope 'retailer': another customer's → 404 like none).
 */
const route = routePolicy('connect', 'ordering');
const permission: PermissionName[] = ['payment.transactionExport', 'salesReporting.salesExport', 'team.manageTeam', 'ordering.manageTeam'];
/** A job route's policy: the job is the caller's own (a fresh handler each: a policy is declared per route). */
const onOwnJob = () => route({ auth: 'signedIn', permission, scope: 'none' });

export const exportRoutes = accountRouter('connect', 'ordering')
  .post(
    '/',
    route({ auth: 'signedIn', permission, scope: 'retailer' }),
    idempotent,
    validateOnFirstUse('json', async () => (await contracts()).ExportRequest),
    async (c) => c.json(await c.get('backend').exports.create(actorOf(c), c.req.valid('json'), idempotencyKey(c)), 202),
  )
  .get(
    '/:jobId',
    onOwnJob(),
    validateOnFirstUse('param', async () => (await contracts()).ExportJobParams),
    async (c) => c.json(await c.get('backend').exports.get(actorOf(c), c.req.valid('param').jobId)),
  )
  .get(
    '/:jobId/files/:index',
    onOwnJob(),
    validateOnFirstUse('param', async () => (await contracts()).ExportFileParams),
    async (c) => {
      const { jobId, index } = c.req.valid('param');
      return c.json(await c.get('backend').exports.download(actorOf(c), jobId, index));
    },
  );
