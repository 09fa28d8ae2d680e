import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from '../support/e2e-lane.ts';
import { byteTotals, coldContext, observe, OBSERVE_SETTLED, settle, untilPageIdle } from '../../scripts/bench/page-load.ts';
import { benchInitScript, benchSessions, type Cookies, resolveDeepLink, type Who } from '../../scripts/bench/web-signed-in-routes.ts';
import { launchChromium } from '../support/browser.ts';

/**
 * The bytes a phone downloads per route (budgets.json `webRoutes`, ADR 097): each route opened cold (a
 * fresh context, cache off, no service worker) in one Chromium, counted through the DevTools protocol
 * until the screen has settled and the network is quiet, and not past the page's own idle point (what it
 * loads once idle, ADR 125, is not the screen's): every script (the entry, the data layer, the
 * route's chunks and catalogues) and every byte (documents, styles, API answers, headers included).
 * Signed out for the login pages, signed in (through the API, once per user) for every signed-in route of both
 * portals, as the user who may open it (scripts/bench/web-signed-in-routes.ts: BENCH_USERS; a `{name}` in a path
 * is an id the seed generates, read from the API; ADR 148).
 * Unthrottled: the bytes do not depend on the speed. `target` is the goal, `ceiling` what is enforced.
 */
interface Budget {
  target: number;
  ceiling: number;
}
interface RouteBudget {
  path: string;
  as: Who;
  /** Where the page ends when not at `path`: an ordering section a new tab sends to the retailer selection (ADR 140). */
  lands?: string;
  js: Budget;
  total: Budget;
}
const budgets = (JSON.parse(readFileSync(new URL('../../budgets.json', import.meta.url), 'utf8')) as { webRoutes: RouteBudget[] })
  .webRoutes;

const baseUrl = e2eLane().baseUrl;
let browser: Browser;
let sessions: Map<Who, Cookies>;

const measured = new Map<RouteBudget, Awaited<ReturnType<typeof measure>>>();

// Four loads at a time (the bytes do not depend on the timing): the file stays within its share of CI. Every signed-in
// route of both portals (ADR 148) takes longer than the default hook limit on CI's two cores.
const MEASURE_ALL_MS = 240_000;
beforeAll(async () => {
  browser = await launchChromium();
  sessions = await benchSessions(
    browser,
    baseUrl,
    budgets.map((b) => ({ path: b.path, who: b.as })),
  );
  const queue = [...budgets];
  const worker = async () => {
    for (let budget = queue.shift(); budget; budget = queue.shift()) measured.set(budget, await measure(budget.path, budget.as));
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}, MEASURE_ALL_MS);
afterAll(async () => browser?.close());

async function measure(route: string, as: Who) {
  const cookies = as === 'signed out' ? undefined : sessions.get(as);
  const path = await resolveDeepLink(browser, baseUrl, { path: route, who: as }, cookies);
  const context = await coldContext(browser, { phone: false, cookies });
  try {
    const init = benchInitScript(as);
    if (init) await context.addInitScript(init);
    const page = await context.newPage();
    await page.addInitScript(OBSERVE_SETTLED);
    const network = await observe(page, { phone: false });
    await page.goto(`${baseUrl}${path}`);
    await settle(page, 20_000);
    return { path, url: page.url(), ...byteTotals(await untilPageIdle(page, network.requests())) };
  } finally {
    await context.close();
  }
}

describe('bytes per route, cold (budgets.json webRoutes)', () => {
  it('keeps each ceiling at or above its target', () => {
    for (const budget of budgets) {
      expect(budget.js.ceiling).toBeGreaterThanOrEqual(budget.js.target);
      expect(budget.total.ceiling).toBeGreaterThanOrEqual(budget.total.target);
    }
  });

  it.each(budgets)('$path ($as) stays within its JS and total ceilings', (budget) => {
    const { path, js, total } = budget;
    const result = measured.get(budget)!;
    // Still the page asked for, or the one it is known to go on to (a route that bounced to a login page would weigh less).
    expect(new URL(result.url).pathname).toBe(budget.lands ?? result.path);
    expect(result.js, `${path}: ${result.js} B of JS in ${result.jsFiles} files`).toBeLessThanOrEqual(js.ceiling);
    expect(result.total, `${path}: ${result.total} B in ${result.requests} requests`).toBeLessThanOrEqual(total.ceiling);
  });
});
