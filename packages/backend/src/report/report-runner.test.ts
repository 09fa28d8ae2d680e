import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ReportSchedule } from '@portal/core/report';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importOk, s3Suite } from '../../../../tests/support/test-backend.ts';
import { createFaultInjector } from '../platform/faults/fault-injector.ts';
import { createFileStore, type FileStore } from '../platform/files/file-store.ts';
import { countReportRun, loadReportDefinition } from './report-entity.ts';
import {
  getReportJob,
  listReportFiles,
  listReportJobs,
  newReportJobPut,
  reportFileId,
  reportFileKey,
  reportJobWrites,
  retentionEnd,
  type StoredReportFile,
  type StoredReportJob,
} from './report-job-entity.ts';
import { batchDelete } from '../platform/db/batch.ts';
import { reportJobFixture } from '../../../../tests/support/report-job-fixtures.ts';
import { localJobLauncher } from '../platform/jobs/job-launcher.ts';
import type { ReportLaunch } from './report-jobs-from-config.ts';
import {
  type ReportRunnerDeps,
  runReportJob,
  runReportPart,
  runScheduledReport,
  scheduledJobId,
  startWaitingParts,
} from './report-runner.ts';
import { claimWaitingParts, releaseSlot, renewSlot, slotsHeld, waitForSlots } from './report-slot-entity.ts';
import { REPORT_LEASE_MS } from './report-job-entity.ts';
import { reportSource } from './report-sources.ts';
import { defaultSchedule } from './schedule-service.ts';

/**
 * The report runner (ADR 041) against DynamoDB Local and s3rver, with the real sources (H) and
 * definitions (D): the split at the per-file limit, skip-if-empty, a cancel between pages, a scheduled
 * fire delivered twice (one job, one file set), S3 failures (the job fails cleanly, nothing left, the
 * retry finishes it), and the fan-out: a period split into day-range parts whose joined CSV is byte for
 * byte the file one run writes.
 */
const BUCKET = 'report-runner-test';
const NOW = new Date('2026-11-21T10:00:00Z');
const CUSTOMER = 'R-RA';
const PROCESS = `gen.transactions.${CUSTOMER}`;
const world = s3Suite(() => NOW, { REPORTS_BUCKET: BUCKET });
let delivered: string[] = [];
let jobSeq = 0;

/** The default schedule (daily on every day at 06:00, by e-mail), turned on. */
const schedule: ReportSchedule = { ...defaultSchedule(PROCESS, 'Europe/Berlin'), enabled: true };

function deps(overrides: Partial<ReportRunnerDeps> = {}): ReportRunnerDeps & { idle: () => Promise<void> } {
  const base: ReportRunnerDeps = {
    db: world.backend.db,
    files: world.files,
    now: () => NOW,
    loadDefinition: loadReportDefinition,
    loadSchedule: async () => schedule,
    source: reportSource,
    deliver: async (jobId) => {
      delivered.push(jobId);
    },
    countRun: countReportRun,
    launchPart: (jobId, part) => local.launch({ kind: 'report-part', jobId, part }),
    progressEveryMs: 0,
    log: () => {},
    ...overrides,
  };
  const local = localJobLauncher<ReportLaunch>('report', async (payload) => {
    if (payload.kind === 'report-part') await runReportPart(base, payload.jobId, payload.part);
  });
  return { ...base, idle: () => local.idle() };
}

async function newJob(fields: Partial<StoredReportJob> = {}): Promise<StoredReportJob> {
  const job = reportJobFixture(
    {
      jobId: `runner-job-${String(++jobSeq).padStart(4, '0')}`,
      customerId: CUSTOMER,
      dateFrom: '2026-11-16',
      dateUntil: '2026-11-20',
      timeZone: 'Europe/Berlin',
      ...fields,
    },
    NOW,
  );
  await world.backend.db.doc.send(new PutCommand(newReportJobPut(world.backend.db, job).Put!));
  return job;
}

const keysUnder = async (prefix: string) => (await world.keys(prefix)).sort();

