import { REPORT, REPORT_MAX_PERIOD_DAYS, type ReportJob } from '@portal/core/report';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { DateRangeField, presetOptions } from '../../../components/ui/date-range-field.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { useT } from '../../../i18n/index.ts';
import { generateIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { dateTimeFormat, formatNumber, useUserFormat } from '../../../lib/user-format.ts';
import { refreshReports } from '../api/keys.ts';
import { startReportJob, useReportJob } from '../api/report-calls.ts';
import { RUN_PRESETS, type RunPeriod, runPeriodOf, runPeriodProblem } from '../model/report-format.ts';
import { serverProblems } from '../model/server-problems.ts';
import { FileDownload } from './file-download.tsx';

/**
 * "Run now" for a chosen period (ADR 044): the date range with the presets, whether to deliver
 * (mail the recipients, FTP copy as the schedule says), then the job's progress (polled each second) and
 * its files. One Idempotency-Key per attempt: a start whose answer was lost is the same job on a retry.
 */
export function RunNow({ processId, onStarted }: { processId: string; onStarted: () => void }) {
  const t = useT();
  const format = useUserFormat();
  const [period, setPeriod] = useState<RunPeriod>(() => runPeriodOf('yesterday', format.today()));
  const [deliver, setDeliver] = useState(false);
  const [attemptKey, setAttemptKey] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const job = useReportJob(jobId).data;
  const problem = runPeriodProblem(period, REPORT_MAX_PERIOD_DAYS);
  const running = starting || job?.status === 'creating';
  // A run that ends changes the lists (its files, the report's counters, the run log): read them again.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (!job) return;
    if (wasRunning.current && job.status !== 'creating') void refreshReports((_route, kind) => kind === 'list');
    wasRunning.current = job.status === 'creating';
  }, [job]);

  const start = async () => {
    setTried(true);
    if (problem) return;
    const key = attemptKey ?? generateIdempotencyKey();
    setAttemptKey(key);
    setStarting(true);
    setFailure(null);
    try {
      const started = await startReportJob(
        { processId, dateFrom: period.dateFrom, dateUntil: period.dateUntil, options: JSON.stringify({ deliver }) },
        key,
      );
      wasRunning.current = true;
      setJobId(started.jobId);
      setAttemptKey(null);
      onStarted();
    } catch (error) {
      setFailure(runLimitText(error) ?? serverProblems(error, t)?.message ?? null);
    } finally {
      setStarting(false);
    }
  };
  /** "Run now" is limited per user and customer (ADR 051): the 429 says when the next start is possible. */
  const runLimitText = (error: unknown) =>
    error instanceof ApiError && error.code === REPORT.RUN_LIMIT && error.retryAfter !== undefined
      ? t('reportPanels.run.tooOften', {
          time: dateTimeFormat(format.locale, { hour: '2-digit', minute: '2-digit', timeZone: format.timeZone }).format(
            new Date(Date.now() + error.retryAfter * 1000),
          ),
        })
      : null;
  const presets = presetOptions(RUN_PRESETS, period.preset, (p) => t(`reportPanels.presets.${p}`));

  return (
    <div className="space-y-4">
      <DateRangeField
        labels={{ end: t('reportPanels.run.until') }}
        presets={presets}
        preset={period.preset}
        onPresetChange={(preset) => setPeriod(runPeriodOf(preset, format.today()))}
        value={{ from: period.dateFrom, to: period.dateUntil }}
        onChange={({ from, to }) => setPeriod({ ...period, preset: 'custom', dateFrom: from, dateUntil: to })}
        error={tried && problem ? t(`reportPanels.run.problems.${problem}`, { count: REPORT_MAX_PERIOD_DAYS }) : undefined}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CheckboxField
          label={t('reportPanels.run.deliver')}
          helperText={t('reportPanels.run.deliverHelp')}
          checked={deliver}
          onCheckedChange={setDeliver}
        />
        <Button onClick={() => void start()} loading={running} disabled={running}>
          {t('reportPanels.run.start')}
        </Button>
      </div>
      {failure ? (
        <Alert theme="red" role="alert" title={t('reportPanels.run.startFailed')}>
          {failure}
        </Alert>
      ) : null}
      {job ? <JobProgress job={job} number={(n) => formatNumber(n, format.locale)} /> : null}
    </div>
  );
}

/** A job's state: progress while it runs, its files when finished, the reason when it failed. */
export function JobProgress({ job, number }: { job: ReportJob; number: (n: number) => string }) {
  const t = useT();
  const percent = job.totalRows ? Math.min(100, Math.round((job.rowsWritten / job.totalRows) * 100)) : null;
  return (
    <div className="space-y-3" aria-live="polite">
      {job.status === 'creating' ? (
        <div>
          <p className="text-sm text-slate-700">
            {job.totalRows === null
              ? t('reportPanels.run.runningUnknown', { count: job.rowsWritten, written: number(job.rowsWritten) })
              : t('reportPanels.run.running', { count: job.totalRows, written: number(job.rowsWritten), total: number(job.totalRows) })}
          </p>
          <ProgressBar percent={percent} label={t('reportPanels.run.progress')} className="mt-2" />
        </div>
      ) : null}
      {job.status === 'finished' ? (
        <div>
          <p className="text-sm font-medium text-green-800">
            {job.skippedEmpty
              ? t('reportPanels.run.skippedEmpty')
              : t('reportPanels.run.done', { count: job.rowsWritten, rows: number(job.rowsWritten) })}
          </p>
          <ul className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {job.files.map((file) => (
              <li key={file.fileId}>
                <FileDownload file={file} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {job.status === 'error' ? (
        <Alert theme="red" role="alert" title={t('reportPanels.run.failed')}>
          {job.error}
        </Alert>
      ) : null}
      {job.status === 'cancelled' ? <Alert theme="gray">{t('reportPanels.run.cancelled')}</Alert> : null}
    </div>
  );
}
