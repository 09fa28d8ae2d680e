import { request as httpRequest } from 'node:http';
import type { Backend } from '@portal/backend';
import { XSSI_PREFIX } from '@portal/core/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../tests/support/api.ts';
import { createTestBackend } from '../../tests/support/test-backend.ts';
import { createApp } from './app.ts';
import { MAX_BODY_BYTES, MAX_URL_BYTES } from './middleware/protocol.ts';
import { startNodeServer } from './node.ts';

let backend: Backend;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  backend = await createTestBackend();
  app = createApp(backend, () => undefined);
  const report = await backend.imports.importRecords('brands', [
    {
      line: 1,
      data: { id: 'default', name: 'Card Portal', layout: 'default', footerLinks: [], customFields: {} },
    },
    {
      line: 2,
      data: {
        id: 'west',
        name: 'West Cards',
        layout: 'compact',
        hosts: ['west.example.com'],
        footerLinks: [{ name: 'Help', href: 'https://help.example.com/' }],
        customFields: { priceChangeTimeZone: 'America/Los_Angeles' },
      },
    },
  ]);
  expect(report.errors).toEqual([]);
});

describe('API protocol', () => {
  it('requires a known portal header', async () => {
    const missing = await app.request('/api/auth/status');
    expect(missing.status).toBe(400);
    expect(await readJson(missing)).toMatchObject({ code: 'REQUEST.PORTAL_HEADER_INVALID' });
    const unknown = await app.request('/api/auth/status', { headers: { 'X-Portal': 'admin' } });
    expect(unknown.status).toBe(400);
    const ok = await app.request('/api/auth/status', { headers: { 'X-Portal': 'connect' } });
    expect(ok.status).toBe(200);
  });

  it('prefixes every JSON body, errors included', async () => {
    for (const res of [
      await app.request('/api/auth/status', { headers: { 'X-Portal': 'ordering' } }),
      await app.request('/api/nope', { headers: { 'X-Portal': 'ordering' } }),
    ]) {
      const text = await res.text();
      expect(text.startsWith(XSSI_PREFIX)).toBe(true);
      expect(() => JSON.parse(text.slice(XSSI_PREFIX.length))).not.toThrow();
    }
  });

  it('answers unknown paths with the error shape', async () => {
    const res = await app.request('/api/nope', { headers: { 'X-Portal': 'ordering' } });
    expect(res.status).toBe(404);
    expect(await readJson(res)).toEqual({ code: 'REQUEST.NO_ENDPOINT', message: 'No such endpoint' });
  });

  it('sets security headers and a request id', async () => {
    const res = await app.request('/api/auth/status', {
      headers: { 'X-Portal': 'ordering', 'X-Request-Id': 'trace-12345678' },
    });
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-request-id')).toBe('trace-12345678');
    const generated = await app.request('/api/auth/status', {
      headers: { 'X-Portal': 'ordering', 'X-Request-Id': '<script>' },
    });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves brand settings by host, falling back to the default brand', async () => {
    const west = await app.request('/api/brand', {
      headers: { 'X-Portal': 'ordering', Host: 'WEST.example.com:443' },
    });
    expect(await readJson(west)).toMatchObject({ id: 'west', name: 'West Cards', layout: 'compact' });
    const other = await app.request('/api/brand', {
      headers: { 'X-Portal': 'ordering', Host: 'unknown.test' },
    });
    expect(await readJson(other)).toMatchObject({ id: 'default', name: 'Card Portal' });
  });

  it('serves the web app manifest of the brand of the host without a portal header, unprefixed (ADR 091)', async () => {
    const west = await app.request('/api/brand/manifest/connect', { headers: { Host: 'west.example.com' } });
    expect(west.status).toBe(200);
    expect(west.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = JSON.parse(await west.text()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: 'West Cards connect', start_url: '/connect', scope: '/', display: 'standalone' });
    expect(manifest.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
        expect.objectContaining({ sizes: '192x192' }),
      ]),
    );
    const ordering = await app.request('/api/brand/manifest/ordering', { headers: { Host: 'unknown.test' } });
    expect(JSON.parse(await ordering.text())).toMatchObject({ name: 'Card Portal', start_url: '/' });
    // Only the manifest goes without the header, and only for a portal there is.
    expect((await app.request('/api/brand/manifest/admin')).status).toBe(400);
    expect((await app.request('/api/brand')).status).toBe(400);
  });

  it('lets no API answer be stored unless its route says so (ADR 022)', async () => {
    const answers = [
      await app.request('/api/auth/status', { headers: { 'X-Portal': 'ordering' } }),
      await app.request('/api/brand', { headers: { 'X-Portal': 'ordering' } }),
      await app.request('/api/account', { headers: { 'X-Portal': 'ordering' } }),
      await app.request('/api/nope', { headers: { 'X-Portal': 'ordering' } }),
      await app.request('/api/auth/status'),
      await app.request('/api/auth/signin', {
        method: 'POST',
        headers: { 'X-Portal': 'ordering', 'Content-Type': 'application/json' },
        body: '{not json',
      }),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 200, 401, 404, 400, 400]);
    for (const res of answers) expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('request body limit (ADR 022)', () => {
  const tooBig = () => new Uint8Array(MAX_BODY_BYTES + 1).fill(0x20);

  it('answers 413 with the error shape for a body over what Lambda accepts', async () => {
    const declared = await app.request('/api/auth/signin', {
      method: 'POST',
      headers: { 'X-Portal': 'ordering', 'Content-Type': 'application/json' },
      body: tooBig(),
    });
    expect(declared.status).toBe(413);
    expect(await readJson(declared)).toEqual({
      code: 'REQUEST.BODY_TOO_LARGE',
      message: 'The request body is over 6 MB',
    });
    // Without a Content-Length (chunked), the limit counts the bytes as they are read.
    const streamed = await app.request('/api/auth/signin', {
      method: 'POST',
      headers: { 'X-Portal': 'ordering', 'Content-Type': 'application/json' },
      body: new Blob([tooBig()]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('makes the local server refuse a 50 MB body without reading it', async () => {
    const server = await startNodeServer({ backend, port: 0 });
    try {
      const answer = await new Promise<{ status: number; body: string }>((done, fail) => {
        const req = httpRequest({
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: '/api/auth/signin',
          headers: {
            'X-Portal': 'ordering',
            'Content-Type': 'application/json',
            'Content-Length': 50 * 1024 * 1024,
          },
        });
        req.on('response', (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk));
          res.on('end', () => {
            req.destroy();
            done({ status: res.statusCode ?? 0, body });
          });
        });
        req.on('error', fail);
        // Only 1 MB is ever sent: the answer must come from the declared length alone.
        req.write(Buffer.alloc(1024 * 1024, 0x20));
      });
      expect(answer.status).toBe(413);
      expect(answer.body).toContain('REQUEST.BODY_TOO_LARGE');
    } finally {
      await server.close();
    }
  });
});

describe('URL length limit (ADR 052)', () => {
  it('answers 414 with the error shape before anything else looks at the request', async () => {
    const query = `?q=${'a'.repeat(9000)}`;
    // With and without the portal header, signed out: the length is what is wrong, so that is what is said.
    for (const headers of [{}, { 'X-Portal': 'connect' }] as Record<string, string>[]) {
      const res = await app.request(`/api/transactions${query}`, { headers });
      expect(res.status).toBe(414);
      expect(await readJson(res)).toEqual({ code: 'REQUEST.URI_TOO_LONG', message: 'The URL is over 8192 bytes' });
    }
    // Exactly at the limit is still read (and here answered by the session check).
    const path = '/api/auth/status?q=';
    const atLimit = await app.request(`${path}${'a'.repeat(MAX_URL_BYTES - path.length)}`, { headers: { 'X-Portal': 'ordering' } });
    expect(atLimit.status).toBe(200);
  });
});
