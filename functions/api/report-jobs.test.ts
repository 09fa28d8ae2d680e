import { reportJobsFromConfig } from '@portal/backend/report';
import { ReportDownload, ReportFilePage, ReportJob, ReportJobPage } from '@portal/core/report';
import { beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../tests/support/api.ts';
import { importOk, connectAccount } from '../../tests/support/test-backend.ts';
import { s3ApiSuite } from '../../tests/support/test-app.ts';

/**
 * Report jobs and report files through the API (ADR 041) against DynamoDB Local
 * and s3rver: run now (202, Idempotency-Key), progress to finished, the run log, the files tab and the
 * presigned download; cancel and remove; the permission bit (reportManagement.reports); another customer's
 * report, job or file answering exactly like none (404); bad filters, options and periods (400).
 */
const PASSWORD = 'Report-Jobs-2026!';
const NOW = new Date('2026-11-21T10:00:00Z');
const BUCKET = 'report-jobs-api-test';
const OWN = 'R-JA';
const FOREIGN = 'R-JB';
const general = (customerId: string) => `gen.transactions.${customerId}`;
const world = s3ApiSuite(() => NOW, { REPORTS_BUCKET: BUCKET }, '203.0.113.51');
const freshKey = idempotencyKeys('report-jobs-key');

async function call(user: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await world.app.request(`/api${path}`, {
    method,
    headers: { 'X-Portal': 'connect', 'Content-Type': 'application/json', Cookie: world.cookies[user]!, ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, text, body: text ? (JSON.parse(text.slice(text.indexOf('{'))) as Record<string, unknown>) : {} };
}
const runNow = (user: string, body: Record<string, unknown>, key: string = freshKey()) =>
  call(user, 'POST', '/flow/report-jobs', body, { 'Idempotency-Key': key });
const request = (processId = general(OWN), extra: Record<string, unknown> = {}) => ({
  processId,
  dateFrom: '2026-11-17',
  dateUntil: '2026-11-20',
  ...extra,
});

async function finished(user: string, body = request()) {
  const res = await runNow(user, body);
  expect(res.status).toBe(202);
  const started = ReportJob.parse(res.body);
  await world.backend.reportJobs.idle();
  return ReportJob.parse((await call(user, 'GET', `/flow/report-jobs/${started.jobId}`)).body);
}

beforeAll(async () => {
  const { backend } = await world.start({
    // No mail here: the delivery is helper E's and tested there.
    // The test clock stands still, so "Run now"'s limits (ADR 051, report-relay.test.ts) are off here.
    adapt: (made) => {
      made.reportJobs = reportJobsFromConfig(made.config, {
        db: made.db,
        now: () => NOW,
        runner: { rowsPerFile: 3, deliver: async () => {} },
        rateLimiter: null,
      });
    },
  });
  const account = (username: string, customerId: string, reportBits: number) =>
    connectAccount(username, customerId, PASSWORD, {
      modules: { reportManagement: { permissions: reportBits, settings: 0 } },
      timezone: 'Europe/Berlin',
    });
  await importOk(backend, 'accounts', [account('rj.own', OWN, 1), account('rj.other', FOREIGN, 1), account('rj.schedule', OWN, 6)]);
  await importOk(backend, 'retailers', [
    { customerId: OWN, name: 'Jobs Markets' },
    { customerId: FOREIGN, name: 'Foreign Jobs' },
  ]);
  await importOk(backend, 'transactionTypes', [{ transactionTypeId: 'sale', name: 'Sale' }]);
  const tx = (n: number, customerId: string) => ({
    transactionId: `TX-RJ-${customerId}-${n}`,
    at: new Date(Date.UTC(2026, 10, 18, 9 + n)).toISOString(),
    customerId,
    terminalId: 'POS-1',
    type: 'sale',
    resultCode: n % 2 ? '05' : '00',
    result: n % 2 ? 'declined' : 'approved',
    amount: 500 + n,
    currency: 'EUR',
  });
  await importOk(backend, 'transactions', [...[0, 1, 2, 3, 4].map((n) => tx(n, OWN)), tx(0, FOREIGN)]);
  await world.signIn(['rj.own', 'rj.other', 'rj.schedule'], PASSWORD);
}, 120_000);

describe('POST /api/flow/report-jobs (run now), then GET /api/flow/report-jobs/:jobId', () => {
  it('answers 202 with the job creating; it finishes with the period split at the per-file limit', async () => {
    const res = await runNow('rj.own', request());
    expect(res.status).toBe(202);
    const started = ReportJob.parse(res.body);
    expect(started).toMatchObject({
      processId: general(OWN),
      customerId: OWN,
      status: 'creating',
      trigger: 'manual',
      scheduledFor: null,
      dateFrom: '2026-11-17',
      dateUntil: '2026-11-20',
      files: [],
      deliveries: [],
    });
    await world.backend.reportJobs.idle();
    const job = ReportJob.parse((await call('rj.own', 'GET', `/flow/report-jobs/${started.jobId}`)).body);
    expect(job).toMatchObject({ status: 'finished', rowsWritten: 5, totalRows: 5, error: null, finishedAt: NOW.toISOString() });
    expect(job.files.map((f) => f.rows)).toEqual([3, 2]);
    expect(job.files[0]).toMatchObject({ fileId: `${job.jobId}.0`, format: 'csv', expiresAt: '2027-02-19T10:00:00.000Z' });
  });

  it('takes a filter override and options as JSON text: declined only, as XLSX', async () => {
    const job = await finished(
      'rj.own',
      request(general(OWN), { filter: JSON.stringify({ result: 'declined' }), options: JSON.stringify({ format: 'xlsx' }) }),
    );
    expect(job).toMatchObject({ status: 'finished', rowsWritten: 2 });
    expect(job.files.map((f) => f.name)).toEqual([expect.stringMatching(/\.xlsx$/)]);
  });

  it('a retry with the same Idempotency-Key answers the same job; the key with another request is 409', async () => {
    const key = freshKey();
    const first = ReportJob.parse((await runNow('rj.own', request(), key)).body);
    const again = await runNow('rj.own', request(), key);
    expect(again.status).toBe(202);
    expect(ReportJob.parse(again.body).jobId).toBe(first.jobId);
    const other = await runNow('rj.own', request(general(OWN), { dateFrom: '2026-11-18' }), key);
    expect(other).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY.KEY_REUSED' } });
    const missing = await call('rj.own', 'POST', '/flow/report-jobs', request());
    expect(missing.status).toBe(400);
    await world.backend.reportJobs.idle();
  });
});

describe('bad input answers 400 with the field, never 500', () => {
  it.each([
    ['the end before the start', { dateFrom: '2026-11-20', dateUntil: '2026-11-19' }, 'REPORT.PERIOD_INVALID', 'dateUntil'],
    ['a period over 400 days', { dateFrom: '2025-01-01', dateUntil: '2026-11-20' }, 'REPORT.PERIOD_INVALID', 'dateUntil'],
    ['a day that does not exist', { dateFrom: '2026-02-30' }, 'REPORT.PERIOD_INVALID', 'dateFrom'],
    ['a filter that is no JSON', { filter: '{result:' }, 'REPORT.FILTER_INVALID', 'filter'],
    ['a filter value out of its set', { filter: JSON.stringify({ result: 'maybe' }) }, 'REPORT.FILTER_INVALID', 'filter.result'],
    ['a filter field the type does not take', { filter: JSON.stringify({ groupBy: 'day' }) }, 'REPORT.FILTER_INVALID', 'filter.groupBy'],
    ['options of the wrong type', { options: JSON.stringify({ deliver: 'yes' }) }, 'REQUEST.VALIDATION_FAILED', 'options.deliver'],
    ['options that are no JSON', { options: '[' }, 'REQUEST.VALIDATION_FAILED', 'options'],
  ])('%s', async (_name, change, code, path) => {
    const res = await runNow('rj.own', request(general(OWN), change));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
    expect((res.body.issues as { path: string }[]).map((i) => i.path)).toContain(path);
  });

  it('a malformed job or file id, a missing processId and a page size over 100 are 400', async () => {
    expect((await call('rj.own', 'GET', '/flow/report-jobs/x')).status).toBe(400);
    expect((await call('rj.own', 'GET', '/flow/report-files/nope/download')).status).toBe(400);
    expect((await call('rj.own', 'GET', '/flow/report-jobs')).status).toBe(400);
    expect((await call('rj.own', 'GET', `/flow/report-files?customerId=${OWN}&maxResults=101`)).status).toBe(400);
  });
});

describe('the run log, report files and the download', () => {
  it("lists a report's runs newest first, paged, each with its deliveries", async () => {
    await finished('rj.own');
    const page = ReportJobPage.parse(
      (await call('rj.own', 'GET', `/flow/report-jobs?processId=${general(OWN)}&index=0&maxResults=2`)).body,
    );
    expect(page).toMatchObject({ index: 0, maxResults: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.totalCount).toBeGreaterThanOrEqual(3);
    expect(page.items.every((j) => Array.isArray(j.deliveries))).toBe(true);
    const next = ReportJobPage.parse(
      (await call('rj.own', 'GET', `/flow/report-jobs?processId=${general(OWN)}&index=1&maxResults=2`)).body,
    );
    expect(next.items.map((j) => j.jobId)).not.toContain(page.items[0]!.jobId);
  });

  it("lists the customer's files, and a download is a presigned URL of the file for 5 minutes", async () => {
    const job = await finished('rj.own');
    const files = ReportFilePage.parse((await call('rj.own', 'GET', `/flow/report-files?customerId=${OWN}&maxResults=100`)).body);
    expect(
      files.items
        .filter((f) => f.jobId === job.jobId)
        .map((f) => f.fileId)
        .sort(),
    ).toEqual(job.files.map((f) => f.fileId).sort());
    const res = await call('rj.own', 'GET', `/flow/report-files/${job.files[0]!.fileId}/download`);
    const download = ReportDownload.parse(res.body);
    expect(download).toMatchObject({ name: job.files[0]!.name, expiresAt: new Date(NOW.getTime() + 300_000).toISOString() });
    const file = await fetch(download.url);
    expect(file.status).toBe(200);
    expect((await file.text()).split('\r\n').filter(Boolean)).toHaveLength(1 + 3);
  });
});

describe('DELETE /api/flow/report-jobs/:jobId', () => {
  it('cancels a running job; a finished one leaves the run log (its files stay listed); again is 204', async () => {
    // A launcher that never starts the runner: the job stays creating until it is cancelled.
    const saved = world.backend.reportJobs;
    world.backend.reportJobs = reportJobsFromConfig(world.backend.config, {
      db: world.backend.db,
      now: () => NOW,
      launcher: { launch: async () => {} },
      rateLimiter: null,
    });
    const running = ReportJob.parse((await runNow('rj.own', request())).body);
    expect((await call('rj.own', 'DELETE', `/flow/report-jobs/${running.jobId}`)).status).toBe(204);
    expect((await call('rj.own', 'GET', `/flow/report-jobs/${running.jobId}`)).body).toMatchObject({ status: 'cancelled' });
    world.backend.reportJobs = saved;

    const job = await finished('rj.own');
    expect((await call('rj.own', 'DELETE', `/flow/report-jobs/${job.jobId}`)).status).toBe(204);
    expect((await call('rj.own', 'DELETE', `/flow/report-jobs/${job.jobId}`)).status).toBe(204);
    expect((await call('rj.own', 'GET', `/flow/report-jobs/${job.jobId}`)).status).toBe(404);
    const log = ReportJobPage.parse((await call('rj.own', 'GET', `/flow/report-jobs?processId=${general(OWN)}&maxResults=100`)).body);
    expect(log.items.map((j) => j.jobId)).not.toContain(job.jobId);
    const files = ReportFilePage.parse((await call('rj.own', 'GET', `/flow/report-files?customerId=${OWN}&maxResults=100`)).body);
    expect(files.items.some((f) => f.jobId === job.jobId)).toBe(true);
  });
});

describe('who may', () => {
  it('without reportManagement.reports every call is 403 PERMISSION.DENIED', async () => {
    const calls = [
      runNow('rj.schedule', request()),
      call('rj.schedule', 'GET', `/flow/report-jobs?processId=${general(OWN)}`),
      call('rj.schedule', 'GET', '/flow/report-jobs/00000000-0000-0000-0000-000000000000'),
      call('rj.schedule', 'DELETE', '/flow/report-jobs/00000000-0000-0000-0000-000000000000'),
      call('rj.schedule', 'GET', `/flow/report-files?customerId=${OWN}`),
      call('rj.schedule', 'GET', '/flow/report-files/00000000-0000-0000-0000-000000000000.0/download'),
    ];
    for (const res of await Promise.all(calls)) expect(res).toMatchObject({ status: 403, body: { code: 'PERMISSION.DENIED' } });
  });

  it("another customer's report, job and file answer exactly like ones that do not exist", async () => {
    const job = await finished('rj.own');
    const pairs: [string, string, string, unknown?][] = [
      ['POST', '/flow/report-jobs', '', request(general(OWN))],
      ['GET', `/flow/report-jobs?processId=${general(OWN)}`, `/flow/report-jobs?processId=${general('R-NONE')}`],
      ['GET', `/flow/report-jobs/${job.jobId}`, '/flow/report-jobs/00000000-0000-0000-0000-000000000000'],
      ['DELETE', `/flow/report-jobs/${job.jobId}`, '/flow/report-jobs/00000000-0000-0000-0000-000000000000'],
      ['GET', `/flow/report-files?customerId=${OWN}`, '/flow/report-files?customerId=R-NONE'],
      ['GET', `/flow/report-files/${job.files[0]!.fileId}/download`, '/flow/report-files/00000000-0000-0000-0000-000000000000.0/download'],
    ];
    for (const [method, theirs, nobodys, body] of pairs) {
      const a = method === 'POST' ? await runNow('rj.other', body as Record<string, unknown>) : await call('rj.other', method, theirs);
      const b = method === 'POST' ? await runNow('rj.other', request(general('R-NONE'))) : await call('rj.other', method, nobodys);
      expect({ route: `${method} ${theirs}`, status: a.status, code: a.body.code, message: a.body.message }).toEqual({
        route: `${method} ${theirs}`,
        status: 404,
        code: b.body.code,
        message: b.body.message,
      });
      expect(b.status).toBe(404);
    }
    // The foreign user's attempts changed nothing: the job is still there for its owner.
    expect((await call('rj.own', 'GET', `/flow/report-jobs/${job.jobId}`)).status).toBe(200);
  });

  it('is connect only', async () => {
    const res = await world.app.request(`/api/flow/report-jobs/${'0'.repeat(36)}`, {
      headers: { 'X-Portal': 'ordering', Cookie: world.cookies['rj.own']! },
    });
    expect(res.status).toBe(403);
  });
});