beforeAll(async () => {
  const { backend } = await world.start();
  await importOk(backend, 'retailers', [
    { customerId: CUSTOMER, name: 'Runner Markets' },
    { customerId: 'R-RB', name: 'Other' },
  ]);
  await importOk(backend, 'transactionTypes', [{ transactionTypeId: 'sale', name: 'Sale' }]);
  // 4 transactions a day on 2026-11-17, -18 and -19 (Berlin noon and around), 12 rows; one of another customer.
  const tx = (day: number, n: number, customerId = CUSTOMER) => ({
    transactionId: `TX-RR-${customerId}-${day}-${n}`,
    at: new Date(Date.UTC(2026, 10, day, 9 + n, 15)).toISOString(),
    customerId,
    terminalId: 'POS-1',
    type: 'sale',
    resultCode: '00',
    result: 'approved',
    amount: 1000 + day * 10 + n,
    currency: 'EUR',
  });
  await importOk(backend, 'transactions', [...[17, 18, 19].flatMap((day) => [0, 1, 2, 3].map((n) => tx(day, n))), tx(18, 0, 'R-RB')]);
}, 120_000);
beforeEach(() => {
  delivered = [];
});

describe('a whole run', () => {
  it('writes the period in files of rowsPerFile rows, finishes, lists them and counts the run', async () => {
    const job = await newJob({ options: { deliver: true, skipIfEmpty: false } });
    await runReportJob(deps({ rowsPerFile: 5 }), job.jobId);
    const done = (await getReportJob(world.backend.db, job.jobId, true))!;
    expect(done).toMatchObject({ status: 'finished', rowsWritten: 12, totalRows: 12, skippedEmpty: false, error: null });
    expect(done.files.map((f) => f.rows)).toEqual([5, 5, 2]);
    expect(done.files.map((f) => f.name.replace(/^.*_part-/, 'part-'))).toEqual(['part-1.csv', 'part-2.csv', 'part-3.csv']);
    expect(await keysUnder(`reports/${CUSTOMER}/${job.jobId}/`)).toEqual(done.files.map((f) => f.key).sort());
    const csv = (await world.files.read(done.files[0]!.key)).toString('utf8');
    expect(csv.split('\r\n')).toHaveLength(5 + 2); // header, 5 rows, the final CRLF
    expect(delivered).toEqual([job.jobId]);
    const listed = await listReportFiles(world.backend.db, CUSTOMER, { index: 0, maxResults: 100 }, NOW);
    expect(listed.items.filter((f) => f.jobId === job.jobId)).toHaveLength(3);
    expect(
      (await listReportJobs(world.backend.db, PROCESS, { index: 0, maxResults: 100 }, NOW)).items.some((j) => j.jobId === job.jobId),
    ).toBe(true);
  });

  it('a run of 150 files finishes past the 100-item transaction, and a runner that stopped after it lists the rest on its retry (ADR 068)', async () => {
    const job = await newJob();
    const file = (index: number): StoredReportFile => ({
      fileId: reportFileId(job.jobId, index),
      processId: job.processId,
      jobId: job.jobId,
      reportName: job.reportName,
      name: `part-${index + 1}.csv`,
      format: 'csv',
      rows: 1,
      bytes: 10,
      dateFrom: job.dateFrom,
      dateUntil: job.dateUntil,
      createdAt: NOW.toISOString(),
      expiresAt: retentionEnd(NOW).toISOString(),
      key: `reports/${CUSTOMER}/${job.jobId}/part-${index + 1}.csv`,
    });
    const all = Array.from({ length: 150 }, (_, index) => file(index));
    expect(await reportJobWrites.finish(world.backend.db, job, 150, all, false, NOW)).toBe(true);
    const listedOf = async () =>
      (await listReportFiles(world.backend.db, CUSTOMER, { index: 0, maxResults: 1000 }, NOW)).items.filter((f) => f.jobId === job.jobId)
        .length;
    expect(await listedOf()).toBe(150);
    expect((await getReportJob(world.backend.db, job.jobId, true))!.status).toBe('finished');
    // As if the runner stopped right after the transaction: the items beyond its 99 are gone.
    await batchDelete(
      world.backend.db,
      all.slice(99).map((_, k) => reportFileKey(job.jobId, 99 + k)),
    );
    expect(await listedOf()).toBe(99);
    await runReportJob(deps(), job.jobId);
    expect(await listedOf()).toBe(150);
  });

  it('skip if empty: a period without rows finishes as skipped, with no file and no delivery', async () => {
    const job = await newJob({ dateFrom: '2026-10-01', dateUntil: '2026-10-02', options: { deliver: true, skipIfEmpty: true } });
    await runReportJob(deps(), job.jobId);
    expect(await getReportJob(world.backend.db, job.jobId, true)).toMatchObject({
      status: 'finished',
      skippedEmpty: true,
      files: [],
      rowsWritten: 0,
    });
    expect(await keysUnder(`reports/${CUSTOMER}/${job.jobId}/`)).toEqual([]);
    expect(delivered).toEqual([]);
  });

  it('an empty period without skip still writes one file with the header row', async () => {
    const job = await newJob({ dateFrom: '2026-10-01', dateUntil: '2026-10-02' });
    await runReportJob(deps(), job.jobId);
    const done = (await getReportJob(world.backend.db, job.jobId, true))!;
    expect(done.files.map((f) => f.rows)).toEqual([0]);
  });
});

