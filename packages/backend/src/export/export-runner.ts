import { PassThrough } from 'node:stream';
import { EXPORT_ROWS_PER_FILE, type ExportFormat } from '@portal/core/connect';
import type { Db } from '../platform/db/client.ts';
import type { FileStore } from '../platform/files/file-store.ts';
import type { Clock } from '../platform/time.ts';
import { EXPORT_FAILED_MESSAGE, exportJobWrites, getExportJob, type StoredExportFile, type StoredExportJob } from './export-job-entity.ts';
import type { ExportContext, ExportRow } from './export-source.ts';
import { type ExportSources, sourceOf } from './export-sources.ts';
import { CONTENT_TYPES, type FileWriter, fileWriters } from './file-writers.ts';

/**
 * The export runner (ADR 033): reads the job's whole filtered result from its source, writes it as CSV
 * or XLSX and streams each file to S3 while it is written, EXPORT_ROWS_PER_FILE rows per file. Nothing
 * holds the result: one page is formatted while the next is read (read-ahead), the file stream waits
 * for the upload to drain, and the upload keeps two 5 MB parts in flight. Progress is written every
 * `progressEveryMs`; the job ends done (its files) or failed (a message for the user; the cause goes to
 * the log only). The same function runs in the export Lambda (functions/jobs/export.ts) and, locally,
 * in the API process (export-launcher.ts).
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

/** Yields a source's pages, asking for the next page before handing out the current one. */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const pages = source[Symbol.asyncIterator]();
  let next = pages.next();
  try {
    for (;;) {
      const page = await next;
      if (page.done) return;
      next = pages.next();
      yield page.value;
    }
  } finally {
    next.catch(() => {});
    await pages.return?.();
  }
}

type Part = { index: number; name: string; key: string; rows: number; stream: PassThrough; writer: FileWriter; uploaded: Promise<{ bytes: number }> };

export function fileName(stem: string, format: ExportFormat, part: number, split: boolean): string {
  return `${stem}${split ? `_part-${part + 1}` : ''}.${format}`;
}

export async function runExport(deps: ExportRunnerDeps, jobId: string): Promise<void> {
  const { db, now } = deps;
  const rowsPerFile = deps.rowsPerFile ?? EXPORT_ROWS_PER_FILE;
  const log = deps.log ?? ((message, fields) => console.error(`[export] ${message}`, fields));
  const job = await getExportJob(db, jobId, true);
  // A redelivered invocation, or a job another runner took: nothing to do.
  if (!job || job.status !== 'queued') return;
  const open: Part[] = [];
  try {
    await write(deps, job, rowsPerFile, open);
  } catch (error) {
    for (const part of open) part.stream.destroy(new Error('export aborted'));
    log('job failed', { jobId, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    await exportJobWrites.failed(db, jobId, EXPORT_FAILED_MESSAGE, now()).catch((e: unknown) => log('could not mark the job failed', { jobId, error: String(e) }));
  }
}

async function write(deps: ExportRunnerDeps, job: StoredExportJob, rowsPerFile: number, open: Part[]): Promise<void> {
  const { db, files, sources, now } = deps;
  const progressEveryMs = deps.progressEveryMs ?? 1500;
  const source = sourceOf(sources, job.kind);
  const ctx: ExportContext = { db, timeZone: job.timeZone, username: job.owner, asOf: Date.parse(job.createdAt) };
  const total = await source.count(job.filter, ctx);
  let split = total > rowsPerFile;
  if (!(await exportJobWrites.start(db, job.jobId, total, split, now()))) return;

  const stem = source.fileStem(job.filter);
  const done: StoredExportFile[] = [];
  let written = 0;
  let current: Part | null = null;
  let lastProgress = Date.now();

  const openPart = (): Part => {
    const index = done.length;
    if (index > 0) split = true;
    const name = fileName(stem, job.format, index, split);
    const key = `${EXPORT_PREFIX}${job.jobId}/${name}`;
    const stream = new PassThrough({ highWaterMark: 1024 * 1024 });
    const uploaded = files.upload(key, stream, CONTENT_TYPES[job.format]);
    uploaded.catch(() => {}); // awaited in closePart; an early failure also surfaces through `drained`
    const part: Part = { index, name, key, rows: 0, stream, writer: fileWriters[job.format](stream, source.columns, job.timeZone), uploaded };
    open.push(part);
    return part;
  };
  const closePart = async (part: Part) => {
    await Promise.race([part.writer.end(), part.uploaded]);
    const { bytes } = await part.uploaded;
    open.splice(open.indexOf(part), 1);
    done.push({ index: part.index, name: part.name, rows: part.rows, key: part.key, bytes });
  };
  /** Waits while the writer or the file stream hold more than they should (the upload or zlib are behind). */
  const drained = (part: Part) => Promise.race([part.writer.settled(), part.uploaded]);

  for await (const page of readAhead(source.rows(job.filter, ctx))) {
    let offset = 0;
    while (offset < page.length) {
      current ??= openPart();
      const take = Math.min(rowsPerFile - current.rows, page.length - offset);
      const rows: readonly ExportRow[] = offset === 0 && take === page.length ? page : page.slice(offset, offset + take);
      current.writer.write(rows);
      current.rows += take;
      written += take;
      offset += take;
      await drained(current);
      if (current.rows >= rowsPerFile) {
        await closePart(current);
        current = null;
      }
    }
    if (Date.now() - lastProgress >= progressEveryMs) {
      lastProgress = Date.now();
      if (!(await exportJobWrites.progress(db, job.jobId, written, done, split, now()))) throw new Error('the job left the running state');
    }
  }
  // An empty result still gives one file: the header row.
  if (current || done.length === 0) await closePart(current ?? openPart());
  await exportJobWrites.done(db, job.jobId, written, done, split, now());
}
