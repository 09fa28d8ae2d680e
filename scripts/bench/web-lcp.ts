/**
 * `npx tsx scripts/bench/web-lcp.ts`: Largest Contentful Paint of the login page (`/`) on a phone profile,
 * in headless Chromium driven through the DevTools protocol: 1.6 Mbit/s down, 750 Kbit/s up,
 * 150 ms round trip, 4x CPU slowdown, 375x812 mobile viewport, cache disabled, a fresh profile per run.
 * Prints each run (LCP, FCP, the LCP element, transferred JS and total bytes) and the median LCP.
 *
 * Starts nothing: it measures a running portal (`npm start`) at BENCH_URL (default http://localhost:3000,
 * loopback only). BENCH_RUNS (default 5) loads; bounded to 5 minutes whatever happens.
 */
import { chromium } from 'playwright-core';
import { byteTotals, coldContext, observe, OBSERVE_PAINTS, type Paints, PHONE } from './page-load.ts';

const BASE = process.env.BENCH_URL ?? 'http://localhost:3000';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(BASE)) throw new Error(`bench: loopback only, not ${BASE}`);
setTimeout(() => {
  console.error('bench: stopped after 5 minutes');
  process.exit(1);
}, 5 * 60_000).unref();
try {
  await fetch(`${BASE}/`, { signal: AbortSignal.timeout(5_000) });
} catch {
  console.error(`bench: nothing answers at ${BASE}. Start the portal first (npm start).`);
  process.exit(2);
}

async function measureOnce(browser: Awaited<ReturnType<typeof chromium.launch>>) {
  const context = await coldContext(browser, { phone: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVE_PAINTS);
    const network = await observe(page, { phone: true });
    await page.goto(`${BASE}/`, { waitUntil: 'load', timeout: 60_000 });
    // The login form is there and the page has gone quiet: no later paint can be the largest any more.
    await page.getByRole('button', { name: 'Login' }).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    await page.waitForTimeout(1_000);
    const paints = (await page.evaluate('window.__paints')) as Paints;
    const bytes = byteTotals(network.requests());
    return { ...paints, js: bytes.js, total: bytes.total, requests: bytes.requests, scripts: bytes.jsFiles };
  } finally {
    await context.close();
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
});
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const lcps: number[] = [];
try {
  console.log(`login LCP at ${BASE}/ — ${RUNS} runs, 1.6 Mbit/s down, 150 ms RTT, ${PHONE.cpuSlowdown}x CPU, 375x812`);
  for (let run = 1; run <= RUNS; run += 1) {
    const result = await measureOnce(browser);
    lcps.push(result.lcp);
    console.log(
      `run ${run}: LCP ${Math.round(result.lcp)} ms (${result.element}), FCP ${Math.round(result.fcp)} ms, ` +
        `JS ${kb(result.js)} in ${result.scripts} files, total ${kb(result.total)} in ${result.requests} requests`,
    );
  }
} finally {
  await browser.close();
}
const sorted = [...lcps].sort((a, b) => a - b);
console.log(`median LCP: ${Math.round(sorted[Math.floor(sorted.length / 2)]!)} ms (target 2500 ms)`);
