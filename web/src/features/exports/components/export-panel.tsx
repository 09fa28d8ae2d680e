import type { ExportFormat, ExportJob } from '@portal/core/export';
import { EXPORT_FORMATS } from '@portal/core/export/formats';
import { Suspense, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useT } from '../../../i18n/index.ts';
import { usePortal } from '../../../lib/portal.ts';
import { formatNumber, useUserFormat } from '../../../lib/user-format.ts';
import { type ExportTarget, exportRequest, isRunning } from '../model/export-progress.ts';
import { lazyPart } from '../../../lib/lazy-part.ts';

// What a started export shows (its progress, its files' downloads), what follows it (the polling, the contract's
// job schema) and what starts it (the idempotency key, the POST) load on the press of "Start export": a screen that
// offers the panel does not download them (ADR 133, ADR 141). The press of the button starts the download already
// (pointer or focus), before the click.
const loadStart = () => import('./export-start.ts');
const JobState = lazyPart(() => import('./export-job.tsx'), 'JobState');

const preload = () => {
  void loadStart().catch(() => undefined);
  void import('./export-job.tsx').catch(() => undefined);
};

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
  // The started job's last polled state, reported by the job's part (export-job.tsx) once it is loaded.
  const [polled, setPolled] = useState<ExportJob | null>(null);
  // One key per attempt: a start whose answer was lost is retried with the same key (the same job).
  const [attemptKey, setAttemptKey] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [startFailed, setStartFailed] = useState(false);
  const job = (polled && polled.jobId === started?.jobId ? polled : started) ?? undefined;
  const running = starting || isRunning(job);
  const number = (n: number) => formatNumber(n, locale);

  const start = async () => {
    if (!target) return;
    setStarting(true);
    setStartFailed(false);
    try {
      const { generateIdempotencyKey, startExport } = await loadStart();
      const key = attemptKey ?? generateIdempotencyKey();
      setAttemptKey(key);
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
          <Button onClick={() => void start()} onPointerEnter={preload} onFocus={preload} loading={running} disabled={!target || running}>
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
      {started ? (
        <Suspense fallback={null}>
          <JobState started={started} onPolled={setPolled} number={number} onRetry={() => void start()} />
        </Suspense>
      ) : null}
    </Card>
  );
}
