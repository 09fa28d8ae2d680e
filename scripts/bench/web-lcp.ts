/**
 * `npx tsx scripts/bench/web-lcp.ts`: Largest Contentful Paint of the login page (`/`) on a phone profile,
 * in headless Chromium driven through the DevTools protocol: 1.6 Mbit/s down, 750 Kbit/s up,
 * 150 ms round trip, 4x CPU slowdown, 375x812 mobile viewport, cache disabled, a fresh profile per run.
 * Prints each run (LCP, FCP, the LCP element, transferred JS and total bytes) and the median LCP.
 *
 * Starts nothing: it measures a running portal (`npm start`) at BENCH_URL (default http://localhost:3000,
 * loopback only). BENCH_RUNS (default 5) loads; bounded to 5 minutes whatever happens.
 */
import { chromium, type CDPSession } from 'playwright-core';

const BASE = process.env.BENCH_URL ?? 'http://localhost:3000';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** The phone profile: bytes per second for the throughputs, milliseconds for the latency. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };
const CPU_SLOWDOWN = 4;

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

interface Paints {
  lcp: number;
  fcp: number;
  element: string;
}

/** Collects the paint entries from the page's first moment (an init script runs before any page script). */
const OBSERVE_PAINTS = `
  window.__paints = { lcp: 0, fcp: 0, element: '' };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__paints.lcp = entry.startTime;
      const el = entry.element;
      window.__paints.element = el ? el.tagName.toLowerCase() + ' "' + (el.textContent || '').trim().slice(0, 40) + '"' : '(removed)';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') window.__paints.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
`;

/** Bytes on the wire (headers included) per request, and which requests were scripts. */
function countBytes(cdp: CDPSession) {
  const scripts = new Set<string>();
  let js = 0;
  let total = 0;
  let requests = 0;
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    requests += 1;
    total += event.encodedDataLength;
    if (scripts.has(event.requestId)) js += event.encodedDataLength;
  });
  return () => ({ js, total, requests, scripts: scripts.size });
}

async function measureOnce(browser: Awaited<ReturnType<typeof chromium.launch>>) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVE_PAINTS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const bytes = countBytes(cdp);
    await page.goto(`${BASE}/`, { waitUntil: 'load', timeout: 60_000 });
    // The login form is there and the page has gone quiet: no later paint can be the largest any more.
    await page.getByRole('button', { name: 'Login' }).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    await page.waitForTimeout(1_000);
    const paints = (await page.evaluate('window.__paints')) as Paints;
    return { ...paints, ...bytes() };
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
  console.log(`login LCP at ${BASE}/ — ${RUNS} runs, 1.6 Mbit/s down, 150 ms RTT, ${CPU_SLOWDOWN}x CPU, 375x812`);
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
