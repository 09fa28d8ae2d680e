import { createRateLimiter } from '@portal/backend/platform/security';
import { reportJobsFromConfig } from '@portal/backend/report';
import {
  deliverReportJob,
  type ReportDeliveryDeps,
  listDeliveries,
  reportDeliveryDeps,
  takeMailBudget,
} from '@portal/backend/report/testing';
import { putJobWithUploadedCsv, reportJobFixture } from '../../tests/support/report-job-fixtures.ts';
import { type Delivery, REPORT_RUN_LIMITS } from '@portal/core/report';
import { beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, readJson } from '../../tests/support/api.ts';
import { sentMails } from '../../tests/support/mailbox.ts';
import { connectAccount, importOk } from '../../tests/support/test-backend.ts';
import { s3ApiSuite } from '../../tests/support/test-app.ts';

/**
 * Reports are no mail relay (ADR 051), against DynamoDB Local, the SES stand-in and s3rver: one address
 * once per list even when created six times at once (kept as typed); external contacts get a confirmation
 * mail and no report before they follow its single-use link; the brand's caps on contacts per customer and
 * recipients per report; "Run now" limited per user and per customer with 429 and Retry-After; the daily
 * mail budget holding deliveries (the run log says so) until a resend on a later day; report names that
 * cannot open a mail header.
 */
const PASSWORD = 'Relay-Test-2026!';
const NOW = new Date('2026-11-21T10:00:00Z');
const BUCKET = 'report-relay-test';
const LIMITS = { externalContactsPerCustomer: 3, recipientsPerReport: 2, mailsPerCustomerPerDay: 10 };
let clock = NOW;
const world = s3ApiSuite(() => clock, { REPORTS_BUCKET: BUCKET }, '203.0.113.71');
const relayTestKey = idempotencyKeys('relay-test-key');
const relayRunKey = idempotencyKeys('relay-run');
let jobs = 0;

const { call } = world;
const byId = (list: Delivery[]) => Object.fromEntries(list.map((d) => [d.deliveryId, d]));
const deps = (): ReportDeliveryDeps => ({
  ...reportDeliveryDeps(world.backend.config, { db: world.backend.db, now: () => clock }),
  retry: { attempts: 2, baseMs: 1, capMs: 2 },
});
const contactBody = (processId: string, email: string) => ({ firstname: 'Erika', surname: 'Extern', email, processId });
const confirmationLink = (text: string | undefined) => /\/report-confirmation\?token=([A-Za-z0-9_.-]+)/.exec(text ?? '')?.[1];

async function newReport(user: string, customerId: string, name: string) {
  const created = await call(
    user,
    'POST',
    '/flow/custom-reports',
    { customerId, name, reportType: 'transactions', filter: {}, columns: ['at', 'amount'], format: 'csv' },
    {
      'Idempotency-Key': relayTestKey(),
    },
  );
  expect(created.status).toBe(201);
  return created.body.processId as string;
}

/** A finished run of the report with one small CSV file (what the delivery mails). */
async function finishedJob(processId: string, customerId: string, reportName: string, owner: string | null = null) {
  const jobId = `relay-job-${String(++jobs).padStart(4, '0')}`;
  const job = reportJobFixture({ jobId, customerId, processId, reportName, owner }, NOW);
  expect(
    await putJobWithUploadedCsv(world.backend.db, world.files, job, {
      name: `${reportName}.csv`,
      content: 'at,amount\n2026-11-20,1.00\n',
      at: NOW,
    }),
  ).toBe(true);
  return jobId;
}

beforeAll(async () => {
  const { backend } = await world.start({
    // "Run now" starts jobs that write nothing and mail nobody here: only the limit is under test.
    adapt: (made) => {
      made.reportJobs = reportJobsFromConfig(made.config, { db: made.db, now: () => clock, runner: { deliver: async () => {} } });
    },
  });
  const account = (username: string, customerId: string, extra: object = {}) =>
    connectAccount(username, customerId, PASSWORD, { modules: { reportManagement: { permissions: 7 } }, ...extra });
  await importOk(backend, 'accounts', [
    account('relay.race', 'R-X1'),
    account('relay.optin', 'R-X2', { locale: 'de-de' }),
    account('relay.caps', 'R-X3'),
    account('relay.budget', 'R-X4'),
    account('relay.budget2', 'R-X4'),
    account('relay.budget3', 'R-X4'),
    account('relay.run', 'R-X5'),
    account('relay.team', 'R-X6'),
  ]);
  await importOk(
    backend,
    'retailers',
    ['R-X1', 'R-X2', 'R-X3', 'R-X4', 'R-X5', 'R-X6'].map((customerId) => ({ customerId, name: `Relay ${customerId}` })),
  );
  // The requests name no host: the default brand's caps hold for them and for the runner's budget.
  await importOk(backend, 'brands', [
    {
      id: 'default',
      name: 'Brand',
      layout: 'default',
      footerLinks: [],
      customFields: { reportIds: ['transactions'], reportLimits: LIMITS },
    },
  ]);
  await world.signIn(['relay.race', 'relay.optin', 'relay.caps', 'relay.budget', 'relay.run', 'relay.team'], PASSWORD);
}, 120_000);

