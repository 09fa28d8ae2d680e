/**
 * `npm run seed -- --scale small|large [--seed N] [--out DIR]`: generates a realistic data set
 * (generate.ts, deterministic for the seed) and imports every file through the one import path
 * (`importFile`), timing each. Like `npm run import`, it targets the running `npm start` unless a stage's
 * variables (TABLE_NAME, ...) are in the environment.
 */
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { createBackend, loadConfig } from '@portal/backend';
import { ensureTable } from '@portal/backend/platform/db/table';
import { cliEnv } from '../local/local-env.ts';
import { generateDataSet, type Scale, SCALES } from './generate.ts';
import { importFile } from './seed.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'small' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
    today: { type: 'string' },
  },
});
const scale = values.scale as Scale;
if (!Object.hasOwn(SCALES, scale)) {
  console.error(`usage: npm run seed -- --scale small|large [--seed N] [--out DIR]   (not '${values.scale}')`);
  process.exit(2);
}
const seed = Number(values.seed);
if (!Number.isInteger(seed)) {
  console.error('--seed: a whole number');
  process.exit(2);
}
const env = cliEnv();
Object.assign(process.env, env);
const config = loadConfig(env);
const backend = createBackend(config);
await ensureTable(backend.db.raw, config.TABLE_NAME);
console.error(`seed: ${scale} (seed ${seed}) into table ${config.TABLE_NAME}${config.DYNAMODB_ENDPOINT ? ` at ${config.DYNAMODB_ENDPOINT}` : ''}`);

const started = Date.now();
const dir = values.out ?? join('.data', 'seed', `${scale}-${seed}`);
const { files, counts } = generateDataSet({ scale, seed, dir, today: values.today ?? new Date().toISOString().slice(0, 10) });
console.log(`generated into ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);
let failed = false;
for (const file of files) {
  const t = Date.now();
  const report = await importFile(backend, file);
  const seconds = (Date.now() - t) / 1000;
  console.log(
    `${file}: ${report.created} created, ${report.updated} updated, ${report.errors.length} rejected in ${seconds.toFixed(1)} s`,
  );
  for (const e of report.errors.slice(0, 20)) console.log(`  line ${e.line}: ${e.reason}`);
  failed ||= report.errors.length > 0;
}
console.log(`seed ${scale}: ${((Date.now() - started) / 1000).toFixed(1)} s in all`);
process.exit(failed ? 1 : 0);
