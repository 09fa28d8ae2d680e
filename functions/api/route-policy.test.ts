import { beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '@portal/backend';
import { createApp } from './app.ts';
import { boundsLength, inputLeaves } from '@portal/core/shared';
import { unboundedInputs } from './gates/input-bounds.ts';
import { loadRouteInputs, type RouteEntry, routeTable } from './route-table.ts';
import * as z from '@portal/core/zod';

/**
 * Every route declares its policy where it is defined (ADR 024): a route added without
 * `policy(...)`/`route({...})` in its chain fails here, before it can reach production.
 */
const app = createApp({} as Backend, () => undefined);

describe('the route policy', () => {
  let routes: RouteEntry[] = [];
  beforeAll(async () => {
    routes = await routeTable(app);
  });

  it('is declared by every route of the app', () => {
    expect(routes.length).toBeGreaterThanOrEqual(40);
    const undeclared = routes.filter((r) => !r.policy).map((r) => `${r.method} ${r.path}`);
    expect(undeclared).toEqual([]);
  });

  it('is consistent: only signed-in routes name permissions, a pending step or an object scope beyond none/token', () => {
    for (const { method, path, policy } of routes) {
      if (!policy) continue;
      const route = `${method} ${path}`;
      if (policy.auth === 'anonymous') {
        expect({ route, permission: policy.permission, pendingStep: policy.pendingStep }).toEqual({
          route,
          permission: [],
          pendingStep: false,
        });
        expect({ route, scope: ['none', 'token'].includes(policy.scope) }).toEqual({ route, scope: true });
      }
      if (['retailer', 'store', 'order', 'serial', 'account'].includes(policy.scope)) {
        expect({ route, permission: policy.permission.length > 0 }).toEqual({ route, permission: true });
      }
    }
  });

  it('bounds every array, record and string a route accepts (ADR 052): no input a caller can make as large as the body allows', async () => {
    const loaded = await routeTable(app);
    await loadRouteInputs(loaded);
    expect(unboundedInputs(loaded)).toEqual([]);
  });
});

describe('the input-bounds walker', () => {
  it('finds a missing bound wherever the schema hides it, and takes a bounding pattern as a bound', () => {
    const schema = z.object({
      days: z.array(z.enum(['a', 'b'])),
      tags: z.optional(z.array(z.string().check(z.maxLength(5))).check(z.maxLength(3))),
      nested: z.union([z.object({ free: z.string() }), z.object({ code: z.string().check(z.regex(/^[A-Z]{2,8}$/)) })]),
      map: z.record(z.string(), z.number()),
      piped: z.pipe(
        z.string(),
        z.transform((s) => s.length),
      ),
      date: z.iso.date(),
    });
    const unbounded = inputLeaves(schema)
      .filter((l) => !l.bounded)
      .map((l) => `${l.kind} ${l.path.join('.')}`);
    expect(unbounded).toEqual(['array days', 'string nested.free', 'record map', 'string piped']);
    expect([/^\d{6}$/, /^[a-z+*]{1,9}$/, /^\d+$/, /\d{3}/, /^a{2,}$/].map(boundsLength)).toEqual([true, true, false, false, false]);
  });
});
