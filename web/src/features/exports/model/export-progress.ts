import type { ExportJob, ExportRequest } from '@portal/core/export';

/** What a section hands the panel: the request without the format (the panel asks for that). */
export type ExportTarget = { [K in ExportRequest['kind']]: Omit<Extract<ExportRequest, { kind: K }>, 'format'> }[ExportRequest['kind']];

/** The full request of a target and a chosen format. */
export function exportRequest(target: ExportTarget, format: ExportRequest['format']): ExportRequest {
  // Each kind on its own, so the spread keeps its filter's type.
  switch (target.kind) {
    case 'transactions':
      return { ...target, format };
    case 'sales':
      return { ...target, format };
    case 'audit':
      return { ...target, format };
  }
}

/** The progress bar's value in percent (0–100), or null while the total is not known yet. */
export function progressPercent(job: Pick<ExportJob, 'status' | 'rowsWritten' | 'totalRows'>): number | null {
  if (job.status === 'done') return 100;
  if (job.totalRows === null) return null;
  if (job.totalRows === 0) return job.status === 'running' ? 100 : 0;
  return Math.min(100, Math.floor((job.rowsWritten / job.totalRows) * 100));
}

export const isRunning = (job: Pick<ExportJob, 'status'> | undefined) => job?.status === 'queued' || job?.status === 'running';
