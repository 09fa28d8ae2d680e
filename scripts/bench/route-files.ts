/**
 * `npx tsx scripts/bench/route-files.ts [--base-url http://localhost:3000] [--path /connect/reports ...] [--summary]`: the
 * script files each route downloads cold, as tests/e2e/web-route-bytes.test.ts counts them (a fresh context,
 * cache off, no service worker, unthrottled, until the screen has settled and the network is quiet), each with
 * its bytes on the wire (headers included), largest first. The file names feed scripts/bench/chunk-sources.ts
 * (what a chunk is made of), to see what a deep link downloads but does not run (ADR 125). Loopback only.
 */
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { byteTotals, coldContext, isScript, observe, OBSERVE_SETTLED, settle, untilPageIdle } from './page-load.ts';
import { BENCH_ROUTES, benchInitScript, benchSessions, resolveDeepLink } from './web-signed-in-routes.ts';

const { values: args } = parseArgs({
  options: {
    'base-url': { type: 'string', default: 'http://localhost:3000' },
    path: { type: 'string', multiple: true },
    summary: { type: 'boolean' },
  },
});
const baseUrl = args['base-url'];
if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(baseUrl)) throw new Error(`loopback only, not ${baseUrl}`);

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const routes = BENCH_ROUTES.filter((r) => !args.path || args.path.includes(r.path));
  const sessions = await benchSessions(browser, baseUrl, routes);
  for (const route of routes) {
    const cookies = route.who === 'signed out' ? undefined : sessions.get(route.who);
    const path = await resolveDeepLink(browser, baseUrl, route, cookies);
    const context = await coldContext(browser, { phone: false, cookies });
    try {
      const init = benchInitScript(route.who);
      if (init) await context.addInitScript(init);
      const page = await context.newPage();
      await page.addInitScript(OBSERVE_SETTLED);
      const network = await observe(page, { phone: false });
      await page.goto(`${baseUrl}${path}`);
      await settle(page, 30_000);
      const requests = await untilPageIdle(page, network.requests());
      const totals = byteTotals(requests);
      const heading = await page.evaluate("document.querySelector('h1')?.textContent ?? ''");
      console.log(
        `${args.summary ? '' : '\n'}${path} (${route.who}) → ${new URL(page.url()).pathname} "${String(heading)}": ` +
          `${totals.js} B JS in ${totals.jsFiles} files, ${totals.total} B in all`,
      );
      if (!args.summary)
        for (const r of requests.filter(isScript).sort((a, b) => b.bytes - a.bytes))
          console.log(`${String(r.bytes).padStart(8)}  ${new URL(r.url).pathname.replace(/^\/assets\//, '')}`);
    } finally {
      await context.close();
    }
  }
} finally {
  await browser.close();
}
