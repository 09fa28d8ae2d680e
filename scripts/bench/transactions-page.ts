/**
 * `npx tsx scripts/bench/transactions-page.ts [--dynamodb-port P --customer C] [--start D --end D] [--zone Z]
 *  [--load N] [--requests 40] [--deep 1000]`
 *
 * The transactions page (ADR 032): DynamoDB calls and p50/p99 latency of the list
 * (in-process service calls, no HTTP) for page 1 and a deep page (index `--deep`, 50 rows; clamped to the
 * last page when the filter has fewer rows), without a filter and with each filter, at 1 and 20 clients.
 * - Against loaded data: `--dynamodb-port` of a running DynamoDB Local (table `--table`, default
 *   portal-local) and `--customer` (e.g. the generator's biggest); `--start/--end` default to the 90 days
 *   up to today (UTC). The calls must be equal on 200k and 2M rows.
 * - Without `--dynamodb-port`: a private DynamoDB Local, `--load N` synthetic transactions (default
 *   100,000) imported through the import path in slices of 10,000 (the import's rows/s is printed), then
 *   the same table.
 * Filter values (serial, terminal, EAN, type, ...) are taken from the customer's newest row. Loopback only.
 */
import { parseArgs } from 'node:util';
import type { TransactionQuery } from '@portal/core/transaction';
import { addDays } from '@portal/core/shared';
import { type Backend, createBackend } from '@portal/backend';
import { countCalls, mapLimit } from '@portal/backend/platform/db';
import { benchActor, benchConfig, DATA_SET_OPTIONS, startBenchBackend } from './bench-backend.ts';
import { benchEan as ean, benchTransactionBase, loadBenchMasterData } from './bench-transactions.ts';

const { values } = parseArgs({
  options: {
    ...DATA_SET_OPTIONS,
    load: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '40' },
    deep: { type: 'string', default: '1000' },
  },
});
const REQUESTS = Number(values.requests);
const DEEP = Number(values.deep);
const zone = values.zone!;
const today = new Date().toISOString().slice(0, 10);
const startDate = values.start ?? addDays(today, -89);
const endDate = values.end ?? today;

let backend: Backend;
let stop = async () => {};
let customerId = values.customer ?? 'R-BENCH';
if (values['dynamodb-port']) {
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  backend = createBackend(benchConfig(values.table, `http://127.0.0.1:${values['dynamodb-port']}`));
  if (!values.customer) throw new Error('--customer is required with --dynamodb-port');
} else {
  ({ backend, stop } = await startBenchBackend());
  customerId = 'R-BENCH';
  await loadSynthetic(backend, Number(values.load));
}

/** N transactions of one customer over the 90 days, 8 terminals, 3 EANs, 50 serials, 4 types, 3 outcomes. */
async function loadSynthetic(b: Backend, n: number) {
  const ok = async (kind: string, records: object[]) => {
    const report = await b.imports.importRecords(
      kind as 'retailers',
      records.map((data, i) => ({ line: i + 1, data })),
    );
    if (report.errors.length) throw new Error(`${kind}: ${JSON.stringify(report.errors.slice(0, 3))}`);
    return report;
  };
  await loadBenchMasterData(ok, customerId);
  const from = Date.parse(`${startDate}T00:00:00Z`);
  const span = Date.parse(`${endDate}T00:00:00Z`) - from;
  const outcomes = [
    ['00', 'approved'],
    ['00', 'approved'],
    ['00', 'approved'],
    ['05', 'declined'],
    ['91', 'error'],
  ] as const;
  const SLICE = 10_000;
  const t0 = performance.now();
  for (let start = 0; start < n; start += SLICE) {
    // Time order, like the processor's feed and the generator: a slice touches a few customer-days.
    const slice = Array.from({ length: Math.min(SLICE, n - start) }, (_, j) => {
      const i = start + j;
      const [resultCode, result] = outcomes[i % 5]!;
      return {
        ...benchTransactionBase(i, n, { from, span, customerId }),
        resultCode,
        result,
        serial: `76${String(i % 50).padStart(14, '0')}`,
        ean: ean((i % 3) + 1),
        amount: 1000,
        currency: 'EUR',
      };
    });
    await ok('transactions', slice);
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `import: ${n} rows in ${seconds.toFixed(1)} s = ${Math.round(n / seconds)} rows/s (slices of ${SLICE}, synthetic, private DynamoDB Local)`,
  );
}

const actor = benchActor({ payment: { permissions: 1, settings: 0 } }, zone);
const base = { customerId, startDate, endDate, maxResults: 50 } as const;
const list = (extra: Partial<TransactionQuery>) =>
  backend.transactions.list(actor, { ...base, index: 0, ...extra } as TransactionQuery, zone);

const first = await list({});
const newest = first.items[0];
if (!newest) throw new Error(`no transactions of ${customerId} between ${startDate} and ${endDate}`);
const asOf = first.asOf;
const filters: [string, Partial<TransactionQuery>][] = [
  ['no filter', {}],
  [`type=${newest.type}`, { type: newest.type }],
  [`resultCode=${newest.resultCode}`, { resultCode: newest.resultCode }],
  [`result=${newest.result}`, { result: newest.result }],
  ...(newest.serial ? [[`serial=${newest.serial}`, { serial: newest.serial }] as [string, Partial<TransactionQuery>]] : []),
  [`terminalId=${newest.terminalId}`, { terminalId: newest.terminalId }],
  ...(newest.ean ? [[`ean=${newest.ean}`, { ean: newest.ean }] as [string, Partial<TransactionQuery>]] : []),
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
async function latencies(query: Partial<TransactionQuery>, clients: number) {
  const times = await mapLimit(Array.from({ length: REQUESTS * (clients > 1 ? 5 : 1) }), clients, async () => {
    const t = performance.now();
    await list(query);
    return performance.now() - t;
  });
  times.sort((a, b) => a - b);
  return `${percentile(times, 50).toFixed(1)} / ${percentile(times, 99).toFixed(1)}`;
}

console.log(
  `customer ${customerId}, ${startDate}..${endDate} in ${zone}, asOf ${asOf}, 50 rows a page, ${REQUESTS} requests at 1 client, ${REQUESTS * 5} at 20`,
);
console.log('| filter | index | totalCount | complete | rows | DynamoDB calls | ms p50 / p99, 1 client | ms p50 / p99, 20 clients |');
console.log('|---|---|---|---|---|---|---|---|');
const counter = countCalls(backend.db);
for (const [name, filter] of filters) {
  const top = await list({ ...filter, asOf });
  const last = Math.max(0, Math.ceil(top.totalCount / 50) - 1);
  for (const index of [0, Math.min(DEEP, last)]) {
    const query = { ...filter, asOf, index };
    const { result, calls } = await counter.counted(() => list(query));
    const one = await latencies(query, 1);
    const twenty = await latencies(query, 20);
    console.log(
      `| ${name} | ${index} | ${result.totalCount} | ${result.complete} | ${result.items.length} | ${calls} | ${one} | ${twenty} |`,
    );
  }
}
counter.stop();
await stop();
