/**
 * `npx tsx scripts/bench/report.ts --dynamodb-port P --customer C --start D --end D [--zone Z]
 *  [--formats csv,xlsx] [--part-rows 1000000,250000] [--concurrency 2] [--raw-limits 2500,none] [--raw-after]
 *  [--table portal-local]`
 *
 * A transactions report over a long period (ADR 041), all on loopback, in one run:
 * 1. the raw Query read rate of the report's rows (raw-read.ts, as in export.ts): the base;
 * 2. for each format and each `--part-rows` (the rows one invocation writes before the period is fanned
 *    out by day ranges): a report job of the customer's general transactions report, run by the report
 *    runner bundled like the Lambda (report-child.ts) with plain node, one process per invocation: the
 *    job's, then each part's, started when the job's invocation sends its async Invoke to this script's
 *    Lambda stand-in (at most `--concurrency` at once: the machine has 2 cores); the last part joins;
 * 3. wall time from the first invocation to the last one's end, rows/s, % of the raw read, and the peak
 *    RSS of every invocation (sampled every 50 ms, and the kernel's maxRSS).
 * Goals: ≥ 50 % of (1), every invocation's peak RSS < 256 MB. A part-rows at or above the row count runs
 * the whole period in one invocation (no fan-out). The machine is shared: compare within one run.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import type { ExportFormat } from '@portal/core/export';
import { createDb } from '@portal/backend/platform/db';
import { S3_STAND_IN_CREDENTIALS, startS3StandIn } from '@portal/backend/platform/files/test';
import { getReportJob, putNewReportJob, type ReportLaunch } from '@portal/backend/report';
import { reportJobFixture } from '../../tests/support/report-job-fixtures.ts';
import { EXPORT_NODE_OPTIONS } from '../../infra/export-runtime.ts';
import { lambdaLikeBundle } from '../checks/api-bundle.ts';
import { JOB_PAGE_ROWS } from '@portal/backend/transaction';
import { DATA_SET_OPTIONS } from './bench-backend.ts';
import { describeRaw, fastest, rawReads } from './raw-read.ts';

const { values } = parseArgs({
  options: {
    ...DATA_SET_OPTIONS,
    formats: { type: 'string', default: 'csv,xlsx' },
    'part-rows': { type: 'string', default: '1000000,250000' },
    concurrency: { type: 'string', default: '2' },
    'raw-limits': { type: 'string', default: String(JOB_PAGE_ROWS) },
    'raw-after': { type: 'boolean', default: false },
  },
});
if (!values['dynamodb-port'] || !values.customer || !values.start || !values.end)
  throw new Error('--dynamodb-port, --customer, --start and --end are required');
const BUCKET = 'bench-reports';
const FUNCTION_NAME = 'bench-report-runner';
const endpoint = `http://127.0.0.1:${values['dynamodb-port']}`;
const customerId = values.customer;
const zone = values.zone!;
const concurrency = Number(values.concurrency);
process.env.AWS_ACCESS_KEY_ID ??= 'local';
process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
const db = createDb({ AWS_REGION: 'eu-central-1', DYNAMODB_ENDPOINT: endpoint, TABLE_NAME: values.table! });

type Invocation = { payload: ReportLaunch; seconds: number; baselineRss: number; peakRss: number };

/** The async Invoke API of Lambda, enough for InvocationType 'Event': each payload is queued, 202. */
async function startLambdaStandIn(onInvoke: (payload: ReportLaunch) => void) {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.includes(`/functions/${FUNCTION_NAME}/invocations`)) {
        res.writeHead(404).end();
        return;
      }
      onInvoke(JSON.parse(body) as ReportLaunch);
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** report-child.ts bundled with the report function's (SST-like) esbuild options, once per run. */
const childBundle = lambdaLikeBundle('scripts/bench/report-child.ts');

async function invoke(payload: ReportLaunch, env: NodeJS.ProcessEnv): Promise<Invocation> {
  const bundle = await childBundle();
  return new Promise((done, fail) => {
    const proc = spawn(process.execPath, [bundle, JSON.stringify(payload)], { stdio: ['ignore', 'pipe', 'inherit'], env });
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    proc.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (code !== 0 || !line) fail(new Error(`report child ${JSON.stringify(payload)} exited ${code}: ${out.slice(-500)}`));
      else done({ payload, ...(JSON.parse(line.slice('RESULT '.length)) as Omit<Invocation, 'payload'>) });
    });
  });
}

