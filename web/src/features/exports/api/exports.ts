import { ExportDownload, ExportJob, type ExportRequest } from '@portal/core/export';
import { IDEMPOTENCY_HEADER } from '@portal/core/shared';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';
import { exportKeys } from './keys.ts';

/**
 * Export jobs (ADR 033): start one, follow its progress, download its files. Failures
 * are shown by the panel in place (a retry button), so the calls opt out of the snack; a 401/403 still
 * opens the auth dialog.
 */
const connect = { portal: 'connect', notify: false } as const;

/** POST /api/exports with the click's Idempotency-Key: 202 and the queued job (the same job on a retry). */
export async function startExport(request: ExportRequest, idempotencyKey: string): Promise<ExportJob> {
  const res = await api(connect).exports.$post({ json: request, header: { [IDEMPOTENCY_HEADER.toLowerCase()]: idempotencyKey } });
  return readJson(res, ExportJob, connect);
}

export async function fetchExportJob(jobId: string): Promise<ExportJob> {
  return readJson(await api(connect).exports[':jobId'].$get({ param: { jobId } }), ExportJob, connect);
}

/** GET /api/exports/:jobId/files/:index: a presigned URL valid a few minutes, asked for right before the download. */
export async function fetchDownload(jobId: string, index: number): Promise<ExportDownload> {
  const res = await api(connect).exports[':jobId'].files[':index'].$get({ param: { jobId, index: String(index) } });
  return readJson(res, ExportDownload, connect);
}

/** How often a queued or running job is asked for its progress. */
export const EXPORT_POLL_MS = 1000;
const unfinished = (job: ExportJob | undefined) => !job || job.status === 'queued' || job.status === 'running';

/** The job's progress: polled every EXPORT_POLL_MS while it is queued or running, then left alone. */
export function useExportJob(jobId: string | null, started: ExportJob | null) {
  return useSWR(jobId ? exportKeys.job(jobId) : null, () => fetchExportJob(jobId!), {
    ...(started && started.jobId === jobId ? { fallbackData: started } : {}),
    refreshInterval: (job) => (unfinished(job) ? EXPORT_POLL_MS : 0),
    revalidateOnFocus: false,
    revalidateOnMount: true,
  });
}
