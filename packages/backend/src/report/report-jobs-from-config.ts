import type { Config } from '../config.ts';
import { createFileStore, type FileStore } from '../platform/files/file-store.ts';
import type { JobFactoryDeps } from '../platform/jobs/job-deps.ts';
import { jobLauncherFromConfig } from '../platform/jobs/job-launcher.ts';
import { lazy } from '../platform/lazy.ts';
import type { ReportJobPayload, ReportPartPayload, ReportRunPayload } from '../platform/scheduler/dispatch.ts';
import { createRateLimiter, type RateLimiter } from '../platform/security/rate-limiter.ts';
import { listDeliveries } from './delivery/delivery-entity.ts';
import { queuedDelivery } from './delivery/delivery-queue.ts';
import { countReportRun, getReportSchedule, loadReportDefinition } from './report-entity.ts';
import { createReportJobService } from './report-job-service.ts';
import type { ReportRunnerDeps } from './report-runner.ts';

// The runner and its writers (exceljs, csv-stringify), the sources and the delivery (SES, SFTP) load with
// the first run: the API only makes and reads jobs, so they stay out of its cold start.
const runnerModule = lazy(() => import('./report-runner.ts'));

/** What the report runner function is launched with: "run now" and a part of a fanned-out run (ADR 041). */
export type ReportLaunch = ReportRunPayload | ReportPartPayload;

/**
 * Report jobs of one process (ADR 041, the job factory shape of ADR 059): the API's service and the
 * runner's entry points, one wiring. The launcher by config (platform/jobs/job-launcher.ts): the runner's
 * function name (the API: REPORT_RUNNER_ARN; the runner itself: its own name, `selfFunctionName`) → async
 * Lambda invokes; local mode → this process in the background; AWS without a name → "run now" answers 503.
 * Tests replace the launcher, the row limits or the delivery.
 */
export function reportJobsFromConfig(
  config: Config,
  deps: JobFactoryDeps<ReportLaunch> & {
    files?: FileStore;
    selfFunctionName?: string;
    runner?: Partial<Pick<ReportRunnerDeps, 'rowsPerFile' | 'partRows' | 'progressEveryMs' | 'deliver' | 'source' | 'metric'>>;
    /** null: "Run now" unlimited (tests of other behaviour than ADR 051's limits). */
    rateLimiter?: RateLimiter | null;
    /** The customer's logo for the mails (ADR 084). */
    logoPng?: (customerId: string) => Promise<Buffer | null>;
  },
) {
  const { db, now } = deps;
  const files =
    deps.files ??
    createFileStore({ AWS_REGION: config.AWS_REGION, S3_ENDPOINT: config.S3_ENDPOINT, bucket: config.REPORTS_BUCKET }, deps.faults);
  const { launcher, idle } = jobLauncherFromConfig<ReportLaunch>(config, {
    label: 'report',
    functionName: deps.selfFunctionName ?? config.REPORT_RUNNER_ARN,
    unavailable: 'Reports cannot be run at the moment.',
    run: (payload) => run(payload),
    launcher: deps.launcher,
  });

  // On AWS the hand-off is a message to the delivery queue, whose consumer delivers (ADR 110); else in this process.
  const deliver = config.REPORT_DELIVERY_QUEUE_URL
    ? queuedDelivery(config, config.REPORT_DELIVERY_QUEUE_URL)
    : reportDeliveryFromConfig(config, { db, now, files, ...(deps.faults ? { faults: deps.faults } : {}), logoPng: deps.logoPng });
  const sources = lazy(() => import('./report-sources.ts'));

  const runnerDeps = async (): Promise<ReportRunnerDeps> => {
    const { reportSource } = await sources();
    return {
      db,
      files,
      now,
      loadDefinition: loadReportDefinition,
      loadSchedule: getReportSchedule,
      source: reportSource,
      deliver,
      countRun: countReportRun,
      launchPart: (jobId, part) => launcher.launch({ kind: 'report-part', jobId, part }),
      rowsPerFile: config.EXPORT_ROWS_PER_FILE,
      metric: (name, value) => console.log(metricLine(config.STAGE, name, value)),
      ...deps.runner,
    };
  };

  /** The runner's entry for a launched payload (AWS: the runner function; locally: the background). */
  async function run(payload: ReportLaunch): Promise<void> {
    const [runner, runnerDepsNow] = await Promise.all([runnerModule(), runnerDeps()]);
    if (payload.kind === 'report-job') await runner.runReportJob(runnerDepsNow, payload.jobId);
    else await runner.runReportPart(runnerDepsNow, payload.jobId, payload.part);
  }

  const service = createReportJobService({
    db,
    files,
    now,
    launcher,
    loadDefinition: loadReportDefinition,
    loadSchedule: getReportSchedule,
    listDeliveries,
    ...(deps.rateLimiter === null ? {} : { rateLimiter: deps.rateLimiter ?? createRateLimiter(db, now) }),
  });
  return {
    ...service,
    run,
    /** A schedule's fire (functions/jobs/report-runner.ts registers it as the 'report' job). */
    runScheduled: async (payload: Pick<ReportJobPayload, 'processId' | 'scheduledFor'>) =>
      (await runnerModule()).runScheduledReport(await runnerDeps(), payload),
    /**
     * The fixed-rate sweep (ADR 104; functions/jobs/report-runner.ts registers it as 'report-slots'):
     * the part-end path's sweep and start, so a slot whose invocation was lost is freed within a sweep of its
     * lease's end even when no report runs afterwards.
     */
    sweepSlots: async () => (await runnerModule()).startWaitingParts(await runnerDeps()),
    /** Resolves when every local run started so far (and its parts) finished. */
    idle,
  };
}

