import { ExportDownload, ExportJob } from '@portal/core/export';
import { parse } from 'csv-parse/sync';
import { putExportJob, queuedJob } from '@portal/backend/export';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, readJson, signInAll } from '../../tests/support/api.ts';
import { createExportTestApp, type ExportTestApp, finishedExport } from '../../tests/support/export-fixtures.ts';
import { importOk } from '../../tests/support/test-backend.ts';
import { paymentAccount } from '../../tests/support/payment-accounts.ts';

/**
 * Export jobs through the API (ADR 033) against DynamoDB Local and s3rver: start (202,
 * Idempotency-Key: a retry answers the same job, the key with another body 409), progress to done, the
 * split at the row limit (5 rows per file here), the presigned download (the file itself, as an
 * attachment), another user's job and another customer's filter answering exactly like none (404), no
 * export permission (403), bad requests (400) and the portals' sessions.
 */
let suite: ExportTestApp;
const PASSWORD = 'Correct-Horse-42!';
const NOW = new Date('2026-11-21T10:00:00Z');
const cookies: Record<string, string> = {};
const freshKey = idempotencyKeys('export-test-key');

const headers = (user?: string, portal = 'connect') => ({
  'X-Portal': portal,
  'Content-Type': 'application/json',
  ...(user ? { Cookie: cookies[user]! } : {}),
});
const request = (customerId = 'R-EA', format = 'csv') => ({
  kind: 'transactions',
  format,
  filter: { customerId, startDate: '2026-11-01', endDate: '2026-11-20' },
});
const start = (user: string, body: unknown = request(), key: string | null = freshKey(), portal = 'connect') =>
  suite.app.request('/api/exports', {
    method: 'POST',
    headers: { ...headers(user, portal), ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify(body),
  });
const get = (path: string, user: string) => suite.app.request(`/api/exports${path}`, { headers: headers(user) });

beforeAll(async () => {
  // 5 rows per file through the setting (EXPORT_ROWS_PER_FILE, README), so 12 transactions make three files.
  suite = await createExportTestApp(() => NOW, 'export-api-test', { EXPORT_ROWS_PER_FILE: '5' });
  const { backend, app } = suite;
  const ok = (kind: string, records: object[]) => importOk(backend, kind, records);
  const account = (username: string, customerId: string, payment: number) => paymentAccount(username, customerId, payment, PASSWORD);
  await ok('accounts', [account('ex.one', 'R-EA', 7), account('ex.two', 'R-EA', 7), account('ex.noexport', 'R-EA', 3)]);
  await ok('retailers', [
    // A name a spreadsheet would run as a formula: the CSV must neutralise it.
    { customerId: 'R-EA', name: '=HYPERLINK("http://x","Alpha")' },
    { customerId: 'R-EB', name: 'Beta Shops' },
  ]);
  await ok('transactionTypes', [{ transactionTypeId: 'sale', name: 'Sale' }]);
  const tx = (n: number, customerId: string) => ({
    transactionId: `TX-E${customerId}-${String(n).padStart(3, '0')}`,
    at: new Date(Date.UTC(2026, 10, 19, 12) - n * 3_600_000).toISOString(),
    customerId,
    terminalId: 'POS-1',
    type: 'sale',
    resultCode: '00',
    result: 'approved',
    amount: 1000 + n,
    currency: 'EUR',
  });
  await ok('transactions', [...Array.from({ length: 12 }, (_, n) => tx(n, 'R-EA')), tx(0, 'R-EB')]);
  Object.assign(cookies, await signInAll(app, ['ex.one', 'ex.two', 'ex.noexport'], PASSWORD));
}, 120_000);
afterAll(() => suite?.s3.stop());

const finished = (user: string, body: unknown = request()) =>
  finishedExport(
    suite.backend,
    () => start(user, body),
    (jobId) => get(`/${jobId}`, user),
  );

describe('POST /api/exports, then GET /api/exports/:jobId', () => {
  it('starts a job (202, queued) that ends done with the whole result split into files of 5 rows', async () => {
    const res = await start('ex.one');
    expect(res.status).toBe(202);
    const queued = ExportJob.parse(await readJson(res));
    expect(queued).toMatchObject({ kind: 'transactions', format: 'csv', status: 'queued', rowsWritten: 0, files: [] });
    await suite.backend.exports.idle();
    const job = ExportJob.parse(await readJson(await get(`/${queued.jobId}`, 'ex.one')));
    expect(job).toMatchObject({ status: 'done', rowsWritten: 12, totalRows: 12, split: true, error: null, finishedAt: NOW.toISOString() });
    expect(job.files).toEqual([
      { index: 0, name: 'transactions_R-EA_2026-11-01_2026-11-20_part-1.csv', rows: 5 },
      { index: 1, name: 'transactions_R-EA_2026-11-01_2026-11-20_part-2.csv', rows: 5 },
      { index: 2, name: 'transactions_R-EA_2026-11-01_2026-11-20_part-3.csv', rows: 2 },
    ]);
  });

  it('a retry with the same Idempotency-Key answers the same job; the key with another request is 409', async () => {
    const key = freshKey();
    const first = ExportJob.parse(await readJson(await start('ex.one', request(), key)));
    const again = await start('ex.one', request(), key);
    expect(again.status).toBe(202);
    expect(ExportJob.parse(await readJson(again)).jobId).toBe(first.jobId);
    const other = await start('ex.one', request('R-EA', 'xlsx'), key);
    expect(other.status).toBe(409);
    expect((await readJson(other)).code).toBe('IDEMPOTENCY.KEY_REUSED');
    await suite.backend.exports.idle();
  });
});

describe('a job whose runner died', () => {
  it('answers failed once it has been silent longer than a run may last (16 minutes)', async () => {
    const job = (minutesAgo: number, jobId: string) => ({
      ...queuedJob({
        jobId,
        owner: 'ex.one',
        kind: 'transactions',
        format: 'csv',
        filter: request().filter,
        timeZone: 'UTC',
        createdAt: NOW.toISOString(),
      }),
      status: 'running' as const,
      totalRows: 10,
      updatedAt: new Date(NOW.getTime() - minutesAgo * 60_000).toISOString(),
    });
    await putExportJob(suite.backend.db, job(17, 'stale-job-0001'), NOW);
    await putExportJob(suite.backend.db, job(5, 'alive-job-0001'), NOW);
    const stale = ExportJob.parse(await readJson(await get('/stale-job-0001', 'ex.one')));
    expect({ status: stale.status, error: stale.error }).toEqual({
      status: 'failed',
      error: 'The export could not be completed. Please try again.',
    });
    expect(ExportJob.parse(await readJson(await get('/alive-job-0001', 'ex.one'))).status).toBe('running');
  });
});

describe('GET /api/exports/:jobId/files/:index', () => {
  it('answers a short-lived presigned URL that downloads the file as an attachment', async () => {
    const job = await finished('ex.one');
    const res = await get(`/${job.jobId}/files/2`, 'ex.one');
    expect(res.status).toBe(200);
    const download = ExportDownload.parse(await readJson(res));
    expect(download.name).toBe('transactions_R-EA_2026-11-01_2026-11-20_part-3.csv');
    expect(Date.parse(download.expiresAt) - NOW.getTime()).toBe(300_000);
    expect(download.url).toMatch(/X-Amz-Expires=300/);
    const file = await fetch(download.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment; filename="transactions_R-EA_2026-11-01_2026-11-20_part-3.csv"');
    const records = parse((await file.text()).slice(1)) as string[][];
    expect(records.map((r) => r[1])).toEqual(['Transaction ID', 'TX-ER-EA-010', 'TX-ER-EA-011']);
    // Newest first across the files; the hostile customer name is neutralised.
    const first = parse(
      (await (await fetch(ExportDownload.parse(await readJson(await get(`/${job.jobId}/files/0`, 'ex.one'))).url)).text()).slice(1),
    ) as string[][];
    expect(first.slice(1).map((r) => r[1])).toEqual(['TX-ER-EA-000', 'TX-ER-EA-001', 'TX-ER-EA-002', 'TX-ER-EA-003', 'TX-ER-EA-004']);
    expect(first[1]!.slice(0, 4)).toEqual(['2026-11-19 13:00:00', 'TX-ER-EA-000', 'R-EA', `'=HYPERLINK("http://x","Alpha")`]);
    // The result as the screen words it, its code beside it for machines (ADR 054).
    expect(first[0]!.slice(6, 12)).toEqual(['Type', 'Type (code)', 'Result code', 'Result', 'Result (code)', 'Serial number']);
    expect(first[1]!.slice(6, 8)).toEqual(['Sale', 'sale']);
    expect(first[1]!.slice(9, 11)).toEqual(['Approved', 'approved']);
    expect(first[1]!.slice(13, 15)).toEqual(['10.00', 'EUR']);
  });

  it('a file index the job does not have answers 404 EXPORT.FILE_NOT_FOUND', async () => {
    const job = await finished('ex.one');
    const res = await get(`/${job.jobId}/files/7`, 'ex.one');
    expect(res.status).toBe(404);
    expect((await readJson(res)).code).toBe('EXPORT.FILE_NOT_FOUND');
  });
});

describe('who may see what', () => {
  it("another user's job answers byte for byte like a job nobody has, for the job and its files", async () => {
    const job = await finished('ex.one');
    const nobody = 'b6a1c1f0-0000-4000-8000-000000000000';
    for (const suffix of ['', '/files/0']) {
      const theirs = await get(`/${job.jobId}${suffix}`, 'ex.two');
      const none = await get(`/${nobody}${suffix}`, 'ex.two');
      expect(theirs.status).toBe(404);
      expect((await theirs.text()).split(job.jobId).join(nobody)).toBe(await none.text());
    }
  });

  it("another customer's filter answers exactly like a customer that does not exist, and starts nothing", async () => {
    const theirs = await start('ex.one', request('R-EB'));
    const none = await start('ex.one', request('R-NONE'));
    expect(theirs.status).toBe(404);
    expect((await theirs.text()).split('R-EB').join('R-NONE')).toBe(await none.text());
  });

  it('without the export permission: 403 PERMISSION.DENIED (start, job, file)', async () => {
    const job = await finished('ex.one');
    for (const res of [
      await start('ex.noexport'),
      await get(`/${job.jobId}`, 'ex.noexport'),
      await get(`/${job.jobId}/files/0`, 'ex.noexport'),
    ]) {
      expect(res.status).toBe(403);
      expect((await readJson(res)).code).toBe('PERMISSION.DENIED');
    }
  });

  it('the ordering portal serves exports (the audit log, ADR 116) to its own session only: a connect session there is none', async () => {
    const res = await start('ex.one', request(), freshKey(), 'ordering');
    expect(res.status).toBe(401);
    expect((await readJson(res)).code).toBe('AUTH.REQUIRED');
  });
});

describe('bad requests answer 400 with field issues, never 500', () => {
  it.each([
    ['no Idempotency-Key', request(), null],
    ['an unknown kind', { ...request(), kind: 'orders' }, 'k'],
    ['an unknown format', request('R-EA', 'pdf'), 'k'],
    ['no filter', { kind: 'transactions', format: 'csv' }, 'k'],
    ['a bad date', { ...request(), filter: { customerId: 'R-EA', startDate: '2026-13-01', endDate: '2026-11-20' } }, 'k'],
    ['an inverted range', { ...request(), filter: { customerId: 'R-EA', startDate: '2026-11-20', endDate: '2026-11-01' } }, 'k'],
  ])('%s', async (_name, body, key) => {
    const res = await start('ex.one', body, key === null ? null : freshKey());
    expect(res.status).toBe(400);
    const error = await readJson(res);
    expect(typeof error.code).toBe('string');
    expect(typeof error.message).toBe('string');
  });

  it('a malformed job id or file index is 400', async () => {
    for (const path of ['/x', '/../../etc', '/abcdefgh-1234/files/-1', '/abcdefgh-1234/files/1000']) {
      const res = await get(path, 'ex.one');
      expect({ path, status: res.status }).toEqual({ path, status: path === '/../../etc' ? 404 : 400 });
    }
  });
});
