import type { ExportFile, ExportJob } from '@portal/core/export';
import { useEffect } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DownloadIcon } from '../../../components/ui/icons.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { useT } from '../../../i18n/index.ts';
import { usePortal } from '../../../lib/portal.ts';
import { usePresignedDownload } from '../../../lib/use-presigned-download.ts';
import { fetchDownload, useExportJob } from '../api/exports.ts';
import { isRunning, progressPercent } from '../model/export-progress.ts';

/**
 * A started export's progress (polled while it runs), split message, files and failure (export-panel.tsx loads it
 * once a job is there). Each polled state is reported to the panel, whose button and format choice wait while the
 * job runs.
 */
export function JobState({
  started,
  onPolled,
  number,
  onRetry,
}: {
  started: ExportJob;
  onPolled: (job: ExportJob) => void;
  number: (n: number) => string;
  onRetry: () => void;
}) {
  const t = useT();
  const { data: job = started } = useExportJob(started.jobId, started);
  useEffect(() => onPolled(job), [job, onPolled]);
  const percent = progressPercent(job);
  return (
    <div className="mt-4 space-y-3" aria-live="polite">
      {isRunning(job) ? (
        <div>
          <p className="text-sm text-slate-700">
            {job.status === 'queued' || job.totalRows === null
              ? job.rowsWritten > 0
                ? t('exports.runningUnknown', { count: job.rowsWritten, written: number(job.rowsWritten) })
                : t('exports.queued')
              : t('exports.running', { count: job.totalRows, written: number(job.rowsWritten), total: number(job.totalRows) })}
          </p>
          <ProgressBar percent={percent} label={t('exports.progressLabel')} className="mt-2" />
        </div>
      ) : null}
      {job.split ? <Alert theme="blue">{t('exports.split')}</Alert> : null}
      {job.status === 'done' ? (
        <div>
          <p className="text-sm font-medium text-green-800">
            {t('exports.done', { count: job.rowsWritten, rows: number(job.rowsWritten) })}
          </p>
          <ul className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {job.files.map((file) => (
              <li key={file.index}>
                <DownloadButton jobId={job.jobId} file={file} parts={job.files.length} number={number} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {job.status === 'failed' ? (
        <Alert theme="red" role="alert" title={t('exports.failed')}>
          {job.error ? <p>{job.error}</p> : null}
          <Button theme="text" className="-ml-3 mt-1" onClick={onRetry}>
            {t('exports.retry')}
          </Button>
        </Alert>
      ) : null}
    </div>
  );
}

/** Asks for a fresh presigned link on the click and lets the browser download it (an attachment). */
function DownloadButton({ jobId, file, parts, number }: { jobId: string; file: ExportFile; parts: number; number: (n: number) => string }) {
  const t = useT();
  const portal = usePortal();
  const { busy, failed, download } = usePresignedDownload(() => fetchDownload(portal, jobId, file.index));
  return (
    <div>
      <Button theme="secondary" block loading={busy} onClick={() => void download()} title={file.name} className="justify-start text-left">
        <DownloadIcon className="size-4 shrink-0" />
        <span className="flex flex-wrap items-baseline gap-x-1.5">
          <span>{parts > 1 ? t('exports.downloadPart', { part: file.index + 1, parts }) : t('exports.download')}</span>
          <span className="font-normal text-slate-500">{t('exports.fileRows', { count: file.rows, rows: number(file.rows) })}</span>
        </span>
      </Button>
      {failed ? (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {t('exports.downloadFailed')}
        </p>
      ) : null}
    </div>
  );
}
