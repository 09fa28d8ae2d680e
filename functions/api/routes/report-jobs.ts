import { type PermissionName, routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { validate, validateOnFirstUse } from '../middleware/validate.ts';
import { IdempotencyHeaders, idempotencyKeyOf } from '../middleware/idempotency.ts';
import { accountRouter } from '../middleware/router.ts';

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

export const reportJobRoutes = accountRouter('connect')
  .post(
    '/report-jobs',
    route({ auth: 'signedIn', permission, scope: 'none' }),
    validate('header', IdempotencyHeaders),
    validateOnFirstUse('json', async () => (await contracts()).ReportJobInput),
    async (c) => {
      const key = idempotencyKeyOf(c.req.valid('header'));
      return c.json(await c.get('backend').reportJobs.create(actorOf(c), c.req.valid('json'), key), 202);
    },
  )
  .get(
    '/report-jobs',
    route({ auth: 'signedIn', permission, scope: 'none' }),
    validateOnFirstUse('query', async () => (await contracts()).ReportJobListQuery),
    async (c) => c.json(await c.get('backend').reportJobs.list(actorOf(c), c.req.valid('query'))),
  )
  .get(
    '/report-jobs/:jobId',
    route({ auth: 'signedIn', permission, scope: 'none' }),
    validateOnFirstUse('param', async () => (await contracts()).ReportJobParams),
    async (c) => c.json(await c.get('backend').reportJobs.get(actorOf(c), c.req.valid('param').jobId)),
  )
  .delete(
    '/report-jobs/:jobId',
    route({ auth: 'signedIn', permission, scope: 'none' }),
    validateOnFirstUse('param', async () => (await contracts()).ReportJobParams),
    async (c) => {
      await c.get('backend').reportJobs.remove(actorOf(c), c.req.valid('param').jobId);
      return c.body(null, 204);
    },
  )
  .get(
    '/report-files',
    route({ auth: 'signedIn', permission, scope: 'retailer' }),
    validateOnFirstUse('query', async () => (await contracts()).ReportFileListQuery),
    async (c) => c.json(await c.get('backend').reportJobs.files(actorOf(c), c.req.valid('query'))),
  )
  .get(
    '/report-files/:fileId/download',
    route({ auth: 'signedIn', permission, scope: 'none' }),
    validateOnFirstUse('param', async () => (await contracts()).ReportFileParams),
    async (c) => c.json(await c.get('backend').reportJobs.download(actorOf(c), c.req.valid('param').fileId)),
  );
