/**
 * One cold page load in Chromium, observed through the DevTools protocol: what the phone benches
 * (web-lcp.ts, web-signed-in.ts) and the browser byte budgets (tests/e2e/web-budgets.test.ts) share.
 * - `PHONE`: the phone profile (1.6 Mbit/s down, 750 Kbit/s up, 150 ms round trip, 4x CPU, 375x812);
 * - `recordNetwork`: every request of the load with its timing, initiator and bytes on the wire;
 * - `OBSERVE_PAINTS`: LCP and FCP from the page's first moment;
 * - `signInCookies`: a portal's session cookie through the API (the same POST the login card sends).
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

/** Bytes per second for the throughputs, milliseconds for the latency. */
export const PHONE = {
  network: { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 },
  cpuSlowdown: 4,
  viewport: { width: 375, height: 812 },
} as const;

/** Collects the paint entries from the page's first moment (an init script runs before any page script). */
export const OBSERVE_PAINTS = `
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

export interface Paints {
  lcp: number;
  fcp: number;
  element: string;
}

/** One request of a load: times in ms since the first request (the document's), bytes on the wire. */
export interface LoadRequest {
  url: string;
  type: string;
  start: number;
  end: number;
  /** When it was asked for, wall clock (epoch ms), to compare with the page's own marks (`pageIdleAt`). */
  wallStart: number;
  bytes: number;
  /** The file whose code (or markup) asked for it: the script's URL, 'parser' for index.html's own tags. */
  initiator: string;
}

interface Pending {
  url: string;
  type: string;
  start: number;
  wallStart: number;
  initiator: string;
}

/** The first script frame of a CDP initiator (its stack, or the async stack it continued from). */
function initiatorOf(initiator: { type: string; url?: string; stack?: StackTrace }): string {
  for (let stack: StackTrace | undefined = initiator.stack; stack; stack = stack.parent) {
    const frame = stack.callFrames.find((f) => f.url.startsWith('http'));
    if (frame) return frame.url;
  }
  return initiator.url ? (initiator.type === 'parser' ? 'parser' : initiator.url) : initiator.type;
}
interface StackTrace {
  callFrames: { url: string }[];
  parent?: StackTrace;
}

/**
 * Records every request of the page from now on (Network must be enabled on `cdp`). `requests()` gives
 * the finished ones in start order; a failed or cancelled request counts with the bytes it received.
 */
export function recordNetwork(cdp: CDPSession) {
  const pending = new Map<string, Pending>();
  const finished: LoadRequest[] = [];
  let origin: number | undefined;
  const ms = (timestamp: number) => (timestamp - (origin ??= timestamp)) * 1000;
  cdp.on('Network.requestWillBeSent', (event) => {
    pending.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? 'Other',
      start: ms(event.timestamp),
      wallStart: event.wallTime * 1000,
      initiator: initiatorOf(event.initiator),
    });
  });
  const finish = (requestId: string, timestamp: number, bytes: number) => {
    const request = pending.get(requestId);
    if (!request) return;
    pending.delete(requestId);
    finished.push({ ...request, end: ms(timestamp), bytes });
  };
  cdp.on('Network.loadingFinished', (event) => finish(event.requestId, event.timestamp, event.encodedDataLength));
  cdp.on('Network.loadingFailed', (event) => finish(event.requestId, event.timestamp, 0));
  return { requests: () => [...finished].sort((a, b) => a.start - b.start) };
}

/**
 * When the page itself counted as idle (the `portal:idle` mark of web/src/app/update/when-page-idle.ts, wall
 * clock, epoch ms), or Infinity while it has not yet. What it asks for after that (the service worker's
 * files, the error texts) is what a page loads once idle (ADR 125), not what the screen needed; a slow
 * machine can reach it before `settle` returns, so the byte counts stop there.
 */
export async function pageIdleAt(page: Page): Promise<number> {
  const at = await page.evaluate(
    "(() => { const mark = performance.getEntriesByName('portal:idle')[0]; return mark ? performance.timeOrigin + mark.startTime : 0; })()",
  );
  return Number(at) || Number.POSITIVE_INFINITY;
}

/** The requests the page asked for before it counted as idle (`pageIdleAt`). */
export async function untilPageIdle(page: Page, requests: LoadRequest[]): Promise<LoadRequest[]> {
  const idleAt = await pageIdleAt(page);
  return requests.filter((r) => r.wallStart < idleAt);
}

export const isScript = (request: LoadRequest) => request.type === 'Script';
export const isApi = (request: LoadRequest) => new URL(request.url).pathname.startsWith('/api/');

/** JS and total bytes on the wire, with the count of each. */
export function byteTotals(requests: LoadRequest[]) {
  const scripts = requests.filter(isScript);
  return {
    js: scripts.reduce((sum, r) => sum + r.bytes, 0),
    jsFiles: scripts.length,
    total: requests.reduce((sum, r) => sum + r.bytes, 0),
    requests: requests.length,
  };
}

/**
 * Marks when the screen settled: a heading is shown, no spinner turns and nothing is busy (a list with its
 * rows). `window.__settledAt` is the last moment it became so (performance.now(), 0 while it is not). An
 * init script (CDP injects it past the page's CSP, which forbids the string evaluation waitForFunction uses).
 */
export const OBSERVE_SETTLED = `
  window.__settledAt = 0;
  const check = () => {
    const settled = document.querySelector('h1') && !document.querySelector('.animate-spin, [aria-busy="true"]');
    if (!settled) window.__settledAt = 0;
    else if (!window.__settledAt) window.__settledAt = performance.now();
  };
  setInterval(check, 25);
