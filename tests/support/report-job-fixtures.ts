import { Readable } from 'node:stream';
import type { Db } from '@portal/backend/platform/db';
import type { FileStore } from '@portal/backend/platform/files';
import { putNewReportJob } from '@portal/backend/report';
import {
  freshJobState,
  reportFileId,
  reportJobWrites,
  retentionEnd,
  type StoredReportFile,
  type StoredReportJob,
} from '@portal/backend/report/testing';

/**
 * Report jobs written as they are, for tests and the route gates' fixtures (ADR 041): a manual run of a
 * general transactions report, and the same finished with one small CSV file (the key need not exist:
 * a presigned URL is computed, not fetched).
 */
export function reportJobFixture(
  fields: Partial<StoredReportJob> & { jobId: string; customerId: string },
  at = new Date('2026-11-21T10:00:00Z'),
): StoredReportJob {
  return {
    processId: `gen.transactions.${fields.customerId}`,
    reportName: 'Transactions',
    ...freshJobState(at),
    trigger: 'manual',
    scheduledFor: null,
    dateFrom: '2026-11-01',
    dateUntil: '2026-11-20',
    periodType: 'daily',
    owner: 'full',
    format: 'csv',
    filter: {},
    options: { deliver: false, skipIfEmpty: false },
    timeZone: 'UTC',
    ...fields,
  };
}

export async function putFinishedReportJob(db: Db, job: StoredReportJob, at: Date): Promise<void> {
  await putNewReportJob(db, job);
  const name = `${job.jobId}.csv`;
  const file = {
    fileId: reportFileId(job.jobId, 0),
    processId: job.processId,
    jobId: job.jobId,
    reportName: job.reportName,
    name,
    format: job.format,
    rows: 0,
    bytes: 3,
    dateFrom: job.dateFrom,
    dateUntil: job.dateUntil,
    createdAt: at.toISOString(),
    expiresAt: retentionEnd(new Date(job.createdAt)).toISOString(),
    key: `reports/${job.customerId}/${job.jobId}/${name}`,
  };
  await reportJobWrites.finish(db, job, 0, [file], false, at);
}

/**
 * The job written, then finished with one CSV file of `content` uploaded to the reports bucket at
 * reports/<customer>/<job>/<name>; `bytes` may claim more than the file holds. True when the finish applied.
 */
export async function putJobWithUploadedCsv(
  db: Db,
  files: Pick<FileStore, 'upload'>,
  job: StoredReportJob,
  csv: { name: string; content: string; bytes?: number | undefined; at: Date },
): Promise<boolean> {
  await putNewReportJob(db, job);
  const key = `reports/${job.customerId}/${job.jobId}/${csv.name}`;
  const stored = await files.upload(key, Readable.from([Buffer.from(csv.content)]), 'text/csv');
  const file: StoredReportFile = {
    fileId: reportFileId(job.jobId, 0),
    processId: job.processId,
    jobId: job.jobId,
    reportName: job.reportName,
    name: csv.name,
    format: 'csv',
    rows: 1,
    bytes: csv.bytes ?? stored.bytes,
    dateFrom: job.dateFrom,
    dateUntil: job.dateUntil,
    createdAt: csv.at.toISOString(),
    expiresAt: retentionEnd(csv.at).toISOString(),
    key,
  };
  return reportJobWrites.finish(db, job, 1, [file], false, csv.at);
}
