/**
 * `npx tsx scripts/bench/middleware-chain.ts`: requests/s of GET /api/brand through the real API app (every
 * middleware, the brand cached after the first call, so no DynamoDB read) next to a bare `new Hono()` route
 * answering the same JSON, in ONE process: both driven by `app.fetch(new Request(...))` in a tight loop,
 * in alternating rounds so machine noise hits both alike; prints each and the ratio.
 * BENCH_SECONDS per round (default 3), BENCH_ROUNDS per app (default 4), BENCH_CONCURRENCY loops in flight
 * (default 8), BENCH_ONLY=full drives only the chain (for profiling). Logging is on as in production, written to /dev/null (BENCH_LOG=silent turns it off).
 * Timings are this machine's; compare the ratio within one run.
 */
import { openSync, writeSync } from 'node:fs';
import { Hono } from 'hono';
import { createApp } from '../../functions/api/app.ts';
import { startBenchBackend } from './bench-backend.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
if (process.env.BENCH_LOG === 'silent') process.env.LOG_LEVEL = 'silent';
else {
  // The request log line is part of the chain's cost; /dev/null keeps the terminal readable.
  const devNull = openSync('/dev/null', 'w');
  console.log = (line: string) => void writeSync(devNull, `${line}\n`);
}

const { backend, stop: stopBackend } = await startBenchBackend();
await backend.imports.importRecords('brands', [
  { line: 1, data: { id: 'default', name: 'Bench', layout: 'default', footerLinks: [], customFields: {} } },
]);

const app = createApp(backend, () => '127.0.0.1');
const brand = await backend.brands.forHost('localhost');
const bare = new Hono().get('/api/brand', (c) => c.json(brand));

const URL_ = 'http://localhost/api/brand';
const HEADERS = { 'X-Portal': 'ordering', Host: 'localhost', 'User-Agent': 'bench' };
type Fetcher = { fetch: (request: Request) => Response | Promise<Response> };

type Rate = { wall: number; cpu: number };

/**
 * Requests/s of `seconds` of CONCURRENCY loops, each awaiting its answer and reading its body: per second
 * of wall clock, and per second of this process's CPU time (robust when other processes share the cores).
 */
async function drive(target: Fetcher, seconds: number): Promise<Rate> {
  const until = performance.now() + seconds * 1000;
  const cpuBefore = process.cpuUsage();
  let done = 0;
  const loop = async () => {
    while (performance.now() < until) {
      const res = await target.fetch(new Request(URL_, { headers: HEADERS }));
      if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
      await res.text();
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  const cpu = process.cpuUsage(cpuBefore);
  return { wall: done / seconds, cpu: done / ((cpu.user + cpu.system) / 1e6) };
}

await drive(app, 1); // warm up: JIT, the brand cache, the SDK client
if (process.env.BENCH_ONLY !== 'full') await drive(bare, 1);
const full: Rate[] = [];
const plain: Rate[] = [];
for (let round = 0; round < ROUNDS; round++) {
  full.push(await drive(app, SECONDS));
  // BENCH_ONLY=full: the chain alone, e.g. under `node --cpu-prof` so the profile holds nothing else.
  if (process.env.BENCH_ONLY !== 'full') plain.push(await drive(bare, SECONDS));
}
const median = (rates: Rate[], of: keyof Rate) =>
  rates.length ? rates.map((r) => r[of]).sort((a, b) => a - b)[Math.floor(rates.length / 2)]! : Number.NaN;
const line = (name: string, rates: Rate[], of: keyof Rate) =>
  `${name}: ${Math.round(median(rates, of))} (rounds: ${rates.map((r) => Math.round(r[of])).join(', ')})`;
const lines = [
  `GET /api/brand, ${ROUNDS} alternating rounds of ${SECONDS} s, ${CONCURRENCY} in flight, logging ${
    process.env.LOG_LEVEL === 'silent' ? 'off' : 'on (to /dev/null)'
  }, medians:`,
];
for (const [of, unit] of [
  ['wall', 'req/s'],
  ['cpu', 'req per CPU-second'],
] as const) {
  lines.push(
    `${unit}:`,
    `  ${line('full middleware chain', full, of)}`,
    `  ${line('bare Hono route      ', plain, of)}`,
    `  ratio: ${((100 * median(full, of)) / median(plain, of)).toFixed(1)} %`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
await stopBackend();
process.exit(0);
