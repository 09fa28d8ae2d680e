import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ExportFormat, ExportJob, ExportKind, FileLanguage } from '@portal/core/export';
import type { Db } from '../platform/db/client.ts';
import { applied } from '../platform/db/conditions.ts';
import { entity, getOne } from '../platform/db/entity.ts';
import { toTtl } from '../platform/db/table.ts';
import type { TxItem } from '../platform/db/transact.ts';

/**
 * An export job (ADR 033, extends ADR 019): one item `EXPORT#<jobId>` / `JOB`, read by id only (GetItem;
 * no index: a job is reached from the answer of its POST, polled by the screen, never listed). It holds
 * the request (kind, format, filter), the owner, progress and the files; it expires with its files
 * (TTL EXPORT_JOB_TTL_DAYS; the S3 lifecycle removes exports/ after a day). Status moves
 * queued → running → done | failed, each step a conditional write, so a late progress write can never
 * turn a finished job back.
 */
export const EXPORT_JOB_TTL_DAYS = 3;

/** What a failed job tells the user (the cause goes to the log only). */
export const EXPORT_FAILED_MESSAGE = 'The export could not be completed. Please try again.';

/** A file as stored: the wire ExportFile plus its S3 key. */
export type StoredExportFile = { index: number; name: string; rows: number; key: string; bytes: number };

export type StoredExportJob = Omit<ExportJob, 'files'> & {
  owner: string;
  timeZone: string;
  /** The owner's language when the job was made: the files' headers, labels and sheet name (ADR 054); English if absent. */
  language?: FileLanguage;
  /** The kind's filter as validated at creation. */
  filter: Record<string, unknown>;
  files: StoredExportFile[];
  /** The runner's last write (start, progress): a running job silent for longer than a run may last is dead. */
  updatedAt?: string;
};

export const exportJobKey = (jobId: string) => ({ pk: `EXPORT#${jobId}`, sk: 'JOB' });
const exportJobs = entity<StoredExportJob>({ drop: ['expiresAt'] });

export const getExportJob = (db: Db, jobId: string, consistent = false) => getOne(db, exportJobs, exportJobKey(jobId), { consistent });

/** The new job's Put, inside the transaction that also writes its idempotency record. */
export function newExportJobPut(db: Db, job: StoredExportJob, now: Date): TxItem {
  return {
    Put: {
      TableName: db.table,
      Item: { ...exportJobKey(job.jobId), type: 'exportJob', ...job, expiresAt: toTtl(now) + EXPORT_JOB_TTL_DAYS * 86_400 },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** A job written as it is (tests and the route gates' fixtures). */
export const putExportJob = (db: Db, job: StoredExportJob, now: Date) =>
  db.doc.send(new PutCommand({ TableName: db.table, Item: newExportJobPut(db, job, now).Put!.Item }));

async function update(db: Db, jobId: string, set: Record<string, unknown>, fromStatus: readonly ExportJob['status'][]): Promise<boolean> {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = {};
  const assignments = Object.entries(set).map(([name, value], i) => {
    names[`#a${i}`] = name;
    values[`:a${i}`] = value;
    return `#a${i} = :a${i}`;
  });
  fromStatus.forEach((status, i) => {
    values[`:from${i}`] = status;
  });
  return applied(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: exportJobKey(jobId),
        UpdateExpression: `SET ${assignments.join(', ')}`,
        ConditionExpression: `attribute_exists(pk) AND #status IN (${fromStatus.map((_, i) => `:from${i}`).join(', ')})`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    ),
  );
}

/** The job's writes, each answering whether it applied (false: the job is no longer in that state). */
export const exportJobWrites = {
  /** queued → running, with the total the source expects. Only one runner wins a job. */
  start: (db: Db, jobId: string, totalRows: number, split: boolean, at: Date) =>
    update(db, jobId, { status: 'running', totalRows, split, updatedAt: at.toISOString() }, ['queued']),
  progress: (db: Db, jobId: string, rowsWritten: number, files: StoredExportFile[], split: boolean, at: Date) =>
    update(db, jobId, { rowsWritten, files, split, updatedAt: at.toISOString() }, ['running']),
  done: (db: Db, jobId: string, rowsWritten: number, files: StoredExportFile[], split: boolean, at: Date) =>
    update(db, jobId, { status: 'done', rowsWritten, files, split, finishedAt: at.toISOString() }, ['running']),
  failed: (db: Db, jobId: string, error: string, at: Date) =>
    update(db, jobId, { status: 'failed', error, finishedAt: at.toISOString() }, ['queued', 'running']),
};

/** The job as the API answers it: the files without their storage keys. */
export function exportJobView(job: StoredExportJob): ExportJob {
  return {
    jobId: job.jobId,
    kind: job.kind,
    format: job.format,
    status: job.status,
    rowsWritten: job.rowsWritten,
    totalRows: job.totalRows,
    split: job.split,
    files: job.files.map(({ index, name, rows }) => ({ index, name, rows })),
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
    error: job.error,
  };
}

/**
 * Longer than the export function may run (15 minutes): a queued or running job not written for this
 * long lost its runner (the function died, the local server stopped) and is answered as failed.
 */
export const EXPORT_STALE_MS = 16 * 60_000;
export const isStale = (job: StoredExportJob, now: Date) =>
  (job.status === 'queued' || job.status === 'running') && now.getTime() - Date.parse(job.updatedAt ?? job.createdAt) > EXPORT_STALE_MS;

export type NewJob = {
  jobId: string;
  owner: string;
  kind: ExportKind;
  format: ExportFormat;
  filter: Record<string, unknown>;
  timeZone: string;
  language?: FileLanguage;
  createdAt: string;
};
export const queuedJob = (job: NewJob): StoredExportJob => ({
  ...job,
  status: 'queued',
  rowsWritten: 0,
  totalRows: null,
  split: false,
  files: [],
  finishedAt: null,
  error: null,
});

/** A new export job's Idempotency-Key record (platform/db/idempotency.ts): `EXPORTIDEM#<username>` / the key, 24 h. */
export const exportIdempotencyKey = (username: string, key: string) => ({ pk: `EXPORTIDEM#${username}`, sk: key });