describe('process-mail-contacts: one address once per list', () => {
  it('six parallel creates of one address (in any case) give exactly one 201; the address is kept as typed; removing the contact frees it', async () => {
    const processId = await newReport('relay.race', 'R-X1', 'Race');
    const emails = [
      'Race@Example.org',
      'race@example.org',
      'RACE@EXAMPLE.ORG',
      'race@Example.org',
      ' race@example.org ',
      'Race@example.ORG',
    ];
    const answers = await Promise.all(
      emails.map((email) => call('relay.race', 'POST', '/flow/process-mail-contacts', contactBody(processId, email))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const lost of answers.filter((a) => a.status === 409)) expect(lost.body.code).toBe('REPORT.RECIPIENT_EXISTS');
    const won = answers.find((a) => a.status === 201)!;
    expect(emails.map((e) => e.trim())).toContain(won.body.email);
    const list = await call('relay.race', 'GET', `/flow/custom-reports/${processId}/mailing-list`);
    expect(list.body.recipients).toHaveLength(1);
    expect((await call('relay.race', 'GET', `/flow/reports/${processId}`)).body.recipientCount).toBe(1);

    expect(
      (await call('relay.race', 'POST', `/flow/custom-reports/${processId}/remove-recipient`, { referenceId: won.body.referenceId }))
        .status,
    ).toBe(200);
    const again = await call('relay.race', 'POST', '/flow/process-mail-contacts', contactBody(processId, 'RACE@example.org'));
    expect(again).toMatchObject({ status: 201, body: { email: 'RACE@example.org' } });
  });
});

describe('double opt-in of external contacts', () => {
  it('mails a confirmation in the creator’s language; report mails skip the contact until it follows the link, which works once', async () => {
    const processId = await newReport('relay.optin', 'R-X2', 'Umsätze');
    const created = await call('relay.optin', 'POST', '/flow/process-mail-contacts', contactBody(processId, 'Optin@Partner.example'));
    expect(created).toMatchObject({ status: 201, body: { confirmation: 'pending', confirmationSentAt: NOW.toISOString() } });
    const contactRef = created.body.referenceId as string;
    const [mail, ...more] = await sentMails('Optin@Partner.example');
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Bitte bestätigen: Berichte per E-Mail aus dem Portal');
    expect(mail!.body.text).toContain('„Umsätze“');
    const first = confirmationLink(mail!.body.text)!;
    expect(first).toBeTruthy();

    // Before the confirmation: the run log says "waiting for confirmation", and no report mail goes.
    const before = await finishedJob(processId, 'R-X2', 'Umsätze');
    await deliverReportJob(deps(), before);
    expect(byId(await listDeliveries(world.backend.db, before))[`email.${contactRef}`]).toMatchObject({
      status: 'skipped',
      reasonCode: 'awaitingConfirmation',
    });
    expect(await sentMails('Optin@Partner.example')).toHaveLength(1);

    // "Send confirmation again": a new link; the older one stops working.
    const contactId = contactRef.slice(2);
    const resend = `/flow/custom-reports/${processId}/contacts/${contactId}/send-confirmation`;
    expect(await call('relay.optin', 'POST', resend)).toMatchObject({ status: 200, body: { confirmation: 'pending' } });
    const second = confirmationLink((await sentMails('Optin@Partner.example')).at(-1)!.body.text)!;
    expect(second).not.toBe(first);
    expect(await call(null, 'POST', `/report-confirm?token=${first}`)).toMatchObject({
      status: 400,
      body: { code: 'REPORT.CONFIRMATION_INVALID' },
    });
    expect(await call(null, 'POST', `/report-confirm?token=${second.slice(0, -3)}AAA`)).toMatchObject({
      status: 400,
      body: { code: 'REPORT.CONFIRMATION_INVALID' },
    });
    // Rate limited per contact: three sends again a day.
    expect((await call('relay.optin', 'POST', resend)).status).toBe(200);
    expect((await call('relay.optin', 'POST', resend)).status).toBe(200);
    const limited = await call('relay.optin', 'POST', resend);
    expect(limited).toMatchObject({ status: 429, body: { code: 'REPORT.CONFIRMATION_LIMIT' } });
    const latest = confirmationLink((await sentMails('Optin@Partner.example')).at(-1)!.body.text)!;

    // The page's button; a second use changes nothing and answers alike.
    for (let i = 0; i < 2; i += 1) {
      expect(await call(null, 'POST', `/report-confirm?token=${latest}`)).toMatchObject({
        status: 200,
        body: { confirmed: true, reportName: 'Umsätze', email: 'Optin@Partner.example' },
      });
    }
    const list = await call('relay.optin', 'GET', `/flow/custom-reports/${processId}/mailing-list`);
    expect(list.body.recipients).toEqual([expect.objectContaining({ referenceId: contactRef, confirmation: 'confirmed' })]);
    expect(await call('relay.optin', 'POST', resend)).toMatchObject({ status: 409, body: { code: 'REPORT.CONTACT_CONFIRMED' } });

    const after = await finishedJob(processId, 'R-X2', 'Umsätze', 'relay.optin');
    await deliverReportJob(deps(), after);
    expect(byId(await listDeliveries(world.backend.db, after))[`email.${contactRef}`]).toMatchObject({ status: 'sent' });
    // (The SES stand-in lower-cases a raw mail's address.)
    const reportMails = (await sentMails()).filter(
      (m) => m.destination.to.some((to) => to.toLowerCase() === 'optin@partner.example') && m.subject.startsWith('Bericht „Umsätze“'),
    );
    expect(reportMails).toHaveLength(1);
  });

  it('an expired link is refused', async () => {
    const processId = await newReport('relay.optin', 'R-X2', 'Expiring');
    const created = await call('relay.optin', 'POST', '/flow/process-mail-contacts', contactBody(processId, 'late@partner.example'));
    const token = confirmationLink((await sentMails('late@partner.example')).at(-1)!.body.text)!;
    clock = new Date(NOW.getTime() + 8 * 86_400_000);
    try {
      expect(await call(null, 'POST', `/report-confirm?token=${token}`)).toMatchObject({
        status: 400,
        body: { code: 'REPORT.CONFIRMATION_INVALID' },
      });
    } finally {
      clock = NOW;
    }
    expect((await call('relay.optin', 'GET', `/flow/custom-reports/${processId}/mailing-list`)).body.recipients).toEqual([
      expect.objectContaining({ referenceId: created.body.referenceId, confirmation: 'pending' }),
    ]);
  });
});

describe("the brand's caps", () => {
  it('external contacts per customer and recipients per report answer 409 with their codes; removing a contact frees its place', async () => {
    const first = await newReport('relay.caps', 'R-X3', 'Caps one');
    const second = await newReport('relay.caps', 'R-X3', 'Caps two');
    const add = (processId: string, email: string) =>
      call('relay.caps', 'POST', '/flow/process-mail-contacts', contactBody(processId, email));
    const a = await add(first, 'a@caps.example');
    expect(a.status).toBe(201);
    expect((await add(first, 'b@caps.example')).status).toBe(201);
    // The list holds LIMITS.recipientsPerReport (2): a third entry, contact or user, is refused.
    expect(await add(first, 'c@caps.example')).toMatchObject({ status: 409, body: { code: 'REPORT.RECIPIENT_LIMIT' } });
    expect(await call('relay.caps', 'POST', `/flow/custom-reports/${first}/add-recipient`, { referenceId: 'u.relay.caps' })).toMatchObject({
      status: 409,
      body: { code: 'REPORT.RECIPIENT_LIMIT' },
    });
    // The customer holds LIMITS.externalContactsPerCustomer (3) over all its reports.
    expect((await add(second, 'c@caps.example')).status).toBe(201);
    expect(await add(second, 'd@caps.example')).toMatchObject({ status: 409, body: { code: 'REPORT.CONTACT_LIMIT' } });
    expect(
      (await call('relay.caps', 'POST', `/flow/custom-reports/${first}/remove-recipient`, { referenceId: a.body.referenceId })).status,
    ).toBe(200);
    expect((await add(second, 'd@caps.example')).status).toBe(201);
    // Nothing was written by the refused calls: the lists hold what the 201s made.
    expect((await call('relay.caps', 'GET', `/flow/reports/${first}`)).body.recipientCount).toBe(1);
    expect((await call('relay.caps', 'GET', `/flow/reports/${second}`)).body.recipientCount).toBe(2);
  });
});

describe('"Run now" limits', () => {
  const runNow = (user: string, processId: string, key = relayRunKey()) =>
    world.app.request('/api/flow/report-jobs', {
      method: 'POST',
      headers: { 'X-Portal': 'connect', 'Content-Type': 'application/json', Cookie: world.cookies[user]!, 'Idempotency-Key': key },
      body: JSON.stringify({ processId, dateFrom: '2026-11-17', dateUntil: '2026-11-20' }),
    });

  it('five per user in ten minutes: the sixth is 429 REPORT.RUN_LIMIT with Retry-After; a replayed key is not counted', async () => {
    const processId = 'gen.transactions.R-X5';
    const replayKey = `replay-${relayRunKey()}`;
    for (let i = 0; i < REPORT_RUN_LIMITS.perUser.limit; i += 1)
      expect((await runNow('relay.run', processId, i === 0 ? replayKey : undefined)).status).toBe(202);
    expect((await runNow('relay.run', processId, replayKey)).status).toBe(202);
    const refused = await runNow('relay.run', processId);
    expect(refused.status).toBe(429);
    expect(await readJson(refused)).toMatchObject({ code: 'REPORT.RUN_LIMIT' });
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(REPORT_RUN_LIMITS.perUser.windowSeconds);
    await world.backend.reportJobs.idle();
  });

  it('twenty per customer in an hour, whoever runs them', async () => {
    const limiter = createRateLimiter(world.backend.db, () => clock);
    for (let i = 0; i < REPORT_RUN_LIMITS.perCustomer.limit; i += 1) await limiter.hit(REPORT_RUN_LIMITS.perCustomer, 'R-X6');
    const refused = await runNow('relay.team', 'gen.transactions.R-X6');
    expect(refused.status).toBe(429);
    expect(await readJson(refused)).toMatchObject({ code: 'REPORT.RUN_LIMIT' });
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});

describe('the daily mail budget', () => {
  it('holds the mails past it (the run log shows held: daily mail limit), sends none of them, and a resend on the next day sends', async () => {
    const processId = await newReport('relay.budget', 'R-X4', 'Budget');
    for (const user of ['relay.budget', 'relay.budget2']) {
      expect(
        (await call('relay.budget', 'POST', `/flow/custom-reports/${processId}/add-recipient`, { referenceId: `u.${user}` })).status,
      ).toBe(200);
    }
    // All but one mail of the day are spent already (LIMITS.mailsPerCustomerPerDay).
    for (let i = 0; i < LIMITS.mailsPerCustomerPerDay - 1; i += 1)
      expect(await takeMailBudget(world.backend.db, 'R-X4', LIMITS.mailsPerCustomerPerDay, clock)).toBe(true);
    const jobId = await finishedJob(processId, 'R-X4', 'Budget');
    await Promise.all([deliverReportJob(deps(), jobId), deliverReportJob(deps(), jobId)]);

    const runs = await call('relay.budget', 'GET', `/flow/report-jobs?processId=${processId}`);
    const deliveries = (runs.body.items as { deliveries: Delivery[] }[])[0]!.deliveries;
    expect(deliveries.map((d) => d.status).sort()).toEqual(['held', 'sent']);
    const held = deliveries.find((d) => d.status === 'held')!;
    expect(held).toMatchObject({ reasonCode: 'dailyLimit' });
    const mails = async () => (await sentMails(held.address)).filter((m) => m.subject.includes('Budget'));
    expect(await mails()).toHaveLength(0);

    // The same day a resend is held again; on the next day it goes.
    const resend = `/flow/report-jobs/${jobId}/deliveries/${held.deliveryId}/resend`;
    expect(await call('relay.budget', 'POST', resend)).toMatchObject({ status: 200, body: { status: 'held', reasonCode: 'dailyLimit' } });
    clock = new Date(NOW.getTime() + 86_400_000);
    try {
      await world.signIn(['relay.budget'], PASSWORD); // the session of yesterday is idle
      expect(await call('relay.budget', 'POST', resend)).toMatchObject({ status: 200, body: { status: 'sent' } });
    } finally {
      clock = NOW;
    }
    expect(await mails()).toHaveLength(1);
  });
});

describe('report names in mail subjects', () => {
  it('a name with a line break or another control character is 400 (it would open a header)', async () => {
    for (const name of ['Sales\r\nBcc: victim@example.org', 'Sales\nX', 'Tab\tbed']) {
      const res = await call(
        'relay.caps',
        'POST',
        '/flow/custom-reports',
        { customerId: 'R-X3', name, reportType: 'transactions', filter: {}, columns: ['at'], format: 'csv' },
        {
          'Idempotency-Key': relayTestKey(),
        },
      );
      expect(res).toMatchObject({ status: 400 });
    }
  });
});
