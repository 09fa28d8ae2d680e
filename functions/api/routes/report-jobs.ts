import { type PermissionName, routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { validateOnFirstUse } from '../middleware/validate.ts';
import { idempotencyKey, idempotent } from '../middleware/idempotency.ts';
import { accountRouter } from '../middleware/router.ts';
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';

/** The report contracts load with the first report job request (validateOnFirstUse, ADR 038). */
const contracts = () => import('@portal/core/report');

/** "Run now" carries an Idempotency-Key: a retried POST answers the job already started. */

/**
 * Report jobs and report files (ADR 041; SPEC flow/report-jobs), connect only,
 * mounted at /flow. Every route: reportManagement.reports (ADR 031). The object is the report's customer:
 * a processId or customerId of another customer, or a job/file of one, answers exactly like none (404,
 * ADR 015) — the job and file routes name no customer (scope 'none'), the service checks the object's.
 */
const route = routePolicy('connect');
const permission: PermissionName[] = ['reportManagement.reports'];
/** The policy of a route naming no customer (a fresh handler each: a policy is declared per route). */
const unscoped = () => route({ auth: 'signedIn', permission, scope: 'none' });
/** The report job service of the call (a lazyService: loaded with the first request). */
const reportJobs = (c: Context<AppEnv>) => c.get('backend').reportJobs;
const jobParams = validateOnFirstUse('param', async () => (await contracts()).ReportJobParams);

export const reportJobRoutes = accountRouter('connect')
  .post(
    '/report-jobs',
    unscoped(),
    idempotent,
    validateOnFirstUse('json', async () => (await contracts()).ReportJobInput),
    async (c) => c.json(await reportJobs(c).create(actorOf(c), c.req.valid('json'), idempotencyKey(c)), 202),
  )
  .get(
    '/report-jobs',
    unscoped(),
    validateOnFirstUse('query', async () => (await contracts()).ReportJobListQuery),
    async (c) => c.json(await reportJobs(c).list(actorOf(c), c.req.valid('query'))),
  )
  .get('/report-jobs/:jobId', unscoped(), jobParams, async (c) => c.json(await reportJobs(c).get(actorOf(c), c.req.valid('param').jobId)))
  .delete('/report-jobs/:jobId', unscoped(), jobParams, async (c) => {
    await reportJobs(c).remove(actorOf(c), c.req.valid('param').jobId);
    return c.body(null, 204);
  })
  .get(
    '/report-files',
    route({ auth: 'signedIn', permission, scope: 'retailer' }),
    validateOnFirstUse('query', async () => (await contracts()).ReportFileListQuery),
    async (c) => c.json(await reportJobs(c).files(actorOf(c), c.req.valid('query'))),
  )
  .get(
    '/report-files/:fileId/download',
    unscoped(),
    validateOnFirstUse('param', async () => (await contracts()).ReportFileParams),
    async (c) => c.json(await reportJobs(c).download(actorOf(c), c.req.valid('param').fileId)),
  );
