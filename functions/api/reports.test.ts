import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Backend } from '@portal/backend';
import { createLocalScheduler, type LocalScheduler } from '@portal/backend/platform/scheduler';
import { Report } from '@portal/core/report';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  countReportRun,
  loadReportDefinition,
  findRecipient,
  listMailingList,
  unsubscribeRecipient,
  reportScheduleName,
} from '@portal/backend/report/testing';
import { connectCaller, idempotencyKeys, signInAll } from '../../tests/support/api.ts';
import { connectAccount, createTestBackend, importOk, teamAdminReader } from '../../tests/support/test-backend.ts';
import { createApp } from './app.ts';

/**
 * Reports (ADR 040) through the API against DynamoDB Local and the local
 * scheduler: general and custom reports, the schedule mirrored to the Scheduler port, mailing lists and
 * contacts, each permission bit, another customer's report answering exactly like none, bad input 4xx.
 */
const PASSWORD = 'Reports-Test-2026!';
const NOW = new Date('2026-11-21T10:00:00Z');
let backend: Backend;
let app: ReturnType<typeof createApp>;
let scheduler: LocalScheduler;
let cookies: Record<string, string>;
const reportsTestKey = idempotencyKeys('reports-test-key');

const call = connectCaller(
  () => app,
  () => cookies,
);
const create = (user: string, body: unknown, key = reportsTestKey()) =>
  call(user, 'POST', '/flow/custom-reports', body, { 'Idempotency-Key': key });
const custom = {
  customerId: 'R-A1',
  name: 'Declined at T-1',
  reportType: 'transactions',
  filter: { result: 'declined', terminalId: 'T-1' },
  columns: ['at', 'amount', 'resultCode'],
  format: 'csv',
};
const schedule = {
  enabled: true,
  periodType: 'daily',
  reportingDays: ['monday', 'thursday'],
  endOfMonth: false,
  sendTime: '06:30',
  timeZone: 'Europe/Berlin',
  sendByEmail: true,
  copyByFtp: false,
  skipIfEmpty: true,
};

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'reports-test-'));
  scheduler = createLocalScheduler({ file: join(dir, 'schedules.json'), invoke: async () => {} });
  backend = await createTestBackend(() => NOW, {}, { scheduler });
  app = createApp(backend, () => '203.0.113.7');
  const account = (username: string, customerId: string, reportBits: number, extra: object = {}) =>
    connectAccount(username, customerId, PASSWORD, {
      firstname: username.split('.')[1],
      surname: 'Tester',
      modules: { reportManagement: { permissions: reportBits } },
      ...extra,
    });
  await importOk(backend, 'accounts', [
    account('rep.full', 'R-A1', 7),
    account('rep.read', 'R-A1', 1),
    account('rep.none', 'R-A1', 0),
    account('rep.other', 'R-B1', 7),
    account('rep.group', 'G-A', 1),
    account('rep.ordering', 'R-A1', 1, { portals: ['ordering'] }),
  ]);
  await importOk(backend, 'customerGroups', [{ customerGroupId: 'G-A', name: 'Group A' }]);
  await importOk(backend, 'retailers', [
    { customerId: 'R-A1', name: 'Alpha', groupId: 'G-A' },
    { customerId: 'R-B1', name: 'Beta' },
  ]);
  await importOk(backend, 'providers', [{ customerId: 'P-A2', name: 'Alpha Content', customerGroupId: 'G-A' }]);
  await importOk(backend, 'brands', [
    {
      id: 'default',
      name: 'Brand',
      layout: 'default',
      footerLinks: [],
      customFields: { reportIds: ['transactions', 'sales-by-day', 'orders', 'no-such-report'] },
    },
  ]);
  cookies = await signInAll(app, ['rep.full', 'rep.read', 'rep.none', 'rep.other', 'rep.group'], PASSWORD);
}, 120_000);

