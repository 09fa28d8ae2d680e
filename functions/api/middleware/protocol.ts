import { type ErrorBody, isPortal, PORTAL_HEADER, PORTALS, XSSI_PREFIX, REQUEST } from '@portal/core/shared';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../env.ts';

/** Security headers on every API answer (the CDN adds the same to the web files). */
export const apiSecureHeaders = secureHeaders({
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  strictTransportSecurity: 'max-age=63072000; includeSubDomains',
  xContentTypeOptions: 'nosniff',
  xFrameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  crossOriginResourcePolicy: 'same-origin',
});

/**
 * No API answer is kept by a browser or a shared cache unless its route says otherwise (ADR 022): most
 * carry account data, and the few anonymous ones (brand, sign-in status) are small and change on import.
 */
export const noStoreByDefault = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!c.res.headers.has('cache-control')) c.res.headers.set('Cache-Control', 'no-store');
});

/**
 * The largest body AWS lets through: a synchronous Lambda invocation takes 6 MB (the HTTP API itself 10 MB).
 * The same limit here makes the local server refuse what AWS would, before reading it (ADR 022).
 */
export const MAX_BODY_BYTES = 6 * 1024 * 1024;

export const apiBodyLimit = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) =>
    c.json(
      {
        code: REQUEST.BODY_TOO_LARGE,
        message: `The request body is over ${MAX_BODY_BYTES / 1024 / 1024} MB`,
      } satisfies ErrorBody,
      413,
    ),
});

/**
 * Every call names its portal (SPEC 7). Requiring this custom header also means a cross-site form or
 * image cannot reach the API: browsers send custom headers cross-origin only after a CORS preflight.
 */
export const requirePortal = createMiddleware<AppEnv>(async (c, next) => {
  const portal = c.req.header(PORTAL_HEADER);
  if (!isPortal(portal)) {
    const body: ErrorBody = {
      code: REQUEST.PORTAL_HEADER_INVALID,
      message: `Header ${PORTAL_HEADER} must be one of: ${PORTALS.join(', ')}`,
      issues: [{ path: PORTAL_HEADER, message: portal ? 'unknown portal' : 'missing' }],
    };
    return c.json(body, 400);
  }
  c.set('portal', portal);
  await next();
});

/** The bodies `c.json` wrote with the prefix (a stream keeps its identity when Hono copies a Response). */
const prefixed = new WeakSet<ReadableStream>();

/**
 * Prefixes JSON bodies against script inclusion; the web client strips the prefix before parsing.
 * `c.json` (every route, bodyLimit, the error and not-found handlers) writes the prefix as it builds the
 * body: reading an answer back and building it again cost a third of the chain's time (issue 13 item 4).
 * A JSON answer made any other way is still read back and prefixed.
 */
export const xssiPrefix = createMiddleware<AppEnv>(async (c, next) => {
  const prefixedJson = (object: unknown, arg?: number | ResponseInit, headers?: Record<string, string>): Response => {
    const res = c.body(XSSI_PREFIX + JSON.stringify(object), arg as never, {
      'Content-Type': 'application/json',
      ...headers,
    });
    if (res.body) prefixed.add(res.body);
    return res;
  };
  // Hono's c.json is typed for its RPC client; at run time it is this same (object, status|init, headers).
  c.json = prefixedJson as unknown as typeof c.json;
  await next();
  if (!c.res.headers.get('content-type')?.startsWith('application/json')) return;
  if (c.res.body && prefixed.has(c.res.body)) return;
  const body = await c.res.text();
  const headers = new Headers(c.res.headers);
  headers.delete('content-length');
  c.res = new Response(XSSI_PREFIX + body, { status: c.res.status, headers });
});
