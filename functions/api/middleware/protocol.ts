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

const limitBody = bodyLimit({
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
 * The body limit, for requests that may have a body: a GET or HEAD Request never has one (fetch refuses
 * to make it), and looking at `body` would make the Node server build a full Request for nothing.
 */
export const apiBodyLimit = createMiddleware<AppEnv>(async (c, next) =>
  c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next),
);

/**
 * The longest URL (path and query) CloudFront forwards: 8,192 bytes, longer ones it refuses before the API
 * sees them (ADR 052). The same limit here makes the local server answer what AWS would, and answers it
 * first, so an over-long query string is named as such rather than as a missing header or a bad field.
 */
export const MAX_URL_BYTES = 8192;

export const uriLimit = createMiddleware<AppEnv>(async (c, next) => {
  const url = c.req.url;
  const pathStart = url.indexOf('/', url.indexOf('//') + 2);
  const target = pathStart < 0 ? '' : url.slice(pathStart);
  // Non-ASCII is percent-encoded in a parsed URL, so its length is the byte count on the wire.
  if (target.length > MAX_URL_BYTES) {
    const body: ErrorBody = { code: REQUEST.URI_TOO_LONG, message: `The URL is over ${MAX_URL_BYTES} bytes` };
    return c.json(body, 414);
  }
  await next();
});

/**
 * What a report mail links to (ADR 042) is reached without the header: a mail provider's RFC 8058
 * one-click POST and a browser following a download link send none. Both are connect calls proved by a
 * signed token only, so a cross-site request gains nothing; they are served for connect.
 */
const MAILED_LINK_PATH = /^\/api\/(report-unsubscribe|report-links\/[^/]+)$/;
/** The logo images (ADR 084): loaded by `<img>`, which sends no portal header; public and read-only. */
const LOGO_IMAGE_PATH = /^\/api\/logos\/[^/]+$/;
/** The web app manifest (ADR 091): fetched by the browser, which sends no portal header; the path names the portal. */
const MANIFEST_PATH = /^\/api\/brand\/manifest\/(ordering|connect)$/;

/**
 * Every call names its portal (SPEC 7). Requiring this custom header also means a cross-site form or
 * image cannot reach the API: browsers send custom headers cross-origin only after a CORS preflight.
 */
export const requirePortal = createMiddleware<AppEnv>(async (c, next) => {
  const portal = c.req.header(PORTAL_HEADER);
  const manifestOf = c.req.method === 'GET' ? MANIFEST_PATH.exec(c.req.path)?.[1] : undefined;
  if (portal === undefined && isPortal(manifestOf)) {
    c.set('portal', manifestOf);
    return next();
  }
  if (portal === undefined && (MAILED_LINK_PATH.test(c.req.path) || (c.req.method === 'GET' && LOGO_IMAGE_PATH.test(c.req.path)))) {
    c.set('portal', 'connect');
    return next();
  }
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

/**
 * Prefixes JSON bodies against script inclusion; the web client strips the prefix before parsing.
 * `c.json` (every route, bodyLimit, the error and not-found handlers) writes the prefix as it builds the
 * body: reading every answer back and building it again cost a third of the chain's time.
 * Only a JSON answer that is not the one `c.json` made is read back, and prefixed unless it already is.
 */
export const xssiPrefix = createMiddleware<AppEnv>(async (c, next) => {
  let made: Response | undefined;
  const prefixedJson = (object: unknown, arg?: number | ResponseInit, headers?: Record<string, string>): Response =>
    (made = c.body(XSSI_PREFIX + JSON.stringify(object), arg as never, { 'Content-Type': 'application/json', ...headers }));
  // Hono's c.json is typed for its RPC client; at run time it is this same (object, status|init, headers).
  c.json = prefixedJson as unknown as typeof c.json;
  await next();
  if (c.res === made || !c.res.headers.get('content-type')?.startsWith('application/json')) return;
  const body = await c.res.text();
  const headers = new Headers(c.res.headers);
  headers.delete('content-length');
  c.res = new Response(body.startsWith(XSSI_PREFIX) ? body : XSSI_PREFIX + body, { status: c.res.status, headers });
});