describe('general reports', () => {
  it("lists the brand's known report IDs for the customer, with the spec's fields", async () => {
    const { status, body } = await call('rep.full', 'GET', '/flow/reports?customerId=R-A1&kind=general');
    expect(status).toBe(200);
    const reports = body.reports as Report[];
    expect(reports.map((r) => r.processId)).toEqual(['gen.transactions.R-A1', 'gen.sales-by-day.R-A1', 'gen.orders.R-A1']);
    // A content provider has no ordering-portal orders (nor coupon cards): those general reports are not its.
    const provider = await call('rep.group', 'GET', '/flow/reports?customerId=P-A2&kind=general');
    expect((provider.body.reports as Report[]).map((r) => r.processId)).toEqual(['gen.transactions.P-A2', 'gen.sales-by-day.P-A2']);
    for (const r of reports) expect(Report.safeParse(r).success).toBe(true);
    expect(reports[1]).toMatchObject({
      kind: 'general',
      reportId: 'sales-by-day',
      reportType: 'sales',
      filter: { groupBy: 'day' },
      schedule: null,
      reportsCreated: 0,
      recipientCount: 0,
    });
  });

  it("another customer's list and report answer exactly like a customer / report nobody has", async () => {
    const foreign = await call('rep.other', 'GET', '/flow/reports?customerId=R-A1&kind=general');
    const none = await call('rep.other', 'GET', '/flow/reports?customerId=R-NONE&kind=general');
    expect(foreign).toEqual(none);
    expect(foreign.status).toBe(404);
    const theirs = await call('rep.other', 'GET', '/flow/reports/gen.transactions.R-A1');
    const nobodys = await call('rep.other', 'GET', '/flow/reports/gen.transactions.R-NONE');
    expect(theirs).toEqual(nobodys);
    expect(theirs).toMatchObject({ status: 404, body: { code: 'REPORT.NOT_FOUND' } });
  });

  it('cannot be edited or deleted', async () => {
    const { customerId: _c, ...update } = custom;
    expect(await call('rep.full', 'PUT', '/flow/custom-reports/gen.transactions.R-A1', update)).toMatchObject({
      status: 409,
      body: { code: 'REPORT.GENERAL_READ_ONLY' },
    });
    expect((await call('rep.full', 'DELETE', '/flow/custom-reports/gen.transactions.R-A1')).status).toBe(409);
  });

  it('needs reportManagement.reports', async () => {
    expect(await call('rep.none', 'GET', '/flow/reports?customerId=R-A1')).toMatchObject({
      status: 403,
      body: { code: 'PERMISSION.DENIED' },
    });
  });
});