describe('cancel', () => {
  it('stops between pages: the job stays cancelled and no file of it is left', async () => {
    const job = await newJob();
    // A source whose pages are one row each; the job is cancelled (DELETE) after the first page.
    const paged: ReportRunnerDeps['source'] = (definition, run, d) => {
      const source = reportSource(definition, run, d);
      return {
        ...source,
        async *rows() {
          let first = true;
          for await (const page of source.rows()) {
            for (const row of page) {
              yield [row];
              if (first) await reportJobWrites.cancel(world.backend.db, job.jobId, NOW);
              first = false;
            }
          }
        },
      };
    };
    await runReportJob(deps({ source: paged, rowsPerFile: 2 }), job.jobId);
    expect(await getReportJob(world.backend.db, job.jobId, true)).toMatchObject({ status: 'cancelled', files: [] });
    expect(await keysUnder(`reports/${CUSTOMER}/${job.jobId}/`)).toEqual([]);
  });
});

describe('a scheduled fire', () => {
  const fire = { processId: PROCESS, scheduledFor: '2026-11-20T05:00:00Z' }; // Friday 06:00 in Berlin: covers Thursday

  it('delivered twice (also at once) makes one job and one file set; the second only finishes what is left', async () => {
    const d = deps();
    await Promise.all([runScheduledReport(d, fire), runScheduledReport(d, fire)]);
    await runScheduledReport(d, fire);
    const jobId = scheduledJobId(fire.processId, fire.scheduledFor);
    const job = (await getReportJob(world.backend.db, jobId, true))!;
    expect(job).toMatchObject({
      status: 'finished',
      trigger: 'schedule',
      dateFrom: '2026-11-19',
      dateUntil: '2026-11-19',
      rowsWritten: 4,
      options: { deliver: true },
    });
    expect(await keysUnder(`reports/${CUSTOMER}/${jobId}/`)).toEqual(job.files.map((f) => f.key));
    const log = await listReportJobs(world.backend.db, PROCESS, { index: 0, maxResults: 100 }, NOW);
    expect(log.items.filter((j) => j.scheduledFor === '2026-11-20T05:00:00.000Z')).toHaveLength(1);
    // Every invocation hands the finished job to the delivery, which sends nothing twice (E's tests).
    expect(delivered.every((id) => id === jobId)).toBe(true);
    expect(delivered.length).toBeGreaterThanOrEqual(2);
  });

  it('a delivery left incomplete fails a scheduled invocation (retry, DLQ) but not a manual run; the job stays finished', async () => {
    const incomplete = async () => {
      throw Object.assign(new Error('1 delivery failed for a retryable reason'), { name: 'DeliveryIncompleteError' });
    };
    const sun = { processId: PROCESS, scheduledFor: '2026-11-22T05:00:00Z' };
    await expect(runScheduledReport(deps({ deliver: incomplete }), sun)).rejects.toThrow('retryable');
    expect(await getReportJob(world.backend.db, scheduledJobId(sun.processId, sun.scheduledFor), true)).toMatchObject({
      status: 'finished',
      error: null,
    });
    const manual = await newJob({ options: { deliver: true, skipIfEmpty: false } });
    await runReportJob(deps({ deliver: incomplete }), manual.jobId);
    expect(await getReportJob(world.backend.db, manual.jobId, true)).toMatchObject({ status: 'finished', error: null });
  });

  it("a custom report's scheduled files speak its owner's language; a general report's English (ADR 054)", async () => {
    await importOk(world.backend, 'accounts', [
      {
        username: 'runner.de',
        password: 'Correct-Horse-42!',
        email: 'runner.de@example.com',
        passwordExpiry: '2030-01-01T00:00:00.000Z',
        customerId: CUSTOMER,
        portals: ['connect'],
        securityFlag: 16,
        locale: 'de-de',
      },
    ]);
    const custom = {
      processId: 'c-runner-de',
      kind: 'custom' as const,
      reportId: null,
      customerId: CUSTOMER,
      name: 'Meine Transaktionen',
      reportType: 'transactions' as const,
      filter: {},
      columns: ['at', 'result'],
      format: 'csv' as const,
      createdBy: 'runner.de',
    };
    const fire = { processId: custom.processId, scheduledFor: '2026-11-20T05:00:00Z' };
    await runScheduledReport(deps({ loadDefinition: async () => custom }), fire);
    const job = (await getReportJob(world.backend.db, scheduledJobId(fire.processId, fire.scheduledFor), true))!;
    expect(job).toMatchObject({ status: 'finished', language: 'de' });
    expect(job.files.map((f) => f.name)).toEqual([`Meine-Transaktionen_${CUSTOMER}_2026-11-19_2026-11-19.csv`]);
    const header = (await world.files.read(job.files[0]!.key)).toString('utf8').split('\r\n')[0];
    expect(header).toBe('\ufeffDatum,Ergebnis,Ergebnis (Code)');
    const general = (await getReportJob(world.backend.db, scheduledJobId(PROCESS, '2026-11-20T05:00:00Z'), true)) ?? null;
    expect(general?.language).toBeUndefined();
  });

  it('a day that is no reporting day makes no job', async () => {
    const d = deps({ loadSchedule: async () => ({ ...schedule, reportingDays: ['monday'] }) });
    const friday = { processId: PROCESS, scheduledFor: '2026-11-13T05:00:00Z' };
    await runScheduledReport(d, friday);
    expect(await getReportJob(world.backend.db, scheduledJobId(friday.processId, friday.scheduledFor))).toBeNull();
  });

  it('S3 failing: the job ends in error with nothing left and the failure is thrown (async retry, DLQ); the retry finishes it', async () => {
    const failing: FileStore = {
      ...world.files,
      upload: async () => Promise.reject(Object.assign(new Error('Service Unavailable'), { name: 'ServiceUnavailable' })),
    };
    const sat = { processId: PROCESS, scheduledFor: '2026-11-21T05:00:00Z' };
    const jobId = scheduledJobId(sat.processId, sat.scheduledFor);
    await expect(runScheduledReport(deps({ files: failing }), sat)).rejects.toThrow('Service Unavailable');
    expect(await getReportJob(world.backend.db, jobId, true)).toMatchObject({
      status: 'error',
      error: 'The report could not be created. Please try again.',
    });
    expect(await keysUnder(`reports/${CUSTOMER}/${jobId}/`)).toEqual([]);
    expect(delivered).toEqual([]);
    await runScheduledReport(deps(), sat);
    expect(await getReportJob(world.backend.db, jobId, true)).toMatchObject({ status: 'finished', error: null });
    expect(delivered).toEqual([jobId]);
  });
});

