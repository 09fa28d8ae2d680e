import { type Backend, createBackend, loadConfig, actorFor } from '@portal/backend';
import { cliEnv } from '../local/local-env.ts';
import { waitForHttp } from '../local/ports.ts';

/**
 * The target of the HTTP benchmarks: a running `npm start` on loopback (or BENCH_URL, loopback only) and
 * a backend on the same table, for counting calls and setting up bench accounts through the import.
 * The run is bounded (15 minutes) whatever happens to the server; exits 2 when nothing answers.
 */
export async function localPortal(): Promise<{ base: string; backend: Backend }> {
  setTimeout(() => {
    console.error('bench: stopped after 15 minutes');
    process.exit(1);
  }, 15 * 60_000).unref();
  const env = cliEnv();
  Object.assign(process.env, env);
  const base = process.env.BENCH_URL ?? process.env.APP_URL ?? 'http://localhost:3000';
  if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(base)) throw new Error(`bench: loopback only, not ${base}`);
  try {
    await waitForHttp(`${base}/api/brand`, 5_000);
  } catch {
    console.error(`bench: nothing answers at ${base}. Start the portal first (npm start), then npm run seed -- --scale large.`);
    process.exit(2);
  }
  return { base, backend: createBackend(loadConfig(env)) };
}

/**
 * The bench user, through the import path like any account (an ordering-portal user with a strong
 * enough security flag), signed in over HTTP. Answers the actor for in-process service calls, the
 * headers of its requests, and the DynamoDB calls the API makes per request before any service runs
 * (the session with its account, one BatchGetItem: ADR 028).
 */
export async function benchSignIn(
  base: string,
  backend: Backend,
  counted: <T>(run: () => Promise<T>) => Promise<{ result: T; calls: number }>,
  user: { username: string; password: string } & Record<string, unknown>,
) {
  const report = await backend.imports.importRecords('accounts', [{ line: 1, data: { email: `${user.username}@example.com`, ...user } }]);
  if (report.errors.length) throw new Error(`bench account: ${JSON.stringify(report.errors)}`);
  const signin = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'X-Portal': 'ordering', 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password }),
  });
  const cookie = (signin.headers.get('set-cookie') ?? '').split(';')[0]!;
  if (signin.status !== 200 || !cookie.includes('=')) throw new Error(`sign-in failed: ${signin.status} ${await signin.text()}`);
  const token = cookie.slice(cookie.indexOf('=') + 1);
  const perRequest = await counted(() => backend.sessions.validate(token, 'ordering', new Date()));
  const account = perRequest.result?.account;
  if (!account) throw new Error('bench account: no live session after sign-in');
  return { actor: actorFor(account, { method: 'password' }), headers: { 'X-Portal': 'ordering', Cookie: cookie }, perRequest };
}

/** The q-quantile of sorted latencies (NaN when there are none). */
export const quantile = (sorted: readonly number[], q: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