describe('custom reports', () => {
  let processId: string;
  it('are created once per Idempotency-Key (201), listed, read and edited', async () => {
    const first = await create('rep.full', custom, 'reports-test-same-key');
    expect(first.status).toBe(201);
    processId = first.body.processId;
    expect(first.body).toMatchObject({ kind: 'custom', reportId: null, name: 'Declined at T-1', columns: ['at', 'amount', 'resultCode'] });
    const retry = await create('rep.full', custom, 'reports-test-same-key');
    expect(retry.body.processId).toBe(processId);
    expect(await create('rep.full', { ...custom, name: 'Other' }, 'reports-test-same-key')).toMatchObject({
      status: 409,
      body: { code: 'IDEMPOTENCY.KEY_REUSED' },
    });

    const list = await call('rep.read', 'GET', '/flow/reports?customerId=R-A1&kind=custom');
    expect((list.body.reports as Report[]).map((r) => r.processId)).toEqual([processId]);
    const { customerId: _c, ...update } = custom;
    const edited = await call('rep.read', 'PUT', `/flow/custom-reports/${processId}`, { ...update, name: 'Declined', format: 'xlsx' });
    expect(edited).toMatchObject({ status: 200, body: { name: 'Declined', format: 'xlsx', customerId: 'R-A1' } });
    expect(await loadReportDefinition(backend.db, processId)).toMatchObject({ kind: 'custom', name: 'Declined', createdBy: 'rep.full' });
  });

  it('bad columns, filters and fields are 400 with the field; a customer not theirs is 404', async () => {
    const columns = await create('rep.full', { ...custom, columns: ['at', 'nope'] });
    expect(columns).toMatchObject({ status: 400, body: { code: 'REPORT.COLUMNS_INVALID', issues: [{ path: 'columns' }] } });
    expect(await create('rep.full', { ...custom, columns: ['at', 'at'] })).toMatchObject({
      status: 400,
      body: { code: 'REPORT.COLUMNS_INVALID' },
    });
    const filter = await create('rep.full', { ...custom, reportType: 'orders', columns: ['orderId'], filter: { serial: '123' } });
    expect(filter).toMatchObject({ status: 400, body: { code: 'REPORT.FILTER_INVALID', issues: [{ path: 'filter.serial' }] } });
    expect(await create('rep.full', { ...custom, filter: { resultCode: 'bogus code!' } })).toMatchObject({
      status: 400,
      body: { code: 'REPORT.FILTER_INVALID' },
    });
    // A field no report takes is refused, not dropped from what the user saved.
    const unknown = await create('rep.full', { ...custom, filter: { amount: '1e999' } });
    expect(unknown).toMatchObject({ status: 400, body: { code: 'REPORT.FILTER_INVALID' } });
    expect(JSON.stringify(unknown.body)).toContain('amount');
    expect(await create('rep.full', { ...custom, name: '' })).toMatchObject({ status: 400, body: { code: 'REQUEST.VALIDATION_FAILED' } });
    const theirs = await create('rep.other', custom, 'reports-test-theirs');
    const nobodys = await create('rep.other', { ...custom, customerId: 'R-NONE' }, 'reports-test-nobody');
    expect(theirs).toEqual(nobodys);
    expect(theirs.status).toBe(404);
  });

  it("another customer's custom report answers like none on every call", async () => {
    const { customerId: _c, ...update } = custom;
    for (const [method, path, body] of [
      ['GET', `/flow/reports/${processId}`],
      ['PUT', `/flow/custom-reports/${processId}`, update],
      ['GET', `/flow/report-scheduling/${processId}`],
      ['PUT', `/flow/report-scheduling/${processId}`, schedule],
      ['GET', `/flow/custom-reports/${processId}/mailing-list`],
      ['GET', `/flow/custom-reports/${processId}/recipient-candidates`],
      ['POST', `/flow/custom-reports/${processId}/add-recipient`, { referenceId: 'u.rep.other' }],
      ['POST', `/flow/custom-reports/${processId}/remove-recipient`, { referenceId: 'u.rep.other' }],
      ['POST', '/flow/process-mail-contacts', { firstname: 'A', surname: 'B', email: 'a@example.com', processId }],
      ['DELETE', `/flow/custom-reports/${processId}`],
    ] as const) {
      const theirs = await call('rep.other', method, path, body);
      const nobodys = await call(
        'rep.other',
        method,
        path.replace(processId, 'cr-nobody'),
        body && 'processId' in body ? { ...body, processId: 'cr-nobody' } : body,
      );
      expect({ path, ...theirs }).toEqual({ path, ...nobodys });
      expect({ path, status: theirs.status }).toEqual({ path, status: 404 });
    }
    expect((await call('rep.full', 'GET', `/flow/reports/${processId}`)).status).toBe(200);
  });

  it('schedules: a default until saved; saving mirrors to the Scheduler, off removes it; bad input 400', async () => {
    const initial = await call('rep.read', 'GET', `/flow/report-scheduling/${processId}`);
    expect(initial.body).toMatchObject({
      processId,
      enabled: false,
      periodType: 'daily',
      reportingDays: expect.arrayContaining(['monday', 'sunday']),
    });
    expect(await call('rep.read', 'PUT', `/flow/report-scheduling/${processId}`, schedule)).toMatchObject({
      status: 403,
      body: { code: 'PERMISSION.DENIED' },
    });

    const saved = await call('rep.full', 'PUT', `/flow/report-scheduling/${processId}`, schedule);
    expect(saved).toMatchObject({ status: 200, body: { processId, ...schedule } });
    const spec = await scheduler.get(reportScheduleName(processId));
    expect(spec).toMatchObject({
      expression: 'cron(30 6 ? * MON,THU *)',
      timeZone: 'Europe/Berlin',
      payload: { kind: 'report', processId },
      retry: { maximumAttempts: 3, maximumEventAgeSeconds: 3600 },
    });
    expect((await call('rep.read', 'GET', `/flow/reports/${processId}`)).body.schedule).toMatchObject({ enabled: true, sendTime: '06:30' });

    for (const [bad, path] of [
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ sendTime: '25:00' }, 'sendTime'],
      [{ reportingDays: [] }, 'reportingDays'],
      // A set of weekdays (ADR 052): a repeated day is refused, never deduplicated behind the user's back.
      [{ reportingDays: ['monday', 'tuesday', 'monday'] }, 'reportingDays'],
      [{ reportingDays: Array.from({ length: 10_000 }, () => 'monday') }, 'reportingDays'],
      [{ periodType: 'weekly' }, 'periodType'],
    ] as const) {
      const res = await call('rep.full', 'PUT', `/flow/report-scheduling/${processId}`, { ...schedule, ...bad });
      expect({ path, status: res.status, code: res.body.code, paths: (res.body.issues as { path: string }[]).map((i) => i.path) }).toEqual({
        path,
        status: 400,
        code: 'REPORT.SCHEDULE_INVALID',
        paths: [path],
      });
    }
    expect((await call('rep.read', 'GET', `/flow/report-scheduling/${processId}`)).body).toMatchObject({
      reportingDays: ['monday', 'thursday'],
    });

    // A monthly send time that does not exist on a 1st (Sydney, 2028-10-01 02:30) would lose a month's report.
    const gap = await call('rep.full', 'PUT', `/flow/report-scheduling/${processId}`, {
      ...schedule,
      periodType: 'monthly',
      timeZone: 'Australia/Sydney',
      sendTime: '02:30',
    });
    expect(gap).toMatchObject({ status: 400, body: { code: 'REPORT.SCHEDULE_INVALID', issues: [{ path: 'sendTime' }] } });

    const off = await call('rep.full', 'PUT', `/flow/report-scheduling/${processId}`, { ...schedule, enabled: false });
    expect(off.body.enabled).toBe(false);
    expect(await scheduler.get(reportScheduleName(processId))).toBeNull();
  });

  it('mailing list: portal users of the customer (and its group) as candidates, contacts, add and remove', async () => {
    const candidates = await call('rep.full', 'GET', `/flow/custom-reports/${processId}/recipient-candidates`);
    expect((candidates.body.recipients as { referenceId: string }[]).map((r) => r.referenceId)).toEqual([
      'u.rep.full',
      'u.rep.group',
      'u.rep.none',
      'u.rep.read',
    ]);
    expect(await call('rep.read', 'GET', `/flow/custom-reports/${processId}/recipient-candidates`)).toMatchObject({ status: 403 });

    const added = await call('rep.full', 'POST', `/flow/custom-reports/${processId}/add-recipient`, { referenceId: 'u.rep.group' });
    expect(added.body.recipients).toEqual([
      expect.objectContaining({
        referenceId: 'u.rep.group',
        kind: 'user',
        email: 'rep.group@example.com',
        active: true,
        isEmailActive: true,
      }),
    ]);
    // Adding and removing are idempotent (a double click, a retried request).
    const again = await call('rep.full', 'POST', `/flow/custom-reports/${processId}/add-recipient`, { referenceId: 'u.rep.group' });
    expect(again).toEqual(added);
    // Another customer's user and an unknown contact are no one's to add.
    for (const referenceId of ['u.rep.other', 'u.rep.ordering', 'u.nobody', 'c.nobody']) {
      expect(await call('rep.full', 'POST', `/flow/custom-reports/${processId}/add-recipient`, { referenceId })).toMatchObject({
        status: 404,
        body: { code: 'REPORT.RECIPIENT_NOT_FOUND' },
      });
    }
    expect(await call('rep.full', 'POST', `/flow/custom-reports/${processId}/add-recipient`, { referenceId: 'x.bad' })).toMatchObject({
      status: 400,
    });

    const contact = await call('rep.full', 'POST', '/flow/process-mail-contacts', {
      firstname: 'Erika',
      surname: 'Muster',
      email: ' Erika@Example.COM ',
      processId,
    });
    // The address as typed (never change the case of data); the same address in other case is the same contact (ADR 051).
    expect(contact).toMatchObject({
      status: 201,
      body: {
        kind: 'contact',
        email: 'Erika@Example.COM',
        active: true,
        isEmailActive: true,
        unsubscribedAt: null,
        confirmation: 'pending',
      },
    });
    expect(
      await call('rep.full', 'POST', '/flow/process-mail-contacts', {
        firstname: 'E',
        surname: 'M',
        email: 'erika@example.com',
        processId,
      }),
    ).toMatchObject({ status: 409, body: { code: 'REPORT.RECIPIENT_EXISTS' } });
    expect(
      await call('rep.full', 'POST', '/flow/process-mail-contacts', { firstname: 'E', surname: '', email: 'not-mail', processId }),
    ).toMatchObject({ status: 400 });
    expect(
      await call('rep.read', 'POST', '/flow/process-mail-contacts', { firstname: 'E', surname: 'M', email: 'e@example.com', processId }),
    ).toMatchObject({ status: 403 });

    const list = await call('rep.read', 'GET', `/flow/custom-reports/${processId}/mailing-list`);
    // The test clock stands still: entries added at the same instant are in referenceId order.
    expect((list.body.recipients as { referenceId: string }[]).map((r) => r.referenceId).sort()).toEqual(
      [contact.body.referenceId, 'u.rep.group'].sort(),
    );
    expect((await call('rep.read', 'GET', `/flow/reports/${processId}`)).body.recipientCount).toBe(2);

    // What delivery (E) reads.
    const ref = contact.body.referenceId as string;
    expect(await findRecipient(backend.db, processId, ref)).toMatchObject({ email: 'Erika@Example.COM' });
    expect(await unsubscribeRecipient(backend.db, processId, ref, NOW)).toBe(true);
    expect(await unsubscribeRecipient(backend.db, processId, ref, NOW)).toBe(false);
    expect((await listMailingList(backend.db, processId)).find((r) => r.referenceId === ref)?.unsubscribedAt).toBe(NOW.toISOString());

    const removed = await call('rep.full', 'POST', `/flow/custom-reports/${processId}/remove-recipient`, { referenceId: 'u.rep.group' });
    expect((removed.body.recipients as { referenceId: string }[]).map((r) => r.referenceId)).toEqual([ref]);
    expect(await call('rep.full', 'POST', `/flow/custom-reports/${processId}/remove-recipient`, { referenceId: 'u.rep.group' })).toEqual(
      removed,
    );
    expect((await call('rep.read', 'GET', `/flow/reports/${processId}`)).body.recipientCount).toBe(1);
  });

  it('a general report has a mailing list and schedule of its own per customer', async () => {
    const added = await call('rep.full', 'POST', '/flow/custom-reports/gen.transactions.R-A1/add-recipient', { referenceId: 'u.rep.read' });
    expect(added.status).toBe(200);
    const saved = await call('rep.full', 'PUT', '/flow/report-scheduling/gen.transactions.R-A1', { ...schedule, periodType: 'monthly' });
    expect(saved.status).toBe(200);
    expect((await scheduler.get(reportScheduleName('gen.transactions.R-A1')))?.expression).toBe('cron(30 6 1 * ? *)');
    const general = await call('rep.read', 'GET', '/flow/reports?customerId=R-A1&kind=general');
    expect((general.body.reports as Report[])[0]).toMatchObject({ recipientCount: 1, schedule: { periodType: 'monthly' } });
    await call('rep.full', 'PUT', '/flow/report-scheduling/gen.transactions.R-A1', { ...schedule, enabled: false });
  });

  it('counts runs, mails and FTP copies (countReportRun); lastRunAt only moves forward', async () => {
    await countReportRun(backend.db, processId, 'R-A1', { created: 1, lastRunAt: '2026-11-20T06:30:00.000Z' });
    await countReportRun(backend.db, processId, 'R-A1', { emailed: 2, ftp: 1 });
    await countReportRun(backend.db, processId, 'R-A1', { lastRunAt: '2026-11-19T06:30:00.000Z' });
    const report = (await call('rep.read', 'GET', `/flow/reports/${processId}`)).body;
    expect(report).toMatchObject({ reportsCreated: 1, sentByEmail: 2, copiedByFtp: 1, lastRunAt: '2026-11-20T06:30:00.000Z' });
  });

  it('delete: the schedule leaves the Scheduler, the report answers 404 after', async () => {
    await call('rep.full', 'PUT', `/flow/report-scheduling/${processId}`, schedule);
    expect(await scheduler.get(reportScheduleName(processId))).not.toBeNull();
    expect((await call('rep.full', 'DELETE', `/flow/custom-reports/${processId}`)).status).toBe(204);
    expect(await scheduler.get(reportScheduleName(processId))).toBeNull();
    expect((await call('rep.full', 'GET', `/flow/reports/${processId}`)).status).toBe(404);
    expect(await listMailingList(backend.db, processId)).toEqual([]);
    expect((await call('rep.full', 'DELETE', `/flow/custom-reports/${processId}`)).status).toBe(404);
  });

  it("every change above is in the customer's audit log, each once, by name (ADR 114, ADR 122)", async () => {
    const { items } = await backend.customerAudit.list(teamAdminReader('R-A1'), { limit: 100 });
    const reportEvents = items
      .filter((e) => e.kind.startsWith('report.'))
      .map((e) => [e.actor.username, e.kind, e.details.change ?? e.details.enabled, e.details.recipient ?? null])
      .reverse();
    // Created, edited (by rep.read); schedules saved; a user and a contact added (the repeated add and remove
    // record nothing); the user removed; deleted.
    expect(reportEvents).toEqual(
      expect.arrayContaining([
        ['rep.full', 'report.changed', 'created', null],
        ['rep.read', 'report.changed', 'changed', null],
        ['rep.full', 'report.schedule_changed', true, null],
        ['rep.full', 'report.recipients_changed', 'added', 'group Tester'],
        ['rep.full', 'report.recipients_changed', 'added', 'Erika Muster'],
        ['rep.full', 'report.recipients_changed', 'removed', 'group Tester'],
        ['rep.full', 'report.changed', 'deleted', null],
      ]),
    );
    const removals = reportEvents.filter(([, kind, change]) => kind === 'report.recipients_changed' && change === 'removed');
    expect(removals).toHaveLength(1);
    expect(items.filter((e) => e.kind.startsWith('report.')).every((e) => e.ip === '203.0.113.7')).toBe(true);
  });
});

