/**
 * `npx tsx scripts/bench/report-plan.ts [--profile scripts/bench/load-profiles/default.json] [--days 30]`
 *
 * A month of the profile's largest customer at 00:00 on the 1st (ADR 074): the report runner's part planner
 * (report-part-plan.ts, the one the fan-out uses) over the month's hours, under two key layouts — the one
 * partition per ledger of before ADR 074 (`TXN#<c>`) and the day keys the rows are on (`TXN#<c>#<day>`, ADR
 * 074, built; the runner plans with it) — with the
 * parts, each key's RCU and drain time at its share, the slowest part and the estimated finish. The day's
 * hours follow the profile's peak: 4 hours at `peakFactor` × the average, the other 20 sharing the rest.
 * With the fleet's cap (ADR 077): the month run through REPORT_PARTS_AT_ONCE slots (`--slots`; the largest job
 * is first in line; no more of its parts at once than the plan's `atOnce`), simulated second by second (each part at its own rate, the parts reading one key sharing
 * its share), and the fleet's month at the runner's reserved concurrency against 00:30.
 * Exits non-zero when the day-bucketed plan breaks a bound (a part past its time, a key past its share).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  dayBucketKey,
  ledgerKey,
  type KeyLayout,
  type PartPlan,
  type PlanWindow,
  planReportParts,
  REPORT_PART_ROWS,
  REPORT_PARTS_AT_ONCE,
  REPORT_READ_PROFILE,
  REPORT_RUNNER_CONCURRENCY,
} from '@portal/backend/report';
import { Profile } from './load-model/model.ts';

const { values } = parseArgs({
  options: {
    profile: { type: 'string', default: join(import.meta.dirname, 'load-profiles', 'default.json') },
    days: { type: 'string', default: '30' },
    slots: { type: 'string', default: String(REPORT_PARTS_AT_ONCE) },
    concurrency: { type: 'string', default: String(REPORT_RUNNER_CONCURRENCY) },
  },
});
const profile = Profile.parse(JSON.parse(readFileSync(values.profile, 'utf8')));
const days = Number(values.days);
const HOUR = 3_600_000;
const PEAK_HOURS = 4;
const off = (24 - PEAK_HOURS * profile.peakFactor) / (24 - PEAK_HOURS);
const peakStart = Math.round(profile.peakAtDayFraction * 24) - PEAK_HOURS / 2;
const share = (hour: number) => (hour >= peakStart && hour < peakStart + PEAK_HOURS ? profile.peakFactor : off) / 24;

const start = Date.parse('2026-11-01T00:00:00Z');
const windows: PlanWindow[] = [];
for (let d = days - 1; d >= 0; d--)
  for (let h = 23; h >= 0; h--) {
    const from = start + (d * 24 + h) * HOUR;
    windows.push({
      day: new Date(from).toISOString().slice(0, 10),
      from,
      to: from + HOUR,
      rows: Math.round(profile.largestCustomerTransactionsPerDay * share(h)),
    });
  }
const rows = windows.reduce((n, w) => n + w.rows, 0);
const readProfile = { ...REPORT_READ_PROFILE, partRows: REPORT_PART_ROWS };
const n = (value: number) => Math.round(value).toLocaleString('en-US');
const minutes = (seconds: number) => `${(seconds / 60).toFixed(1)} min`;

function describe(name: string, plan: PartPlan): string[] {
  const hottest = plan.keys.reduce((a, b) => (b.rcu > a.rcu ? b : a));
  const largest = plan.parts.reduce((a, b) => (b.estimatedRows > a.estimatedRows ? b : a));
  return [
    `| ${name} | ${plan.parts.length} | ${n(largest.estimatedRows)} | ${plan.keys.length} | ${n(hottest.rcu)} | ${minutes(hottest.seconds)} | ${minutes(plan.seconds)} | ${plan.problems.length ? plan.problems.length : 'none'} |`,
  ];
}

const single = planReportParts(windows, readProfile, ledgerKey('<c>'));
const bucketed = planReportParts(windows, readProfile, dayBucketKey('<c>'));
const totalRcu = bucketed.keys.reduce((s, k) => s + k.rcu, 0);
console.log(
  `Report part plan — profile: ${profile.name}; the largest customer's ${days} days: ${n(rows)} rows, ~${n((rows * readProfile.rowBytes) / 1e9)} GB, ${n(totalRcu)} RCU`,
);
console.log(
  `Assumed (REPORT_READ_PROFILE): ${readProfile.rowBytes} B a row, ${n(readProfile.rowsPerSecond)} rows/s a part, ${n(readProfile.keyShareRcuPerSecond)} RCU/s a report may take of one key, parts ≤ ${n(readProfile.partRows)} rows and ≤ ${readProfile.maxPartSeconds} s`,
);
console.log('');
console.log('| layout | parts | largest part (rows) | keys | hottest key RCU | its drain at the share | slowest part | problems |');
console.log('|---|---:|---:|---:|---:|---:|---:|---|');
for (const line of [...describe('`TXN#<c>` (before ADR 074)', single), ...describe('`TXN#<c>#<day>` (ADR 074, built)', bucketed)])
  console.log(line);
console.log('');
console.log(
  `Peak reads of the run on the table: ${n(bucketed.parts.length * readProfile.rowsPerSecond * (readProfile.rowBytes / 4096 / 2))} RCU/s (every part at once, at its own rate).`,
);

/**
 * The plan's parts through `slots` slots in part order, second by second: a part reads at its own rate
 * (rows/s × row size) or its key's share divided among the parts reading that key now, whichever is less.
 */