`;

/**
 * Waits until the screen has settled (OBSERVE_SETTLED, which the page must have as an init script) and the
 * network has been quiet for 500 ms; returns when it settled, in ms since the navigation started. Network
 * quiet alone is not enough: on a slowed CPU a chunk may still be executing when the network goes quiet,
 * and ask for more after.
 */
export async function settle(page: Page, timeout = 60_000): Promise<number> {
  const deadline = Date.now() + timeout;
  for (;;) {
    await page.waitForLoadState('networkidle', { timeout });
    const at = Number(await page.evaluate('window.__settledAt'));
    if (at > 0) return at;
    if (Date.now() > deadline) throw new Error(`${page.url()} did not settle within ${timeout} ms`);
    await page.waitForTimeout(100);
  }
}

/** A fresh context (no cache, no service worker, no session storage), signed in when `cookies` are given. */
export async function coldContext(
  browser: Browser,
  options: { phone: boolean; cookies?: Awaited<ReturnType<BrowserContext['cookies']>> },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...(options.phone ? { viewport: PHONE.viewport, deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}),
    locale: 'en-US',
    serviceWorkers: 'block',
  });
  if (options.cookies) await context.addCookies(options.cookies);
  return context;
}

/** Opens a DevTools session on `page` with the network recorded and the cache off; on the phone profile when asked. */
export async function observe(page: Page, options: { phone: boolean }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (options.phone) {
    await cdp.send('Network.emulateNetworkConditions', PHONE.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  }
  return recordNetwork(cdp);
}

/**
 * Signs in to a portal through the API (POST /api/auth/signin, as the login card does) in a throwaway
 * context and returns its cookies, for cold contexts that open a deep link signed in.
 */
export async function signInCookies(
  browser: Browser,
  baseUrl: string,
  portal: 'ordering' | 'connect',
  user: { username: string; password: string },
) {
  const context = await browser.newContext();
  try {
    const response = await context.request.post(`${baseUrl}/api/auth/signin`, {
      headers: { 'X-Portal': portal },
      data: { username: user.username, password: user.password },
    });
    if (!response.ok()) throw new Error(`sign-in of ${user.username} at ${baseUrl}: HTTP ${response.status()} ${await response.text()}`);
    return await context.cookies();
  } finally {
    await context.close();
  }
}
