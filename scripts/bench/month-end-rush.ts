/**
 * `npx tsx scripts/bench/month-end-rush.ts [--reports 30000] [--ses-rate 14] [--senders 2] [--runners 300]
 *  [--run-seconds 31] [--recipients 1] [--api-mails-per-minute 30] [--duplicate-every 50]`
 *
 * The end-of-month rush (ADR 094), simulated on a virtual clock: customers × 3 general reports with a
 * monthly schedule at 00:00 on the 1st in four time zones (Helsinki, Berlin, London, Azores: four waves an
 * hour apart). Scheduler's fires go to `--runners` runner invocations at once (the runner's reserved
 * concurrency, ADR 077); each run takes `--run-seconds` of virtual time (ADR 077's fleet mean: 937,500
 * invocation-seconds / 30,000 reports) and then runs the real scheduled-run code (runScheduledReport: the
 * job, the real sources, the files to the S3 stand-in) whose hand-off to the delivery puts the job on the
 * delivery queue. `--senders` consumers take the queue (the event source's maximum concurrency) and run the
 * real delivery (deliverReportJob: claims, mail budget, MIME, attachments read from S3), each paced to its
 * share of the rate (send-pacer.ts), against aws-ses-v2-local behind SES's sending rate on the virtual
 * clock (ses-local.ts startSesRateLimit). The API's sign-in mails share the rate unpaced
 * (`--api-mails-per-minute`), so throttles are met and must be absorbed. The queue is at least once: every
 * `--duplicate-every`th message comes twice; a consumer that throws (a delivery still throttled) has its
 * message back after the visibility timeout. Prints mails sent, throttles met, duplicates, lost, drain time.
 * `--unpaced` sends without the pacer (the delivery before ADR 094). Everything on loopback: DynamoDB Local and the SES stand-in are started here unless given.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createBackend } from '@portal/backend';
import { loadConfig } from '@portal/backend/config';
import { createDb, ensureTable, mapLimit } from '@portal/backend/platform/db';
import { createMailer } from '@portal/backend/platform/mail';
import { markMigrationsOfNewTable } from '@portal/backend/migration';
import {
  DeliveryIncompleteError,
  deliverReportJob,
  REPORT_MAIL_SENDERS,
  reportDeliveryDeps,
  reportJobsFromConfig,
} from '@portal/backend/report';
import type { GeneralReportId } from '@portal/core/report';
import { startOfDayInZone } from '@portal/core/shared';
import { startSesRateLimit } from '../local/ses-local.ts';
import { putMonthlyReportWithContacts } from '../../tests/support/rush-fixtures.ts';
import { VirtualTime } from './virtual-time.ts';

export type RushOptions = {
  reports: number;
  /** Contacts on each report's list. */
  recipients: number;
  sesRate: number;
  senders: number;
  runners: number;
  runSeconds: number;
  /** SES's answer time for one send. */
  sesLatencyMs: number;
  apiMailsPerMinute: number;
  duplicateEvery: number;
  /** When a message whose consumer failed is delivered again (the queue's visibility timeout). */
  visibilityMs: number;
  /** Sends without the pacer (the delivery before ADR 094). */
  unpaced?: boolean;
  dynamodbEndpoint: string;
  /** aws-ses-v2-local. */
  sesEndpoint: string;
  s3Endpoint: string;
  bucket: string;
  progress?: (line: string) => void;
};

export type RushResult = {
  reports: number;
  mailsExpected: number;
  mailsSent: number;
  throttles: number;
  duplicates: number;
  lost: number;
  duplicateMessages: number;
  redeliveries: number;
  firstFire: string;
  lastMail: string;
  /** From the last wave's 00:00 to the last report mail SES accepted. */
  drainSecondsAfterLastWave: number;
  /** From the first wave's 00:00 to the last report mail. */
  drainSecondsAfterFirstWave: number;
  /** The report mails SES accepted a second, at most, over any whole virtual second. */
  peakMailsPerSecond: number;
  wallSeconds: number;
  /** CPU this process used (the real code's side; DynamoDB Local's JVM is its own): against wallSeconds, the share it got. */
  cpuSeconds: number;
};

