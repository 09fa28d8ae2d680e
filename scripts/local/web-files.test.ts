import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { mountWebFiles } from './web-files.ts';

/** The local web files answer as the CloudFront distribution of infra/web.ts does. */
const dist = mkdtempSync(join(tmpdir(), 'portal-web-files-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>portal</title>');
mkdirSync(join(dist, 'sections'));
writeFileSync(join(dist, 'sections/connect-reports-item.html'), '<!doctype html><title>a report</title>');
writeFileSync(join(dist, 'sections/connect-reports-new.html'), '<!doctype html><title>a new report</title>');
writeFileSync(join(dist, 'assets/index-abc123.js'), 'console.log(1)');
writeFileSync(join(dist, 'sw.js'), 'self.skipWaiting()');
writeFileSync(join(dist, 'assets/pdf.worker.min-abc123.mjs'), 'onmessage = () => {}');
const root = new Hono();
mountWebFiles(root, dist);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('local web files', () => {
  it('serves client routes as index.html with the distribution headers', async () => {
    // A general report's page has dots in its last segment and is still a route (reload, bookmark, mailed link):
    // served as its section's page (below), here a dotted address without one.
    for (const path of ['/', '/orders/123', '/connect', '/connect/unknown/gen.transactions.P-2001']) {
      const res = await root.request(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>portal</title>');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it("serves a signed-in section's address as its own page where the build wrote one, else index.html (ADR 131)", async () => {
    // The new report's form has a page of its own, more specific than a report's (ADR 154).
    for (const [path, title] of [
      ['/connect/reports/gen.transactions.P-2001', 'a report'],
      ['/connect/reports/new', 'a new report'],
    ] as const) {
      const res = await root.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain(`<title>${title}</title>`);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(res.headers.get('content-security-policy'), path).toContain("script-src 'self'");
    }
    // A section whose page this build lacks (an older build served side by side): index.html.
    expect(await (await root.request('/connect/transactions')).text()).toContain('<title>portal</title>');
    expect(await (await root.request('/connect/reports')).text()).toContain('<title>portal</title>');
  });

  it('sends an asset the subresource headers only; a worker script keeps its CSP (site-headers.ts)', async () => {
    const asset = await root.request('/assets/index-abc123.js');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(asset.headers.get('strict-transport-security')).toContain('max-age=');
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'x-xss-protection'])
      expect(asset.headers.get(name), name).toBeNull();
    const worker = await root.request('/assets/pdf.worker.min-abc123.mjs');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('caches a hashed asset for a year', async () => {
    const res = await root.request('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves an asset pre-compressed as the client accepts, brotli first, and never caches index.html or the service worker', async () => {
    const br = await root.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe('console.log(1)');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const gz = await root.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe('console.log(1)');
    const plain = await root.request('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log(1)');
    for (const path of ['/', '/orders/123', '/sw.js']) {
      const res = await root.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('answers a missing file with 404, never index.html under the year-long cache', async () => {
    for (const path of ['/assets/index-gone99.js', '/assets/nothing', '/favicon-missing.png', '/robots.txt', '/x/pdf.worker.min.mjs']) {
      const res = await root.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('<title>');
      expect(res.headers.get('cache-control') ?? '').not.toContain('max-age=31536000');
    }
  });
});
