import { EXPORT_ROWS_PER_FILE, exportTitle } from '@portal/core/export';
import type { Db } from '../platform/db/client.ts';
import type { FileStore } from '../platform/files/file-store.ts';
import { localiseColumns } from '../platform/jobs/file-columns.ts';
import { type WrittenFile, writeFileSet } from '../platform/jobs/file-set.ts';
import { throttled } from '../platform/jobs/progress.ts';
import type { Clock } from '../platform/time.ts';
import { EXPORT_FAILED_MESSAGE, exportJobWrites, getExportJob, type StoredExportJob } from './export-job-entity.ts';
import type { ExportContext } from './export-source.ts';
import { type ExportSources, sourceOf } from './export-sources.ts';

/**
 * The export runner (ADR 033): reads the job's whole filtered result from its source, writes it as CSV
 * or XLSX and streams each file to S3 while it is written, EXPORT_ROWS_PER_FILE rows per file. Nothing
 * holds the result: one page is formatted while the next is read (read-ahead), the file stream waits
 * for the upload to drain, and the upload keeps two 5 MB parts in flight. Progress is written every
 * `progressEveryMs`; the job ends done (its files) or failed (a message for the user; the cause goes to
 * the log only). The same function runs in the export Lambda (functions/jobs/export.ts) and, locally,
 * in the API process (platform/jobs/job-launcher.ts). The file set is written by platform/jobs/file-set.ts.
 */
export type ExportRunnerDeps = {
  db: Db;
  files: FileStore;
  sources: ExportSources;
  now: Clock;
  /** Rows per file; tests split at a small number. */
  rowsPerFile?: number;
  progressEveryMs?: number;
  log?: (message: string, fields: Record<string, unknown>) => void;
};

/** Where a job's files live in the bucket; the S3 lifecycle rule expires this prefix (infra/exports.ts). */
export const EXPORT_PREFIX = 'exports/';

export async function runExport(deps: ExportRunnerDeps, jobId: string): Promise<void> {
  const { db, now } = deps;
  const rowsPerFile = deps.rowsPerFile ?? EXPORT_ROWS_PER_FILE;
  const log = deps.log ?? ((message, fields) => console.error(`[export] ${message}`, fields));
  const job = await getExportJob(db, jobId, true);
  // A redelivered invocation, or a job another runner took: nothing to do.
  if (!job || job.status !== 'queued') return;
  try {
    await write(deps, job, rowsPerFile);
  } catch (error) {
    log('job failed', { jobId, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    await exportJobWrites
      .failed(db, jobId, EXPORT_FAILED_MESSAGE, now())
      .catch((e: unknown) => log('could not mark the job failed', { jobId, error: String(e) }));
  }
}

async function write(deps: ExportRunnerDeps, job: StoredExportJob, rowsPerFile: number): Promise<void> {
  const { db, files, sources, now } = deps;
  const source = sourceOf(sources, job.kind);
  const language = job.language ?? 'en';
  const ctx: ExportContext = { db, timeZone: job.timeZone, username: job.owner, asOf: Date.parse(job.createdAt), language };
  const total = await source.count(job.filter, ctx);
  if (!(await exportJobWrites.start(db, job.jobId, total, total > rowsPerFile, now()))) return;

  const progress = throttled(deps.progressEveryMs ?? 1500, (p: { written: number; files: WrittenFile[]; split: boolean }) =>
    exportJobWrites.progress(db, job.jobId, p.written, p.files, p.split, now()),
  );
  const {
    files: done,
    written,
    split,
  } = await writeFileSet(
    {
      files,
      format: job.format,
      // Headers and code labels in the owner's language, each code column kept beside its label (ADR 054).
      columns: localiseColumns(source.columns, language),
      timeZone: job.timeZone,
      title: exportTitle(job.kind, language),
      stem: source.fileStem(job.filter),
      keyOf: (name) => `${EXPORT_PREFIX}${job.jobId}/${name}`,
      rowsPerFile,
      expectedRows: total,
      // An empty result still gives one file: the header row.
      headerOnlyWhenEmpty: true,
      onPage: async (p) => {
        if (!(await progress(p))) throw new Error('the job left the running state');
      },
    },
    source.rows(job.filter, ctx),
  );
  await exportJobWrites.done(db, job.jobId, written, done, split, now());
}
