import { zValidator } from '@hono/zod-validator';
import { AppError } from '@portal/backend';
import type { ReportErrorCode } from '@portal/core/report';
import { fieldIssueOf, Id } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import type { Context, ValidationTargets } from 'hono';
import type { AppEnv } from '../env.ts';
import { type PermissionName, routePolicy } from '../middleware/policy.ts';
import { actorOf } from '../middleware/session.ts';
import { onFirstUse, validate, validateOnFirstUse, withRouteInput } from '../middleware/validate.ts';
import { idempotencyKey, idempotent } from '../middleware/idempotency.ts';
import { accountRouter } from '../middleware/router.ts';

/** The report contracts load with the first reports request (validateOnFirstUse, ADR 038). */
const contracts = () => import('@portal/core/report');

/**
 * Reports (ADR 040): general and custom reports of a customer, their schedules
 * and mailing lists, on the SPEC's flow/ paths. Connect only. Permissions (ADR 031): reads and custom
 * report edits reportManagement.reports, schedules reportManagement.schedule, mailing list changes
 * reportManagement.recipients. Every processId is a report of one customer: another customer's answers
 * exactly like none (404 REPORT.NOT_FOUND), hence scope 'retailer' (a general report's processId embeds
 * its customer id; the service checks custom ones by their stored customer).
 */
const route = routePolicy('connect');
const reads: PermissionName[] = ['reportManagement.reports'];
const schedule: PermissionName[] = ['reportManagement.schedule'];
const recipients: PermissionName[] = ['reportManagement.recipients'];

/** Each permission's one policy (a fresh handler each: a policy is declared per route). */
const reading = () => route({ auth: 'signedIn', permission: reads, scope: 'retailer' });
const scheduling = () => route({ auth: 'signedIn', permission: schedule, scope: 'retailer' });
const mailing = () => route({ auth: 'signedIn', permission: recipients, scope: 'retailer' });
/** The report service of the call (a lazyService: loaded with the first request). */
const reports = (c: Context<AppEnv>) => c.get('backend').reports;

const processParams = validate('param', z.object({ processId: Id }));
const ListQuery = z.object({ customerId: Id, kind: z._default(z.enum(['general', 'custom']), 'general') });

/**
 * validateOnFirstUse(...) whose failures answer 400 with the REPORT.* code of the first bad field (bad
 * schedules, columns, filters) and the field issues; a failure `codeOf` does not claim is the shared 400.
 */
function reportInput<T extends z.ZodMiniType, Target extends keyof ValidationTargets>(
  target: Target,
  load: () => Promise<T>,
  codeOf: (path: string) => ReportErrorCode | null,
) {
  return withRouteInput(
    onFirstUse(async () =>
      zValidator(target, await load(), (result) => {
        if (result.success) return;
        const code = codeOf(result.error.issues[0]?.path.join('.') ?? '');
        if (!code) throw result.error;
        throw new AppError('input', code, 'The request has invalid fields', { issues: result.error.issues.map(fieldIssueOf) });
      }),
    ),
    { target, load },
  );
}
const definitionCode = (path: string): ReportErrorCode | null =>
  path.startsWith('columns') ? 'REPORT.COLUMNS_INVALID' : path.startsWith('filter') ? 'REPORT.FILTER_INVALID' : null;
const customReportBody = reportInput('json', async () => (await contracts()).CustomReportInput, definitionCode);
const customReportUpdate = reportInput(
  'json',
  async () => z.omit((await contracts()).CustomReportInput, { customerId: true }),
  definitionCode,
);
const scheduleBody = reportInput(
  'json',
  async () => (await contracts()).ReportScheduleUpdate,
  () => 'REPORT.SCHEDULE_INVALID',
);
const recipientChange = validateOnFirstUse('json', async () => (await contracts()).RecipientChange);
const mailContact = validateOnFirstUse('json', async () => (await contracts()).MailContactInput);
const contactParams = validateOnFirstUse('param', async () => (await contracts()).ContactParams);

export const reportRoutes = accountRouter('connect')
  .get('/reports', reading(), validate('query', ListQuery), async (c) => {
    const { customerId, kind } = c.req.valid('query');
    return c.json(await reports(c).list(actorOf(c), customerId, kind, c.req.header('Host')));
  })
  .get('/reports/:processId', reading(), processParams, async (c) =>
    c.json(await reports(c).get(actorOf(c), c.req.valid('param').processId)),
  )
  .post('/custom-reports', reading(), idempotent, customReportBody, async (c) =>
    c.json(await reports(c).createCustom(actorOf(c), c.req.valid('json'), idempotencyKey(c)), 201),
  )
  .put('/custom-reports/:processId', reading(), processParams, customReportUpdate, async (c) =>
    c.json(await reports(c).updateCustom(actorOf(c), c.req.valid('param').processId, c.req.valid('json'))),
  )
  .get('/report-scheduling/:processId', reading(), processParams, async (c) =>
    c.json(await reports(c).getSchedule(actorOf(c), c.req.valid('param').processId)),
  )
  .put('/report-scheduling/:processId', scheduling(), processParams, scheduleBody, async (c) =>
    c.json(await reports(c).saveSchedule(actorOf(c), c.req.valid('param').processId, c.req.valid('json'))),
  )
  .get('/custom-reports/:processId/mailing-list', reading(), processParams, async (c) =>
    c.json(await reports(c).mailingList(actorOf(c), c.req.valid('param').processId)),
  )
  .get('/custom-reports/:processId/recipient-candidates', mailing(), processParams, async (c) =>
    c.json(await reports(c).candidates(actorOf(c), c.req.valid('param').processId)),
  )
  .post('/custom-reports/:processId/add-recipient', mailing(), processParams, recipientChange, async (c) =>
    c.json(
      await reports(c).addRecipient(actorOf(c), c.req.valid('param').processId, c.req.valid('json').referenceId, c.req.header('Host')),
    ),
  )
  .post('/custom-reports/:processId/remove-recipient', mailing(), processParams, recipientChange, async (c) =>
    c.json(await reports(c).removeRecipient(actorOf(c), c.req.valid('param').processId, c.req.valid('json').referenceId)),
  )
  .post('/process-mail-contacts', mailing(), mailContact, async (c) =>
    c.json(await reports(c).createContact(actorOf(c), c.req.valid('json'), c.req.header('Host')), 201),
  )
  // ADR 051: a pending external contact's confirmation mail again (rate limited per contact).
  .post('/custom-reports/:processId/contacts/:contactId/send-confirmation', mailing(), contactParams, async (c) => {
    const { processId, contactId } = c.req.valid('param');
    return c.json(await reports(c).resendConfirmation(actorOf(c), processId, contactId));
  })
  // Last: the gate matrix's full user deletes its sample report after every other route used it.
  .delete('/custom-reports/:processId', reading(), processParams, async (c) => {
    await reports(c).deleteCustom(actorOf(c), c.req.valid('param').processId);
    return c.body(null, 204);
  });