export const RUSH_ZONES = ['Europe/Helsinki', 'Europe/Berlin', 'Europe/London', 'Atlantic/Azores'] as const;
const REPORTS_OF_A_CUSTOMER: readonly GeneralReportId[] = ['transactions', 'sales-by-day', 'coupon-status'];
const THE_FIRST = '2026-12-01';
const addressOf = (report: number, k: number) => `rush-${report}-${k}@customers.example`;

type Fire = { processId: string; at: number };
type Message = { jobId: string; visibleAt: number };

/** The schedules and mailing lists of `reports` general reports (3 per customer), written straight to the table. */
async function seed(db: ReturnType<typeof createDb>, options: RushOptions, at: Date): Promise<Fire[]> {
  const fires: Fire[] = [];
  await mapLimit(
    Array.from({ length: options.reports }, (_, i) => i),
    16,
    async (i) => {
      const customerId = `RUSH-${Math.floor(i / REPORTS_OF_A_CUSTOMER.length)}`;
      const zone = RUSH_ZONES[Math.floor(i / REPORTS_OF_A_CUSTOMER.length) % RUSH_ZONES.length] ?? 'UTC';
      const processId = `gen.${REPORTS_OF_A_CUSTOMER[i % REPORTS_OF_A_CUSTOMER.length]}.${customerId}`;
      await putMonthlyReportWithContacts(db, {
        processId,
        customerId,
        timeZone: zone,
        emails: Array.from({ length: options.recipients }, (_, k) => addressOf(i, k)),
        at,
      });
      fires.push({ processId, at: startOfDayInZone(THE_FIRST, zone) });
    },
  );
  return fires.sort((a, b) => a.at - b.at);
}