describe('the reports import kind (demo data through the one import path)', () => {
  const record = {
    processId: 'cr-imported',
    customerId: 'R-A1',
    name: 'Imported',
    reportType: 'transactions',
    filter: { result: 'declined' },
    columns: ['at', 'amount'],
    format: 'csv',
    createdBy: 'rep.full',
    schedule: { ...schedule, reportingDays: ['monday'] },
    recipients: ['rep.read'],
    contacts: [{ firstname: 'Ext', surname: 'Ernal', email: 'ext@partner.example' }],
  };
  it('writes the report, mirrors its schedule and fills its list; a re-import changes nothing twice', async () => {
    await importOk(backend, 'reports', [record]);
    await importOk(backend, 'reports', [{ ...record, name: 'Imported again' }]);
    const report = await call('rep.read', 'GET', '/flow/reports/cr-imported');
    expect(report.body).toMatchObject({
      name: 'Imported again',
      recipientCount: 2,
      schedule: { enabled: true, reportingDays: ['monday'] },
    });
    expect(await scheduler.get(reportScheduleName('cr-imported'))).toMatchObject({ expression: 'cron(30 6 ? * MON *)' });
    const list = (await listMailingList(backend.db, 'cr-imported')).map((r) => r.email).sort();
    expect(list).toEqual(['ext@partner.example', 'rep.read@example.com']);
  });
  it('refuses other customers, unknown users and bad columns per line', async () => {
    const report = await backend.imports.importRecords('reports', [
      { line: 1, data: { ...record, processId: 'cr-x1', customerId: 'R-NONE' } },
      { line: 2, data: { ...record, processId: 'cr-x2', recipients: ['rep.other'] } },
      { line: 3, data: { ...record, processId: 'cr-x3', columns: ['nope'] } },
      { line: 4, data: { ...record, processId: 'cr-imported', customerId: 'R-B1', recipients: [], createdBy: undefined } },
    ]);
    expect(report.errors.map((e) => e.line)).toEqual([1, 2, 3, 4]);
  });
});
