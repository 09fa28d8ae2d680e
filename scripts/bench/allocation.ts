/**
 * `npx tsx scripts/bench/allocation.ts [--products 2000] [--stores 10000] [--history 200] [--runs 30] [--clients 20]`
 *
 * Product allocation at the large scale (ADR 087) on a private DynamoDB Local, through the services (no HTTP):
 * one retailer with `--products` products on its list, `--stores` stores in 10 divisions. Measured: the DynamoDB
 * calls and median of the store view, the product view, a store's and a product's history and the ordering
 * products step, at 0 and `--history` decided changes (the calls must not grow); p50/p99 of the store and the
 * product view at `--clients` parallel readers; then one product deallocated at every store one by one (200 a
 * change) and allocated back to the customer: the apply job's wall time and the process's peak memory.
 */
import { allocatedAtStore, applyChange } from '@portal/backend/allocation';
import { countCalls, recordCapacity } from '@portal/backend/platform/db';
import type { AllocationChangeInput } from '@portal/core/product';
import { gtinCheckDigit } from '@portal/core/shared';
import { benchActor, startBenchBackend } from './bench-backend.ts';
import { benchOptions } from './bench-options.ts';
import { callsAndMedianMs, parallelReads, markdownTable } from './calls-and-median.ts';

const { products, stores, history, runs, clients } = benchOptions({ products: 2000, stores: 10000, history: 200, runs: 30, clients: 20 });
const C = 'R-AL1';
const pad = (n: number) => String(n).padStart(5, '0');
const productId = (i: number) => `P-${pad(i)}`;
const storeId = (i: number) => `S-${pad(i)}`;
const divisionOf = (i: number) => `D-AL-${i % 10}`;

/** A valid EAN-13 of a twelve-digit body. */
const ean13 = (twelve: string) => `${twelve}${gtinCheckDigit(twelve)}`;

