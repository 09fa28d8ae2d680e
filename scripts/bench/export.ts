/**
 * `npx tsx scripts/bench/export.ts [--dynamodb-port P --customer C] [--start D --end D] [--zone Z]
 *  [--load N] [--data-dir DIR] [--formats csv,xlsx] [--runs N] [--raw-limits 1000,2500,none] [--raw-after]
 *  [--node-options '...'] [--table portal-local] [--profile DIR]`
 *
 * The export job (ADR 033), all on loopback, in one run:
 * 1. the raw Query read rate of the export's rows: the same Query pages the export reads (items/s, no
 *    parsing, no writing), measured before the exports (and after them with `--raw-after`) with each
 *    page Limit of `--raw-limits` (default: the export's own, JOB_PAGE_ROWS; `none` = no Limit, which
 *    on DynamoDB Local costs a read of the whole remaining range per page: ADR 033's addendum): the
 *    fastest of them is the base;
 * 2. the export's rows/s for each format: the export function's handler (functions/jobs/export.ts) in a
 *    child process, bundled like the Lambda (export-child.ts, SST-like esbuild options) and run with plain
 *    node; source → CSV/XLSX → multipart upload to s3rver (started here, in this process);
 * 3. the child's RSS before the job and at its peak (sampled every 50 ms, and the kernel's maxRSS), and
 *    its CPU seconds (all threads): the export's own cost next to DynamoDB Local's on shared cores.
 * Goals: XLSX ≥ 85 %, CSV ≥ 90 % of (1) (ADR 099, ADR 124), peak RSS < 256 MB whatever the row count. `--runs N` runs the formats N times
 * in turn (csv, xlsx, csv, ...) and prints the median run of each by rows/s (with every run's rate).
 * - Against loaded data: `--dynamodb-port` of a running DynamoDB Local (table `--table`) and `--customer`
 *   (e.g. the generator's biggest); `--start/--end` default to the 90 days up to today (UTC).
 * - Without `--dynamodb-port`: a private DynamoDB Local with `--load N` (default 100,000) synthetic
 *   transactions of one customer, imported through the import path. With `--dynamodb-port` and `--load N`:
 *   the same rows loaded once into that DynamoDB Local's `--table` (created if missing) for `--customer`,
 *   so later runs (before and after a change) read the same data set without loading it again.
 * - `--data-dir DIR` (without `--dynamodb-port`): the private DynamoDB Local keeps its data in DIR; the first run
 *   loads the `--load N` rows there, later runs with the same DIR, N and days read them without loading again
 *   (a load of 100,000 rows takes minutes; the JVM starts again each run).
 * The machine is shared: compare the ratios within one run, not the absolute figures across runs.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { TransactionFilter } from '@portal/core/transaction';
import { addDays } from '@portal/core/shared';
import type { Backend } from '@portal/backend';
import { createDb } from '@portal/backend/platform/db';
import { S3_STAND_IN_CREDENTIALS, startS3StandIn } from '@portal/backend/platform/files/test';
import { JOB_PAGE_ROWS } from '@portal/backend/transaction';
import { EXPORT_NODE_OPTIONS } from '../../infra/export-runtime.ts';
import { lambdaLikeBundle } from '../checks/api-bundle.ts';
import { DATA_SET_OPTIONS, openBenchBackend, startBenchBackend } from './bench-backend.ts';
import { describeRaw, fastest, rawReads } from './raw-read.ts';
import { startDynamoDbLocal } from '../local/dynamodb-local.ts';
import { benchTransactionBase, benchTransactionFacts, loadBenchMasterData } from './bench-transactions.ts';

const { values } = parseArgs({
  options: {
    ...DATA_SET_OPTIONS,
    load: { type: 'string' },
    formats: { type: 'string', default: 'csv,xlsx' },
    runs: { type: 'string', default: '1' },
    'raw-after': { type: 'boolean', default: false },
    'raw-limits': { type: 'string', default: String(JOB_PAGE_ROWS) },
    'node-options': { type: 'string' },
    'data-dir': { type: 'string' },
    profile: { type: 'string' },
  },
});
const BUCKET = 'bench-exports';
const today = new Date().toISOString().slice(0, 10);
const zone = values.zone!;

async function parent() {
  const startDate = values.start ?? addDays(today, -89);
  const endDate = values.end ?? today;
  let endpoint: string;
  let table = values.table!;
  let customerId = values.customer ?? 'R-BENCH';
  let stop = async () => {};
  if (values['dynamodb-port']) {
    if (!values.customer) throw new Error('--customer is required with --dynamodb-port');
    endpoint = `http://127.0.0.1:${values['dynamodb-port']}`;
    // A data set for repeated runs: loaded once into a DynamoDB Local that outlives this run.
    if (values.load) await loadSynthetic(await openBenchBackend(endpoint, table), values.customer, Number(values.load), startDate, endDate);
  } else if (values['data-dir']) {
    const kept = await keptDataSet(values['data-dir'], Number(values.load ?? 100_000), startDate, endDate);
    stop = kept.stop;
    endpoint = kept.endpoint;
    table = KEPT_TABLE;
    customerId = 'R-BENCH';
  } else {
    const bench = await startBenchBackend();
    stop = bench.stop;
    endpoint = bench.backend.config.DYNAMODB_ENDPOINT!;
    table = bench.backend.config.TABLE_NAME;
    customerId = 'R-BENCH';
    await loadSynthetic(bench.backend, customerId, Number(values.load ?? 100_000), startDate, endDate);
  }
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  const db = createDb({ AWS_REGION: 'eu-central-1', DYNAMODB_ENDPOINT: endpoint, TABLE_NAME: table });
  const filter: TransactionFilter = { customerId, startDate, endDate };
  // Both the raw read and the exports stop at the same instant, so they read the same rows.
  const asOf = new Date().toISOString();
  const s3 = await startS3StandIn([BUCKET]);
  const results: string[] = [];
  try {
    const raws = await rawReads(db, filter, zone, Date.parse(asOf), values['raw-limits']!, 'before');
    const formats = values.formats!.split(',');
    const runs = new Map<string, ChildResult[]>(formats.map((f) => [f, []]));
    for (let run = 0; run < Number(values.runs); run++)
      for (const format of formats) {
        const r = await runChild({ endpoint, table, s3: s3.endpoint, customerId, startDate, endDate, format, asOf });
        console.log(`${format} run ${run + 1}: ${r.rows} rows in ${r.seconds.toFixed(1)} s = ${Math.round(r.rows / r.seconds)} rows/s`);
        runs.get(format)!.push(r);
      }
    const exports = formats.map((format) => ({ format, r: median(runs.get(format)!), all: runs.get(format)! }));
    if (values['raw-after']) raws.push(...(await rawReads(db, filter, zone, Date.parse(asOf), values['raw-limits']!, 'after')));
    const raw = fastest(raws);
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    results.push(`customer ${customerId}, ${startDate}..${endDate} (${zone}), rows up to ${asOf}, DynamoDB ${endpoint}`);
    results.push(describeRaw(raw, raws));
    results.push(
      '| format | rows | files | MB | seconds | rows/s | % of raw read | CPU s of the export process | RSS before the job MB | peak RSS MB | every run rows/s |',
    );
    results.push('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const { format, r, all } of exports) {
      const rate = r.rows / r.seconds;
      const peak = Math.max(...all.map((a) => a.peakRss));
      results.push(
        `| ${format} | ${r.rows} | ${r.files} | ${mb(r.bytes)} | ${r.seconds.toFixed(1)} | ${Math.round(rate)} | ${Math.round((rate / raw.rate) * 100)} % | ${r.cpuSeconds.toFixed(1)} | ${mb(r.baselineRss)} | ${mb(peak)} | ${all.map((a) => Math.round(a.rows / a.seconds)).join(', ')} |`,
      );
      if (r.status !== 'done' || r.rows !== raw.items)
        results.push(`  ! ${format}: job ${r.status}, ${r.rows} rows written, raw read ${raw.items}`);
    }
    console.log(results.join('\n'));
  } finally {
    await s3.stop();
    await stop();
  }
}

/** The run of median rows/s (the upper middle of an even count). */
const median = (all: readonly ChildResult[]) =>
  [...all].sort((a, b) => a.rows / a.seconds - b.rows / b.seconds)[Math.floor(all.length / 2)]!;

