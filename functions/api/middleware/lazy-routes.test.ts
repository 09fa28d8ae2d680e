import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../env.ts';
import { routeTable } from '../route-table.ts';
import { handleError, handleNotFound } from './errors.ts';
import { lazyRoutes } from './lazy-routes.ts';
import { policyOf, routePolicy } from './policy.ts';

/**
 * lazyRoutes (ADR 126): a router loaded by the first request under its mount answers as if it were mounted
 * directly — the outer context's variables in, what it sets back out, the outer chain's headers on its answer,
 * its errors through the outer onError — and the route table lists its routes with their policies.
 */
const route = routePolicy('ordering');
const open = route({ auth: 'anonymous', scope: 'none' });

function appWith(loads: { count: number }) {
  const inner = new Hono<AppEnv>()
    .get('/items/:id', open, (c) => {
      c.set('requestId', `seen by ${c.get('requestId')}`);
      c.header('Set-Cookie', 'inner=1', { append: true });
      return c.json({ id: c.req.param('id'), portal: c.get('portal') });
    })
    .post('/fail', open, () => {
      throw new Error('boom');
    });
  const other = new Hono<AppEnv>().get('/other', open, (c) => c.json({ other: true }));
  const seen: string[] = [];
  const app = new Hono<AppEnv>().basePath('/api');
  app.use(async (c, next) => {
    c.set('requestId', 'r-1');
    c.set('portal', 'ordering');
    c.header('Set-Cookie', 'session=renewed', { append: true });
    await next();
    seen.push(c.get('requestId'));
  });
  app.onError((error, c) => {
    seen.push(`error: ${error.message}`);
    return handleError(error, c);
  });
  app.notFound(handleNotFound);
  const mounted = app
    .route(
      '/section',
      lazyRoutes(async () => {
        loads.count++;
        return inner;
      }),
    )
    .route('/section', other);
  return { app: mounted, seen };
}

describe('a router mounted with lazyRoutes', () => {
  it('loads once, on the first request under its mount, and serves it with the outer context', async () => {
    const loads = { count: 0 };
    const { app, seen } = appWith(loads);
    expect(loads.count).toBe(0);
    const [first, second] = await Promise.all([app.request('/api/section/items/7'), app.request('/api/section/items/8')]);
    expect(loads.count).toBe(1);
    expect(await first.json()).toEqual({ id: '7', portal: 'ordering' });
    expect(second.status).toBe(200);
    expect(first.headers.getSetCookie()).toEqual(['session=renewed', 'inner=1']);
    expect(first.headers.get('content-type')).toMatch(/application\/json/);
    // What the inner handler set reaches the outer middleware after it.
    expect(seen).toEqual(['seen by r-1', 'seen by r-1']);
  });

  it('hands a path it has no route for to the next router at the same mount, then to notFound', async () => {
    const { app } = appWith({ count: 0 });
    expect(await (await app.request('/api/section/other')).json()).toEqual({ other: true });
    const missing = await app.request('/api/section/nothing');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: expect.any(String) });
  });

  it("answers its errors through the outer app's onError", async () => {
    const { app, seen } = appWith({ count: 0 });
    const res = await app.request('/api/section/fail', { method: 'POST' });
    expect(res.status).toBe(500);
    expect(seen).toContain('error: boom');
  });

  it('is listed by the route table with every route and policy', async () => {
    const { app } = appWith({ count: 0 });
    const routes = await routeTable(app);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/section/items/:id',
      'POST /api/section/fail',
      'GET /api/section/other',
    ]);
    expect(routes.every((r) => r.policy === policyOf(open))).toBe(true);
  });
});
