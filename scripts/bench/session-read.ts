/**
 * `npx tsx scripts/bench/session-read.ts`: what a signed-in request reads before its own work
 * (ADR 028), against DynamoDB Local on loopback, in one run: the two sequential GetItems of before
 * (session, then its account) next to the one BatchGetItem of now, alternating, N times each (BENCH_RUNS,
 * default 400): DynamoDB calls, median and p99 latency. Then requests/s of GET /api/auth/status signed in,
 * through the real app in this process (`app.fetch`, BENCH_SECONDS, default 5). Loopback hides most of a
 * network round trip, so the latency gain on AWS is larger than here; the call count is exact.
 */
import { getAccount } from '@portal/backend/accounts';
import { getSessionAndAccount, hashToken } from '@portal/backend/auth';
import { countCalls, entity, getOne } from '@portal/backend/platform/db';
import { createApp } from '../../functions/api/app.ts';
import { BENCH_USER, importBenchUser, startBenchBackend } from './bench-backend.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 400);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
process.env.LOG_LEVEL = 'silent';

const { backend, stop: stopBackend } = await startBenchBackend();
await importBenchUser(backend);
const { token } = await backend.sessions.create(BENCH_USER.username, new Date(), { portal: 'ordering', method: 'password' });
const tokenHash = hashToken(token);
const db = backend.db;

// The read of before, as it was: GetItem of the session, then GetItem of the account it names.
const sessionItems = entity<{ username: string }>({ drop: ['expiresAt'] });
const twoReads = async () => {
  const session = await getOne(db, sessionItems, { pk: `SESSION#${tokenHash}`, sk: 'SESSION' });
  return getAccount(db, session!.username);
};
const oneRead = () => getSessionAndAccount(db, tokenHash, BENCH_USER.username);

const counter = countCalls(db, 'benchSessionRead');
const calls = {
  before: (await counter.counted(twoReads)).calls,
  after: (await counter.counted(oneRead)).calls,
};
counter.stop();

const times = { before: [] as number[], after: [] as number[] };
const timed = async (run: () => Promise<unknown>, into: number[]) => {
  const started = performance.now();
  await run();
  into.push(performance.now() - started);
};
for (let i = 0; i < 50; i++) await Promise.all([twoReads(), oneRead()]); // warm up
for (let i = 0; i < RUNS; i++) {
  await timed(twoReads, times.before);
  await timed(oneRead, times.after);
}
const at = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

const app = createApp(backend, () => '127.0.0.1');
const headers = { 'X-Portal': 'ordering', Cookie: `__Host-portal_session_ordering=${token}` };
const statusRate = async (seconds: number) => {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const loop = async () => {
    while (performance.now() < until) {
      const res = await app.fetch(new Request('http://localhost/api/auth/status', { headers }));
      if (!(await res.text()).includes('"loggedIn":true')) throw new Error('not signed in');
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: 8 }, loop));
  return done / seconds;
};
await statusRate(1);
const rate = await statusRate(SECONDS);

console.info(`session + account read, ${RUNS} alternating runs each, DynamoDB Local on loopback`);
console.info('| read | DynamoDB calls | median ms | p99 ms |');
console.info('|---|---:|---:|---:|');
for (const [name, key] of [
  ['before: GetItem session, then GetItem account', 'before'],
  ['after: one BatchGetItem (ADR 028)', 'after'],
] as const) {
  console.info(`| ${name} | ${calls[key]} | ${at(times[key], 0.5).toFixed(2)} | ${at(times[key], 0.99).toFixed(2)} |`);
}
console.info(`GET /api/auth/status signed in, app.fetch in process, 8 in flight, ${SECONDS} s: ${Math.round(rate)} req/s`);
await stopBackend();
process.exit(0);
