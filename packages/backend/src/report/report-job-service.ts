import { createHash, randomUUID } from 'node:crypto';
import {
  type Delivery,
  REPORT,
  REPORT_MAX_PERIOD_DAYS,
  type ReportDownload,
  ReportFilter,
  type ReportFilePage,
  type ReportFileListQuery,
  type ReportJob,
  type ReportJobInput,
  type ReportJobListQuery,
  ReportJobOptions,
  type ReportJobPage,
  type ReportSchedule,
  reportFilterProblem,
  reportLanguageOf,
} from '@portal/core/report';
import { REQUEST } from '@portal/core/shared';
import type * as z from '@portal/core/zod';
import { type Actor, requirePermission, mayActFor } from '../access/index.ts';
import { getCustomer } from '../customers/index.ts';
import { byActor, recordAudit } from '../audit/index.ts';
import { AppError } from '../errors.ts';
import { mapLimit } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { createOnce, readReplay } from '../platform/db/idempotency.ts';
import type { FileStore } from '../platform/files/file-store.ts';
import type { JobLauncher } from '../platform/jobs/job-launcher.ts';
import type { ReportRunPayload } from '../platform/scheduler/dispatch.ts';
import type { RateLimiter } from '../platform/security/rate-limiter.ts';
import { limitRuns } from './report-run-limits.ts';
import type { Clock } from '../platform/time.ts';
import {
  freshJobState,
  getReportFile,
  getReportJob,
  listReportFiles,
  listReportJobs,
  newReportJobPut,
  parseReportFileId,
  removeAll,
  REPORT_FAILED_MESSAGE,
  REPORT_LEASE_MS,
  reportFileView,
  reportJobIdempotencyKey,
  reportJobView,
  reportJobWrites,
  type RunnableReport,
  type StoredReportJob,
} from './report-job-entity.ts';

/** How long a download link works (like exports, ADR 033): long enough to start it, too short to share. */
export const REPORT_DOWNLOAD_SECONDS = 300;

export type ReportJobServiceDeps = {
  db: Db;
  files: FileStore;
  now: Clock;
  launcher: JobLauncher<ReportRunPayload>;
  loadDefinition: (db: Db, processId: string) => Promise<RunnableReport | null>;
  loadSchedule: (db: Db, processId: string) => Promise<ReportSchedule | null>;
  listDeliveries: (db: Db, jobId: string) => Promise<Delivery[]>;
  /** "Run now" is limited per user and per customer (ADR 051); absent: unlimited (tools). */
  rateLimiter?: RateLimiter;
};

const reportNotFound = () => new AppError('not_found', REPORT.NOT_FOUND, 'Report not found.');
const jobNotFound = () => new AppError('not_found', REPORT.JOB_NOT_FOUND, 'Report job not found.');
const fileNotFound = () => new AppError('not_found', REPORT.FILE_NOT_FOUND, 'This file is not available.');
const filterInvalid = (path: string, message: string) =>
  new AppError('input', REPORT.FILTER_INVALID, 'The report filter is not valid.', {
    issues: [{ path: path ? `filter.${path}` : 'filter', message }],
  });
const periodInvalid = (path: string, message: string) =>
  new AppError('input', REPORT.PERIOD_INVALID, message, { issues: [{ path, message }] });

const requestHash = (input: ReportJobInput) => createHash('sha256').update(JSON.stringify(input)).digest('hex');

/** A real calendar day (the schema checks the shape only: 2026-02-30 is not one). */
const isCalendarDay = (day: string) => {
  const t = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === day;
};

/** The JSON text of a field parsed by a schema; a problem is a 400 naming the field (never a 500). */
function parseJsonField<T>(text: string, schema: z.ZodMiniType<T>, fail: (path: string, message: string) => AppError): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw fail('', 'Expected a JSON object');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fail(issue.path.join('.'), issue.message);
  }
  return parsed.data;
}

/** The period of a job: real days, in order, at most REPORT_MAX_PERIOD_DAYS long. */
export function checkPeriod(dateFrom: string, dateUntil: string): void {
  if (!isCalendarDay(dateFrom)) throw periodInvalid('dateFrom', 'Expected a date (YYYY-MM-DD)');
  if (!isCalendarDay(dateUntil)) throw periodInvalid('dateUntil', 'Expected a date (YYYY-MM-DD)');
  if (dateUntil < dateFrom) throw periodInvalid('dateUntil', 'The end of the period is before its start.');
  const days = (Date.parse(dateUntil) - Date.parse(dateFrom)) / 86_400_000 + 1;
  if (days > REPORT_MAX_PERIOD_DAYS) throw periodInvalid('dateUntil', `A report covers at most ${REPORT_MAX_PERIOD_DAYS} days.`);
}

