import type { Browser, BrowserContext } from 'playwright-core';
import { demoAccount } from '../seed/seed.ts';
import { signInCookies } from './page-load.ts';

/** Who opens a bench route: signed out, or one demo user per set of permissions (BENCH_USERS). */
export type Who = 'signed out' | 'connect' | 'connect admin' | 'ordering' | 'retailer' | 'ordering admin';
type SignedIn = Exclude<Who, 'signed out'>;

/**
 * The demo user who opens each signed-in route (scripts/seed/demo/accounts.jsonl): demo.connect has every connect
 * section but the team's; the connect team admin the Users and the audit log; demo.retailer chooses among several
 * retailers, so an ordering section opened in a new tab lands on the selection (ADR 140), unless the device remembers
 * the retailer chosen last (`retailer`: the same user, with REMEMBERED_RETAILER in its local storage); demo.admin is
 * the ordering team's admin, with couponing and the stronger sign-in its sections ask for (SPEC 6).
 */
export const BENCH_USERS: Record<SignedIn, { portal: 'connect' | 'ordering'; username: string }> = {
  connect: { portal: 'connect', username: 'demo.connect' },
  'connect admin': { portal: 'connect', username: 'demo.connect.admin' },
  ordering: { portal: 'ordering', username: 'demo.retailer' },
  retailer: { portal: 'ordering', username: 'demo.retailer' },
  'ordering admin': { portal: 'ordering', username: 'demo.admin' },
};

export interface BenchRoute {
  /** The deep link; `{name}` stands for an id the seed generates (DEEP_LINK_IDS), read from the API at run time. */
  path: string;
  who: Who;
}

/**
 * Every route a mail or a bookmark opens (web/src/lib/paths.ts, both portals): the login pages, each section and
 * each detail page, one deep link per route pattern with the demo data's ids (scripts/seed), as the user who may
 * open it. A route a new tab sends elsewhere (an ordering section to the retailer selection) says where it lands.
 */
export const BENCH_ROUTES: BenchRoute[] = [
  { path: '/', who: 'signed out' },
  { path: '/connect', who: 'signed out' },
  ...[
    '',
    '/transactions',
    '/reports',
    '/requests',
    '/sales',
    '/serial-numbers',
    '/imports',
    '/products',
    '/news',
    '/documents',
    '/company',
    // Detail pages a mail links to, with the demo data's fixed ids (scripts/seed/demo): a report's page and a
    // workflow's editor, each a route module of its own, preloaded with the shell in one round (ADR 097, 128).
    '/reports/cr-demo-daily-sales',
    '/requests/workflows/wf-store-onboarding',
    '/reports/new',
    '/requests/{request}',
    // A request whose answer is a PDF (the approved onboarding's signed contract): its viewer loads near the viewport
    // (ADR 152), below this page's first view.
    '/requests/{contract}',
    '/news/news-welcome-connect',
    '/news/manage',
    '/news/manage/new',
    '/news/manage/news-welcome-connect',
    '/product-allocation',
    '/logo',
    '/my-account',
    '/my-account/mfa',
  ].map((section) => ({ path: `/connect${section}`, who: 'connect' as const })),
  ...['/team', '/team/demo.approver', '/audit-log'].map((section) => ({ path: `/connect${section}`, who: 'connect admin' as const })),
  ...['/retailer-selection', '/orders', '/order', '/sales', '/my-account', '/my-account/mfa'].map((section) => ({
    path: `/app${section}`,
    who: 'ordering' as const,
  })),
  // The ordering sections as a new tab opens them on a device that remembers the retailer (the demo's store ids).
  ...[
    '/orders',
    '/order',
    '/order/location/S-100001',
    '/order/product/S-100001/A-10001',
    '/order/products',
    '/order/basket',
    '/order/check/S-100001',
    '/order/finalise/S-100001',
    '/questionnaire',
    '/sales',
  ].map((section) => ({ path: `/app${section}`, who: 'retailer' as const })),
  ...['/team', '/team/demo.fuel.buyer', '/audit-log', '/couponing', '/couponing/query', '/couponing/details'].map((section) => ({
    path: `/app${section}`,
    who: 'ordering admin' as const,
  })),
];

/** What the `retailer` user's device remembers (web/src/features/retailer/api/retailer-memory.ts): R-1001, chosen last. */
const REMEMBERED_RETAILER = JSON.stringify([{ key: 'ordering:demo.retailer', retailer: { id: 'R-1001', name: 'R-1001' } }]);
/** The init script a route's cold context runs before the page (the device's local storage), if its user needs one. */
export const benchInitScript = (who: Who): string | undefined =>
  who === 'retailer' ? `localStorage.setItem('portal.retailers', ${JSON.stringify(REMEMBERED_RETAILER)});` : undefined;

/** An id the seed generates, read as the route's user: the API call and where in its answer. */
const DEEP_LINK_IDS: Record<string, { api: string; pick: (body: unknown) => unknown }> = {
  // One request, the same every run: the list's order among the seed's requests varies, and the onboarding's contract
  // (a PDF) opens the PDF viewer on its page (~100 KB more): a rejected POS-screens request (pinned images) instead.
  request: { api: '/api/flow/workflow-requests?only-pending=0&workflowId=wf-pos-screens', pick: (b) => at(b, 'items', 0, 'id') },
  contract: { api: '/api/flow/workflow-requests?mode=history&workflowId=wf-store-onboarding', pick: (b) => at(b, 'items', 0, 'id') },
};
function at(value: unknown, ...keys: (string | number)[]): unknown {
  return keys.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), value);
}

export type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

/** Signs in each user the routes need, once (the cookies serve every cold context of that user). */
export async function benchSessions(browser: Browser, baseUrl: string, routes: BenchRoute[]) {
  const sessions = new Map<SignedIn, Cookies>();
  for (const who of new Set(routes.map((r) => r.who)))
    if (who !== 'signed out') {
      const user = BENCH_USERS[who];
      sessions.set(who, await signInCookies(browser, baseUrl, user.portal, demoAccount(user.username)));
    }
  return sessions;
}

/** The route's URL path with its generated ids read from the API as its user (one context for the reads). */
export async function resolveDeepLink(browser: Browser, baseUrl: string, route: BenchRoute, cookies: Cookies | undefined): Promise<string> {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  if (!names.length) return route.path;
  const context = await browser.newContext();
  try {
    if (cookies) await context.addCookies(cookies);
    let path = route.path;
    for (const name of names) {
      const id = DEEP_LINK_IDS[name];
      if (!id) throw new Error(`no id source for {${name}}`);
      const portal = route.who === 'signed out' ? 'connect' : BENCH_USERS[route.who].portal;
      const response = await context.request.get(`${baseUrl}${id.api}`, { headers: { 'X-Portal': portal } });
      const value = id.pick(JSON.parse((await response.text()).replace(/^\)\]\}',\n/, '')));
      if (typeof value !== 'string') throw new Error(`{${name}}: no id in ${id.api} (HTTP ${response.status()})`);
      path = path.replace(`{${name}}`, encodeURIComponent(value));
    }
    return path;
  } finally {
    await context.close();
  }
}