export async function runMonthEndRush(options: RushOptions): Promise<RushResult> {
  const wallStart = Date.now();
  const cpuStart = process.cpuUsage();
  const progress = options.progress ?? (() => {});
  const waves = RUSH_ZONES.map((zone) => startOfDayInZone(THE_FIRST, zone));
  const firstFire = Math.min(...waves);
  const lastWave = Math.max(...waves);
  const vt = new VirtualTime(firstFire - 60_000);
  const ses = await startSesRateLimit({ target: options.sesEndpoint, perSecond: options.sesRate, nowMs: vt.nowMs });
  const config = loadConfig({
    STAGE: 'rush',
    AWS_REGION: 'eu-central-1',
    TABLE_NAME: `rush-${randomUUID()}`,
    FILES_BUCKET: options.bucket,
    REPORTS_BUCKET: options.bucket,
    MAIL_FROM: 'reports@portal.example.com',
    APP_URL: 'http://localhost:3000',
    DYNAMODB_ENDPOINT: options.dynamodbEndpoint,
    SES_ENDPOINT: ses.endpoint,
    S3_ENDPOINT: options.s3Endpoint,
    REPORT_LINK_KEY_FILE: join(tmpdir(), `portal-rush-link-${process.pid}.key`),
    SES_SEND_RATE: String(options.sesRate),
    REPORT_MAIL_SENDERS: String(options.senders),
  });
  const db = createDb(config);
  await ensureTable(db.raw, config.TABLE_NAME);
  await markMigrationsOfNewTable(db, vt.now());
  // The customers as retailers (the sales reports answer for a retailer), through the one import path.
  const customers = Math.ceil(options.reports / REPORTS_OF_A_CUSTOMER.length);
  const imported = await createBackend(config, vt.now).imports.importRecords(
    'retailers',
    Array.from({ length: customers }, (_, i) => ({ line: i + 1, data: { customerId: `RUSH-${i}`, name: `Rush customer ${i}` } })),
  );
  if (imported.errors.length) throw new Error(`retailers: ${JSON.stringify(imported.errors.slice(0, 3))}`);
  const fires = await seed(db, options, vt.now());
  progress(`seeded ${fires.length} reports in ${((Date.now() - wallStart) / 1000).toFixed(0)} s`);

  // The delivery queue: at least once (every duplicateEvery-th message twice), a failed receive back after the visibility timeout.
  const queue: Message[] = [];
  let enqueued = 0;
  let duplicateMessages = 0;
  let redeliveries = 0;
  let delivering = 0;
  const enqueue = async (jobId: string) => {
    enqueued += 1;
    queue.push({ jobId, visibleAt: vt.nowMs() });
    if (options.duplicateEvery > 0 && enqueued % options.duplicateEvery === 0) {
      duplicateMessages += 1;
      queue.push({ jobId, visibleAt: vt.nowMs() + 1_000 });
    }
  };

  const reports = reportJobsFromConfig(config, { db, now: vt.now, rateLimiter: null, runner: { deliver: enqueue } });
  let firesLeft = [...fires];
  let runsDone = 0;
  const runner = async () => {
    for (;;) {
      const fire = firesLeft.shift();
      if (!fire) return;
      if (fire.at > vt.nowMs()) await vt.sleep(fire.at - vt.nowMs());
      await vt.sleep(options.runSeconds * 1000); // the invocation's modelled work (ADR 077's mean)
      await reports.runScheduled({ processId: fire.processId, scheduledFor: new Date(fire.at).toISOString() });
      runsDone += 1;
      if (runsDone % 1000 === 0) progress(`${runsDone} runs at ${vt.now().toISOString()}`);
    }
  };

  // The senders: each its own delivery deps (its own pacer: its share of the rate), waits and SES's answer time on the virtual clock.
  const mailer = createMailer(config);
  const answerTime = {
    sendRaw: async (to: string, raw: Uint8Array) => {
      try {
        return await mailer.sendRaw(to, raw);
      } finally {
        await vt.sleep(options.sesLatencyMs);
      }
    },
  };
  const sender = async () => {
    const { pace, ...unpaced } = reportDeliveryDeps(config, { db, now: vt.now, mailer: answerTime, sleep: vt.sleep });
    // `--unpaced`: the delivery as it was before ADR 094 (backoff only), for the before → after figures.
    const deps = options.unpaced ? unpaced : { ...unpaced, ...(pace ? { pace } : {}) };
    for (;;) {
      queue.sort((a, b) => a.visibleAt - b.visibleAt);
      const next = queue[0];
      if (!next) {
        if (runsDone === fires.length) return;
        await vt.sleep(1_000); // a long poll that found nothing
        continue;
      }
      if (next.visibleAt > vt.nowMs()) {
        await vt.sleep(Math.min(next.visibleAt - vt.nowMs(), 1_000));
        continue;
      }
      queue.shift();
      delivering += 1;
      try {
        await deliverReportJob(deps, next.jobId);
      } catch (error) {
        if (!(error instanceof DeliveryIncompleteError)) throw error;
        redeliveries += 1;
        queue.push({ jobId: next.jobId, visibleAt: vt.nowMs() + options.visibilityMs });
      } finally {
        delivering -= 1;
      }
    }
  };

  // The API's own mails (sign-in codes, password resets), unpaced: they meet the rate as they come. Sent while
  // report mails are going out (the rest of the night they meet nothing, and would only cost wall time).
  const api = async () => {
    let n = 0;
    const every = 60_000 / Math.max(options.apiMailsPerMinute, 1e-9);
    while (options.apiMailsPerMinute > 0 && (runsDone < fires.length || queue.length > 0 || delivering > 0)) {
      await vt.sleep(every);
      if (queue.length === 0 && delivering === 0) continue;
      await mailer.send({ to: `api-${n++}@users.example`, subject: 'Sign-in code', text: '123456' }).catch(() => {});
    }
  };

  await Promise.all([
    ...Array.from({ length: options.runners }, () => vt.spawn(runner)),
    ...Array.from({ length: options.senders }, () => vt.spawn(sender)),
    vt.spawn(api),
  ]);
  firesLeft = [];
  await ses.stop();

  let mailsSent = 0;
  let duplicates = 0;
  let lost = 0;
  for (let i = 0; i < options.reports; i += 1)
    for (let k = 0; k < options.recipients; k += 1) {
      const times = ses.accepted.get(addressOf(i, k))?.length ?? 0;
      mailsSent += Math.min(times, 1);
      duplicates += Math.max(times - 1, 0);
      if (times === 0) lost += 1;
    }
  const reportMails = [...ses.accepted].filter(([to]) => to.endsWith('@customers.example')).flatMap(([, times]) => times);
  const lastMail = Math.max(...reportMails);
  const perSecond = new Map<number, number>();
  for (const t of reportMails) perSecond.set(Math.floor(t / 1000), (perSecond.get(Math.floor(t / 1000)) ?? 0) + 1);
  return {
    reports: options.reports,
    mailsExpected: options.reports * options.recipients,
    mailsSent,
    throttles: ses.throttled(),
    duplicates,
    lost,
    duplicateMessages,
    redeliveries,
    firstFire: new Date(firstFire).toISOString(),
    lastMail: new Date(lastMail).toISOString(),
    drainSecondsAfterLastWave: Math.round((lastMail - lastWave) / 1000),
    drainSecondsAfterFirstWave: Math.round((lastMail - firstFire) / 1000),
    peakMailsPerSecond: Math.max(...perSecond.values()),
    wallSeconds: Math.round((Date.now() - wallStart) / 1000),
    cpuSeconds: Math.round((process.cpuUsage(cpuStart).user + process.cpuUsage(cpuStart).system) / 1e6),
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      reports: { type: 'string', default: '30000' },
      recipients: { type: 'string', default: '1' },
      'ses-rate': { type: 'string', default: '14' },
      senders: { type: 'string', default: String(REPORT_MAIL_SENDERS) },
      runners: { type: 'string', default: '300' },
      'run-seconds': { type: 'string', default: '31' },
      'ses-latency-ms': { type: 'string', default: '80' },
      'api-mails-per-minute': { type: 'string', default: '30' },
      'duplicate-every': { type: 'string', default: '50' },
      'visibility-seconds': { type: 'string', default: '60' },
      /** A DynamoDB Local already running (else one is started here). */
      'dynamodb-endpoint': { type: 'string' },
      unpaced: { type: 'boolean', default: false },
    },
  });
  const { startDynamoDbLocal } = await import('../local/dynamodb-local.ts');
  const { startSesLocal } = await import('../local/ses-local.ts');
  const { freePort } = await import('../local/ports.ts');
  const { S3_STAND_IN_CREDENTIALS, startS3StandIn } = await import('@portal/backend/platform/files/test');
  const dynamo = values['dynamodb-endpoint']
    ? { endpoint: values['dynamodb-endpoint'], stop: async () => {} }
    : await startDynamoDbLocal({});
  const sesPort = await freePort();
  const sesServer = await startSesLocal({ host: '127.0.0.1', port: sesPort });
  const bucket = 'rush-reports';
  const s3 = await startS3StandIn([bucket]);
  Object.assign(process.env, S3_STAND_IN_CREDENTIALS);
  try {
    const result = await runMonthEndRush({
      reports: Number(values.reports),
      recipients: Number(values.recipients),
      sesRate: Number(values['ses-rate']),
      senders: Number(values.senders),
      runners: Number(values.runners),
      runSeconds: Number(values['run-seconds']),
      sesLatencyMs: Number(values['ses-latency-ms']),
      apiMailsPerMinute: Number(values['api-mails-per-minute']),
      duplicateEvery: Number(values['duplicate-every']),
      visibilityMs: Number(values['visibility-seconds']) * 1000,
      unpaced: values.unpaced,
      dynamodbEndpoint: dynamo.endpoint,
      sesEndpoint: `http://127.0.0.1:${sesPort}`,
      s3Endpoint: s3.endpoint,
      bucket,
      progress: (line) => console.error(`[rush] ${line}`),
    });
    console.log(JSON.stringify(result, null, 2));
    console.log(
      `mails sent ${result.mailsSent}/${result.mailsExpected}, throttles met ${result.throttles}, duplicates ${result.duplicates}, ` +
        `lost ${result.lost}, drain ${(result.drainSecondsAfterLastWave / 60).toFixed(1)} min after the last wave's 00:00 ` +
        `(${(result.drainSecondsAfterFirstWave / 60).toFixed(1)} min after the first), peak ${result.peakMailsPerSecond} mails/s; ` +
        `wall ${result.wallSeconds} s, this process's CPU ${result.cpuSeconds} s`,
    );
    if (result.lost || result.duplicates) process.exitCode = 1;
  } finally {
    await s3.stop();
    await new Promise<void>((resolve) => sesServer.close(() => resolve()));
    await dynamo.stop();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) await main();
