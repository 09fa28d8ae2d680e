import { createHash } from 'node:crypto';
import { EXPORT_ROWS_PER_FILE } from '@portal/core/export';
import { reportLanguageOf, type ReportSchedule, type ReportType, reportPeriodFor } from '@portal/core/report';
import { addDays, startOfDayInZone } from '@portal/core/shared';
import { getAccount } from '../accounts/index.ts';
import { mapLimit } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { isConditionFailure } from '../platform/db/conditions.ts';
import type { ExportRow } from '../platform/jobs/file-columns.ts';
import type { WrittenFile } from '../platform/jobs/file-set.ts';
import { throttled } from '../platform/jobs/progress.ts';
import type { FileStore } from '../platform/files/file-store.ts';
import type { Clock } from '../platform/time.ts';
import { joinSegments, type Segment } from './report-file-join.ts';
import { CancelledRun, writeRunFiles } from './report-file-set.ts';
import {
  getReportJob,
  listRemainingFiles,
  REPORT_LEASE_MS,
  putNewReportJob,
  removeAll,
  freshJobState,
  REPORT_FAILED_MESSAGE,
  type RunnableReport,
  reportFileId,
  reportJobWrites,
  retentionEnd,
  type StoredReportFile,
  type StoredReportJob,
} from './report-job-entity.ts';
import { dayBucketKey, type PlanWindow, planReportParts, REPORT_PARTS_AT_ONCE, REPORT_READ_PROFILE } from './report-part-plan.ts';
import type { ReportRun, ReportSource, ReportSourceDeps } from './report-sources.ts';
import { claimWaitingParts, releaseSlot, renewSlot, waitPut } from './report-slot-entity.ts';

/**
 * The report runner (ADR 041): runs one report job — reads the report's rows for the job's period through
 * its source (report-sources.ts), writes them with the export's writers and split rule to the reports
 * bucket under `reports/<customerId>/<jobId>/`, records the files on the job and hands a delivered run to
 * the delivery (delivery/deliver-report-job.ts). A transactions period whose rows exceed what one run
 * writes in its 15 minutes (`partRows`) is fanned out: day ranges run as parts, each in its own
 * invocation, and the invocation that finishes the last part joins them into one file set.
 *
 * Exactly once: a scheduled run's job id is derived from the report and the scheduled time and made with a
 * conditional Put, so a fire delivered twice finds the job; a runner takes a job with a lease (claim), so
 * a second invocation leaves a live run alone and only finishes what is left (the delivery, which E keeps
 * exactly-once per recipient). File keys are the job's, so a retried run rewrites the same file set.
 */

export type ReportRunnerDeps = {
  db: Db;
  /** The reports bucket. */
  files: FileStore;
  now: Clock;
  loadDefinition: (db: Db, processId: string) => Promise<RunnableReport | null>;
  loadSchedule: (db: Db, processId: string) => Promise<ReportSchedule | null>;
  source: (definition: RunnableReport, run: ReportRun, deps: ReportSourceDeps) => ReportSource;
  /** Sends a finished run to its recipients and the FTP folder (E); throws when a retryable delivery failed. */
  deliver: (jobId: string) => Promise<void>;
  /** The report's "reports created" counter and last run (D's countReportRun). */
  countRun: (db: Db, processId: string, customerId: string, counts: { created?: number; lastRunAt?: string }) => Promise<void>;
  /** Starts one part of a fanned-out job in its own invocation (AWS: async Lambda invoke; locally: in-process). */
  launchPart: (jobId: string, part: number) => Promise<void>;
  /** Parts of all jobs reading at once at most (REPORT_PARTS_AT_ONCE; tests: a few). */
  partsAtOnce?: number;
  /** Rows per file (EXPORT_ROWS_PER_FILE; tests split at a few). */
  rowsPerFile?: number;
  /** Rows one invocation writes at most before the period is fanned out (REPORT_PART_ROWS; tests: a few). */
  partRows?: number;
  progressEveryMs?: number;
  log?: (message: string, fields: Record<string, unknown>) => void;
  /** A count for CloudWatch (an EMF log line on AWS, ADR 093): `OverdueReportParts` feeds an alarm. */
  metric?: (name: string, value: number) => void;
};

