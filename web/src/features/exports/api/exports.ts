import { ExportDownload, ExportJob, type ExportRequest } from '@portal/core/export';
import { IDEMPOTENCY_HEADER, type Portal } from '@portal/core/shared';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';
import { usePortalRead } from '../../../lib/use-portal-read.ts';
import { exportKeys } from './keys.ts';

/**
 * Export jobs (ADR 033): start one, follow its progress, download its files. Failures
 * are shown by the panel in place (a retry button), so the calls opt out of the snack; a 401/403 still
 * opens the auth dialog. Connect's sections export, and so does the audit log in both portals (ADR 116):
 * each call names the portal of the screen it is made from, whose session started the job.
 */
const quiet = (portal: Portal) => ({ portal, notify: false }) as const;

/** POST /api/exports with the click's Idempotency-Key: 202 and the queued job (the same job on a retry). */
export async function startExport(portal: Portal, request: ExportRequest, idempotencyKey: string): Promise<ExportJob> {
  const res = await api(quiet(portal)).exports.$post({ json: request, header: { [IDEMPOTENCY_HEADER.toLowerCase()]: idempotencyKey } });
  return readJson(res, ExportJob, quiet(portal));
}

export async function fetchExportJob(portal: Portal, jobId: string): Promise<ExportJob> {
  return readJson(await api(quiet(portal)).exports[':jobId'].$get({ param: { jobId } }), ExportJob, quiet(portal));
}

/** GET /api/exports/:jobId/files/:index: a presigned URL valid a few minutes, asked for right before the download. */
export async function fetchDownload(portal: Portal, jobId: string, index: number): Promise<ExportDownload> {
  const res = await api(quiet(portal)).exports[':jobId'].files[':index'].$get({ param: { jobId, index: String(index) } });
  return readJson(res, ExportDownload, quiet(portal));
}

/** How often a queued or running job is asked for its progress. */
export const EXPORT_POLL_MS = 1000;
const unfinished = (job: ExportJob | undefined) => !job || job.status === 'queued' || job.status === 'running';

/** The job's progress: polled every EXPORT_POLL_MS while it is queued or running, then left alone. */
export function useExportJob(jobId: string | null, started: ExportJob | null) {
  return usePortalRead(jobId || null, exportKeys.job, fetchExportJob, {
    ...(started && started.jobId === jobId ? { fallbackData: started } : {}),
    refreshInterval: (job) => (unfinished(job) ? EXPORT_POLL_MS : 0),
    revalidateOnFocus: false,
    revalidateOnMount: true,
  });
}
