import { PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ExportFormat } from '@portal/core/export';
import {
  REPORT_FILE_RETENTION_DAYS,
  type ReportFile,
  type ReportFilter,
  type ReportJob,
  type ReportJobStatus,
  type ReportLanguage,
} from '@portal/core/report';
import { batchGet, batchPut, getFrom, type Item, type Key } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { applied, updatedOrNull } from '../platform/db/conditions.ts';
import { type Entity, entity, getOne } from '../platform/db/entity.ts';
import { onIndex, queryAll } from '../platform/db/query.ts';
import { toTtl } from '../platform/db/table.ts';
import type { FileStore } from '../platform/files/file-store.ts';
import { type TxItem, transactWrite } from '../platform/db/transact.ts';
import type { ReportSourceDefinition } from './report-sources.ts';

/**
 * Report jobs (ADR 041, extends ADR 019). One partition per job, `RJOB#<jobId>`:
 * - `JOB`: the run (what, for whom, which period, status, progress, its files with their S3 keys, the
 *   fan-out's parts); gsi1 `RJOBS#<processId>` / `<createdAt>#<jobId>`: a report's run log, newest first;
 * - `FILE#<nnnn>`: one file of a finished run; gsi1 `RFILES#<customerId>` / `<createdAt>#<fileId>`: the
 *   customer's "Report files", newest first. Written with the job's finish, in one transaction;
 * - `DLV#<deliveryId>`: the deliveries (helper E's delivery-entity.ts, read only through it).
 * Job and file items expire (TTL) when the S3 lifecycle removes the files (REPORT_FILE_RETENTION_DAYS).
 * Status moves creating → finished | error | cancelled, each a conditional write: a late progress write
 * can never reopen a finished or cancelled job, and the runner sees a cancel at its next page.
 */

/** The definition fields a run needs (report-entity.ts's ReportDefinition fits as it is). */
/** `createdBy`: a custom report's owner (a scheduled run's files take their language, ADR 054). */
export type RunnableReport = ReportSourceDefinition & { customerId: string; format: ExportFormat; createdBy?: string | null };

/** What a failed job tells the user (the cause goes to the log only). */
export const REPORT_FAILED_MESSAGE = 'The report could not be created. Please try again.';

/** Removes objects, ignoring ones already gone (cleanup after a cancel or failure). */
export async function removeAll(files: FileStore, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => files.remove(key).catch(() => {})));
}

/** A file as stored: the wire ReportFile plus its S3 key in the reports bucket. */
export type StoredReportFile = ReportFile & { key: string };

/**
 * One part of a fanned-out run (ADR 041): run by its own invocation, joined in `index` order. Its days, and
 * (ADR 074) the instants it reads, [from, to), with what the plan expects it to read and take.
 */
export type ReportJobPart = {
  index: number;
  dateFrom: string;
  dateUntil: string;
  estimatedRows: number;
  from?: string;
  to?: string;
  estimatedRcu?: number;
  estimatedSeconds?: number;
};
/** What a finished part wrote: its files in order (each a whole CSV/XLSX with its header). */
export type ReportPartResult = { rows: number; segments: { key: string; rows: number; bytes: number }[] };

export type ReportJobOptionsStored = { deliver: boolean; skipIfEmpty: boolean; format?: ExportFormat };

export type StoredReportJob = Omit<ReportJob, 'files' | 'deliveries'> & {
  /** The user who pressed "Run now"; null for a scheduled run. */
  owner: string | null;
  format: ExportFormat;
  /** The job's filter override (the report's own filter is read with the definition at run time). */
  filter: ReportFilter;
  options: ReportJobOptionsStored;
  /** The zone the period's days and the files' times are in (the schedule's, else the user's). */
  timeZone: string;
  /**
   * The language of the files' names, headers and labels (ADR 054): the language of the user who pressed
   * "Run now", or of a custom report's owner for a scheduled run; otherwise (a general report's scheduled
   * run, a job stored before this field) English.
   */
  language?: ReportLanguage;
  files: StoredReportFile[];
  /** Fan-out (ADR 041): the parts, how many finished, and what each wrote (keyed by part index). */
  parts?: ReportJobPart[];
  partsDone?: number;
  partResults?: Record<string, ReportPartResult>;
  /** Its parts run in the fleet's part slots (ADR 077); jobs fanned out before run their parts as launched. */
  slotted?: boolean;
  /** The runner's lease (ISO): a second invocation leaves a job alone while its runner is alive. */
  claimedAt?: string | null;
  updatedAt: string;
  /** Removed from the run log by DELETE (its files stay until their retention ends). */
  removed?: boolean;
};

