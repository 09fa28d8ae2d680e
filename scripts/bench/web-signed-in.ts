/**
 * `npx tsx scripts/bench/web-signed-in.ts [--base-url http://localhost:4000] [--runs 3] [--only transactions] [--path / --path /connect] [--waterfall]`:
 * every route of both portals opened cold on the phone profile (page-load.ts: 1.6 Mbit/s, 150 ms RTT, 4x CPU,
 * 375x812, cache off, no service worker, a fresh context per load), as a link from a mail opens it: signed in
 * (demo.connect for /connect, demo.retailer for /app) and the login pages signed out. Per route the median
 * of the runs of LCP, data (the last API answer in) and idle (the last byte of anything), JS and total bytes.
 *
 * Measures the portal at BENCH_URL (default http://localhost:3000) and, with --base-url, a second one
 * (e.g. main's build from another worktree: `PORT=4000 DATA_DIR=.data-main npm start` there) in the same
 * run, route by route, alternating, so both see the same machine load. Loopback only; stops after 20 minutes.
 * --waterfall prints each load's requests (start, end, bytes, who asked for it).
 */
import { parseArgs } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import {
  byteTotals,
  coldContext,
  isApi,
  type LoadRequest,
  observe,
  OBSERVE_PAINTS,
  OBSERVE_SETTLED,
  type Paints,
  settle,
  untilPageIdle,
} from './page-load.ts';
import { BENCH_ROUTES, benchSessions, resolveDeepLink } from './web-signed-in-routes.ts';

const { values: args } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    path: { type: 'string', multiple: true },
    waterfall: { type: 'boolean', default: false },
  },
});
const targets = [process.env.BENCH_URL ?? 'http://localhost:3000', ...(args['base-url'] ? [args['base-url']] : [])];
const RUNS = Number(args.runs);
for (const url of targets)
  if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(url)) throw new Error(`bench: loopback only, not ${url}`);
setTimeout(() => {
  console.error('bench: stopped after 20 minutes');
  process.exit(1);
}, 20 * 60_000).unref();
for (const url of targets) {
  try {
    await fetch(`${url}/`, { signal: AbortSignal.timeout(5_000) });
  } catch {
    console.error(`bench: nothing answers at ${url}. Start the portal first (npm start).`);
    process.exit(2);
  }
}

interface Load extends Paints {
  data: number;
  idle: number;
  js: number;
  jsFiles: number;
  total: number;
  requests: LoadRequest[];
}

async function loadOnce(browser: Browser, url: string, cookies: Parameters<typeof coldContext>[1]['cookies']): Promise<Load> {
  const context = await coldContext(browser, { phone: true, cookies });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVE_PAINTS + OBSERVE_SETTLED);
    const network = await observe(page, { phone: true });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const shown = await settle(page);
    const paints = (await page.evaluate('window.__paints')) as Paints;
    const requests = await untilPageIdle(page, network.requests());
    const lastEnd = (list: LoadRequest[]) => list.reduce((max, r) => Math.max(max, r.end), 0);
    return {
      ...paints,
      ...byteTotals(requests),
      data: Math.max(shown, lastEnd(requests.filter(isApi))),
      idle: lastEnd(requests),
      requests,
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const s = (ms: number) => (ms / 1000).toFixed(2);
const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/assets\//, '');

function printWaterfall(load: Load) {
  for (const r of load.requests)
    console.log(
      `    ${String(Math.round(r.start)).padStart(5)}–${String(Math.round(r.end)).padEnd(5)} ms ${kb(r.bytes).padStart(6)} KB ${r.type.padEnd(10)} ${short(r.url)}  ← ${short(r.initiator)}`,
    );
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
});
try {
  const routes = BENCH_ROUTES.filter(
    (route) => (!args.only || route.path.includes(args.only)) && (!args.path || args.path.includes(route.path)),
  );
  const sessions = new Map(await Promise.all(targets.map(async (url) => [url, await benchSessions(browser, url, routes)] as const)));
  console.log(`phone profile (1.6 Mbit/s, 150 ms RTT, 4x CPU, 375x812, cache off), median of ${RUNS}; ${targets.join(' vs ')}`);
  console.log('| path | as | build | LCP s | data s | idle s | JS KB (files) | total KB |');
  console.log('|---|---|---|---:|---:|---:|---:|---:|');
  for (const route of routes) {
    const loads = new Map<string, Load[]>(targets.map((url) => [url, []]));
    for (let run = 0; run < RUNS; run += 1)
      for (const url of targets) {
        const cookies = route.who === 'signed out' ? undefined : sessions.get(url)?.get(route.who);
        loads.get(url)!.push(await loadOnce(browser, `${url}${await resolveDeepLink(browser, url, route, cookies)}`, cookies));
      }
    for (const url of targets) {
      const runs = loads.get(url)!;
      const m = (pick: (load: Load) => number) => median(runs.map(pick));
      console.log(
        `| ${route.path} | ${route.who} | ${url} | ${s(m((l) => l.lcp))} | ${s(m((l) => l.data))} | ${s(m((l) => l.idle))} | ` +
          `${kb(m((l) => l.js))} (${m((l) => l.jsFiles)}) | ${kb(m((l) => l.total))} |`,
      );
      if (args.waterfall) printWaterfall(runs[runs.length - 1]!);
    }
  }
} finally {
  await browser.close();
}