/**
 * What one invocation writes within its 15 minutes with room to spare: the export bench measured ~2,000-5,000
 * rows/s on DynamoDB Local (docs/benchmarks.md) and more on DynamoDB; 1,000,000 rows at 2,000 rows/s is 8
 * minutes. Equal to the per-file limit, so a part is never split into two files (ADR 041).
 */
export const REPORT_PART_ROWS = EXPORT_ROWS_PER_FILE;

/** Only transactions fan out (H: sales is one small answer, coupon status dedupes cards across the period). */
const FANS_OUT: readonly ReportType[] = ['transactions'];

const HOUR_MS = 3_600_000;

const REPORT_GONE_MESSAGE = 'The report no longer exists.';

/** Where a job's files live; the S3 lifecycle rule on `reports/` removes them after the retention. */
export const REPORT_PREFIX = 'reports/';
const jobPrefix = (job: Pick<StoredReportJob, 'customerId' | 'jobId'>) => `${REPORT_PREFIX}${job.customerId}/${job.jobId}/`;

/** A scheduled run's job id: the same for every delivery of the same fire. */
export const scheduledJobId = (processId: string, scheduledFor: string) =>
  `s-${createHash('sha256')
    .update(`${processId}\n${new Date(scheduledFor).toISOString()}`)
    .digest('hex')
    .slice(0, 40)}`;

const defaultLog = (message: string, fields: Record<string, unknown>) => console.error(`[report] ${message}`, fields);
const errorText = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