type FreshJobState = Pick<
  StoredReportJob,
  'rowsWritten' | 'totalRows' | 'skippedEmpty' | 'files' | 'createdAt' | 'finishedAt' | 'error' | 'updatedAt'
> & { status: 'creating' };

/** The progress fields every new job starts with (run now, a scheduled fire, fixtures): one definition. */
export function freshJobState(at: Date): FreshJobState {
  const now = at.toISOString();
  return {
    status: 'creating',
    rowsWritten: 0,
    totalRows: null,
    skippedEmpty: false,
    files: [],
    createdAt: now,
    finishedAt: null,
    error: null,
    updatedAt: now,
  };
}

export const reportJobKey = (jobId: string): Key => ({ pk: `RJOB#${jobId}`, sk: 'JOB' });
export const reportFileKey = (jobId: string, index: number): Key => ({ pk: `RJOB#${jobId}`, sk: `FILE#${String(index).padStart(4, '0')}` });
const jobLogPk = (processId: string) => `RJOBS#${processId}`;
const fileListPk = (customerId: string) => `RFILES#${customerId}`;

/** A file's id: `<jobId>.<index>` (the job partition holds it; no index needed to find it). */
export const reportFileId = (jobId: string, index: number) => `${jobId}.${index}`;
export function parseReportFileId(fileId: string): { jobId: string; index: number } | null {
  const match = /^([A-Za-z0-9-]{8,64})\.(\d{1,4})$/.exec(fileId);
  return match ? { jobId: match[1]!, index: Number(match[2]) } : null;
}

/** When a run's files (and so its items) are removed; whole seconds, like the TTL that removes the items. */
export const retentionEnd = (createdAt: Date) => new Date(toTtl(createdAt) * 1000 + REPORT_FILE_RETENTION_DAYS * 86_400_000);

const reportJobs = entity<StoredReportJob>({ drop: ['expiresAt'] });
const fileRecords = entity<StoredReportFile & { customerId: string }>();
/** A file item's `expiresAt` is its TTL (epoch seconds): the wire's ISO time is read back from it. */
const reportFiles: Entity<StoredReportFile & { customerId: string }> = {
  read: (item) => ({
    ...fileRecords.read(item),
    expiresAt: new Date(Number(item.expiresAt) * 1000).toISOString(),
  }),
};

/** A finishing transaction's file items at most: DynamoDB's 100 items, less the job's own update (ADR 068). */
const FILES_IN_FINISH = 99;

/** A file's item: in its job's partition, listed in its customer's files (gsi1) until its retention ends (TTL). */
const fileItem = (job: Pick<StoredReportJob, 'jobId' | 'customerId'>, file: StoredReportFile, index: number): Item => ({
  ...reportFileKey(job.jobId, index),
  type: 'reportFile',
  gsi1pk: fileListPk(job.customerId),
  gsi1sk: `${file.createdAt}#${file.fileId}`,
  customerId: job.customerId,
  ...file,
  expiresAt: toTtl(new Date(file.expiresAt)),
});

/**
 * The file items of a finished job beyond the finishing transaction's, written again (idempotent Puts of the
 * same keys): what a runner that stopped between the transaction and those writes left undone (ADR 068).
 */
