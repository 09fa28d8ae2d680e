import { createHash, randomUUID } from 'node:crypto';
import { EXPORT, type ExportDownload, type ExportJob, type ExportRequest, FILE_LANGUAGES_OF, fileLanguageOf } from '@portal/core/export';
import { IDEMPOTENCY } from '@portal/core/shared';
import type { Actor } from '../access/index.ts';
import { byActor, recordAudit } from '../audit/index.ts';
import { AppError } from '../errors.ts';
import type { Db } from '../platform/db/client.ts';
import { isConditionFailure } from '../platform/db/conditions.ts';
import { idempotencyPut, readIdempotency } from '../platform/db/idempotency.ts';
import { transactWrite } from '../platform/db/transact.ts';
import type { FileStore } from '../platform/files/file-store.ts';
import type { JobLauncher } from '../platform/jobs/job-launcher.ts';
import { lazy } from '../platform/lazy.ts';
import type { Clock } from '../platform/time.ts';
import {
  EXPORT_FAILED_MESSAGE,
  exportIdempotencyKey,
  exportJobView,
  exportJobWrites,
  getExportJob,
  isStale,
  newExportJobPut,
  queuedJob,
  type StoredExportJob,
} from './export-job-entity.ts';
import type { ExportJobEvent } from './export-job-event.ts';
import { type ExportSources, sourceOf } from './export-sources.ts';

const runner = lazy(() => import('./export-runner.ts'));

/** How long a download link works: long enough to start the download, short enough not to be shared. */
export const DOWNLOAD_URL_SECONDS = 300;

export type ExportServiceDeps = {
  db: Db;
  files: FileStore;
  sources: ExportSources;
  launcher: JobLauncher<ExportJobEvent>;
  now: Clock;
  rowsPerFile?: number;
};

const requestHash = (request: ExportRequest) => createHash('sha256').update(JSON.stringify(request)).digest('hex');
const notFound = () => new AppError('not_found', EXPORT.NOT_FOUND, 'Export not found.');

/**
 * Export jobs (ADR 033). Per function: the kind's export permission (transactions:
 * payment.transactionExport; each source names its own); per object: the filter's customer must be one
 * the actor may act for (the source's scope check, 404 like an unknown one), and a job is visible only
 * to the user who started it (another user's job answers exactly like none).
 */
export function createExportService(deps: ExportServiceDeps) {
  const { db, files, sources, launcher, now } = deps;

  /** Some export permission at all: the route's policy lists them, a caller holding none gets 403 first. */
  const requireSomeExportPermission = (actor: Actor) => {
    let denied: unknown;
    for (const source of Object.values(sources)) {
      try {
        source.requirePermission(actor);
        return;
      } catch (error) {
        denied = error;
      }
    }
    throw denied;
  };

  async function ownJob(actor: Actor, jobId: string): Promise<StoredExportJob> {
    requireSomeExportPermission(actor);
    const job = await getExportJob(db, jobId);
    if (!job || job.owner !== actor.username) throw notFound();
    sourceOf(sources, job.kind).requirePermission(actor);
    if (!isStale(job, now())) return job;
    // Its runner died without a word (a run lasts at most 15 minutes): fail it now, once.
    await exportJobWrites.failed(db, jobId, EXPORT_FAILED_MESSAGE, now());
    return (await getExportJob(db, jobId, true)) ?? job;
  }

  async function replay(actor: Actor, key: string, hash: string, at: Date): Promise<ExportJob | null> {
    const record = await readIdempotency<{ jobId: string }>(db, exportIdempotencyKey(actor.username, key), at);
    if (!record) return null;
    if (record.hash !== hash)
      throw new AppError('conflict', IDEMPOTENCY.KEY_REUSED, 'This idempotency key was already used for another export.');
    const job = await getExportJob(db, record.jobId, true);
    if (!job) throw notFound();
    return exportJobView(job);
  }

  return {
    /**
     * Starts an export of the whole filtered result (202 with the queued job). A retry with the same
     * Idempotency-Key answers the job already started; the same key with another request is 409.
     */
    async create(actor: Actor, request: ExportRequest, key: string): Promise<ExportJob> {
      const source = sourceOf(sources, request.kind);
      source.requirePermission(actor);
      await source.requireScope(actor, request.filter, db);
      const at = now();
      const hash = requestHash(request);
      const earlier = await replay(actor, key, hash, at);
      if (earlier) return earlier;
      const job = queuedJob({
        jobId: randomUUID(),
        owner: actor.username,
        kind: request.kind,
        format: request.format,
        filter: request.filter,
        timeZone: actor.timezone,
        // The owner's language among the kind's file languages (ADR 054; the audit log's four, ADR 122).
        language: fileLanguageOf(actor.locale, FILE_LANGUAGES_OF[request.kind]),
        createdAt: at.toISOString(),
      });
      try {
        await transactWrite(db, [
          newExportJobPut(db, job, at),
          idempotencyPut(db, exportIdempotencyKey(actor.username, key), { type: 'exportIdempotency', hash, jobId: job.jobId }, at),
        ]);
      } catch (error) {
        // A parallel retry with the same key won the race: answer its job.
        if (!isConditionFailure(error)) throw error;
        const winner = await replay(actor, key, hash, at);
        if (winner) return winner;
        throw error;
      }
      try {
        await launcher.launch({ jobId: job.jobId });
      } catch (error) {
        await exportJobWrites.failed(db, job.jobId, EXPORT_FAILED_MESSAGE, now());
        throw error;
      }
      return exportJobView(job);
    },

    /** The job with its progress (the screen polls it). */
    async get(actor: Actor, jobId: string): Promise<ExportJob> {
      return exportJobView(await ownJob(actor, jobId));
    },

    /** A presigned URL of one finished file, valid DOWNLOAD_URL_SECONDS. */
    async download(actor: Actor, jobId: string, index: number): Promise<ExportDownload> {
      const job = await ownJob(actor, jobId);
      const file = job.status === 'done' ? job.files.find((f) => f.index === index) : undefined;
      if (!file) throw new AppError('not_found', EXPORT.FILE_NOT_FOUND, 'This file is not available.');
      // Recorded before the link is given (ADR 114): no file leaves without its entry; a failed append is a 503 to retry.
      await recordAudit(db, { ...byActor(actor), kind: 'export.downloaded', details: { file: file.name, exportKind: job.kind } }, now);
      const url = await files.downloadUrl(file.key, file.name, DOWNLOAD_URL_SECONDS);
      return { url, name: file.name, expiresAt: new Date(now().getTime() + DOWNLOAD_URL_SECONDS * 1000).toISOString() };
    },

    /**
     * The runner's entry: the export function (AWS) and the local launcher call it with the job id. The
     * runner and its writers (exceljs, csv-stringify) are imported here, on the first run: the API only
     * starts and reads jobs, so they stay out of its bundle's cold start.
     */
    run: async (jobId: string) =>
      (await runner()).runExport({ db, files, sources, now, ...(deps.rowsPerFile ? { rowsPerFile: deps.rowsPerFile } : {}) }, jobId),
  };
}

export type ExportService = ReturnType<typeof createExportService>;