/** The calendar days from..until (inclusive), newest first. */
export function daysNewestFirst(dateFrom: string, dateUntil: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${dateUntil}T00:00:00Z`); t >= Date.parse(`${dateFrom}T00:00:00Z`); t -= 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

const runOf = (job: StoredReportJob, range?: Pick<ReportRun, 'dateFrom' | 'dateUntil'>): ReportRun => ({
  customerId: job.customerId,
  dateFrom: range?.dateFrom ?? job.dateFrom,
  dateUntil: range?.dateUntil ?? job.dateUntil,
  timeZone: job.timeZone,
  ...(Object.keys(job.filter).length ? { filterOverride: job.filter } : {}),
  ...(job.language ? { language: job.language } : {}),
});

const definitionFor = (definition: RunnableReport, job: StoredReportJob): RunnableReport => ({ ...definition, format: job.format });

function storedFiles(job: StoredReportJob, written: readonly WrittenFile[], at: Date): StoredReportFile[] {
  return written.map((file) => ({
    fileId: reportFileId(job.jobId, file.index),
    processId: job.processId,
    jobId: job.jobId,
    reportName: job.reportName,
    name: file.name,
    format: job.format,
    rows: file.rows,
    bytes: file.bytes,
    dateFrom: job.dateFrom,
    dateUntil: job.dateUntil,
    createdAt: at.toISOString(),
    expiresAt: retentionEnd(new Date(job.createdAt)).toISOString(),
    key: file.key,
  }));
}

/**
 * Runs a job to finished | error | cancelled. `retry` (scheduled runs): an errored job is taken again and
 * a failure is thrown after it is recorded, so Lambda's async retries and the DLQ see it (ADR 005).
 */
export async function runReportJob(deps: ReportRunnerDeps, jobId: string, options: { retry?: boolean } = {}): Promise<void> {
  const { db, now } = deps;
  const log = deps.log ?? defaultLog;
  const job = await getReportJob(db, jobId, true);
  if (!job || job.status === 'cancelled') return;
  if (job.status === 'finished') {
    // A duplicate fire or a retry after the files were made: only what is left (E sends nothing twice).
    await listRemainingFiles(db, job);
    if (job.options.deliver && !job.skippedEmpty) await deps.deliver(jobId);
    return;
  }
  if (job.status === 'error' && !options.retry) return;
  if (job.parts && job.status === 'creating') return; // fanned out: its parts finish it
  if (!(await reportJobWrites.claim(db, jobId, now(), options.retry === true))) return;
  try {
    const definition = await deps.loadDefinition(db, job.processId);
    if (!definition) {
      await reportJobWrites.failed(db, jobId, REPORT_GONE_MESSAGE, now());
      return;
    }
    await runWhole(deps, job, definitionFor(definition, job));
  } catch (error) {
    if (error instanceof CancelledRun) return;
    if (error instanceof Error && error.name === 'DeliveryIncompleteError') {
      // The files exist and the job is finished; the deliveries show what failed (E retries them on the next run).
      log('delivery incomplete', { jobId, error: error.message });
      if (options.retry) throw error;
      return;
    }
    log('job failed', { jobId, error: errorText(error) });
    await reportJobWrites
      .failed(db, jobId, REPORT_FAILED_MESSAGE, now())
      .catch((e: unknown) => log('could not mark the job failed', { jobId, error: String(e) }));
    if (options.retry) throw error;
  }
}

async function runWhole(deps: ReportRunnerDeps, job: StoredReportJob, definition: RunnableReport): Promise<void> {
  const { db, now } = deps;
  const rowsPerFile = deps.rowsPerFile ?? EXPORT_ROWS_PER_FILE;
  const partRows = deps.partRows ?? REPORT_PART_ROWS;
  const asOf = Date.parse(job.createdAt);
  const source = deps.source(definition, runOf(job), { db, asOf });
  const total = await source.count();
  const days = daysNewestFirst(job.dateFrom, job.dateUntil);
  if (total > partRows && FANS_OUT.includes(definition.reportType)) {
    const limit = Math.min(partRows, rowsPerFile);
    const windows = await countWindows(deps, job, definition, days, limit);
    // Each part within the per-file limit too: an XLSX part is a file of the set as it is (ADR 041).
    // Rows are on day keys (ADR 074): a part reads one day's key, the parts of different days different keys.
    const plan = planReportParts(windows, { ...REPORT_READ_PROFILE, partRows: limit }, dayBucketKey(job.customerId));
    // A plan past the read profile (a ledger's day beyond a key's share, ADR 074): said, not hidden.
    if (plan.problems.length)
      (deps.log ?? defaultLog)('the part plan passes the read profile', { jobId: job.jobId, problems: plan.problems });
    if (plan.parts.length > 1) {
      // The parts wait for the fleet's slots (ADR 077) and start as slots free up.
      const wait = waitPut(
        db,
        job.jobId,
        plan.parts.map((p) => p.index),
        plan.seconds,
        plan.atOnce,
        now(),
      );
      if (!(await reportJobWrites.fanOut(db, job.jobId, plan.parts, total, now(), wait)))
        throw new CancelledRun('the job is no longer running');
      await startWaitingParts(deps);
      return;
    }
  }
  if (!(await reportJobWrites.total(db, job.jobId, total, now()))) throw new CancelledRun('the job is no longer running');
  const { files: written, written: rows } = await writeRunFiles(
    {
      files: deps.files,
      format: job.format,
      columns: source.columns,
      timeZone: job.timeZone,
      title: source.title,
      stem: source.fileStem,
      keyOf: (name) => `${jobPrefix(job)}${name}`,
      rowsPerFile,
      expectedRows: total,
      headerOnlyWhenEmpty: !job.options.skipIfEmpty,
      onPage: progressWriter(deps, (written) => reportJobWrites.progress(db, job.jobId, written, now())),
    },
    source.rows(),
  );
  await finish(deps, job, written, rows);
}

/**
 * The period's rows per window, newest first (ADR 074): each day of the report's zone (its count: a few
 * summary reads, 8 days at a time), and a day above the part size as its hours (the rows up to each hour's
 * end, `asOf`, minus those up to the hour before: 24 more counts), so no day is a part past the limit.
 */
async function countWindows(
  deps: ReportRunnerDeps,
  job: StoredReportJob,
  definition: RunnableReport,
  days: readonly string[],
  limit: number,
): Promise<PlanWindow[]> {
  const jobAsOf = Date.parse(job.createdAt);
  const countUpTo = (day: string, asOf: number) =>
    asOf < startOfDayInZone(day, job.timeZone)
      ? Promise.resolve(0)
      : deps.source(definition, runOf(job, { dateFrom: day, dateUntil: day }), { db: deps.db, asOf: Math.min(asOf, jobAsOf) }).count();
  const perDay = await mapLimit(days, 8, async (day) => {
    const from = startOfDayInZone(day, job.timeZone);
    const to = startOfDayInZone(addDays(day, 1), job.timeZone);
    const rows = await countUpTo(day, to - 1);
    if (rows <= limit) return [{ day, from, to, rows }];
    const ends: number[] = [];
    for (let end = Math.min(to, Math.floor(from / HOUR_MS) * HOUR_MS + HOUR_MS); end < to; end += HOUR_MS) ends.push(end);
    ends.push(to);
    const upTo = await mapLimit(ends, 8, (end) => countUpTo(day, end - 1));
    const hours: PlanWindow[] = [];
    let start = from;
    let before = 0;
    for (const [i, end] of ends.entries()) {
      const through = upTo[i] ?? before;
      hours.push({ day, from: start, to: end, rows: through - before });
      start = end;
      before = through;
    }
    return hours.reverse();
  });
  return perDay.flat();
}

/** Writes progress at most every progressEveryMs; answers false once the job was cancelled. */
const progressWriter = (deps: ReportRunnerDeps, write: (written: number) => Promise<boolean>) =>
  throttled(deps.progressEveryMs ?? 1500, write);

/** creating → finished (or finished with skippedEmpty), then the count and the delivery. */
async function finish(deps: ReportRunnerDeps, job: StoredReportJob, written: readonly WrittenFile[], rows: number): Promise<void> {
  const { db, now } = deps;
  const at = now();
  const skippedEmpty = rows === 0 && job.options.skipIfEmpty;
  const files = skippedEmpty ? [] : storedFiles(job, written, at);
  if (skippedEmpty)
    await removeAll(
      deps.files,
      written.map((f) => f.key),
    );
  if (!(await reportJobWrites.finish(db, job, rows, files, skippedEmpty, at))) {
    // Cancelled while the last file closed: no half file set stays behind.
    await removeAll(
      deps.files,
      files.map((f) => f.key),
    );
    return;
  }
  if (!skippedEmpty) await deps.countRun(db, job.processId, job.customerId, { created: 1, lastRunAt: at.toISOString() });
  if (job.options.deliver && !skippedEmpty) await deps.deliver(job.jobId);
}

/**
 * One part of a fanned-out job: its day range written as part files (each a whole file with its header),
 * recorded once on the job; the invocation whose record completes the parts joins the file set. A part
 * that fails fails the job (and is thrown: Lambda's retry finds the job in error and does nothing).
 */
export async function runReportPart(deps: ReportRunnerDeps, jobId: string, index: number): Promise<void> {
  const job = await getReportJob(deps.db, jobId, true);
  if (!job?.slotted) return runPart(deps, job, jobId, index);
  // Not holding a live slot: a retry after its release, or a part swept after its lease (it waits again).
  const line = await renewSlot(deps.db, jobId, index, deps.now(), REPORT_LEASE_MS);
  if (line === null) return startWaitingParts(deps);
  try {
    await runPart(deps, job, jobId, index);
  } finally {
    await releaseSlot(deps.db, jobId, index, line);
    await startWaitingParts(deps);
  }
}

/**
 * Starts waiting parts in the slots free now (ADR 077): each claimed with a lease, then launched. A launch
 * that is lost keeps its slot only until the lease ends; the next caller sweeps it and the part waits again.
 */
export async function startWaitingParts(deps: ReportRunnerDeps): Promise<void> {
  // A part swept past its lease ran longer than its slot without finishing its run: counted for the alarm.
  const claims = await claimWaitingParts(deps.db, deps.partsAtOnce ?? REPORT_PARTS_AT_ONCE, deps.now(), REPORT_LEASE_MS, (parts) =>
    deps.metric?.('OverdueReportParts', parts),
  );
  for (const claim of claims) await deps.launchPart(claim.jobId, claim.part);
}

async function runPart(deps: ReportRunnerDeps, job: StoredReportJob | null, jobId: string, index: number): Promise<void> {
  const { db, now } = deps;
  const log = deps.log ?? defaultLog;
  const part = job?.parts?.[index];
  if (!job || !part || job.status !== 'creating') return;
  if (job.partResults?.[String(index)]) {
    // Redelivered after its record: finish the join if the joiner died before it ended.
    if (job.partsDone === job.parts!.length) await joinParts(deps, jobId);
    return;
  }
  let written: WrittenFile[] = [];
  try {
    const definition = await deps.loadDefinition(db, job.processId);
    if (!definition) {
      await reportJobWrites.failed(db, jobId, REPORT_GONE_MESSAGE, now());
      return;
    }
    // A part of hours (ADR 074) reads its days up to its end (`asOf`) and stops at its start.
    const asOf = Math.min(Date.parse(job.createdAt), part.to ? Date.parse(part.to) - 1 : Infinity);
    const source = deps.source(definitionFor(definition, job), runOf(job, part), { db, asOf });
    let reported = 0;
    const result = await writeRunFiles(
      {
        files: deps.files,
        format: job.format,
        columns: source.columns,
        timeZone: job.timeZone,
        title: source.title,
        stem: `part-${index}`,
        keyOf: (name) => `${jobPrefix(job)}parts/${index}/${name}`,
        rowsPerFile: Math.min(deps.rowsPerFile ?? EXPORT_ROWS_PER_FILE, EXPORT_ROWS_PER_FILE),
        expectedRows: part.estimatedRows,
        headerOnlyWhenEmpty: true,
        onPage: progressWriter(deps, async (rows) => {
          const delta = rows - reported;
          reported = rows;
          return reportJobWrites.partProgress(db, jobId, delta, now());
        }),
      },
      part.from ? rowsFrom(source.rows(), Date.parse(part.from)) : source.rows(),
    );
    written = result.files;
    const done = await reportJobWrites.partDone(
      db,
      jobId,
      index,
      { rows: result.written, segments: written.map(({ key, rows, bytes }) => ({ key, rows, bytes })) },
      now(),
    );
    if (done === null) {
      await removeAll(
        deps.files,
        written.map((f) => f.key),
      ); // cancelled meanwhile
      return;
    }
    if (done === job.parts!.length) await joinParts(deps, jobId);
  } catch (error) {
    if (error instanceof CancelledRun) return;
    log('part failed', { jobId, part: index, error: errorText(error) });
    await removeAll(
      deps.files,
      written.map((f) => f.key),
    );
    if (
      await reportJobWrites
        .failed(db, jobId, REPORT_FAILED_MESSAGE, now())
        .catch((e: unknown) => log('could not mark the job failed', { jobId, error: String(e) }))
    ) {
      // The parts that finished before this one failed leave nothing behind either (the job ended in error).
      const recorded = (await getReportJob(db, jobId, true))?.partResults ?? {};
      await removeAll(
        deps.files,
        Object.values(recorded).flatMap((r) => r.segments.map((s) => s.key)),
      );
    }
    throw error;
  }
}

/**
 * The rows at or after `from` of a newest-first stream; it stops at the first older row, so a part of hours
 * reads at most one page (JOB_PAGE_ROWS) past its start.
 */
async function* rowsFrom(pages: AsyncIterable<ExportRow[]>, from: number): AsyncGenerator<ExportRow[]> {
  for await (const page of pages) {
    const kept = page.filter((row) => Date.parse(String(row.at)) >= from);
    if (kept.length) yield kept;
    if (kept.length < page.length) return;
  }
}

/** The join step (report-file-join.ts), then finish like a whole run; the part files go once joined. */
async function joinParts(deps: ReportRunnerDeps, jobId: string): Promise<void> {
  const { db } = deps;
  const job = await getReportJob(db, jobId, true);
  if (!job || job.status !== 'creating' || !job.parts) return;
  const segments: Segment[] = job.parts.flatMap((p) => job.partResults?.[String(p.index)]?.segments ?? []);
  const rows = job.parts.reduce((n, p) => n + (job.partResults?.[String(p.index)]?.rows ?? 0), 0);
  const definition = await deps.loadDefinition(db, job.processId);
  if (!definition) {
    await reportJobWrites.failed(db, jobId, REPORT_GONE_MESSAGE, deps.now());
    return;
  }
  const source = deps.source(definitionFor(definition, job), runOf(job), { db, asOf: Date.parse(job.createdAt) });
  const joined =
    rows === 0 && job.options.skipIfEmpty
      ? []
      : await joinSegments({
          files: deps.files,
          format: job.format,
          columns: source.columns,
          timeZone: job.timeZone,
          stem: source.fileStem,
          keyOf: (name) => `${jobPrefix(job)}${name}`,
          rowsPerFile: deps.rowsPerFile ?? EXPORT_ROWS_PER_FILE,
          segments,
        });
  const kept = new Set(joined.map((f) => f.key));
  await removeAll(
    deps.files,
    segments.map((s) => s.key).filter((key) => !kept.has(key)),
  );
  await finish(deps, job, joined, rows);
}

/**
 * A schedule's fire (dispatch.ts ReportJobPayload): the period of the scheduled time in the report's zone
 * (null: not a reporting day), the job made once per fire, then run; a failure is thrown for the retry/DLQ.
 */
export async function runScheduledReport(
  deps: ReportRunnerDeps,
  payload: { processId: string; scheduledFor?: string | undefined },
): Promise<void> {
  const { db, now } = deps;
  const log = deps.log ?? defaultLog;
  const scheduledFor = payload.scheduledFor ?? now().toISOString();
  const schedule = await deps.loadSchedule(db, payload.processId);
  if (!schedule?.enabled) {
    log('fire of a report without an enabled schedule: nothing to do', { processId: payload.processId, scheduledFor });
    return;
  }
  const period = reportPeriodFor(schedule, new Date(scheduledFor));
  if (!period) return; // the cron fires daily for the end-of-month flag; not every day is a reporting day
  const definition = await deps.loadDefinition(db, payload.processId);
  if (!definition) return;
  // Nobody pressed a button: a custom report's files speak its owner's language, a general report's English (ADR 054).
  const owner = definition.createdBy ? await getAccount(db, definition.createdBy) : null;
  const at = now();
  const job: StoredReportJob = {
    jobId: scheduledJobId(payload.processId, scheduledFor),
    processId: payload.processId,
    customerId: definition.customerId,
    reportName: definition.name,
    ...freshJobState(at),
    trigger: 'schedule',
    scheduledFor: new Date(scheduledFor).toISOString(),
    dateFrom: period.dateFrom,
    dateUntil: period.dateUntil,
    periodType: schedule.periodType,
    owner: null,
    format: definition.format,
    filter: {},
    options: { deliver: true, skipIfEmpty: schedule.skipIfEmpty },
    timeZone: schedule.timeZone,
    ...(owner ? { language: reportLanguageOf(owner.locale) } : {}),
  };
  try {
    await putNewReportJob(db, job);
  } catch (error) {
    if (!isConditionFailure(error)) throw error; // a duplicate fire: the job exists, finish what is left
  }
  await runReportJob(deps, job.jobId, { retry: true });
}
