import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { SITE_CSP_DIRECTIVES } from '../../infra/site-headers.ts';

/**
 * Serves the built web app the way CloudFront does in AWS (infra/web.ts): files from web/dist, index.html
 * for an extensionless path outside /assets (a client-side route, like the distribution's SPA fallback
 * function), 404 for any other missing file — never index.html under an asset's year-long cache — and
 * the same security headers as the distribution's policy (X-Frame-Options DENY included).
 */
export function mountWebFiles(root: Hono, distDir: string) {
  const index = resolve(distDir, 'index.html');
  if (!existsSync(index)) throw new Error(`${index} is missing: the web build did not run`);
  const rootPath = relative(process.cwd(), distDir);
  root.use(
    '*',
    secureHeaders({
      // The one definition CloudFront's policy sends too (ADR 023).
      contentSecurityPolicy: SITE_CSP_DIRECTIVES,
      strictTransportSecurity: 'max-age=63072000; includeSubDomains',
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
    }),
  );
  root.use('/assets/*', async (c, next) => {
    await next();
    // Vite puts a content hash in every asset name: safe to cache for a year.
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  root.use('*', serveStatic({ root: rootPath }));
  root.get('*', async (c, next) => {
    const path = c.req.path;
    if (path.startsWith('/assets/') || path.split('/').pop()!.includes('.')) return c.text('Not found', 404);
    return next();
  });
  root.get('*', serveStatic({ path: relative(process.cwd(), index) }));
}