type ChildResult = {
  status: string;
  rows: number;
  files: number;
  bytes: number;
  seconds: number;
  cpuSeconds: number;
  baselineRss: number;
  peakRss: number;
};
async function runChild(o: {
  endpoint: string;
  table: string;
  s3: string;
  customerId: string;
  startDate: string;
  endDate: string;
  format: string;
  asOf: string;
}): Promise<ChildResult> {
  const env = {
    ...process.env,
    ...S3_STAND_IN_CREDENTIALS,
    STAGE: 'bench',
    AWS_REGION: 'eu-central-1',
    TABLE_NAME: o.table,
    FILES_BUCKET: BUCKET,
    REPORTS_BUCKET: BUCKET,
    MAIL_FROM: 'bench@example.com',
    APP_URL: 'http://localhost',
    DYNAMODB_ENDPOINT: o.endpoint,
    S3_ENDPOINT: o.s3,
    // The export function's own options (infra/export-runtime.ts) unless the run asks for others.
    NODE_OPTIONS: values['node-options'] ?? EXPORT_NODE_OPTIONS,
  };
  // `--profile DIR`: each child writes a V8 CPU profile there (scripts/bench/cpuprofile-top.ts reads it).
  const profile = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : [];
  const args = [...profile, await childBundle(), randomUUID(), o.customerId, o.startDate, o.endDate, zone, o.format, o.asOf];
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env });
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    proc.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (code !== 0 || !line) reject(new Error(`export child (${o.format}) exited ${code}: ${out.slice(-500)}`));
      else resolve(JSON.parse(line.slice('RESULT '.length)) as ChildResult);
    });
  });
}

