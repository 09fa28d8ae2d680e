import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileStore } from '@portal/backend/platform/files';
import { createFaultInjector } from '@portal/backend/platform/faults';
import { createMailer } from '@portal/backend/platform/mail';
import { recordMailEvent, reportJobsFromConfig } from '@portal/backend/report';
import {
  DELIVERY_LEASE_MS,
  deliverReportJob,
  type ReportDeliveryDeps,
  createDelivery,
  deliveryWrites,
  getDelivery,
  listDeliveries,
  mailMessageKey,
  DeliveryIncompleteError,
  reportDeliveryDeps,
  retentionEnd,
  getReportSchedule,
  putSchedule,
} from '@portal/backend/report/testing';
import { getItem, toTtl } from '@portal/backend/platform/db';
import { putJobWithUploadedCsv, reportJobFixture } from '../../tests/support/report-job-fixtures.ts';
import { scheduleBody } from '../../tests/support/schedule-fixtures.ts';
import { type Delivery, REPORT_ATTACHMENT_MAX_BYTES } from '@portal/core/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSftpStandIn } from '../../scripts/local/sftp-server.ts';
import { idempotencyKeys, readJson } from '../../tests/support/api.ts';
import { sentMails } from '../../tests/support/mailbox.ts';
import { connectAccount, importOk } from '../../tests/support/test-backend.ts';
import { s3ApiSuite } from '../../tests/support/test-app.ts';

/**
 * Report delivery (ADR 042) against DynamoDB Local, the SES stand-in (its store is
 * what was sent), s3rver and the SFTP stand-in: one mail per recipient and one SFTP copy even when the
 * delivery runs twice at once, throttling retried and sent once, an S3 error failing the delivery until
 * a resend, a hard bounce not retried, attachment vs link at the threshold (the link redirecting to the
 * file), the one-click unsubscribe (no X-Portal, idempotent, the next run skips the contact), and the
 * resend route's permission, states and another customer's job answering like none.
 */
const PASSWORD = 'Delivery-Test-2026!';
const NOW = new Date('2026-11-21T10:00:00Z');
const BUCKET = 'report-delivery-test';
const world = s3ApiSuite(() => NOW, { REPORTS_BUCKET: BUCKET }, '203.0.113.61');
let sftp: Awaited<ReturnType<typeof startSftpStandIn>>;
const deliveryTestKey = idempotencyKeys('delivery-test-key');
let jobs = 0;
const FAST = { attempts: 4, baseMs: 1, capMs: 5 };

const { call } = world;

/** A custom report of R-D1 by dlfull (locale de-de) with dlfull and one external contact on its list. */
async function newReport(name: string, contactEmail: string, schedule: { copyByFtp?: boolean; sendByEmail?: boolean } = {}) {
  const created = await call(
    'dlfull',
    'POST',
    '/flow/custom-reports',
    { customerId: 'R-D1', name, reportType: 'transactions', filter: {}, columns: ['at', 'amount'], format: 'csv' },
    {
      'Idempotency-Key': deliveryTestKey(),
    },
  );
  expect(created.status).toBe(201);
  const processId = created.body.processId as string;
  const saved = await call(
    'dlfull',
    'PUT',
    `/flow/report-scheduling/${processId}`,
    scheduleBody({ sendByEmail: schedule.sendByEmail ?? true, copyByFtp: schedule.copyByFtp ?? false }),
  );
  expect(saved.status).toBe(200);
  expect((await call('dlfull', 'POST', `/flow/custom-reports/${processId}/add-recipient`, { referenceId: 'u.dlfull' })).status).toBe(200);
  const contact = await call('dlfull', 'POST', '/flow/process-mail-contacts', {
    firstname: 'Erika',
    surname: 'Extern',
    email: contactEmail,
    processId,
  });
  expect(contact.status).toBe(201);
  // The double opt-in (ADR 051): the contact follows the link of its confirmation mail first.
  const confirmation = (await sentMails(contactEmail)).find((m) => m.body.text?.includes('/report-confirmation?token='));
  const token = /\/report-confirmation\?token=([A-Za-z0-9_.-]+)/.exec(confirmation?.body.text ?? '')?.[1];
  expect((await call(null, 'POST', `/report-confirm?token=${token}`)).status).toBe(200);
  return { processId, contactRef: contact.body.referenceId as string };
}

