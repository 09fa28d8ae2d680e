/**
 * `npm run bench`: requests/s and p50/p99 latency of GET /api/auth/status with a signed-in session,
 * next to a bare Hono route served by the same process, both measured in one run on this machine.
 * The load comes from autocannon in a separate process so it does not share the server's event loop.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { startNodeServer } from '../../functions/api/node.ts';
import { BENCH_USER, importBenchUser, startBenchBackend } from './bench-backend.ts';
import { freePort } from '../local/ports.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
process.env.LOG_LEVEL = 'silent';

const { backend, stop: stopBackend } = await startBenchBackend();
await backend.imports.importRecords('brands', [
  { line: 1, data: { id: 'default', name: 'Bench', layout: 'default', footerLinks: [], customFields: {} } },
]);
await importBenchUser(backend);

const api = await startNodeServer({ backend, port: await freePort() });
const bare = new Hono().get('/bare', (c) => c.json({ ok: true }));
const barePort = await freePort();
const bareServer = serve({ fetch: bare.fetch, port: barePort, hostname: '127.0.0.1' });

const signin = await fetch(`http://127.0.0.1:${api.port}/api/auth/signin`, {
  method: 'POST',
  headers: { 'X-Portal': 'ordering', 'Content-Type': 'application/json' },
  body: JSON.stringify(BENCH_USER),
});
const cookie = (signin.headers.get('set-cookie') ?? '').split(';')[0]!;
if (signin.status !== 200 || !cookie) throw new Error(`sign-in failed: ${signin.status}`);

type Result = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
};

// Asynchronous on purpose: a synchronous spawn would block this process, i.e. the servers under test.
async function load(url: string, headers: Record<string, string>): Promise<Result> {
  const args = ['autocannon', '--json', '-c', String(CONNECTIONS), '-d', String(DURATION_S)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  const { stdout } = await promisify(execFile)('npx', [...args, url], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as Result;
}

const rows = [
  [
    'GET /api/auth/status (signed in)',
    await load(`http://127.0.0.1:${api.port}/api/auth/status`, { 'X-Portal': 'ordering', Cookie: cookie }),
  ],
  [
    'GET /api/brand (full middleware, cached, no DynamoDB read)',
    await load(`http://127.0.0.1:${api.port}/api/brand`, { 'X-Portal': 'ordering' }),
  ],
  ['GET /bare (bare Hono route)', await load(`http://127.0.0.1:${barePort}/bare`, {})],
] as const;

console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each, DynamoDB Local in memory\n`);
console.log('| route | requests/s | p50 ms | p99 ms | non-2xx | errors |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [name, r] of rows) {
  console.log(`| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} | ${r.errors} |`);
}

// Sign-in timing: a wrong password for a real account and any password for an unknown username must
// cost the same (no account enumeration by timing). Sequential, so each figure is one request's cost.
async function signInMedianMs(username: string, rounds = 15): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${api.port}/api/auth/signin`, {
      method: 'POST',
      headers: { 'X-Portal': 'ordering', 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password: 'Wrong-Password-2026!' }),
    });
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(rounds / 2)]!;
}
const known = await signInMedianMs(BENCH_USER.username);
const unknown = await signInMedianMs('no.such.user');
console.log(`\nsign-in, wrong password, median of 15: known user ${known.toFixed(1)} ms, unknown user ${unknown.toFixed(1)} ms`);

bareServer.close();
await api.close();
await stopBackend();
process.exit(0);
