/**
 * `npx tsx scripts/bench/connect-sales.ts [--days 28] [--requests 30]`
 *
 * Connect products and connect sales (ADR 037), on private DynamoDB Locals (loopback, bounded):
 * 1. the cost the provider rollups add to the sales import: the generator's small set (5 retailers x 20
 *    stores, 40 products, 3 providers + a retailer that is one) imported twice into fresh tables — its
 *    products with their content providers, and the same products without — wall time and DynamoDB calls;
 * 2. per read, the DynamoDB calls and the latency (p50/p95 of sequential requests, one client) of the
 *    connect product list and of connect sales for a provider and a retailer (the service, no HTTP).
 * The machine is shared: compare the ratios within one run, not the absolute times across runs.
 */
import { parseArgs } from 'node:util';
import { type Backend } from '@portal/backend';
import { addDays, calendarDateInZone } from '@portal/core/shared';
import { countCalls } from '@portal/backend/platform/db';
import { generateActivity, generateMasterData } from '../seed/generate.ts';
import { benchActor, startBenchBackend } from './bench-backend.ts';
import { sequentialTimesMs } from './calls-and-median.ts';

const { values } = parseArgs({ options: { days: { type: 'string', default: '28' }, requests: { type: 'string', default: '30' } } });
const days = Number(values.days);
const requests = Number(values.requests);
const today = calendarDateInZone(new Date(), 'UTC');
const master = generateMasterData('small', 42);
const activity = generateActivity(master, { seed: 42, today, days });

async function load(backend: Backend, withProviders: boolean) {
  const ok = async (kind: string, records: object[]) => {
    const report = await backend.imports.importRecords(
      kind as 'sales',
      records.map((data, i) => ({ line: i + 1, data })),
    );
    if (report.errors.length) throw new Error(`${kind}: ${JSON.stringify(report.errors.slice(0, 3))}`);
  };
  await ok('customerGroups', master.customerGroups);
  await ok('retailers', master.retailers);
  await ok('providers', master.providers);
  await ok('products', withProviders ? master.products : master.products.map(({ contentProviderId: _p, ...rest }) => rest));
  await ok('stores', master.stores);
  const { counted } = countCalls(backend.db, 'benchImport');
  const t0 = performance.now();
  const { calls } = await counted(() => ok('sales', activity.sales));
  return { seconds: (performance.now() - t0) / 1000, calls };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const lines = activity.sales.length;
console.log(`sales lines: ${lines} (${days} days, generator 'small', seed 42)`);
// Alternating rounds (without, with, without, with, ...): the machine is shared and the first round warms
// Node up, so each variant's best round is compared.
const rounds = { without: [] as { seconds: number; calls: number }[], with: [] as { seconds: number; calls: number }[] };
let withP: Awaited<ReturnType<typeof startBenchBackend>> | null = null;
for (let round = 0; round < 2; round += 1) {
  for (const variant of ['without', 'with'] as const) {
    const bench = await startBenchBackend();
    rounds[variant].push(await load(bench.backend, variant === 'with'));
    if (variant === 'with' && round === 1) withP = bench;
    else await bench.stop();
  }
}
const best = (runs: { seconds: number; calls: number }[]) => runs.reduce((a, b) => (b.seconds < a.seconds ? b : a));
const plain = best(rounds.without);
const rolled = best(rounds.with);
for (const variant of ['without', 'with'] as const) {
  console.log(
    `import ${variant} providers: ${rounds[variant].map((r) => `${r.seconds.toFixed(1)} s`).join(', ')}; ${rounds[variant][0]!.calls} DynamoDB calls`,
  );
}
console.log(
  `best rounds: ${Math.round(lines / plain.seconds)} vs ${Math.round(lines / rolled.seconds)} lines/s; with/without: time ${(rolled.seconds / plain.seconds).toFixed(2)}x, calls ${(rolled.calls / plain.calls).toFixed(2)}x`,
);

const { backend } = withP!;
const actor = benchActor({ salesReporting: { permissions: 3, settings: 0 }, productManagement: { permissions: 1, settings: 0 } });
const range = { startDate: addDays(today, -28), endDate: addDays(today, -1) };
const provider = String(master.providers[0]!.customerId);
const retailer = String(master.retailers[0]!.customerId);
const sales = (customerType: 'retailer' | 'provider', customerId: string, groupBy: 'day' | 'product' | 'store') => () =>
  backend.connectSales.sales(actor, { customerType, customerId, ...range, groupBy });
const reads: [string, () => Promise<unknown>][] = [
  ['products, first page of 25 (global)', () => backend.products.list(actor, { index: 0, maxResults: 25 })],
  ['products, text search', () => backend.products.list(actor, { q: 'aurora', index: 0, maxResults: 25 })],
  ...(['day', 'product', 'store'] as const).map((g): [string, () => Promise<unknown>] => [
    `connect sales, provider ${provider}, 28 days by ${g}`,
    sales('provider', provider, g),
  ]),
  ...(['day', 'product', 'store'] as const).map((g): [string, () => Promise<unknown>] => [
    `connect sales, retailer ${retailer}, 28 days by ${g}`,
    sales('retailer', retailer, g),
  ]),
];
const { counted } = countCalls(backend.db, 'benchReads');
console.log(`\n| read (1 client, ${requests} requests) | DynamoDB calls | p50 ms | p95 ms |\n|---|---:|---:|---:|`);
for (const [name, read] of reads) {
  const { calls } = await counted(read);
  const times = await sequentialTimesMs(read, requests);
  console.log(`| ${name} | ${calls} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`);
}
await withP!.stop();