const { backend, stop } = await startBenchBackend();
const load = async (kind: Parameters<typeof backend.imports.importRecords>[0], records: object[]) => {
  for (let i = 0; i < records.length; i += 500) {
    const report = await backend.imports.importRecords(
      kind,
      records.slice(i, i + 500).map((data, k) => ({ line: i + k + 1, data })),
    );
    if (report.errors.length) throw new Error(`${kind}: ${JSON.stringify(report.errors.slice(0, 3))}`);
  }
};
const t0 = performance.now();
await load('retailers', [{ customerId: C, name: 'Allocation Markets' }]);
await load(
  'divisions',
  Array.from({ length: 10 }, (_, d) => ({ divisionId: `D-AL-${d}`, customerId: C, name: `Division ${d}` })),
);
await load(
  'products',
  Array.from({ length: products }, (_, i) => ({
    productId: productId(i),
    inventoryProductId: `I-${pad(i)}`,
    ean: ean13(`4${String(10_000_000_000 + i)}`),
    sku: `SKU-${i}`,
    name: `Card ${pad(i)}`,
    company: 'Bench Co',
  })),
);
await load(
  'retailerProducts',
  Array.from({ length: products }, (_, i) => ({ retailerId: C, productId: productId(i) })),
);
await load(
  'stores',
  Array.from({ length: stores }, (_, i) => ({
    storeId: storeId(i),
    retailerId: C,
    name: `Store ${pad(i)}`,
    street: 'Main Street 1',
    postalCode: '10115',
    city: 'Berlin',
    divisionId: divisionOf(i),
  })),
);
console.error(`master data: ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const actor = benchActor(
  { productManagement: { permissions: 2 + 16 + 32, settings: 0 }, ordering: { permissions: 4, settings: 1 } },
  'Europe/Berlin',
);
/** Four-eyes (ADR 108): another user approves what `actor` asked for. */
const approver = { ...actor, username: 'bench.approver' };
const service = backend.allocation;
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
let keys = 0;
/** Files, approves and applies one change (its day today): the sweep's work for it. */
async function applied(input: AllocationChangeInput) {
  const { change } = await service.create(actor, C, input, `bench-allocation-${String(++keys).padStart(8, '0')}`);
  const approved = await service.approve(approver, C, change.changeId);
  const t = performance.now();
  await applyChange(backend.db, approved, new Date());
  return performance.now() - t;
}

const { counted } = countCalls(backend.db);
const rows: string[] = [];
const parallel: string[] = [];
let decided = 0;
for (const size of [0, history]) {
  for (; decided < size; decided += 1)
    await applied({
      kind: decided % 2 === 0 ? 'deallocation' : 'allocation',
      productId: productId(1),
      scope: { level: 'stores', storeIds: [storeId(1)] },
      effectiveDay: today,
    });
  const cases: [string, () => Promise<unknown>][] = [
    ['store view', () => service.store(actor, C, storeId(1))],
    ['product view', () => service.product(actor, C, productId(1))],
    ['store history', () => service.history(actor, C, { storeId: storeId(1) })],
    ['product history', () => service.history(actor, C, { productId: productId(1) })],
    ['ordering products step', () => backend.ordering.products(actor, { customerId: C, storeType: 0, storeId: storeId(1) })],
  ];
  for (const [name, run] of cases) {
    const { calls, medianMs } = await callsAndMedianMs(counted, run, runs);
    rows.push(`| ${size} | ${name} | ${calls} | ${medianMs.toFixed(1)} |`);
  }
  for (const [name, run] of cases.slice(0, 2)) {
    parallel.push(`| ${size} | ${name} | ${clients} | ${await parallelReads(clients, runs, () => run())} |`);
  }
}

// The products step's allocation read (ADR 108): ONE BatchGetItem of the customer's, division's and store's
// items without the process's copy (order submit, a copy older than ALLOCATION_COPY_MS), one GetItem of the store's
// item while the copy is young. The units read on the ALLOC# keys per read, and how many items the call asked for.
const capacity = recordCapacity(backend.db, 'allocationCapacity');
const where = { customerId: C, storeId: storeId(1), divisionId: divisionOf(1) };
const allocationRead = async (cached: boolean) => {
  const { records } = await capacity.recorded(() => allocatedAtStore(backend.db, where, [productId(1)], new Date(), { cached }));
  const alloc = records.filter((r) => r.pk.startsWith('ALLOC#'));
  return `${alloc[0]?.op ?? '-'} of ${alloc.length} item(s), ${alloc.reduce((n, r) => n + r.rcu, 0).toFixed(1)} RCU`;
};
const uncachedRead = await allocationRead(false);
const cachedRead = await allocationRead(true);
capacity.stop();

// One product deallocated at every store (a store override each), then allocated back to the whole customer:
// the apply job clears `stores` overrides.
const target = productId(2);
for (let s = 0; s < stores; s += 200)
  await applied({
    kind: 'deallocation',
    productId: target,
    scope: { level: 'stores', storeIds: Array.from({ length: Math.min(200, stores - s) }, (_, k) => storeId(s + k)) },
    effectiveDay: today,
  });
let peak = process.memoryUsage().rss;
const before = peak;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
const job = await counted(() => applied({ kind: 'allocation', productId: target, scope: { level: 'customer' }, effectiveDay: today }));
clearInterval(sampler);
const afterView = await service.product(actor, C, target);

console.log(
  `Product allocation, ${products} products × ${stores} stores in 10 divisions, ${runs} sequential runs each, private DynamoDB Local:\n`,
);
markdownTable(['decided changes', 'read', 'DynamoDB calls', 'median ms'], rows);
console.log(`\nAt ${clients} parallel readers (each ${runs} reads):\n`);
markdownTable(['decided changes', 'read', 'clients', 'reads', 'p50 ms', 'p99 ms'], parallel);
console.log(`\nThe products step's allocation read: without the copy ${uncachedRead}; from the copy ${cachedRead}.`);
console.log(
  `\nAllocating ${target} to the customer over ${stores} store overrides (one apply job): ${(job.result / 1000).toFixed(1)} s, ` +
    `${job.calls} DynamoDB calls (create + approve + apply), RSS ${(before / 2 ** 20).toFixed(0)} → peak ${(peak / 2 ** 20).toFixed(0)} MB; ` +
    `overrides left: ${afterView.stores.length}, allocated at the customer: ${afterView.customer}.`,
);
await stop();