describe('S3 faults injected (platform/faults, ADR 025)', () => {
  it('every S3 call throttled or 5xx once: the SDK retries heal it, the run finishes with the same file as without faults', async () => {
    const clean = await newJob();
    await runReportJob(deps(), clean.jobId);
    const faults = createFaultInjector({ rate: 1, seed: 41, services: ['s3'], persistent: 0, kinds: ['throttle', 'server'] });
    const faulty = createFileStore({ AWS_REGION: 'eu-central-1', S3_ENDPOINT: world.s3.endpoint, bucket: BUCKET }, faults);
    const job = await newJob();
    await runReportJob(deps({ files: faulty }), job.jobId);
    const done = (await getReportJob(world.backend.db, job.jobId, true))!;
    expect(done.status).toBe('finished');
    expect(faults.injectedCount()).toBeGreaterThan(0);
    const body = (key: string) => world.files.read(key).then((b) => b.toString('utf8'));
    expect(await body(done.files[0]!.key)).toBe(await body((await getReportJob(world.backend.db, clean.jobId, true))!.files[0]!.key));
  });

  it('S3 failing on every attempt: a manual run ends in error with no file left, and is not thrown', async () => {
    const faults = createFaultInjector({ rate: 1, seed: 7, services: ['s3'], persistent: 1, kinds: ['server'], phases: ['before'] });
    const broken = createFileStore({ AWS_REGION: 'eu-central-1', S3_ENDPOINT: world.s3.endpoint, bucket: BUCKET }, faults);
    const job = await newJob();
    await runReportJob(deps({ files: broken }), job.jobId);
    expect(await getReportJob(world.backend.db, job.jobId, true)).toMatchObject({ status: 'error', files: [] });
    expect(await keysUnder(`reports/${CUSTOMER}/${job.jobId}/`)).toEqual([]);
  });
});

