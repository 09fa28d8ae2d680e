/**
 * `npm run seed -- --scale small|large [--seed N] [--out DIR] [--transactions N] [--skip kind,kind] [--fresh] [--concurrency K]`:
 * generates a realistic data set (generate.ts, deterministic for the seed) and imports every file through
 * the one import path (`importFile`), streamed in slices with progress and resumable (load-file.ts): a
 * load stopped half way (Ctrl-C, crash) continues after its last finished slice when run again with the
 * same arguments, and files already loaded are skipped; `--fresh` loads everything again. `--transactions`
 * overrides the scale's count (the 200k benchmark set); `--skip` leaves kinds out (e.g. sales,shipments
 * when only transactions are measured); `--concurrency` imports K slices at once. Like `npm run import`, it targets the running `npm start` of
 * DATA_DIR unless a stage's variables (TABLE_NAME, ...) are in the environment.
 */
import { parseArgs } from 'node:util';
import { basename, join } from 'node:path';
import { createBackend, kindOfFileName, loadConfig } from '@portal/backend';
import { ensureTable } from '@portal/backend/platform/db';
import { markMigrationsOfNewTable } from '@portal/backend/migration';
import { cliEnv } from '../local/local-env.ts';
import { DATA_SET_OPTIONS, generateDataSet, type Scale, SCALES } from './generate.ts';
import { importFile } from './seed.ts';

const USAGE =
  'usage: npm run seed -- --scale small|large [--seed N] [--out DIR] [--transactions N] [--skip kind,kind] [--fresh] [--concurrency K]';
const { values } = parseArgs({
  options: {
    ...DATA_SET_OPTIONS,
    skip: { type: 'string', default: '' },
    fresh: { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '1' },
  },
});
const fail = (message: string) => {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
};
const scale = values.scale as Scale;
if (!Object.hasOwn(SCALES, scale)) fail(`--scale: small or large, not '${values.scale}'`);
const seed = Number(values.seed);
if (!Number.isInteger(seed)) fail('--seed: a whole number');
const transactions = values.transactions === undefined ? undefined : Number(values.transactions);
if (transactions !== undefined && !(Number.isInteger(transactions) && transactions >= 0)) fail('--transactions: a whole number');
const concurrency = Number(values.concurrency);
if (!(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 16)) fail('--concurrency: slices at once, 1 to 16');
const skip = new Set(
  values.skip
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean),
);

const env = cliEnv();
Object.assign(process.env, env);
const config = loadConfig(env);
const backend = createBackend(config);
// A new table holds only the shapes of today's code: every migration is recorded done (ADR 095).
if ((await ensureTable(backend.db.raw, config.TABLE_NAME, { onIndexWait: (message) => console.error(`seed: ${message}`) })) === 'created')
  await markMigrationsOfNewTable(backend.db, new Date());
console.error(
  `seed: ${scale} (seed ${seed}) into table ${config.TABLE_NAME}${config.DYNAMODB_ENDPOINT ? ` at ${config.DYNAMODB_ENDPOINT}` : ''}`,
);

const started = Date.now();
const dir = values.out ?? join('.data', 'seed', `${scale}-${seed}${transactions === undefined ? '' : `-tx${transactions}`}`);
const today = values.today ?? new Date().toISOString().slice(0, 10);
const { files, counts } = generateDataSet({ scale, seed, dir, today, transactions });
console.log(`generated into ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);
// Ctrl-C (or SIGTERM) stops at the next slice boundary: the slices in flight finish and are recorded.
const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log('stopping after the slices in flight (run the same command again to continue)...');
    stop.abort();
  });
}
let failed = false;
for (const file of files) {
  if (stop.signal.aborted) break;
  if (skip.has(kindOfFileName(file)?.kind ?? '')) {
    console.log(`${file}: skipped (--skip)`);
    continue;
  }
  const report = await importFile(backend, file, {
    resume: !values.fresh,
    concurrency,
    signal: stop.signal,
    progress: (line) => console.log(`  ${line}`),
  });
  const counts = `${report.created} created, ${report.updated} updated, ${report.errorCount} rejected`;
  if (report.resumedFrom >= report.lines) console.log(`${basename(file)}: ${counts} (loaded before: skipped)`);
  else {
    const rate = Math.round((report.linesDone - report.resumedFrom) / Math.max(report.seconds, 0.001));
    const resumed = report.resumedFrom === 0 ? '' : ` (resumed after line ${report.resumedFrom})`;
    console.log(`${basename(file)}: ${counts} in ${report.seconds.toFixed(1)} s, ${rate} lines/s${resumed}`);
  }
  for (const e of report.errors.slice(0, 20)) console.log(`  line ${e.line}: ${e.reason}`);
  failed ||= report.errorCount > 0;
}
console.log(
  `seed ${scale}: ${((Date.now() - started) / 1000).toFixed(1)} s in all${stop.signal.aborted ? ' (stopped: not complete)' : ''}`,
);
process.exit(stop.signal.aborted ? 130 : failed ? 1 : 0);
