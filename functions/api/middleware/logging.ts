import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';

type Level = 'info' | 'warn' | 'error';

/** One JSON line per event; CloudWatch and local terminals both read it. Never pass secrets here. */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  if (level !== 'error' && process.env.LOG_LEVEL === 'silent') return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields });
  if (level === 'error') console.error(line);
  else console.log(line);
}

const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

/** Gives every request an id (kept from a well-formed X-Request-Id), echoes it, and logs the outcome. */
export const requestLogging = createMiddleware<AppEnv>(async (c, next) => {
  const incoming = c.req.header('X-Request-Id');
  const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  c.set('requestId', requestId);
  const started = performance.now();
  await next();
  // On the answer itself: c.header() after the answer is made copies the whole Response.
  c.res.headers.set('X-Request-Id', requestId);
  const status = c.res.status;
  log(status >= 500 ? 'error' : 'info', 'request', {
    requestId,
    method: c.req.method,
    path: c.req.path,
    status,
    ms: Math.round(performance.now() - started),
  });
});
