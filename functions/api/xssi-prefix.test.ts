import { XSSI_PREFIX } from '@portal/core/shared';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './env.ts';
import { xssiPrefix } from './middleware/protocol.ts';

/** The XSSI prefix: c.json writes it; any other JSON answer gets it once, and only once. */
const app = new Hono<AppEnv>()
  .use(xssiPrefix)
  .get('/json', (c) => c.json({ a: 1 }, 201, { 'X-Extra': 'yes' }))
  .get('/hand-made', () => new Response('{"a":2}', { headers: { 'Content-Type': 'application/json' } }))
  .get('/copied', (c) => {
    const res = c.json({ a: 3 });
    c.res = res;
    // A header set after the answer is made: Hono copies the Response, so it is not c.json's object any more.
    c.header('X-After', 'yes');
    return c.res;
  })
  .get('/text', (c) => c.text('plain'));

describe('xssiPrefix', () => {
  it('prefixes every JSON answer exactly once and leaves others alone', async () => {
    const json = await app.request('/json');
    expect(json.status).toBe(201);
    expect(json.headers.get('x-extra')).toBe('yes');
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await json.text()).toBe(`${XSSI_PREFIX}{"a":1}`);
    expect(await (await app.request('/hand-made')).text()).toBe(`${XSSI_PREFIX}{"a":2}`);
    const copied = await app.request('/copied');
    expect(copied.headers.get('x-after')).toBe('yes');
    expect(await copied.text()).toBe(`${XSSI_PREFIX}{"a":3}`);
    expect(await (await app.request('/text')).text()).toBe('plain');
  });
});