export const listRemainingFiles = (db: Db, job: StoredReportJob): Promise<void> =>
  batchPut(
    db,
    job.files.slice(FILES_IN_FINISH).map((file, k) => fileItem(job, file, FILES_IN_FINISH + k)),
  );

/** The stored job (E's deliveries read it here: status, period, files with their S3 keys). */
export const getReportJob = (db: Db, jobId: string, consistent = false) => getOne(db, reportJobs, reportJobKey(jobId), { consistent });

export async function getReportFile(db: Db, jobId: string, index: number): Promise<(StoredReportFile & { customerId: string }) | null> {
  return getOne(db, reportFiles, reportFileKey(jobId, index));
}

/** The new job's Put: only when no job has this id (a scheduled run's id is derived from its fire). */
export function newReportJobPut(db: Db, job: StoredReportJob): TxItem {
  return {
    Put: {
      TableName: db.table,
      Item: {
        ...reportJobKey(job.jobId),
        type: 'reportJob',
        gsi1pk: jobLogPk(job.processId),
        gsi1sk: `${job.createdAt}#${job.jobId}`,
        ...job,
        expiresAt: toTtl(retentionEnd(new Date(job.createdAt))),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Writes a new job (1 conditional Put, `newReportJobPut`): a job id already written throws ConditionalCheckFailed. */
export async function putNewReportJob(db: Db, job: StoredReportJob): Promise<void> {
  await db.doc.send(new PutCommand(newReportJobPut(db, job).Put!));
}

type Update = { set?: Record<string, unknown>; add?: Record<string, number>; remove?: string[] };

function updateInput(db: Db, jobId: string, change: Update, condition: string, conditionValues: Record<string, unknown> = {}) {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ...conditionValues };
  const clause = (entries: [string, unknown][], tag: string, render: (n: string, v: string) => string) =>
    entries.map(([name, value], i) => {
      names[`#${tag}${i}`] = name;
      values[`:${tag}${i}`] = value;
      return render(`#${tag}${i}`, `:${tag}${i}`);
    });
  const set = clause(Object.entries(change.set ?? {}), 's', (n, v) => `${n} = ${v}`);
  const add = clause(Object.entries(change.add ?? {}), 'd', (n, v) => `${n} ${v}`);
  const remove = (change.remove ?? []).map((name, i) => {
    names[`#r${i}`] = name;
    return `#r${i}`;
  });
  const expression = [
    set.length ? `SET ${set.join(', ')}` : '',
    add.length ? `ADD ${add.join(', ')}` : '',
    remove.length ? `REMOVE ${remove.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    TableName: db.table,
    Key: reportJobKey(jobId),
    UpdateExpression: expression,
    // DynamoDB refuses redundant parentheses: a condition with OR spells out its own precedence (AND first).
    ConditionExpression: `attribute_exists(pk) AND ${condition}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: Object.keys(values).length ? values : undefined,
  };
}

const whileCreating = '#status = :creating';
const creating = { ':creating': 'creating' satisfies ReportJobStatus };

async function update(
  db: Db,
  jobId: string,
  change: Update,
  condition = whileCreating,
  values: Record<string, unknown> = creating,
): Promise<boolean> {
  return applied(db.doc.send(new UpdateCommand(updateInput(db, jobId, change, condition, values))));
}

/** Longer than a runner may run (15 minutes): a lease older than this belongs to a runner that died. */
export const REPORT_LEASE_MS = 16 * 60_000;

/** The job's writes, each answering whether it applied (false: the job left that state, or is not there). */
export const reportJobWrites = {
  /**
   * Takes the job for one runner: while it is creating and nobody holds a live lease; or again after an
   * error (a scheduled run's retry). Progress starts over (the files are rewritten under the same keys).
   */
  claim: (db: Db, jobId: string, at: Date, retryError: boolean) =>
    update(
      db,
      jobId,
      {
        set: {
          status: 'creating',
          claimedAt: at.toISOString(),
          updatedAt: at.toISOString(),
          rowsWritten: 0,
          error: null,
          finishedAt: null,
        },
      },
      `${retryError ? '#status = :error OR ' : ''}#status = :creating AND (attribute_not_exists(claimedAt) OR claimedAt = :null OR claimedAt < :stale)`,
      {
        ...creating,
        ':null': null,
        ':stale': new Date(at.getTime() - REPORT_LEASE_MS).toISOString(),
        ...(retryError ? { ':error': 'error' } : {}),
      },
    ),
  /** Progress (and the lease renewed); false once the job was cancelled: the runner stops. */
  progress: (db: Db, jobId: string, rowsWritten: number, at: Date) =>
    update(db, jobId, { set: { rowsWritten, claimedAt: at.toISOString(), updatedAt: at.toISOString() } }),
  /** A fanned-out part's rows since its last write (parts run side by side: an addition, not a total). */
  partProgress: (db: Db, jobId: string, rows: number, at: Date) =>
    update(db, jobId, { set: { updatedAt: at.toISOString() }, add: { rowsWritten: rows } }),
  total: (db: Db, jobId: string, totalRows: number, at: Date) => update(db, jobId, { set: { totalRows, updatedAt: at.toISOString() } }),
  /** The fan-out plan: the parts to launch, none done yet, with their line for the fleet's slots (ADR 077) in one transaction. */
  fanOut: (db: Db, jobId: string, parts: ReportJobPart[], totalRows: number, at: Date, wait: TxItem) =>
    applied(
      transactWrite(db, [
        {
          Update: updateInput(
            db,
            jobId,
            { set: { parts, partsDone: 0, partResults: {}, slotted: true, totalRows, updatedAt: at.toISOString() } },
            whileCreating,
            creating,
          ),
        },
        wait,
      ]),
    ),
  /**
   * Records one part's result once (a redelivered part finds it recorded) and answers how many parts are
   * done: the invocation that sees the last one joins the file set (ADR 041). null: the job is not creating.
   */
  async partDone(db: Db, jobId: string, index: number, result: ReportPartResult, at: Date): Promise<number | null> {
    const updated = await updatedOrNull(db, {
      Key: reportJobKey(jobId),
      UpdateExpression: 'SET partResults.#part = :result, updatedAt = :at ADD partsDone :one',
      ConditionExpression: 'attribute_exists(pk) AND #status = :creating AND attribute_not_exists(partResults.#part)',
      ExpressionAttributeNames: { '#status': 'status', '#part': String(index) },
      ExpressionAttributeValues: { ':result': result, ':at': at.toISOString(), ':one': 1, ...creating },
      ReturnValues: 'UPDATED_NEW',
    });
    return updated && Number(updated.partsDone ?? 0);
  },
  /**
   * creating → finished with its files: the job update and the first 99 file items in one transaction
   * (DynamoDB's 100), the rest after it (ADR 068; `listRemainingFiles` writes them again if this stops
   * between the two). False when the job was no longer creating (cancelled): nothing is written.
   */
  async finish(
    db: Db,
    job: StoredReportJob,
    rowsWritten: number,
    files: StoredReportFile[],
    skippedEmpty: boolean,
    at: Date,
  ): Promise<boolean> {
    const jobUpdate = updateInput(
      db,
      job.jobId,
      {
        set: {
          status: 'finished',
          rowsWritten,
          files,
          skippedEmpty,
          finishedAt: at.toISOString(),
          updatedAt: at.toISOString(),
          claimedAt: null,
        },
      },
      whileCreating,
      creating,
    );
    const items = files.map((file, index) => fileItem(job, file, index));
    const filePuts: TxItem[] = items.slice(0, FILES_IN_FINISH).map((Item) => ({ Put: { TableName: db.table, Item } }));
    if (!(await applied(db.doc.send(new TransactWriteCommand({ TransactItems: [{ Update: jobUpdate }, ...filePuts] }))))) return false;
    await batchPut(db, items.slice(FILES_IN_FINISH));
    return true;
  },
  /** creating → error with a message for the user (the cause goes to the log). */
  failed: (db: Db, jobId: string, error: string, at: Date) =>
    update(db, jobId, { set: { status: 'error', error, finishedAt: at.toISOString(), updatedAt: at.toISOString(), claimedAt: null } }),
  /** creating → cancelled (DELETE on a running job): the runner stops at its next page. */
  cancel: (db: Db, jobId: string, at: Date) =>
    update(db, jobId, { set: { status: 'cancelled', finishedAt: at.toISOString(), updatedAt: at.toISOString() } }),
  /** A job that is over leaves the run log (its files stay listed until their retention ends). */
  removeFromLog: (db: Db, jobId: string, at: Date) =>
    update(
      db,
      jobId,
      { set: { removed: true, updatedAt: at.toISOString() }, remove: ['gsi1pk', 'gsi1sk'] },
      '#status <> :creating',
      creating,
    ),
};

/**
 * One page of a gsi1 list, newest first, by page index (SPEC 3 paging): the keys of the whole list (the
 * partition's index keys only, a few calls whatever its length: it is bounded by the retention), then the
 * page's items in one BatchGet. Items whose TTL passed (deletion lags) are left out.
 */
async function listByIndex<T>(db: Db, pk: string, read: (item: Item) => T, page: { index: number; maxResults: number }, now: Date) {
  const { items: keys } = await queryAll(db, {
    ...onIndex('gsi1', pk),
    ScanIndexForward: false,
    ProjectionExpression: 'pk, sk, expiresAt',
  });
  const live = keys.filter((k) => typeof k.expiresAt !== 'number' || k.expiresAt > toTtl(now));
  const start = Math.min(page.index * page.maxResults, live.length);
  const wanted = live.slice(start, start + page.maxResults).map((k) => ({ pk: String(k.pk), sk: String(k.sk) }));
  const got = await batchGet(db, wanted);
  const items = wanted.flatMap((key) => {
    const item = getFrom(got, key);
    return item ? [read(item)] : [];
  });
  return { items, totalCount: live.length };
}

/** A report's run log (jobs not removed), newest first. */
export const listReportJobs = (db: Db, processId: string, page: { index: number; maxResults: number }, now: Date) =>
  listByIndex(db, jobLogPk(processId), (item) => reportJobs.read(item), page, now);

/** A customer's report files, newest first. */
export const listReportFiles = (db: Db, customerId: string, page: { index: number; maxResults: number }, now: Date) =>
  listByIndex(db, fileListPk(customerId), (item) => reportFiles.read(item), page, now);

/** The job as the API answers it (deliveries are E's items, merged by the service). */
export function reportJobView(job: StoredReportJob, deliveries: ReportJob['deliveries']): ReportJob {
  return {
    jobId: job.jobId,
    processId: job.processId,
    customerId: job.customerId,
    reportName: job.reportName,
    status: job.status,
    trigger: job.trigger,
    scheduledFor: job.scheduledFor,
    dateFrom: job.dateFrom,
    dateUntil: job.dateUntil,
    periodType: job.periodType,
    rowsWritten: job.rowsWritten,
    totalRows: job.totalRows,
    skippedEmpty: job.skippedEmpty,
    files: job.files.map(reportFileView),
    deliveries,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
    error: job.error,
  };
}

export const reportFileView = (file: StoredReportFile): ReportFile => ({
  fileId: file.fileId,
  processId: file.processId,
  jobId: file.jobId,
  reportName: file.reportName,
  name: file.name,
  format: file.format,
  rows: file.rows,
  bytes: file.bytes,
  dateFrom: file.dateFrom,
  dateUntil: file.dateUntil,
  createdAt: file.createdAt,
  expiresAt: file.expiresAt,
});

/** A "run now"'s Idempotency-Key record (platform/db/idempotency.ts): `RJOBIDEM#<username>` / the key, 24 h. */
export const reportJobIdempotencyKey = (username: string, key: string) => ({ pk: `RJOBIDEM#${username}`, sk: key });