/** export-child.ts bundled with the export function's (SST-like) esbuild options, once per run. */
const childBundle = lambdaLikeBundle('scripts/bench/export-child.ts');

const KEPT_TABLE = 'bench-export';

/**
 * A private DynamoDB Local on `dir` holding `n` synthetic rows of R-BENCH over the days: loaded once (a marker file
 * names what was loaded), read by every later run on the same `dir`.
 */
async function keptDataSet(dir: string, n: number, startDate: string, endDate: string) {
  const dynamo = await startDynamoDbLocal({ dbPath: dir });
  const marker = join(dir, 'bench-export-loaded.json');
  const wanted = JSON.stringify({ n, startDate, endDate });
  const loaded = existsSync(marker) ? readFileSync(marker, 'utf8') : null;
  if (loaded !== null && loaded !== wanted) {
    await dynamo.stop();
    throw new Error(`${dir} holds another data set (${loaded}); use a new --data-dir`);
  }
  if (loaded === null) {
    await loadSynthetic(await openBenchBackend(dynamo.endpoint, KEPT_TABLE), 'R-BENCH', n, startDate, endDate);
    writeFileSync(marker, wanted);
  } else console.log(`data set ${wanted} kept in ${dir}: not loaded again`);
  return { endpoint: dynamo.endpoint, stop: () => dynamo.stop() };
}

/** N transactions of one customer spread over the range, through the import path (like transactions-page.ts). */
async function loadSynthetic(b: Backend, customerId: string, n: number, startDate: string, endDate: string) {
  const ok = async (kind: string, records: object[]) => {
    const report = await b.imports.importRecords(
      kind as 'retailers',
      records.map((data, i) => ({ line: i + 1, data })),
    );
    if (report.errors.length) throw new Error(`${kind}: ${JSON.stringify(report.errors.slice(0, 3))}`);
  };
  await loadBenchMasterData(ok, customerId);
  const from = Date.parse(`${startDate}T00:00:00Z`);
  const span = Date.parse(`${endDate}T00:00:00Z`) - from;
  const SLICE = 10_000;
  const t0 = performance.now();
  for (let start = 0; start < n; start += SLICE) {
    const slice = Array.from({ length: Math.min(SLICE, n - start) }, (_, j) => {
      const i = start + j;
      return {
        ...benchTransactionBase(i, n, { from, span, customerId }),
        ...benchTransactionFacts(i),
      };
    });
    await ok('transactions', slice);
    process.stdout.write(`\rloading ${Math.min(start + SLICE, n)} / ${n}`);
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(`\nimport: ${n} rows in ${seconds.toFixed(1)} s = ${Math.round(n / seconds)} rows/s`);
}

await parent();