export type ReportJobs = ReturnType<typeof reportJobsFromConfig>;

/**
 * The delivery of a finished job (ADR 042) as the runner's own hand-off and the delivery queue's consumer run it; its
 * modules (SES, MIME, SFTP) load with the first delivery.
 */
export function reportDeliveryFromConfig(
  config: Config,
  deps: Pick<JobFactoryDeps<never>, 'db' | 'now' | 'faults'> & {
    files?: FileStore;
    logoPng?: ((customerId: string) => Promise<Buffer | null>) | undefined;
  },
): (jobId: string) => Promise<void> {
  const delivery = lazy(async () => {
    const [{ reportDeliveryDeps }, { deliverReportJob }] = await Promise.all([
      import('./delivery/delivery-service.ts'),
      import('./delivery/deliver-report-job.ts'),
    ]);
    const deliveryDeps = reportDeliveryDeps(config, {
      db: deps.db,
      now: deps.now,
      ...(deps.files ? { files: deps.files } : {}),
      ...(deps.faults ? { faults: deps.faults } : {}),
      ...(deps.logoPng ? { logoPng: deps.logoPng } : {}),
    });
    return (jobId: string) => deliverReportJob(deliveryDeps, jobId);
  });
  return async (jobId) => (await delivery())(jobId);
}

/** The namespace of the portal's own metrics; each carries its stage as the dimension `Stage` (infra/monitoring.ts). */
export const REPORT_METRICS_NAMESPACE = 'Portal/Reports';

/**
 * A CloudWatch embedded metric format line: Lambda's log line becomes a metric point, no API call (ADR 093).
 * Locally it is just a log line.
 */
export const metricLine = (stage: string, name: string, value: number, at = Date.now()) =>
  JSON.stringify({
    _aws: {
      Timestamp: at,
      CloudWatchMetrics: [{ Namespace: REPORT_METRICS_NAMESPACE, Dimensions: [['Stage']], Metrics: [{ Name: name, Unit: 'Count' }] }],
    },
    Stage: stage,
    [name]: value,
  });