/** A finished run of the report with one CSV file in the bucket; `bytes` may claim more than it holds (the threshold). */
async function finishedJob(processId: string, reportName: string, content = 'at,amount\n2026-11-20,12.50\n', bytes?: number) {
  const jobId = `delivery-job-${String(++jobs).padStart(4, '0')}`;
  const job = reportJobFixture({ jobId, customerId: 'R-D1', processId, reportName, owner: 'dlfull' }, NOW);
  expect(
    await putJobWithUploadedCsv(world.backend.db, world.files, job, { name: `${reportName} 2026-11-01.csv`, content, bytes, at: NOW }),
  ).toBe(true);
  return jobId;
}

const deps = (over: Partial<ReportDeliveryDeps> = {}): ReportDeliveryDeps => ({
  ...reportDeliveryDeps(world.backend.config, { db: world.backend.db, now: () => NOW }),
  retry: FAST,
  ...over,
});
const byId = (list: Delivery[]) => Object.fromEntries(list.map((d) => [d.deliveryId, d]));
const mailsAbout = async (to: string, reportName: string) => (await sentMails(to)).filter((m) => m.subject.includes(reportName));

beforeAll(async () => {
  sftp = await startSftpStandIn(mkdtempSync(join(tmpdir(), 'report-delivery-sftp-')));
  const { backend } = await world.start({ overrides: sftp.env });
  const account = (username: string, customerId: string, reportBits: number, extra: object = {}) =>
    connectAccount(username, customerId, PASSWORD, { modules: { reportManagement: { permissions: reportBits } }, ...extra });
  await importOk(backend, 'accounts', [
    account('dlfull', 'R-D1', 7, { locale: 'de-de', ftpUploadDir: '/outbox/reports/' }),
    account('dlread', 'R-D1', 1),
    account('dlother', 'R-D2', 7),
  ]);
  await importOk(backend, 'retailers', [
    { customerId: 'R-D1', name: 'Delta' },
    { customerId: 'R-D2', name: 'Echo' },
  ]);
  await world.signIn(['dlfull', 'dlread', 'dlother'], PASSWORD);
}, 120_000);
afterAll(async () => {
  await sftp?.stop();
});

