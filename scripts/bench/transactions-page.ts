/**
 * `npx tsx scripts/bench/transactions-page.ts [--dynamodb-port P --customer C] [--start D --end D] [--zone Z]
 *  [--load N] [--busy N] [--busy-hour ISO] [--requests 40] [--deep 1000] [--dump FILE]`
 *
 * The transactions page (ADR 032, ADR 071): DynamoDB calls and p50/p99 latency of the list
 * (in-process service calls, no HTTP) for page 1, a deep page (index `--deep`, 50 rows; clamped to the
 * last page when the filter has fewer rows) and the page in the middle of the busiest hour (`--busy-hour`,
 * the hour's start; found with countTransactions), without a filter and with each filter, at 1 and 20 clients.
 * `--dump FILE` writes every answer measured (without asOf) as JSON lines, to compare two runs byte for byte.
 * - Against loaded data: `--dynamodb-port` of a running DynamoDB Local (table `--table`, default
 *   portal-local) and `--customer` (e.g. the generator's biggest); `--start/--end` default to the 90 days
 *   up to today (UTC). The calls must be equal on 200k and 2M rows.
 * - Without `--dynamodb-port`: a private DynamoDB Local, `--load N` synthetic transactions (default
 *   100,000) over the days and `--busy N` more (default 0) in the busiest hour (12:00 UTC the day before
 *   the end date), imported through the import path in slices of 10,000 (the import's rows/s is printed),
 *   then the same table.
 * Filter values (serial, terminal, EAN, type, ...) are taken from the customer's newest row. Loopback only.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { TransactionQuery } from '@portal/core/transaction';
import { addDays } from '@portal/core/shared';
import { type Backend, createBackend } from '@portal/backend';
import { countCalls, mapLimit } from '@portal/backend/platform/db';
import { countTransactions } from '@portal/backend/transaction';
import { benchActor, benchConfig, DATA_SET_OPTIONS, startBenchBackend } from './bench-backend.ts';
import { benchEan as ean, benchTransactionBase, loadBenchMasterData } from './bench-transactions.ts';

const { values } = parseArgs({
  options: {
    ...DATA_SET_OPTIONS,
    load: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '40' },
    deep: { type: 'string', default: '1000' },
    busy: { type: 'string', default: '0' },
    'busy-hour': { type: 'string' },
    dump: { type: 'string' },
  },
});
const REQUESTS = Number(values.requests);
const DEEP = Number(values.deep);
const zone = values.zone!;
const today = new Date().toISOString().slice(0, 10);
const startDate = values.start ?? addDays(today, -89);
const endDate = values.end ?? today;
const busyHour = Date.parse(values['busy-hour'] ?? `${addDays(endDate, -1)}T12:00:00Z`);

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
  await loadSynthetic(backend, Number(values.load), Number(values.busy));
}

/**
 * N transactions of one customer over the 90 days, 8 terminals, 3 EANs, 50 serials, 4 types, 3 outcomes, and
 * `--busy` more in the busiest hour (time order: the busy hour's rows come in their place among the others).
 */
async function loadSynthetic(b: Backend, n: number, busy: number) {
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
  const line = (i: number, base: ReturnType<typeof benchTransactionBase>) => {
    const [resultCode, result] = outcomes[i % 5]!;
    return {
      ...base,
      resultCode,
      result,
      serial: `76${String(i % 50).padStart(14, '0')}`,
      ean: ean((i % 3) + 1),
      amount: 1000,
      currency: 'EUR',
    };
  };
  const spread = Array.from({ length: n }, (_, i) => line(i, benchTransactionBase(i, n, { from, span, customerId })));
  const packed = Array.from({ length: busy }, (_, i) =>
    line(i, { ...benchTransactionBase(i, busy, { from: busyHour, span: 3_600_000, customerId }), transactionId: `BUSY-${i}` }),
  );
  // Time order, like the processor's feed and the generator: a slice touches a few customer-days.
  const all = [...spread, ...packed].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const SLICE = 10_000;
  const t0 = performance.now();
  for (let start = 0; start < all.length; start += SLICE) await ok('transactions', all.slice(start, start + SLICE));
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `import: ${all.length} rows (${busy} in the busiest hour) in ${seconds.toFixed(1)} s = ${Math.round(all.length / seconds)} rows/s (slices of ${SLICE}, synthetic, private DynamoDB Local)`,
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
/** The page whose first row lies in the middle of the busiest hour: the rows newer than the hour, plus half the hour's. */
async function busyIndex(filter: Partial<TransactionQuery>): Promise<number> {
  const count = (until: number) =>
    countTransactions(backend.db, { ...base, ...filter } as TransactionQuery, zone, Math.min(until, Date.parse(asOf)));
  const [all, afterHour, beforeHour] = await Promise.all([count(Date.parse(asOf)), count(busyHour + 3_599_999), count(busyHour - 1)]);
  return Math.floor((all - afterHour + (afterHour - beforeHour) / 2) / 50);
}

const dump: string[] = [];
const counter = countCalls(backend.db);
for (const [name, filter] of filters) {
  const top = await list({ ...filter, asOf });
  const last = Math.max(0, Math.ceil(top.totalCount / 50) - 1);
  for (const [where, index] of [
    ['first', 0],
    ['deep', Math.min(DEEP, last)],
    ['busiest hour', Math.min(await busyIndex(filter), last)],
  ] as const) {
    const query = { ...filter, asOf, index };
    const { result, calls } = await counter.counted(() => list(query));
    const one = await latencies(query, 1);
    const twenty = await latencies(query, 20);
    const { asOf: _asOf, ...answer } = result;
    dump.push(JSON.stringify({ name, where, index, answer }));
    console.log(
      `| ${name} | ${where} ${index} | ${result.totalCount} | ${result.complete} | ${result.items.length} | ${calls} | ${one} | ${twenty} |`,
    );
  }
}
counter.stop();
if (values.dump) writeFileSync(values.dump, `${dump.join('\n')}\n`);
await stop();
