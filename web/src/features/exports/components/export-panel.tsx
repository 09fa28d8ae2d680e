import { EXPORT_FORMATS, type ExportFile, type ExportFormat, type ExportJob } from '@portal/core/export';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DownloadIcon } from '../../../components/ui/icons.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { useT } from '../../../i18n/index.ts';
import { generateIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { usePortal } from '../../../lib/portal.ts';
import { usePresignedDownload } from '../../../lib/use-presigned-download.ts';
import { formatNumber, useUserFormat } from '../../../lib/user-format.ts';
import { fetchDownload, startExport, useExportJob } from '../api/exports.ts';
import { type ExportTarget, exportRequest, isRunning, progressPercent } from '../model/export-progress.ts';

export type ExportPanelProps = {
  /** What to export (the section's applied filter); null while the filter cannot be exported. */
  target: ExportTarget | null;
  className?: string;
};

/**
 * The export of a section's whole filtered result (ADR 033): choose CSV or XLSX,
 * start the job, watch its progress (polled each second), read the split message when the result is
 * spread over several files, then download each file through a short-lived link asked for on the click.
 * A failed job or start offers to try again. Sections compose it from their route files.
 */
export function ExportPanel({ target, className = '' }: ExportPanelProps) {
  const t = useT();
  const { locale } = useUserFormat();
  const portal = usePortal();
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [started, setStarted] = useState<ExportJob | null>(null);
  // One key per attempt: a start whose answer was lost is retried with the same key (the same job).
  const [attemptKey, setAttemptKey] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [startFailed, setStartFailed] = useState(false);
  const { data: job } = useExportJob(started?.jobId ?? null, started);
  const running = starting || isRunning(job);
  const number = (n: number) => formatNumber(n, locale);

  const start = async () => {
    if (!target) return;
    const key = attemptKey ?? generateIdempotencyKey();
    setAttemptKey(key);
    setStarting(true);
    setStartFailed(false);
    try {
      setStarted(await startExport(portal, exportRequest(target, format), key));
      setAttemptKey(null);
    } catch {
      setStartFailed(true);
    } finally {
      setStarting(false);
    }
  };

  return (
    <Card className={`p-4 sm:p-5 ${className}`}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900">{t('exports.title')}</h2>
          <p className="mt-0.5 text-sm text-slate-600">{t('exports.description')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <fieldset className="flex items-center gap-1 rounded-lg bg-slate-100 p-1" disabled={running}>
            <legend className="sr-only">{t('exports.format')}</legend>
            {EXPORT_FORMATS.map((f) => (
              <label
                key={f}
                className={`cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium ${format === f ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
              >
                <input
                  type="radio"
                  name="export-format"
                  value={f}
                  checked={format === f}
                  onChange={() => setFormat(f)}
                  className="sr-only"
                />
                {t(`exports.formats.${f}`)}
              </label>
            ))}
          </fieldset>
          <Button onClick={() => void start()} loading={running} disabled={!target || running}>
            {job && !isRunning(job) ? t('exports.again') : t('exports.start')}
          </Button>
        </div>
      </div>
      {!target ? <p className="mt-3 text-sm text-slate-500">{t('exports.needsFilter')}</p> : null}
      {startFailed ? (
        <Alert theme="red" role="alert" className="mt-4" title={t('exports.startFailed')}>
          <Button theme="text" className="-ml-3 mt-1" onClick={() => void start()}>
            {t('exports.retry')}
          </Button>
        </Alert>
      ) : null}
      {job ? <JobState job={job} number={number} onRetry={() => void start()} /> : null}
    </Card>
  );
}

function JobState({ job, number, onRetry }: { job: ExportJob; number: (n: number) => string; onRetry: () => void }) {
  const t = useT();
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