type Access = ReturnType<typeof reportJobAccess>;

/**
 * Who reaches what (ADR 015): reportManagement.reports, and the report's (job's, file's) customer must be
 * one the user may act for — another customer's answers exactly like a nonexistent one.
 */
function reportJobAccess(deps: ReportJobServiceDeps) {
  const { db, now } = deps;
  const permit = (actor: Actor) => requirePermission(actor, 'reportManagement', 'reports');

  const mayReach = async (actor: Actor, customerId: string) => {
    const customer = await getCustomer(db, customerId);
    return customer !== null && mayActFor(actor, customer);
  };

  async function reachableDefinition(actor: Actor, processId: string): Promise<RunnableReport> {
    const definition = await deps.loadDefinition(db, processId);
    if (!definition || !(await mayReach(actor, definition.customerId))) throw reportNotFound();
    return definition;
  }

  async function reachableJob(actor: Actor, jobId: string): Promise<StoredReportJob> {
    permit(actor);
    const job = await getReportJob(db, jobId);
    if (!job || job.removed || !(await mayReach(actor, job.customerId))) throw jobNotFound();
    if (job.status !== 'creating' || now().getTime() - Date.parse(job.updatedAt) <= REPORT_LEASE_MS) return job;
    // Its runner died without a word (a run lasts at most 15 minutes): fail it now, once.
    await reportJobWrites.failed(db, jobId, REPORT_FAILED_MESSAGE, now());
    return (await getReportJob(db, jobId, true)) ?? job;
  }

  const view = async (job: StoredReportJob): Promise<ReportJob> => reportJobView(job, await deps.listDeliveries(db, job.jobId));

  async function replay(actor: Actor, key: string, hash: string, at: Date): Promise<ReportJob | null> {
    const record = await readReplay<{ jobId: string }>(db, reportJobIdempotencyKey(actor.username, key), at, hash, 'report job');
    if (!record) return null;
    const job = await getReportJob(db, record.jobId, true);
    if (!job) throw jobNotFound();
    return view(job);
  }

  return { permit, mayReach, reachableDefinition, reachableJob, view, replay };
}

/** The filter and the options of a "run now", each JSON text, parsed and checked against the report's type. */
function parseRunRequest(definition: RunnableReport, input: ReportJobInput) {
  checkPeriod(input.dateFrom, input.dateUntil);
  const filter = parseJsonField(input.filter, ReportFilter, filterInvalid);
  const problem = reportFilterProblem(definition.reportType, { ...definition.filter, ...filter });
  if (problem) throw filterInvalid(problem.field, problem.message);
  const options = parseJsonField(
    input.options,
    ReportJobOptions,
    (path, message) =>
      new AppError('input', REQUEST.VALIDATION_FAILED, 'The options are not valid.', {
        issues: [{ path: path ? `options.${path}` : 'options', message }],
      }),
  );
  return { filter, options };
}

/** The job a "run now" stores: the actor's, for the chosen period, in the schedule's time zone (else the actor's). */
function manualJob(
  actor: Actor,
  definition: RunnableReport,
  input: ReportJobInput,
  { filter, options }: ReturnType<typeof parseRunRequest>,
  schedule: ReportSchedule | null,
  at: Date,
): StoredReportJob {
  return {
    jobId: randomUUID(),
    processId: definition.processId,
    customerId: definition.customerId,
    reportName: definition.name,
    ...freshJobState(at),
    trigger: 'manual',
    scheduledFor: null,
    dateFrom: input.dateFrom,
    dateUntil: input.dateUntil,
    periodType: input.periodType,
    owner: actor.username,
    format: options.format ?? definition.format,
    filter,
    options: { deliver: options.deliver, skipIfEmpty: options.skipIfEmpty, ...(options.format ? { format: options.format } : {}) },
    timeZone: schedule?.timeZone ?? actor.timezone,
    language: reportLanguageOf(actor.locale),
  };
}

/**
 * "Run now" (SPEC flow/report-jobs create): the report for a chosen period, with the filter and the
 * options as JSON text. 202 with the job, which runs in the runner; a retry with the same
 * Idempotency-Key answers the same job, the key with another request is 409.
 */
