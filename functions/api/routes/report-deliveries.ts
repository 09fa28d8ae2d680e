import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { routePolicy } from '../middleware/policy.ts';
import { requestMeta } from '../middleware/session-cookie.ts';
import { actorOf } from '../middleware/session.ts';
import { validateOnFirstUse } from '../middleware/validate.ts';
import { accountRouter } from '../middleware/router.ts';

/** The report contracts load with the first delivery request (validateOnFirstUse, ADR 038). */
const contracts = () => import('@portal/core/report');
const route = routePolicy('connect');

/**
 * Resending a delivery of a report run (ADR 042), mounted at /flow: only a failed or
 * bounced one; reportManagement.recipients (ADR 031). The job names no customer in the path (scope
 * 'none'): the service checks the job's customer, another customer's job answering exactly like none.
 */
export const reportDeliveryRoutes = accountRouter('connect').post(
  '/report-jobs/:jobId/deliveries/:deliveryId/resend',
  route({ auth: 'signedIn', permission: ['reportManagement.recipients'], scope: 'none' }),
  validateOnFirstUse('param', async () => (await contracts()).ResendDeliveryParams),
  async (c) => {
    const { jobId, deliveryId } = c.req.valid('param');
    return c.json(await c.get('backend').reportDelivery.resend(actorOf(c), jobId, deliveryId));
  },
);

/**
 * What a report mail links to (ADR 042), no session: the signed token is the proof (scope 'token'), each
 * call rate limited per client address. They are reached without the X-Portal header (a mail provider's
 * RFC 8058 one-click POST, a browser following a link: middleware/protocol.ts serves them for connect).
 * - POST /report-unsubscribe?token=T: the external recipient leaves the report's list (idempotent);
 *   the web page /unsubscribe posts the same.
 * - POST /report-confirm?token=T: the double opt-in (ADR 051); only the web page /report-confirmation posts it
 *   (with the header), so it needs no exemption from X-Portal.
 * - GET /report-links/:token: 302 to a fresh presigned URL of the file while it is kept.
 * Mounted at the API's root, so no `.use(...)` here: it would reach every route.
 */
export const reportMailRoutes = new Hono<AppEnv>()
  .post(
    '/report-unsubscribe',
    route({ auth: 'anonymous', scope: 'token' }),
    validateOnFirstUse('query', async () => (await contracts()).UnsubscribeQuery),
    async (c) => c.json(await c.get('backend').reportDelivery.unsubscribe(c.req.valid('query').token, requestMeta(c).ip)),
  )
  .post(
    '/report-confirm',
    route({ auth: 'anonymous', scope: 'token' }),
    validateOnFirstUse('query', async () => (await contracts()).ConfirmQuery),
    async (c) => c.json(await c.get('backend').reportDelivery.confirm(c.req.valid('query').token, requestMeta(c).ip)),
  )
  .get(
    '/report-links/:token',
    route({ auth: 'anonymous', scope: 'token' }),
    validateOnFirstUse('param', async () => (await contracts()).ReportLinkParams),
    async (c) => c.redirect(await c.get('backend').reportDelivery.linkTarget(c.req.valid('param').token, requestMeta(c).ip), 302),
  );
