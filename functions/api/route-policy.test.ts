import { describe, expect, it } from 'vitest';
import type { Backend } from '@portal/backend';
import { createApp } from './app.ts';
import { routeTable } from './route-table.ts';

/**
 * Every route declares its policy where it is defined (issue 12 item 1, ADR 024): a route added without
 * `policy(...)`/`route({...})` in its chain fails here, before it can reach production.
 */
const app = createApp({} as Backend, () => undefined);

describe('the route policy', () => {
  const routes = routeTable(app);

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
      if (['retailer', 'store', 'order', 'serial'].includes(policy.scope)) {
        expect({ route, permission: policy.permission.length > 0 }).toEqual({ route, permission: true });
      }
    }
  });
});