function runNow(deps: ReportJobServiceDeps, access: Access) {
  const { db, now, launcher } = deps;
  return async (actor: Actor, input: ReportJobInput, key: string): Promise<ReportJob> => {
    access.permit(actor);
    const definition = await access.reachableDefinition(actor, input.processId);
    const request = parseRunRequest(definition, input);
    const at = now();
    const hash = requestHash(input);
    const earlier = await access.replay(actor, key, hash, at);
    if (earlier) return earlier;
    await limitRuns(deps.rateLimiter, actor, definition.customerId);
    const job = manualJob(actor, definition, input, request, await deps.loadSchedule(db, definition.processId), at);
    const record = { key: reportJobIdempotencyKey(actor.username, key), type: 'reportJobIdempotency', hash, made: { jobId: job.jobId } };
    return createOnce(
      db,
      at,
      { writes: [newReportJobPut(db, job)], record },
      {
        replay: () => access.replay(actor, key, hash, at),
        created: async () => {
          try {
            await launcher.launch({ kind: 'report-job', jobId: job.jobId });
          } catch (error) {
            await reportJobWrites.failed(db, job.jobId, REPORT_FAILED_MESSAGE, now());
            throw error;
          }
          return reportJobView(job, []);
        },
      },
    );
  };
}

/**
 * Report jobs for users (ADR 041): "run now" of a report for a chosen period, a job's
 * status, cancel/remove, a report's run log, the customer's report files and their download. Every call:
 * reportManagement.reports, and the report's (job's, file's) customer must be one the user may act for —
 * another customer's answers exactly like a nonexistent one (ADR 015).
 */
export function createReportJobService(deps: ReportJobServiceDeps) {
  const { db, files, now } = deps;
  const access = reportJobAccess(deps);
  const { permit, mayReach, reachableDefinition, view } = access;

  return {
    create: runNow(deps, access),

    /** The job with its progress, files and deliveries (the screen polls it). */
    async get(actor: Actor, jobId: string): Promise<ReportJob> {
      return view(await access.reachableJob(actor, jobId));
    },

    /**
     * DELETE: a running job is cancelled (the runner stops at its next page and removes what it wrote;
     * parts already recorded are removed here); a job that is over leaves the run log, its files stay
     * listed until their retention ends.
     */
    async remove(actor: Actor, jobId: string): Promise<void> {
      permit(actor);
      const job = await getReportJob(db, jobId);
      if (!job || !(await mayReach(actor, job.customerId))) throw jobNotFound();
      if (job.removed) return; // DELETE is idempotent: removed already
      if (job.status === 'creating' && (await reportJobWrites.cancel(db, jobId, now()))) {
        const recorded = Object.values(job.partResults ?? {}).flatMap((r) => r.segments.map((s) => s.key));
        await removeAll(files, recorded);
        return;
      }
      await reportJobWrites.removeFromLog(db, jobId, now());
    },

    /** A report's run log, newest first, each run with its deliveries (SPEC paging). */
    async list(actor: Actor, query: ReportJobListQuery): Promise<ReportJobPage> {
      permit(actor);
      await reachableDefinition(actor, query.processId);
      const page = await listReportJobs(db, query.processId, query, now());
      const items = await mapLimit(page.items, 8, (job) => view(job));
      return { items, index: query.index, maxResults: query.maxResults, totalCount: page.totalCount };
    },

    /** The customer's report files ("Report files" tab), newest first. */
    async files(actor: Actor, query: ReportFileListQuery): Promise<ReportFilePage> {
      permit(actor);
      if (!(await mayReach(actor, query.customerId))) throw reportNotFound();
      const page = await listReportFiles(db, query.customerId, query, now());
      return { items: page.items.map(reportFileView), index: query.index, maxResults: query.maxResults, totalCount: page.totalCount };
    },

    /** A presigned URL of one file, valid REPORT_DOWNLOAD_SECONDS. */
    async download(actor: Actor, fileId: string): Promise<ReportDownload> {
      permit(actor);
      const id = parseReportFileId(fileId);
      const file = id ? await getReportFile(db, id.jobId, id.index) : null;
      if (!file || Date.parse(file.expiresAt) <= now().getTime() || !(await mayReach(actor, file.customerId))) throw fileNotFound();
      // Recorded before the link is given (ADR 114): no file leaves without its entry.
      await recordAudit(
        db,
        { ...byActor(actor), kind: 'report.file_downloaded', details: { file: file.name, customerId: file.customerId } },
        now,
      );
      const url = await files.downloadUrl(file.key, file.name, REPORT_DOWNLOAD_SECONDS);
      return { url, name: file.name, expiresAt: new Date(now().getTime() + REPORT_DOWNLOAD_SECONDS * 1000).toISOString() };
    },
  };
}

export type ReportJobService = ReturnType<typeof createReportJobService>;