describe('fan-out (item 7)', () => {
  for (const format of ['csv', 'xlsx'] as const) {
    it(`${format}: the parts run on their own, the last one joins them into one file set${format === 'csv' ? ' equal byte for byte to one run' : ''}`, async () => {
      const single = await newJob({ format });
      await runReportJob(deps(), single.jobId);
      const whole = (await getReportJob(world.backend.db, single.jobId, true))!;

      const fanned = await newJob({ format, options: { deliver: true, skipIfEmpty: false } });
      const d = deps({ partRows: 5 });
      await runReportJob(d, fanned.jobId);
      await d.idle();
      const joined = (await getReportJob(world.backend.db, fanned.jobId, true))!;
      expect(joined).toMatchObject({ status: 'finished', rowsWritten: 12, totalRows: 12, partsDone: 3 });
      expect(joined.parts!.map((p) => [p.dateFrom, p.dateUntil])).toEqual([
        ['2026-11-19', '2026-11-20'],
        ['2026-11-18', '2026-11-18'],
        ['2026-11-16', '2026-11-17'],
      ]);
      expect(delivered).toEqual([fanned.jobId]);
      if (format === 'csv') {
        expect(joined.files.map((f) => [f.name, f.rows])).toEqual(whole.files.map((f) => [f.name, f.rows]));
        expect(await world.files.read(joined.files[0]!.key)).toEqual(await world.files.read(whole.files[0]!.key));
        // The part files are gone once joined.
        expect(await keysUnder(`reports/${CUSTOMER}/${fanned.jobId}/`)).toEqual(joined.files.map((f) => f.key));
      } else {
        expect(joined.files.map((f) => f.rows)).toEqual([4, 4, 4]);
        expect(joined.files.map((f) => f.name)).toEqual([1, 2, 3].map((n) => whole.files[0]!.name.replace(/\.xlsx$/, `_part-${n}.xlsx`)));
      }
    });
  }

  it('a part that fails fails the job, and no file of any part is left', async () => {
    const job = await newJob();
    // The middle part (2026-11-18) fails while reading; the others finish around it.
    const failing: ReportRunnerDeps['source'] = (definition, run, d) => {
      const source = reportSource(definition, run, d);
      if (run.dateFrom !== '2026-11-18' || run.dateUntil !== '2026-11-18') return source;
      return {
        ...source,
        // eslint-disable-next-line require-yield
        async *rows() {
          throw Object.assign(new Error('Provisioned throughput exceeded'), { name: 'ProvisionedThroughputExceededException' });
        },
      };
    };
    const d = deps({ partRows: 5, source: failing });
    await runReportJob(d, job.jobId);
    await d.idle(); // the local launcher logs the part's thrown failure (on AWS: the async retry, then the DLQ)
    expect(await getReportJob(world.backend.db, job.jobId, true)).toMatchObject({ status: 'error', files: [] });
    expect(await keysUnder(`reports/${CUSTOMER}/${job.jobId}/`)).toEqual([]);
    expect(delivered).toEqual([]);
    expect(await slotsHeld(world.backend.db)).toBe(0); // the failed part gave its slot back (ADR 077)
  });

  describe('the fleet cap on parts reading at once (ADR 077)', () => {
    /** A source whose rows() counts the parts reading at this moment, and the most seen. */
    function counting() {
      const seen = { now: 0, most: 0 };
      const source: ReportRunnerDeps['source'] = (definition, run, d) => {
        const inner = reportSource(definition, run, d);
        return {
          ...inner,
          async *rows() {
            seen.most = Math.max(seen.most, ++seen.now);
            try {
              yield* inner.rows();
            } finally {
              seen.now -= 1;
            }
          },
        };
      };
      return { seen, source };
    }

    it('a job of 6 parts with a cap of 2: never more than 2 parts read at once, the waiting ones start as others end', async () => {
      const { seen, source } = counting();
      const d = deps({ partRows: 2, partsAtOnce: 2, source });
      const jobs = [await newJob()];
      await runReportJob(d, jobs[0]!.jobId);
      await d.idle();
      for (const job of jobs)
        expect(await getReportJob(world.backend.db, job.jobId, true)).toMatchObject({ status: 'finished', partsDone: 6 });
      expect(seen.most).toBeLessThanOrEqual(2);
      expect(seen.most).toBeGreaterThan(0);
      // Uncapped, the same job reads with all its parts at once.
      const open = counting();
      const job = await newJob();
      const wide = deps({ partRows: 2, partsAtOnce: 100, source: open.source });
      await runReportJob(wide, job.jobId);
      await wide.idle();
      expect(open.seen.most).toBeGreaterThan(2);
      expect(await slotsHeld(world.backend.db)).toBe(0);
    });

    it("a job's limit (its keys' shares) holds below the fleet's cap: the next part waits for one of its own to end", async () => {
      const at = new Date(NOW.getTime() + 3_600_000);
      await waitForSlots(world.backend.db, 'slot-limit-job', [0, 1, 2], 60, 1, at);
      expect(await claimWaitingParts(world.backend.db, 10, at, REPORT_LEASE_MS)).toEqual([{ jobId: 'slot-limit-job', part: 0 }]);
      expect(await claimWaitingParts(world.backend.db, 10, at, REPORT_LEASE_MS)).toEqual([]);
      const line = await renewSlot(world.backend.db, 'slot-limit-job', 0, at, REPORT_LEASE_MS);
      expect(line).toBeTruthy();
      await releaseSlot(world.backend.db, 'slot-limit-job', 0, line!);
      expect(await claimWaitingParts(world.backend.db, 10, at, REPORT_LEASE_MS)).toEqual([{ jobId: 'slot-limit-job', part: 1 }]);
      expect(await slotsHeld(world.backend.db)).toBe(1);
      for (const part of [1, 2]) {
        await releaseSlot(
          world.backend.db,
          'slot-limit-job',
          part,
          (await renewSlot(world.backend.db, 'slot-limit-job', part, at, REPORT_LEASE_MS))!,
        );
        await claimWaitingParts(world.backend.db, 10, at, REPORT_LEASE_MS);
      }
      expect(await slotsHeld(world.backend.db)).toBe(0);
      // Nothing of the job waits or runs: its line is gone, nothing more to claim.
      expect(await claimWaitingParts(world.backend.db, 10, at, REPORT_LEASE_MS)).toEqual([]);
    });

    it('a launch that is lost (a Lambda that timed out) keeps its slot until its lease ends; then the part runs again and the job finishes', async () => {
      let at = NOW.getTime();
      let dropped = false;
      const launched: number[] = [];
      const base = deps({ partRows: 2, partsAtOnce: 2, now: () => new Date(at) });
      const d = {
        ...base,
        launchPart: async (jobId: string, part: number) => {
          launched.push(part);
          if (part === 0 && !dropped) dropped = true;
          else await base.launchPart(jobId, part);
        },
      };
      const job = await newJob();
      await runReportJob(d, job.jobId);
      await d.idle();
      // Part 0 never ran; its slot stays held, so only one part at a time ran the rest.
      expect(await getReportJob(world.backend.db, job.jobId, true)).toMatchObject({ status: 'creating', partsDone: 5 });
      expect(await slotsHeld(world.backend.db)).toBe(1);
      at += REPORT_LEASE_MS + 60_000;
      await startWaitingParts(d);
      await d.idle();
      expect(await getReportJob(world.backend.db, job.jobId, true)).toMatchObject({ status: 'finished', partsDone: 6, rowsWritten: 12 });
      expect(launched.filter((p) => p === 0)).toHaveLength(2);
      expect(await slotsHeld(world.backend.db)).toBe(0);
    });
  });

  it('a day above the part size is planned in hours (ADR 074): each part reads its hours only, the join equals one run', async () => {
    const single = await newJob();
    await runReportJob(deps(), single.jobId);
    const whole = (await getReportJob(world.backend.db, single.jobId, true))!;

    const job = await newJob();
    const d = deps({ partRows: 2 });
    await runReportJob(d, job.jobId);
    await d.idle();
    const done = (await getReportJob(world.backend.db, job.jobId, true))!;
    expect(done).toMatchObject({ status: 'finished', rowsWritten: 12, partsDone: 6 });
    // 4 rows a day at 09:15-12:15 UTC: each day in two parts of two hours' rows, newest first, end to start.
    expect(done.parts!.map((p) => p.estimatedRows)).toEqual([2, 2, 2, 2, 2, 2]);
    // The second part: day 19's 10:15 and 09:15 rows, and the empty hours down to day 18's rows from 12:15.
    expect(done.parts![1]).toMatchObject({
      dateFrom: '2026-11-18',
      dateUntil: '2026-11-19',
      from: '2026-11-18T13:00:00.000Z',
      to: '2026-11-19T11:00:00.000Z',
    });
    for (const [i, part] of done.parts!.entries()) if (i > 0) expect(part.to).toBe(done.parts![i - 1]!.from);
    expect(Object.values(done.partResults!).map((r) => r.rows)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(await world.files.read(done.files[0]!.key)).toEqual(await world.files.read(whole.files[0]!.key));
  });

  it('csv: above the per-file limit the joined files split at part boundaries, each within the limit', async () => {
    const job = await newJob();
    const copied: string[] = [];
    const spying: FileStore = {
      ...world.files,
      copy: async (from, to) => {
        copied.push(to);
        await world.files.copy(from, to);
      },
    };
    const d = deps({ partRows: 4, rowsPerFile: 8, files: spying });
    await runReportJob(d, job.jobId);
    await d.idle();
    const done = (await getReportJob(world.backend.db, job.jobId, true))!;
    expect(done.files.map((f) => f.rows)).toEqual([8, 4]);
    const rows = async (key: string) => (await world.files.read(key)).toString('utf8').split('\r\n').filter(Boolean).length - 1;
    expect(await rows(done.files[0]!.key)).toBe(8);
    expect(await rows(done.files[1]!.key)).toBe(4);
    // The second file is one part's file, copied inside S3 (ADR 074): the bytes one run writes there.
    expect(copied).toEqual([done.files[1]!.key]);
    const single = await newJob();
    await runReportJob(deps({ rowsPerFile: 8 }), single.jobId);
    const whole = (await getReportJob(world.backend.db, single.jobId, true))!;
    expect(await world.files.read(done.files[1]!.key)).toEqual(await world.files.read(whole.files[1]!.key));
    expect(await keysUnder(`reports/${CUSTOMER}/${job.jobId}/`)).toEqual(done.files.map((f) => f.key).sort());
  });
});
