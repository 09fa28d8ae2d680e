import type { Backend } from '@portal/backend';
import { SessionStatus } from '@portal/core/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../tests/support/api.ts';
import { CookieJar } from '../../tests/support/cookie-jar.ts';
import { createTestBackend, testAccount } from '../../tests/support/test-backend.ts';
import { createApp } from './app.ts';
import { routeTable } from './route-table.ts';

/**
 * The gates every route passes before its handler (ADR 017): an account that must set up MFA
 * reaches only status, My Account, MFA set-up and sign-out; a router serves only its portal(s). Both are
 * checked over EVERY route of the ordering routers, read from the app itself, so a new route cannot
 * slip past.
 */
let backend: Backend;
let app: ReturnType<typeof createApp>;
const PASSWORD = 'Access-Gates-2026!';
const clock = new Date('2026-11-21T10:00:00Z');
const ORDERING_ROUTERS = ['/api/replenishment', '/api/sales', '/api/serial-number-check', '/api/get-couponing-status'];

type Portal = 'ordering' | 'connect';
async function call(jar: CookieJar, portal: Portal, method: string, path: string, body?: unknown) {
  const res = await app.request(path, {
    method,
    headers: { 'X-Portal': portal, 'Content-Type': 'application/json', Cookie: jar.header() },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  jar.remember(res);
  const json = res.headers.get('content-type')?.includes('json');
  return { status: res.status, body: json ? await readJson<Record<string, unknown>>(res) : {} };
}

async function signIn(username: string, portal: Portal = 'ordering') {
  const jar = new CookieJar();
  const res = await call(jar, portal, 'POST', '/api/auth/signin', { username, password: PASSWORD });
  expect(res.status).toBe(200);
  return jar;
}

/** Every route of the ordering routers, with sample values for its parameters. */
async function orderingRoutes(): Promise<{ method: string; path: string }[]> {
  // The route table, not app.routes: these routers load on first use (lazyRoutes, ADR 126).
  return (await routeTable(app))
    .filter((r) => ORDERING_ROUTERS.some((prefix) => r.path.startsWith(prefix)))
    .map((r) => ({ method: r.method, path: r.path.replace(/:serial/, '7000100000000001').replace(/:(\w+)/g, 'X-1') }));
}

/**
 * Every ordering route asked by `jar` on `portal` answers 403 `code` (before any input is checked: GETs
 * without a query, the others with an empty body); `more` checks each answer further.
 */
async function everyOrderingRouteRefused(jar: CookieJar, portal: Portal, code: string, more?: (body: Record<string, unknown>) => void) {
  for (const { method, path } of await orderingRoutes()) {
    const res = await call(jar, portal, method, path, method === 'GET' ? undefined : {});
    expect({ route: `${method} ${path}`, status: res.status, code: res.body.code }).toEqual({
      route: `${method} ${path}`,
      status: 403,
      code,
    });
    more?.(res.body);
  }
}

beforeAll(async () => {
  backend = await createTestBackend(() => clock);
  app = createApp(backend, () => '203.0.113.40');
  // Every ordering permission and strong authentication (testAccount's flag 16): only the gates under test can refuse.
  const account = (username: string, extra: object) =>
    testAccount(username, 'R-1', PASSWORD, { modules: { ordering: { permissions: 15, settings: 1 } }, ...extra });
  const report = await backend.imports.importRecords('accounts', [
    { line: 1, data: account('must.setup', { mfaRequired: true }) },
    { line: 2, data: account('both.portals', { portals: ['ordering', 'connect'] }) },
  ]);
  expect(report.errors).toEqual([]);
  await backend.imports.importRecords('brands', [
    { line: 1, data: { id: 'default', name: 'Brand', layout: 'default', footerLinks: [], customFields: {} } },
  ]);
  await backend.imports.importRecords('retailers', [{ line: 1, data: { customerId: 'R-1', name: 'Alpha Markets' } }]);
});

describe('the routes under test', () => {
  it('are every route of the four ordering routers', async () => {
    const routes = await orderingRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const prefix of ORDERING_ROUTERS) expect(routes.some((r) => r.path.startsWith(prefix))).toBe(true);
  });
});

describe('an account that must set up MFA (ADR 017)', () => {
  it('is told so by the status', async () => {
    const jar = await signIn('must.setup');
    const status = SessionStatus.parse((await call(jar, 'ordering', 'GET', '/api/auth/status')).body);
    expect(status).toMatchObject({ loggedIn: true, mfaSetupRequired: true });
  });

  it('gets 403 AUTH.MFA_SETUP_REQUIRED on every ordering route, before any input is checked', async () => {
    const jar = await signIn('must.setup');
    await everyOrderingRouteRefused(jar, 'ordering', 'AUTH.MFA_SETUP_REQUIRED', (body) => expect(body.message).toMatch(/second factor/));
  });

  it('still reaches status, My Account, MFA set-up and sign-out', async () => {
    const jar = await signIn('must.setup');
    const open = [
      ['GET', '/api/auth/status'],
      ['GET', '/api/account'],
      ['GET', '/api/account/sessions'],
      ['GET', '/api/account/set-locale?locale=de-DE'],
    ] as const;
    for (const [method, path] of open) {
      expect({ path, status: (await call(jar, 'ordering', method, path)).status }).toEqual({ path, status: 200 });
    }
    // The set-up routes pass the gate (what they then ask for, e.g. the password, is their own affair).
    for (const [method, path] of [
      ['POST', '/api/auth/secret-code/new'],
      ['POST', '/api/auth/mfa/email'],
    ] as const) {
      const res = await call(jar, 'ordering', method, path, method === 'POST' ? {} : undefined);
      expect({ path, gated: res.status === 401 || res.status === 403 }).toEqual({ path, gated: false });
    }
    expect((await call(jar, 'ordering', 'GET', '/api/auth/logout')).status).toBe(200);
    expect((await call(jar, 'ordering', 'GET', '/api/replenishment/retailers')).status).toBe(401);
  });
});

describe('routers and portals (ADR 017)', () => {
  it('answers a connect session 403 AUTH.WRONG_PORTAL on every ordering route, whatever its flags', async () => {
    const jar = await signIn('both.portals', 'connect');
    await everyOrderingRouteRefused(jar, 'connect', 'AUTH.WRONG_PORTAL');
  });

  it('serves the same account on its ordering session, and both portals on the shared routers', async () => {
    const ordering = await signIn('both.portals', 'ordering');
    expect((await call(ordering, 'ordering', 'GET', '/api/replenishment/retailers')).status).toBe(200);
    const connect = await signIn('both.portals', 'connect');
    expect((await call(connect, 'connect', 'GET', '/api/account')).status).toBe(200);
    expect((await call(connect, 'connect', 'GET', '/api/brand')).status).toBe(200);
    expect((await call(connect, 'connect', 'GET', '/api/auth/status')).status).toBe(200);
  });
});
