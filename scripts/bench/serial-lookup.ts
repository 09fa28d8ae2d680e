/**
 * `npx tsx scripts/bench/serial-lookup.ts [--requests 200] [--clients 10] [--history 2000]`
 *
 * The Serial Numbers lookup (ADR 034) on a private DynamoDB Local: DynamoDB calls per
 * lookup and the latency of the backend read (no HTTP) for 1, 10 and 100 serials, and for one serial
 * with a short and with a long history (`--history` transactions), all with `--clients` concurrent
 * callers. The calls must not grow with the history; the latency of 100 serials is bounded by the
 * lookup's 16-way concurrency. Loopback only; under 2 minutes here (most of it the 100-serial case).
 */
import { decodeAccess } from '@portal/core/auth';
import { gtinCheckDigit } from '@portal/core/shared';
import type { Actor } from '@portal/backend';
import { countCalls, mapLimit } from '@portal/backend/platform/db';
import { startBenchBackend } from './bench-backend.ts';
import { benchOptions } from './bench-options.ts';

const { requests, clients, history } = benchOptions({ requests: 200, clients: 10, history: 2000 });

const { backend, stop } = await startBenchBackend();
const load = async (kind: string, records: object[]) => {
  for (let start = 0; start < records.length; start += 1000) {
    const slice = records.slice(start, start + 1000);
    const report = await backend.imports.importRecords(
      kind as 'retailers',
      slice.map((data, i) => ({ line: start + i + 1, data })),
    );
    if (report.errors.length) throw new Error(`${kind}: ${JSON.stringify(report.errors.slice(0, 3))}`);
  }
};
const body = '405000000001';
const ean = `${body}${gtinCheckDigit(body)}`;
const serial = (n: number) => `75${String(n).padStart(14, '0')}`;
const LONG = serial(999);
const SERIALS = Array.from({ length: 100 }, (_, i) => serial(i + 1));
const at = (minutes: number) => new Date(Date.parse('2026-09-01T00:00:00Z') + minutes * 60_000).toISOString();

const t0 = performance.now();
await load('retailers', [{ customerId: 'R-B1', name: 'Bench Markets' }]);
await load('products', [{ productId: 'P-B1', ean, inventoryProductId: 'I-B1', sku: 'S-B1', name: 'Bench card', company: 'Bench' }]);
await load('transactionTypes', [{ transactionTypeId: 'activation', name: 'Activation' }]);
await load(
  'serials',
  [...SERIALS, LONG].map((s) => ({ serialFrom: s, ean, contract: false, retailerId: 'R-B1' })),
);
const tx = (id: string, s: string, minutes: number) => ({
  transactionId: id,
  at: at(minutes),
  customerId: 'R-B1',
  terminalId: 'POS-B1',
  type: 'activation',
  resultCode: '00',
  result: 'approved',
  serial: s,
  ean,
  amount: 1000,
  currency: 'EUR',
});
await load('transactions', [
  ...SERIALS.map((s, i) => tx(`TX-B-S${i}`, s, i)),
  ...Array.from({ length: history }, (_, i) => tx(`TX-B-L${i}`, LONG, i)),
]);
console.log(`loaded 101 serials and ${100 + history} transactions in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const actor: Actor = {
  username: 'bench',
  displayName: 'Bench',
  customerId: 'R-B1',
  access: decodeAccess({ securityFlag: 16, permissions: 0, settings: 0, modules: { payment: { permissions: 2, settings: 0 } } }),
  strongAuthentication: false,
  timezone: 'Europe/Berlin',
  locale: 'en-US',
};
const { counted } = countCalls(backend.db);
const cases: [string, string[]][] = [
  ['1 serial, 1 transaction', [SERIALS[0]!]],
  [`1 serial, ${history} transactions (100 shown)`, [LONG]],
  ['10 serials', SERIALS.slice(0, 10)],
  ['100 serials', SERIALS],
];
for (const [name, serials] of cases) {
  const { result, calls } = await counted(() => backend.serialNumbers.lookup(actor, serials));
  const shown = result.results.reduce((n, r) => n + r.transactions.length, 0);
  const times: number[] = [];
  const started = performance.now();
  await mapLimit(Array.from({ length: requests }), clients, async () => {
    const t = performance.now();
    await backend.serialNumbers.lookup(actor, serials);
    times.push(performance.now() - t);
  });
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(
    `${name}: ${calls} DynamoDB calls, ${shown} transactions shown; ${requests} lookups by ${clients} clients in ${seconds.toFixed(1)} s: p50 ${p(0.5)} ms, p99 ${p(0.99)} ms`,
  );
}
await stop();
process.exit(0);
