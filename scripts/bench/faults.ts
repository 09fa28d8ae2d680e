/**
 * `npx tsx scripts/bench/faults.ts [--runs 1000] [--seed 12]`
 *
 * The long run of the fault-injection suite (ADR 025): `functions/api/faults.test.ts`
 * with --runs order submissions and --runs coupon actions (npm test runs 200 of each with seed 12) under
 * 10 % injected AWS faults, against the suite's own DynamoDB Local and SES stand-in (vitest's server
 * project starts them). Prints the suite's figures (answers by status and code, faults injected by
 * service, error, phase and persistence, attempts answered with a fault, writes applied then lost) and
 * the wall time; the figures go to docs/benchmarks.md.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '1000' }, seed: { type: 'string', default: '12' } } });
const started = performance.now();
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', 'functions/api/faults.test.ts'], {
  stdio: 'inherit',
  // The SDK's own waits between attempts (npm test scales them down).
  env: { ...process.env, FAULT_RUNS: values.runs, FAULT_SEED: values.seed, FAULT_RETRY_SCALE: '1', LOG_LEVEL: 'silent' },
});
console.info(
  `faults bench: ${values.runs} submissions + ${values.runs} actions, seed ${values.seed}: ${((performance.now() - started) / 1000).toFixed(1)} s wall, exit ${run.status}`,
);
process.exit(run.status ?? 1);