function throughSlots(plan: PartPlan, keyOf: KeyLayout, slots: number): { seconds: number; peakRcu: number } {
  const ownRate = (readProfile.rowsPerSecond * readProfile.rowBytes) / 4096 / 2;
  const waiting = plan.parts.map((p) => ({
    key: keyOf({ day: p.dateFrom, from: Date.parse(p.from), to: Date.parse(p.to), rows: p.estimatedRows }),
    rcu: p.estimatedRcu,
  }));
  let running: typeof waiting = [];
  let seconds = 0;
  let peakRcu = 0;
  while (waiting.length || running.length) {
    while (running.length < slots && waiting.length) running.push(waiting.shift() ?? { key: '', rcu: 0 });
    const onKey = new Map<string, number>();
    for (const r of running) onKey.set(r.key, (onKey.get(r.key) ?? 0) + 1);
    let rcu = 0;
    for (const r of running) {
      const rate = Math.min(ownRate, readProfile.keyShareRcuPerSecond / (onKey.get(r.key) ?? 1));
      r.rcu -= rate;
      rcu += rate;
    }
    peakRcu = Math.max(peakRcu, rcu);
    running = running.filter((r) => r.rcu > 0);
    seconds += 1;
  }
  return { seconds, peakRcu };
}

const slots = Number(values.slots);
const concurrency = Number(values.concurrency);
console.log('');
console.log(
  `With the fleet's cap (ADR 077): the largest customer's parts first in line, ${n(slots)} slots at once, at most the plan's parts at once per key (${n(single.atOnce)} on one key).`,
);
console.log('');
console.log('| layout | slots | parts end after | its peak reads |');
console.log('|---|---:|---:|---:|');
for (const [name, plan, keyOf] of [
  ['`TXN#<c>` (before ADR 074)', single, ledgerKey('<c>')],
  ['`TXN#<c>#<day>` (ADR 074, built)', bucketed, dayBucketKey('<c>')],
] as const)
  for (const width of new Set([plan.parts.length, Math.min(slots, plan.atOnce, plan.parts.length)])) {
    const run = throughSlots(plan, keyOf, width);
    console.log(
      `| ${name} | ${n(width)}${width === plan.parts.length ? ' (all)' : ''} | ${minutes(run.seconds)} | ${n(run.peakRcu)} RCU/s |`,
    );
  }
const ownRate = (readProfile.rowsPerSecond * readProfile.rowBytes) / 4096 / 2;
const fleetRows = profile.transactionsPerDay * days;
const partSeconds = fleetRows / readProfile.rowsPerSecond;
const needed = partSeconds / 1800;
console.log('');
console.log(
  `The fleet's month (every customer's monthly transactions report): ${n(fleetRows)} rows, ${n(partSeconds)} invocation-seconds at ${n(readProfile.rowsPerSecond)} rows/s.`,
);
console.log(
  `At the runner's reserved concurrency ${n(concurrency)}: ${n(concurrency * ownRate)} RCU/s from the reports, done after ${minutes(partSeconds / concurrency)}.`,
);
console.log(`By 00:30 it needs ~${n(needed)} invocations at once: ${n(needed * ownRate)} RCU/s from the reports.`);
for (const problem of single.problems.slice(0, 3)) console.log(`before ADR 074: ${problem}`);
for (const problem of bucketed.problems) console.log(`day keys: ${problem}`);
process.exit(bucketed.problems.length ? 1 : 0);