describe('deliverReportJob', () => {
  it('sends one mail per recipient and one SFTP copy, even when it runs twice at once; a third run sends nothing', async () => {
    const { processId, contactRef } = await newReport('Twice', 'twice@example.org', { copyByFtp: true });
    const jobId = await finishedJob(processId, 'Twice');
    await Promise.all([deliverReportJob(deps(), jobId), deliverReportJob(deps(), jobId)]);
    await deliverReportJob(deps(), jobId);

    const user = await mailsAbout('dlfull@example.com', 'Twice');
    const contact = await mailsAbout('twice@example.org', 'Twice');
    expect(user).toHaveLength(1);
    expect(contact).toHaveLength(1);
    // The owner's locale (de-de) for both: the user's own, and the contact's through the report's owner.
    expect(user[0]!.subject).toBe('Bericht „Twice“: 01.11.2026 – 20.11.2026');
    expect(contact[0]!.subject).toBe(user[0]!.subject);
    const stored = (await (await fetch(`${process.env.SES_ENDPOINT}/store`)).json()) as {
      emails: { messageId: string; attachments: { filename: string; content: string }[] }[];
    };
    const attachment = stored.emails.find((m) => m.messageId === user[0]!.messageId)!.attachments[0]!;
    expect(Buffer.from(attachment.content, 'base64').toString()).toBe('at,amount\n2026-11-20,12.50\n');
    // Only the external contact gets the unsubscribe link.
    expect(contact[0]!.body.text).toContain('/unsubscribe?token=');
    expect(user[0]!.body.text).not.toContain('/unsubscribe?token=');

    const deliveries = byId(await listDeliveries(world.backend.db, jobId));
    expect(deliveries['email.u.dlfull']).toMatchObject({
      channel: 'email',
      status: 'sent',
      attempts: 1,
      attached: true,
      address: 'dlfull@example.com',
    });
    expect(deliveries[`email.${contactRef}`]).toMatchObject({ status: 'sent', attempts: 1 });
    // The owner's ftpUploadDir inside the customer's SFTP home.
    expect(deliveries.sftp).toMatchObject({ channel: 'sftp', status: 'sent', attempts: 1, address: 'R-D1/outbox/reports' });
    const copied = join(sftp.tree, 'R-D1', 'outbox', 'reports', 'Twice 2026-11-01.csv');
    expect(existsSync(copied) && readFileSync(copied, 'utf8')).toBe('at,amount\n2026-11-20,12.50\n');

    const report = await call('dlfull', 'GET', `/flow/reports/${processId}`);
    expect(report.body).toMatchObject({ sentByEmail: 2, copiedByFtp: 1 });
  });

  it("names a general report in the recipient's language: German subject and text for a de-de user (ADR 054)", async () => {
    const processId = 'gen.sales-by-day.R-D1';
    expect((await call('dlfull', 'POST', `/flow/custom-reports/${processId}/add-recipient`, { referenceId: 'u.dlfull' })).status).toBe(200);
    const jobId = await finishedJob(processId, 'Sales by day');
    await deliverReportJob(deps(), jobId);
    const [mail] = await mailsAbout('dlfull@example.com', 'Umsätze nach Tag');
    expect(mail?.subject).toBe('Bericht „Umsätze nach Tag“: 01.11.2026 – 20.11.2026');
    expect(mail?.body.text).toContain('Anbei der Bericht „Umsätze nach Tag“');
    expect(await mailsAbout('dlfull@example.com', 'Sales by day')).toEqual([]);
  });

  it('a scheduled fire delivered twice at once (the runner, ADR 041): one job, one mail per recipient, one SFTP copy', async () => {
    const { processId, contactRef } = await newReport('Fired', 'fired@example.org', { copyByFtp: true });
    const schedule = await getReportSchedule(world.backend.db, processId);
    await putSchedule(world.backend.db, { ...schedule!, enabled: true, customerId: 'R-D1', updatedAt: NOW.toISOString() });
    const reportJobs = reportJobsFromConfig(world.backend.config, { db: world.backend.db, now: () => NOW, files: world.files });
    const fire = { processId, scheduledFor: '2026-11-23T05:00:00Z' }; // Monday 06:00 in Berlin
    await Promise.all([reportJobs.runScheduled(fire), reportJobs.runScheduled(fire)]);
    await reportJobs.runScheduled(fire);

    const user = await mailsAbout('dlfull@example.com', 'Fired');
    expect(user).toHaveLength(1);
    expect(await mailsAbout('fired@example.org', 'Fired')).toHaveLength(1);
    const runs = await call('dlfull', 'GET', `/flow/report-jobs?processId=${processId}`);
    const items = runs.body.items as { status: string; deliveries: Delivery[] }[];
    expect(items).toHaveLength(1);
    expect(items[0]!.status).toBe('finished');
    expect(byId(items[0]!.deliveries)).toMatchObject({
      'email.u.dlfull': { status: 'sent' },
      [`email.${contactRef}`]: { status: 'sent' },
      sftp: { status: 'sent' },
    });
    expect(await call('dlfull', 'GET', `/flow/reports/${processId}`)).toMatchObject({
      body: { reportsCreated: 1, sentByEmail: 2, copiedByFtp: 1 },
    });
  });

  it('retries SES throttling in-process and sends once; throttled past its attempts it fails retryable, throws, and the next run sends it', async () => {
    const { processId } = await newReport('Throttled', 'throttled@example.org', { sendByEmail: true });
    const real = createMailer(world.backend.config);
    let refusals = 3;
    const throttling = {
      sendRaw: async (to: string, raw: Uint8Array) => {
        if (refusals-- > 0) throw Object.assign(new Error('Maximum sending rate exceeded.'), { name: 'Throttling' });
        return real.sendRaw(to, raw);
      },
    };
    const jobId = await finishedJob(processId, 'Throttled');
    await deliverReportJob(deps({ mailer: throttling }), jobId);
    expect(await mailsAbout('dlfull@example.com', 'Throttled')).toHaveLength(1);
    expect(await mailsAbout('throttled@example.org', 'Throttled')).toHaveLength(1);

    const later = await finishedJob(processId, 'Throttled');
    refusals = 1_000;
    await expect(deliverReportJob(deps({ mailer: throttling }), later)).rejects.toBeInstanceOf(DeliveryIncompleteError);
    const failed = await listDeliveries(world.backend.db, later);
    expect(failed.map((d) => [d.status, d.reasonCode])).toEqual([
      ['failed', 'throttled'],
      ['failed', 'throttled'],
    ]);
    expect(failed[0]!.reason).toBe('Maximum sending rate exceeded.');
    refusals = 0;
    await deliverReportJob(deps({ mailer: throttling }), later);
    expect((await listDeliveries(world.backend.db, later)).map((d) => [d.status, d.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
    expect(await mailsAbout('dlfull@example.com', 'Throttled')).toHaveLength(2);
  });

  it('SES throttling injected into the real client (ADR 025) is healed by the retries: each mail sent once', async () => {
    const { processId } = await newReport('Injected', 'injected@example.org');
    const faults = createFaultInjector({ rate: 1, seed: 7, services: ['ses'], kinds: ['throttle'], persistent: 0 });
    const jobId = await finishedJob(processId, 'Injected');
    await deliverReportJob(deps({ mailer: createMailer(world.backend.config, faults) }), jobId);
    expect(faults.injectedCount()).toBe(2);
    expect((await listDeliveries(world.backend.db, jobId)).map((d) => d.status)).toEqual(['sent', 'sent']);
    expect(await mailsAbout('dlfull@example.com', 'Injected')).toHaveLength(1);
    expect(await mailsAbout('injected@example.org', 'Injected')).toHaveLength(1);
  });

  it('a failure before the send (no link key) fails the delivery retryable, sends nothing, and the run throws', async () => {
    const { processId, contactRef } = await newReport('Unprepared', 'unprepared@example.org');
    const jobId = await finishedJob(processId, 'Unprepared');
    const keyless = reportDeliveryDeps(
      { ...world.backend.config, REPORT_LINK_KEY_FILE: undefined },
      { db: world.backend.db, now: () => NOW },
    );
    await expect(deliverReportJob({ ...keyless, retry: FAST }, jobId)).rejects.toBeInstanceOf(DeliveryIncompleteError);
    const deliveries = byId(await listDeliveries(world.backend.db, jobId));
    // The user's mail needs no token; the external contact's unsubscribe link does.
    expect(deliveries['email.u.dlfull']).toMatchObject({ status: 'sent' });
    expect(deliveries[`email.${contactRef}`]).toMatchObject({ status: 'failed', reasonCode: 'notPrepared', attempts: 1 });
    expect(deliveries[`email.${contactRef}`]!.reason).toMatch(/^Neither REPORT_LINK_KEY/);
    await deliverReportJob(deps(), jobId);
    expect(byId(await listDeliveries(world.backend.db, jobId))[`email.${contactRef}`]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await mailsAbout('unprepared@example.org', 'Unprepared')).toHaveLength(1);
  });

  it('an S3 read error fails the deliveries (retryable, the run throws); a resend from the screen sends the mail', async () => {
    const { processId } = await newReport('Unreadable', 'unreadable@example.org');
    const jobId = await finishedJob(processId, 'Unreadable');
    const broken: FileStore = {
      ...world.files,
      read: async () => Promise.reject(Object.assign(new Error('We encountered an internal error.'), { name: 'InternalError' })),
    };
    await expect(deliverReportJob(deps({ files: broken }), jobId)).rejects.toBeInstanceOf(DeliveryIncompleteError);
    const failed = byId(await listDeliveries(world.backend.db, jobId))['email.u.dlfull']!;
    expect(failed).toMatchObject({
      status: 'failed',
      reasonCode: 'fileUnreadable',
      reason: 'InternalError: We encountered an internal error.',
      attempts: 1,
    });
    expect(await mailsAbout('dlfull@example.com', 'Unreadable')).toHaveLength(0);

    const resent = await call('dlfull', 'POST', `/flow/report-jobs/${jobId}/deliveries/email.u.dlfull/resend`);
    expect(resent).toMatchObject({
      status: 200,
      body: { deliveryId: 'email.u.dlfull', status: 'sent', attempts: 2, reasonCode: null, reason: null },
    });
    expect(await mailsAbout('dlfull@example.com', 'Unreadable')).toHaveLength(1);
    // Sent now: a second resend is refused, and the run never sends it again.
    expect(await call('dlfull', 'POST', `/flow/report-jobs/${jobId}/deliveries/email.u.dlfull/resend`)).toMatchObject({
      status: 409,
      body: { code: 'REPORT.DELIVERY_NOT_FAILED' },
    });
    await deliverReportJob(deps(), jobId);
    expect(await mailsAbout('dlfull@example.com', 'Unreadable')).toHaveLength(1);
  });

  it('an SFTP copy without SFTP configured fails with that reason, final (no retry, the run does not throw); mails still go', async () => {
    const { processId } = await newReport('NoSftp', 'nosftp@example.org', { copyByFtp: true });
    const jobId = await finishedJob(processId, 'NoSftp');
    const unconfigured = {
      ...world.backend.config,
      SFTP_HOST: undefined,
      SFTP_USER: undefined,
      SFTP_HOST_KEY_SHA256: undefined,
      SFTP_PRIVATE_KEY_FILE: undefined,
    };
    await deliverReportJob({ ...reportDeliveryDeps(unconfigured, { db: world.backend.db, now: () => NOW }), retry: FAST }, jobId);
    const deliveries = byId(await listDeliveries(world.backend.db, jobId));
    expect(deliveries.sftp).toMatchObject({ status: 'failed', reasonCode: 'sftpNotConfigured', reason: null, attempts: 1 });
    expect(deliveries['email.u.dlfull']).toMatchObject({ status: 'sent' });
  });

  it('a hard bounce (SES rejects the address) is bounced and not retried; an unconfirmed send (5xx) is failed, not retried', async () => {
    const { processId, contactRef } = await newReport('Bounce', 'bounce@example.org');
    const jobId = await finishedJob(processId, 'Bounce');
    let calls = 0;
    const mailer = {
      sendRaw: async (to: string): Promise<{ messageId: string }> => {
        calls += 1;
        if (to === 'bounce@example.org')
          throw Object.assign(new Error('Email address is on the suppression list'), { name: 'MessageRejected' });
        throw Object.assign(new Error('Service unavailable'), { name: 'ServiceUnavailable' });
      },
    };
    await deliverReportJob(deps({ mailer }), jobId); // nothing retryable: no throw
    await deliverReportJob(deps({ mailer }), jobId);
    expect(calls).toBe(2);
    const deliveries = byId(await listDeliveries(world.backend.db, jobId));
    expect(deliveries[`email.${contactRef}`]).toMatchObject({
      status: 'bounced',
      reasonCode: 'rejected',
      reason: 'Email address is on the suppression list',
      attempts: 1,
    });
    expect(deliveries['email.u.dlfull']).toMatchObject({
      status: 'failed',
      reasonCode: 'sendFailed',
      reason: 'ServiceUnavailable: Service unavailable',
      attempts: 1,
    });
  });

  it('attaches files up to REPORT_ATTACHMENT_MAX_BYTES and links larger ones; the link redirects to the file, a bad one is 404', async () => {
    const { processId } = await newReport('Threshold', 'threshold@example.org');
    const small = await finishedJob(processId, 'Threshold', 'at\n1\n', REPORT_ATTACHMENT_MAX_BYTES);
    const large = await finishedJob(processId, 'Threshold', 'at\n2\n', REPORT_ATTACHMENT_MAX_BYTES + 1);
    await deliverReportJob(deps(), small);
    await deliverReportJob(deps(), large);
    expect(byId(await listDeliveries(world.backend.db, small))['email.u.dlfull']!.attached).toBe(true);
    expect(byId(await listDeliveries(world.backend.db, large))['email.u.dlfull']!.attached).toBe(false);
    const [first, second] = await mailsAbout('threshold@example.org', 'Threshold');
    expect(first!.body.text).not.toContain('/api/report-links/');
    const link = /http:\/\/localhost:3000(\/api\/report-links\/[A-Za-z0-9_.-]+)/.exec(second!.body.text ?? '')!;
    expect(link).not.toBeNull();

    // A browser follows it: no X-Portal header, no session.
    const res = await world.app.request(link[1]!);
    expect(res.status).toBe(302);
    const file = await fetch(res.headers.get('location')!);
    expect(await file.text()).toBe('at\n2\n');
    const tampered = await world.app.request(`${link[1]!.slice(0, -3)}AAA`);
    expect(tampered.status).toBe(404);
    expect(await readJson(tampered)).toMatchObject({ code: 'REPORT.FILE_NOT_FOUND' });
  });

  it('one-click unsubscribe (RFC 8058: a POST without X-Portal) is idempotent; the next run skips the contact', async () => {
    const { processId, contactRef } = await newReport('Unsub', 'unsub@example.org');
    await deliverReportJob(deps(), await finishedJob(processId, 'Unsub'));
    const mail = (await mailsAbout('unsub@example.org', 'Unsub'))[0]!;
    const token = /\/unsubscribe\?token=([A-Za-z0-9_.-]+)/.exec(mail.body.text ?? '')![1]!;

    const oneClick = () =>
      world.app.request(`/api/report-unsubscribe?token=${token}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    for (let i = 0; i < 2; i += 1) {
      const res = await oneClick();
      expect(res.status).toBe(200);
      expect(await readJson(res)).toEqual({ unsubscribed: true, reportName: 'Unsub', email: 'unsub@example.org' });
    }
    const next = await finishedJob(processId, 'Unsub');
    await deliverReportJob(deps(), next);
    expect(byId(await listDeliveries(world.backend.db, next))[`email.${contactRef}`]).toMatchObject({
      status: 'skipped',
      reasonCode: 'unsubscribed',
      reason: null,
      attempts: 0,
    });
    expect(await mailsAbout('unsub@example.org', 'Unsub')).toHaveLength(1);

    // Only these two paths go without X-Portal: every other call still needs it.
    for (const path of [
      `/api/report-unsubscribe/x?token=${token}`,
      '/api/report-links',
      `/api/flow/report-jobs/x/deliveries/sftp/resend`,
    ]) {
      const res = await world.app.request(path, { method: 'POST' });
      expect(res.status).toBe(400);
      expect(await readJson(res)).toMatchObject({ code: 'REQUEST.PORTAL_HEADER_INVALID' });
    }
    for (const bad of [`${token.slice(0, -3)}AAA`, 'garbage']) {
      const res = await call(null, 'POST', `/report-unsubscribe?token=${bad}`);
      expect(res).toMatchObject({
        status: 400,
        body: { code: bad === 'garbage' ? 'REQUEST.VALIDATION_FAILED' : 'REPORT.UNSUBSCRIBE_INVALID' },
      });
    }
  });
});

describe('a sender that died mid-send', () => {
  it('leaves a claim whose lease lapses: shown failed, never sent again by a run, sent by a resend', async () => {
    const { processId } = await newReport('Lapsed', 'lapsed@example.org');
    const jobId = await finishedJob(processId, 'Lapsed');
    const before = new Date(NOW.getTime() - 60 * 60_000);
    await createDelivery(world.backend.db, {
      jobId,
      deliveryId: 'email.u.dlfull',
      channel: 'email',
      target: 'u.dlfull',
      address: 'dlfull@example.com',
      status: 'pending',
      reasonCode: null,
      reason: null,
      attempts: 0,
      attached: null,
      retryable: false,
      updatedAt: before.toISOString(),
    });
    expect(await deliveryWrites.claim(world.backend.db, jobId, 'email.u.dlfull', before, DELIVERY_LEASE_MS, 4)).toBe(true);
    expect(byId(await listDeliveries(world.backend.db, jobId, new Date(before.getTime() + 60_000)))['email.u.dlfull']).toMatchObject({
      status: 'pending',
    });
    expect(byId(await listDeliveries(world.backend.db, jobId, NOW))['email.u.dlfull']).toMatchObject({
      status: 'failed',
      reasonCode: 'leaseLapsed',
    });

    await deliverReportJob(deps(), jobId);
    expect(byId(await listDeliveries(world.backend.db, jobId, NOW))['email.u.dlfull']).toMatchObject({
      status: 'failed',
      reasonCode: 'leaseLapsed',
      attempts: 1,
    });
    expect(await mailsAbout('dlfull@example.com', 'Lapsed')).toHaveLength(0);
    expect(await call('dlfull', 'POST', `/flow/report-jobs/${jobId}/deliveries/email.u.dlfull/resend`)).toMatchObject({
      status: 200,
      body: { status: 'sent', attempts: 2 },
    });
    expect(await mailsAbout('dlfull@example.com', 'Lapsed')).toHaveLength(1);
  });
});

describe('POST /api/flow/report-jobs/:jobId/deliveries/:deliveryId/resend', () => {
  it("needs reportManagement.recipients; another customer's job answers like none; unknown deliveries 404", async () => {
    const { processId } = await newReport('Scope', 'scope@example.org');
    const jobId = await finishedJob(processId, 'Scope');
    await deliverReportJob(
      deps({ mailer: { sendRaw: async () => Promise.reject(Object.assign(new Error('x'), { name: 'MessageRejected' })) } }),
      jobId,
    );
    const path = `/flow/report-jobs/${jobId}/deliveries/email.u.dlfull/resend`;
    expect(await call('dlread', 'POST', path)).toMatchObject({ status: 403 });
    const foreign = await call('dlother', 'POST', path);
    const none = await call('dlother', 'POST', '/flow/report-jobs/no-such-job-0001/deliveries/email.u.dlfull/resend');
    expect(foreign).toMatchObject({ status: 404, body: { code: 'REPORT.JOB_NOT_FOUND' } });
    expect(foreign.body).toEqual(none.body);
    expect(await call('dlfull', 'POST', `/flow/report-jobs/${jobId}/deliveries/email.c.nobody/resend`)).toMatchObject({
      status: 404,
      body: { code: 'REPORT.DELIVERY_NOT_FOUND' },
    });
    expect(await call('dlfull', 'POST', `/flow/report-jobs/${jobId}/deliveries/not-an-id/resend`)).toMatchObject({ status: 400 });
    // A bounced delivery may be sent again (the address was fixed).
    expect(await call('dlfull', 'POST', path)).toMatchObject({ status: 200, body: { status: 'sent', attempts: 2 } });
  });
});

/**
 * SES's later bounces and complaints (ADR 042 addendum). Locally nothing bounces later (the SES stand-in
 * accepts every mail), so the handler is fed the events SES publishes, in the shape AWS documents (an
 * identity notification's `notificationType`, a configuration set's `eventType`; raw message delivery: the
 * queue message's body is that JSON), for mails the delivery really sent.
 */
describe("SES's later bounces and complaints (recordMailEvent)", () => {
  const logged: string[] = [];
  const record = (body: unknown) => recordMailEvent({ db: world.backend.db, now: () => NOW, log: (message) => logged.push(message) }, body);
  const mailOf = async (jobId: string, deliveryId: string) => (await getDelivery(world.backend.db, jobId, deliveryId))!.messageId!;
  /** The `mail` object SES puts in every event (trimmed of headers). */
  const mail = (messageId: string, to: string) => ({
    timestamp: '2026-11-21T10:00:01.000Z',
    source: 'no-reply@example.com',
    sourceArn: 'arn:aws:ses:eu-central-1:123456789012:identity/example.com',
    sourceIp: '127.0.3.0',
    sendingAccountId: '123456789012',
    messageId,
    destination: [to],
    headersTruncated: false,
    commonHeaders: { from: ['no-reply@example.com'], to: [to], subject: 'Report' },
  });
  const bounce = (
    messageId: string,
    to: string,
    bounceType: 'Permanent' | 'Transient' | 'Undetermined',
    recipient: object,
    field: 'notificationType' | 'eventType' = 'notificationType',
  ) =>
    JSON.stringify({
      [field]: 'Bounce',
      bounce: {
        bounceType,
        bounceSubType: 'General',
        bouncedRecipients: [{ emailAddress: to, ...recipient }],
        timestamp: '2026-11-21T10:00:05.000Z',
        feedbackId: '0102017a1b2c3d4e-11111111-2222-3333-4444-555555555555-000000',
        reportingMTA: 'dsn; a8-70.smtp-out.amazonses.com',
        remoteMtaIp: '127.0.2.0',
      },
      mail: mail(messageId, to),
    });
  const complaint = (messageId: string, to: string) =>
    JSON.stringify({
      notificationType: 'Complaint',
      complaint: {
        userAgent: 'ExampleCorp Feedback Loop (V0.01)',
        complainedRecipients: [{ emailAddress: to }],
        complaintFeedbackType: 'abuse',
        arrivalDate: '2026-11-21T10:05:00.000Z',
        timestamp: '2026-11-21T10:05:01.000Z',
        feedbackId: '0102017a1b2c3d4e-66666666-7777-8888-9999-000000000000-000000',
      },
      mail: mail(messageId, to),
    });
  const runLog = async (processId: string, jobId: string) => {
    const runs = await call('dlfull', 'GET', `/flow/report-jobs?processId=${processId}`);
    return byId((runs.body.items as { jobId: string; deliveries: Delivery[] }[]).find((j) => j.jobId === jobId)!.deliveries);
  };

  it("a permanent bounce turns the sent mail bounced with the server's words (the run log shows it); twice changes nothing", async () => {
    const { processId, contactRef } = await newReport('Bounced later', 'gone@example.org');
    const jobId = await finishedJob(processId, 'Bounced later');
    await deliverReportJob(deps(), jobId);
    const messageId = await mailOf(jobId, `email.${contactRef}`);
    // The pointer was written with `sent`, and lives as long as the job.
    expect(await getItem(world.backend.db, mailMessageKey(messageId))).toMatchObject({
      jobId,
      deliveryId: `email.${contactRef}`,
      expiresAt: toTtl(retentionEnd(NOW)),
    });

    const event = bounce(messageId, 'gone@example.org', 'Permanent', {
      action: 'failed',
      status: '5.1.1',
      diagnosticCode: 'smtp; 550 5.1.1 user unknown',
    });
    expect(await record(event)).toBe('bounced');
    const log = await runLog(processId, jobId);
    expect(log[`email.${contactRef}`]).toMatchObject({
      status: 'bounced',
      reasonCode: 'bouncedNoAddress',
      reason: 'smtp; 550 5.1.1 user unknown',
    });
    expect(log['email.u.dlfull']).toMatchObject({ status: 'sent', reasonCode: null });

    const before = await getDelivery(world.backend.db, jobId, `email.${contactRef}`);
    expect(await record(event)).toBe('unchanged');
    expect(await getDelivery(world.backend.db, jobId, `email.${contactRef}`)).toEqual(before);

    // Resent (the address was fixed): the old mail's late bounce, even in the configuration set's shape, leaves the new one alone.
    expect(await call('dlfull', 'POST', `/flow/report-jobs/${jobId}/deliveries/email.${contactRef}/resend`)).toMatchObject({
      status: 200,
      body: { status: 'sent', reasonCode: null },
    });
    expect(await record(bounce(messageId, 'gone@example.org', 'Permanent', { status: '5.1.1' }, 'eventType'))).toBe('unchanged');
    expect((await runLog(processId, jobId))[`email.${contactRef}`]).toMatchObject({ status: 'sent', reasonCode: null });
  });

  it('a transient bounce (SES gave up) is a bounce, an undetermined one a note; a permanent one without a diagnostic gives status and action', async () => {
    const { processId, contactRef } = await newReport('Soft bounce', 'full@example.org');
    const jobId = await finishedJob(processId, 'Soft bounce');
    await deliverReportJob(deps(), jobId);
    const contactMail = await mailOf(jobId, `email.${contactRef}`);
    const soft = bounce(contactMail, 'full@example.org', 'Transient', {
      action: 'failed',
      status: '4.2.2',
      diagnosticCode: 'smtp; 452 4.2.2 mailbox full',
    });
    expect(await record(soft)).toBe('bounced');
    expect(await record(soft)).toBe('unchanged');
    expect((await runLog(processId, jobId))[`email.${contactRef}`]).toMatchObject({
      status: 'bounced',
      reasonCode: 'bounceTransient',
      reason: 'smtp; 452 4.2.2 mailbox full',
    });

    const userMail = await mailOf(jobId, 'email.u.dlfull');
    expect(await record(bounce(userMail, 'dlfull@example.com', 'Undetermined', {}))).toBe('noted');
    expect((await runLog(processId, jobId))['email.u.dlfull']).toMatchObject({
      status: 'sent',
      reasonCode: 'bounceUndetermined',
      reason: null,
    });
    expect(await record(bounce(userMail, 'dlfull@example.com', 'Permanent', { action: 'failed', status: '5.7.1' }, 'eventType'))).toBe(
      'bounced',
    );
    expect((await runLog(processId, jobId))['email.u.dlfull']).toMatchObject({
      status: 'bounced',
      reasonCode: 'bounced',
      reason: 'status 5.7.1, failed',
    });
  });

  it('a complaint unsubscribes the external contact and is noted; twice changes nothing; the next run skips them', async () => {
    const { processId, contactRef } = await newReport('Complained', 'spam@example.org');
    const jobId = await finishedJob(processId, 'Complained');
    await deliverReportJob(deps(), jobId);
    const event = complaint(await mailOf(jobId, `email.${contactRef}`), 'spam@example.org');
    expect(await record(event)).toBe('unsubscribed');
    expect(await record(event)).toBe('unchanged');
    expect((await runLog(processId, jobId))[`email.${contactRef}`]).toMatchObject({
      status: 'sent',
      reasonCode: 'complaint',
      reason: 'abuse',
    });

    const next = await finishedJob(processId, 'Complained');
    await deliverReportJob(deps(), next);
    expect((await runLog(processId, next))[`email.${contactRef}`]).toMatchObject({
      status: 'skipped',
      reasonCode: 'unsubscribed',
      attempts: 0,
    });
    expect(await mailsAbout('spam@example.org', 'Complained')).toHaveLength(1);
    // A portal user's complaint is noted only: users leave a list in the portal.
    expect(await record(complaint(await mailOf(next, 'email.u.dlfull'), 'dlfull@example.com'))).toBe('noted');
    expect((await runLog(processId, next))['email.u.dlfull']).toMatchObject({ status: 'sent', reasonCode: 'complaint' });
  });

  it('ignores an unknown mail and other event types, drops a malformed body with a log, and never throws', async () => {
    logged.length = 0;
    expect(await record(bounce('0102017a-no-such-mail-000000', 'x@example.org', 'Permanent', { status: '5.1.1' }))).toBe('ignored');
    expect(logged).toEqual(['event for an unknown mail ignored']);
    expect(
      await record(JSON.stringify({ eventType: 'Delivery', mail: mail('0102017a-no-such-mail-000001', 'x@example.org'), delivery: {} })),
    ).toBe('ignored');

    logged.length = 0;
    for (const body of [
      'not json',
      '{}',
      JSON.stringify({ notificationType: 'Bounce', mail: { messageId: 'm-1' } }),
      JSON.stringify({ notificationType: 'Bounce', mail: {}, bounce: { bounceType: 'Permanent', bouncedRecipients: [] } }),
      null,
    ]) {
      expect(await record(body)).toBe('dropped');
    }
    expect(logged).toEqual(Array(5).fill('malformed event dropped'));
  });
});
