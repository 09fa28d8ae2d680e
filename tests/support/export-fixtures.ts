import type { Backend } from '@portal/backend';
import { exportsFromConfig } from '@portal/backend/export';
import { ExportJob } from '@portal/core/export';
import { expect } from 'vitest';
import { readJson } from './api.ts';
import { createS3TestBackend } from './test-backend.ts';
import { createApp } from '../../functions/api/app.ts';

/**
 * The API over createS3TestBackend (REPORTS_BUCKET `bucket`) whose export jobs (ADR 033) run in this process
 * on the suite's clock, so `backend.exports.idle()` waits for the runner; `overrides` as createS3TestBackend's
 * (e.g. EXPORT_ROWS_PER_FILE). The suite stops `s3` in its afterAll.
 */
export async function createExportTestApp(now: () => Date, bucket: string, overrides: Record<string, string> = {}) {
  const { s3, backend } = await createS3TestBackend(now, { REPORTS_BUCKET: bucket }, overrides);
  backend.exports = exportsFromConfig(backend.config, { db: backend.db, now });
  return { s3, backend, app: createApp(backend, () => '203.0.113.41') };
}
export type ExportTestApp = Awaited<ReturnType<typeof createExportTestApp>>;

/**
 * An export started through the API and run to its end: `start()` is the POST (it must answer 202 and the
 * queued job), then the runner runs and the job is answered as `read(jobId)` (the GET of its progress) reads it.
 */
export async function finishedExport(
  backend: Backend,
  start: () => Response | Promise<Response>,
  read: (jobId: string) => Response | Promise<Response>,
): Promise<ExportJob> {
  const res = await start();
  expect(res.status).toBe(202);
  const queued = ExportJob.parse(await readJson(res));
  await backend.exports.idle();
  return ExportJob.parse(await readJson(await read(queued.jobId)));
}
