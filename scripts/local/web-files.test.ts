import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { mountWebFiles } from './web-files.ts';

/** The local web files answer as the CloudFront distribution of infra/web.ts does. */
const dist = mkdtempSync(join(tmpdir(), 'portal-web-files-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>portal</title>');
writeFileSync(join(dist, 'assets/index-abc123.js'), 'console.log(1)');
const root = new Hono();
mountWebFiles(root, dist);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('local web files', () => {
  it('serves client routes as index.html with the distribution headers', async () => {
    for (const path of ['/', '/orders/123', '/connect']) {
      const res = await root.request(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>portal</title>');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('caches a hashed asset for a year', async () => {
    const res = await root.request('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing file with 404, never index.html under the year-long cache', async () => {
    for (const path of ['/assets/index-gone99.js', '/assets/nothing', '/favicon-missing.png']) {
      const res = await root.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('<title>');
      expect(res.headers.get('cache-control') ?? '').not.toContain('max-age=31536000');
    }
  });
});
