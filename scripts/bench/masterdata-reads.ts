/**
 * `npx tsx scripts/bench/masterdata-reads.ts [--retailer R-7001] [--store S-7000001] [--requests 500] [--clients 50]`
 *
 * The rollup reads of ADR 014 against the data of a running `npm start` (after `npm run seed -- --scale
 * large`): for the products step of one store and the sales list of one retailer over the default 28
 * days, the number of DynamoDB calls per read and the latency of the backend read (no HTTP) with many
 * concurrent clients. The ordering portal's API benchmarks build on these.
 */
import { countCalls, mapLimit } from '@portal/backend/platform/db';
import { addDays } from '@portal/core/shared';
import { createBackend, loadConfig } from '@portal/backend';
import {
  locationProductFigures,
  allProducts,
  allRetailerProducts,
  grainFor,
  groupSales,
  type GroupBy,
  salesOfRetailer,
  salesOfRetailerByStore,
} from '@portal/backend/masterdata';
import { cliEnv } from '../local/local-env.ts';
import { benchOptions } from './bench-options.ts';

const values = benchOptions({ retailer: 'R-7001', store: 'S-7000001', requests: 500, clients: 50 });
const env = cliEnv();
Object.assign(process.env, env);
const backend = createBackend(loadConfig(env));
const { db } = backend;
const { counted } = countCalls(db);

const today = new Date().toISOString().slice(0, 10);
const range = { from: addDays(today, -28), to: addDays(today, -1) };

const reads: Record<string, () => Promise<unknown>> = {
  'products step (figures + retailer products + catalogue)': async () => {
    const [figures, allowed, products] = await Promise.all([
      locationProductFigures(db, { type: 'store', id: values.store }, today),
      allRetailerProducts(db, values.retailer),
      allProducts(db),
    ]);
    return { figures: figures.figures.size, allowed: allowed.items.length, products: products.items.length };
  },
  ...Object.fromEntries(
    (['day', 'week', 'product', 'store'] as GroupBy[]).map((groupBy) => [
      `sales list, 28 days, group by ${groupBy}`,
      async () => {
        const read = groupBy === 'store' ? salesOfRetailerByStore : salesOfRetailer;
        const { rows } = await read(db, values.retailer, range, grainFor(groupBy));
        const grouped = groupSales(rows, groupBy);
        return { resultCount: grouped.resultCount, totalSales: grouped.totalSales };
      },
    ]),
  ),
};

const requests = values.requests;
const clients = values.clients;
for (const [name, read] of Object.entries(reads)) {
  const { result: sample, calls: perRead } = await counted(read);
  const times: number[] = [];
  const started = performance.now();
  await mapLimit(Array.from({ length: requests }), clients, async () => {
    const t = performance.now();
    await read();
    times.push(performance.now() - t);
  });
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(
    `${name}: ${perRead} DynamoDB calls per read; ${requests} reads by ${clients} clients in ${seconds.toFixed(1)} s: p50 ${p(0.5)} ms, p99 ${p(0.99)} ms; ${JSON.stringify(sample)}`,
  );
}
process.exit(0);
