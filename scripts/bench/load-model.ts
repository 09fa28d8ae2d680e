import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startBenchBackend } from './bench-backend.ts';
import { breaches, fleetUnits, LIMITS, Profile, type Scenario } from './load-model/model.ts';
import { type MeasureOptions, measureScenarios } from './load-model/scenarios.ts';
import { INDEX_SETTLE_MS } from '@portal/backend/platform/db';

/**
 * The per-key load model (one command): drives real code paths against a private DynamoDB Local with
 * every call's consumed capacity recorded per partition key value (platform/db/capacity-recorder.ts),
 * scales them by a workload profile (scripts/bench/load-profiles/, the mid-size processor by default) and
 * prints every hot key shape's peak units per second against DynamoDB's per-key limits, the largest item
 * and transaction, and the table's units per second. Exits 1 on any breach.
 *
 *   npx tsx scripts/bench/load-model.ts [--profile scripts/bench/load-profiles/small.json]
 */
export const PROFILES = join(import.meta.dirname, 'load-profiles');

export function readProfile(file: string): Profile {
  return Profile.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** The model's clock: the real time, moved ahead by `settle` past an index-read list's settle time (ADR 065). */
export function steppedClock() {
  let ahead = 0;
  return {
    now: () => new Date(Date.now() + ahead),
    settle: () => {
      ahead += INDEX_SETTLE_MS + 100;
    },
  };
}

/** The scenarios' sizes: the grown day (`slices` of the profile's slice), stores and products the second samples add. */
export const measureOptions = (
  profile: Profile,
  settle: () => void,
  grown: { slices: number; stores: number; products: number },
): MeasureOptions => ({
  sliceLines: profile.importSliceLines,
  grownRows: grown.slices * profile.importSliceLines,
  grownStores: grown.stores,
  grownProducts: grown.products,
  settle,
});

const n = (value: number) => (value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(2));

/** The model's answer as text: the hot keys table, then the breaches (none: "no breach"). */
export function report(scenarios: readonly Scenario[], profile: Profile): { text: string; breached: boolean } {
  const { rows, breaches: found, fleet } = breaches(scenarios, profile);
  const out = [`Load model — profile: ${profile.name} (${profile.about})`, ''];
  out.push(
    '| scenario | key (values seen) | RCU/op | WCU/op | grows with size | ops/s | RCU/s | WCU/s | largest item B |',
    '|---|---|---:|---:|---|---:|---:|---:|---:|',
  );
  for (const r of [...rows].sort((a, b) => b.rcuPerSecond + b.wcuPerSecond - (a.rcuPerSecond + a.wcuPerSecond))) {
    out.push(
      `| ${r.scenario} | ${r.on} ${r.shape}${(r.values ?? 1) > 1 ? ` (${r.values})` : ''} | ${n(r.rcuPerOp)} | ${n(r.wcuPerOp)} | ${r.growth > 0 ? 'yes' : 'no'} | ${n(r.perSecond)} | ${n(r.rcuPerSecond)} | ${n(r.wcuPerSecond)} | ${r.itemBytes} |`,
    );
  }
  out.push(
    '',
    `Table (fleet): ${n(fleet.rcu)} RCU/s of ${LIMITS.tableRcu.toLocaleString('en-US')}, ${n(fleet.wcu)} WCU/s of ${LIMITS.tableWcu.toLocaleString('en-US')} (the prod table's warm throughput).`,
  );
  for (const s of scenarios) {
    const units = fleetUnits(s, profile);
    out.push(`- ${s.name}: ${n(units.rcu)} RCU/s, ${n(units.wcu)} WCU/s`);
  }
  const worst = new Map<string, (typeof found)[number]>();
  for (const b of found) if ((worst.get(b.what)?.value ?? -1) < b.value) worst.set(b.what, b);
  out.push('', worst.size ? 'Breaches:' : 'No breach.');
  for (const b of worst.values()) out.push(`- ${b.what}: ${n(b.value)} > ${n(b.limit)}`);
  return { text: out.join('\n'), breached: worst.size > 0 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { profile: { type: 'string', default: join(PROFILES, 'default.json') } } });
  const profile = readProfile(values.profile);
  const clock = steppedClock();
  const { backend, stop } = await startBenchBackend(clock.now);
  try {
    const scenarios = await measureScenarios(backend, measureOptions(profile, clock.settle, { slices: 3, stores: 200, products: 200 }));
    const { text, breached } = report(scenarios, profile);
    console.log(text);
    process.exitCode = breached ? 1 : 0;
  } finally {
    await stop();
  }
}
