import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { isLeanAsset, SITE_CSP_DIRECTIVES, siteCspWithFiles } from '../../infra/site-headers.ts';
import { documentOf, isClientRoute } from '../../infra/spa-fallback.ts';

/**
 * Serves the built web app the way CloudFront does in AWS (infra/web.ts): files from web/dist, index.html — or
 * a signed-in section's own page with its preloads (ADR 131) — for a client-side route (infra/spa-fallback.ts,
 * the rule of the distribution's SPA fallback function; a build without section pages serves index.html;
 * a route may have dots, e.g. /connect/reports/gen.transactions.P-2001), 404 for any other missing file — never index.html under an asset's year-long cache — and
 * the same security headers as the distribution's policy (X-Frame-Options DENY included). Assets are
 * served pre-compressed (brotli or gzip, as the client accepts; CloudFront compresses in AWS) and
 * index.html and the service worker are never cached, so a new release is seen on the next load or poll.
 */
/** `filesOrigin`: the files bucket's origin the browser uploads to and shows images from (ADR 045). */
export function mountWebFiles(root: Hono, distDir: string, filesOrigin?: string) {
  const index = resolve(distDir, 'index.html');
  if (!existsSync(index)) throw new Error(`${index} is missing: the web build did not run`);
  const rootPath = relative(process.cwd(), distDir);
  precompressAssets(resolve(distDir, 'assets'));
  // The one definition CloudFront's policies send too (ADR 023): everything on documents and workers, the
  // subresource headers on the other assets (site-headers.ts).
  const strictTransportSecurity = 'max-age=63072000; includeSubDomains';
  const documentHeaders = secureHeaders({
    contentSecurityPolicy: filesOrigin ? siteCspWithFiles(filesOrigin) : SITE_CSP_DIRECTIVES,
    strictTransportSecurity,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
  });
  const assetHeaders = secureHeaders({
    strictTransportSecurity,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  root.use('*', (c, next) => (isLeanAsset(c.req.path) ? assetHeaders(c, next) : documentHeaders(c, next)));
  root.use('/assets/*', async (c, next) => {
    await next();
    // Vite puts a content hash in every asset name: safe to cache for a year.
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  root.use('*', async (c, next) => {
    await next();
    // index.html and the service worker (ADR 091): a new release is seen at the next load or poll.
    const unhashed = c.res.headers.get('content-type')?.startsWith('text/html') || c.req.path === SERVICE_WORKER;
    if (!c.req.path.startsWith('/assets/') && unhashed) c.header('Cache-Control', 'no-cache');
  });
  root.use('*', serveStatic({ root: rootPath, precompressed: true }));
  root.get('*', async (c, next) => {
    const path = c.req.path;
    if (!isClientRoute(path)) return c.text('Not found', 404);
    return next();
  });
  root.get('*', (c, next) => {
    const page = resolve(distDir, `.${documentOf(c.req.path)}`);
    return serveStatic({ path: relative(process.cwd(), existsSync(page) ? page : index) })(c, next);
  });
}

/** vite-plugin-pwa's service worker (web/vite.config.ts). */
const SERVICE_WORKER = '/sw.js';

// mjs: pdf.js's worker (ADR 047), a 1.2 MB module CloudFront compresses as text/javascript too.
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt)$/;

/**
 * Writes `<file>.br` and `<file>.gz` next to every compressible asset that lacks them (once per build: a
 * build empties web/dist), for serveStatic's `precompressed` option.
 */
export function precompressAssets(assetsDir: string) {
  if (!existsSync(assetsDir)) return;
  for (const name of readdirSync(assetsDir)) {
    const file = join(assetsDir, name);
    if (!COMPRESSIBLE.test(name) || !statSync(file).isFile()) continue;
    const source = readFileSync(file);
    if (!existsSync(`${file}.br`))
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
      );
    if (!existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
  }
}