/** Runs the job's invocation and every part it launches, at most `concurrency` at once. */
async function runJob(format: ExportFormat, partRows: number, asOf: string, s3: string) {
  const jobId = randomUUID();
  const job = reportJobFixture({
    jobId,
    customerId,
    dateFrom: values.start!,
    dateUntil: values.end!,
    timeZone: zone,
    format,
    createdAt: asOf,
    updatedAt: asOf,
    owner: 'bench',
  });
  await putNewReportJob(db, job);
  const queue: ReportLaunch[] = [{ kind: 'report-job', jobId }];
  const done: Invocation[] = [];
  let running = 0;
  let wake: () => void = () => {};
  const lambda = await startLambdaStandIn((payload) => {
    queue.push(payload);
    wake();
  });
  const env = {
    ...process.env,
    ...S3_STAND_IN_CREDENTIALS,
    STAGE: 'bench',
    AWS_REGION: 'eu-central-1',
    TABLE_NAME: values.table!,
    FILES_BUCKET: BUCKET,
    REPORTS_BUCKET: BUCKET,
    MAIL_FROM: 'bench@example.com',
    APP_URL: 'http://localhost',
    DYNAMODB_ENDPOINT: endpoint,
    S3_ENDPOINT: s3,
    AWS_ENDPOINT_URL_LAMBDA: lambda.url,
    BENCH_FUNCTION_NAME: FUNCTION_NAME,
    BENCH_PART_ROWS: String(partRows),
    // The runner function runs with the export function's options (ADR 041, infra/export-runtime.ts).
    NODE_OPTIONS: EXPORT_NODE_OPTIONS,
  };
  const started = performance.now();
  try {
    await new Promise<void>((finished, fail) => {
      const pump = () => {
        while (running < concurrency && queue.length) {
          running += 1;
          invoke(queue.shift()!, env).then((r) => {
            running -= 1;
            done.push(r);
            console.log(
              `  ${r.payload.kind}${r.payload.kind === 'report-part' ? ` ${r.payload.part}` : ''}: ${r.seconds.toFixed(1)} s, peak RSS ${mb(r.peakRss)} MB`,
            );
            pump();
          }, fail);
        }
        if (running === 0 && queue.length === 0) finished();
      };
      wake = pump;
      pump();
    });
  } finally {
    await lambda.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  const result = await getReportJob(db, jobId, true);
  return { job: result, seconds, invocations: done };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

async function main() {
  const filter = { customerId, startDate: values.start!, endDate: values.end! };
  // The raw read and the reports stop at the same instant, so they read the same rows.
  const asOf = new Date().toISOString();
  const s3 = await startS3StandIn([BUCKET]);
  try {
    await childBundle(); // built before the clock starts
    const raws = await rawReads(db, filter, zone, Date.parse(asOf), values['raw-limits']!, 'before');
    const runs = [];
    for (const format of values.formats!.split(',') as ExportFormat[]) {
      for (const partRows of values['part-rows']!.split(',').map(Number)) {
        console.log(`report ${format}, part rows ${partRows}:`);
        runs.push({ format, partRows, ...(await runJob(format, partRows, asOf, s3.endpoint)) });
      }
    }
    if (values['raw-after']) raws.push(...(await rawReads(db, filter, zone, Date.parse(asOf), values['raw-limits']!, 'after')));
    const raw = fastest(raws);
    const lines = [
      `customer ${customerId}, ${values.start}..${values.end} (${zone}), rows up to ${asOf}, DynamoDB ${endpoint}, ${concurrency} invocations at once`,
      describeRaw(raw, raws),
    ];
    lines.push(
      '| format | part rows | status | rows | parts | files | MB | seconds | rows/s | % of raw read | peak RSS MB per invocation (job, parts) |',
    );
    lines.push('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of runs) {
      const rows = r.job?.rowsWritten ?? 0;
      const rate = rows / r.seconds;
      const bytes = r.job?.files.reduce((n, f) => n + f.bytes, 0) ?? 0;
      const order = (i: Invocation) => (i.payload.kind === 'report-part' ? i.payload.part + 1 : 0);
      const peaks = [...r.invocations]
        .sort((a, b) => order(a) - order(b))
        .map((i) => mb(i.peakRss))
        .join(', ');
      lines.push(
        `| ${r.format} | ${r.partRows} | ${r.job?.status} | ${rows} | ${r.job?.parts?.length ?? 1} | ${r.job?.files.length ?? 0} | ${mb(bytes)} | ${r.seconds.toFixed(1)} | ${Math.round(rate)} | ${Math.round((rate / raw.rate) * 100)} % | ${peaks} |`,
      );
      if (r.job?.status !== 'finished' || rows !== raw.items)
        lines.push(`  ! ${r.format}/${r.partRows}: job ${r.job?.status}, ${rows} rows written, raw read ${raw.items}`);
    }
    console.log(lines.join('\n'));
  } finally {
    await s3.stop();
  }
}

await main();
