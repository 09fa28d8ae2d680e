import { type Backend, createBackend, loadConfig } from '@portal/backend';
import { localEnv, localPorts } from '../local/local-env.ts';
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
  const ports = localPorts();
  const env = process.env.TABLE_NAME ? process.env : { ...process.env, ...localEnv(ports) };
  Object.assign(process.env, env);
  const base = process.env.BENCH_URL ?? `http://127.0.0.1:${ports.app}`;
  if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(base)) throw new Error(`bench: loopback only, not ${base}`);
  try {
    await waitForHttp(`${base}/api/brand`, 5_000);
  } catch {
    console.error(`bench: nothing answers at ${base}. Start the portal first (npm start), then npm run seed -- --scale large.`);
    process.exit(2);
  }
  return { base, backend: createBackend(loadConfig(env)) };
}
