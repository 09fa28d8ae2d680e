/**
 * `npx tsx scripts/bench/web-signed-in-profile.ts [--base-url http://localhost:3000] [--path /connect/transactions] [--as connect|ordering] [--bucket 100]`:
 * where one cold signed-in deep link's time goes on the phone profile (page-load.ts, as web-signed-in.ts loads it):
 * its requests and the page's main thread on one time line (ms since the document was asked for). The main thread
 * is a V8 CPU profile taken under the same 4x throttling (CDP `Profiler`); per bucket it prints how busy the thread
 * was and the scripts and functions that ran most, so a request that waits can be matched with the code it waits
 * for (ADR 135). `--save <file.json>` also writes the requests and the raw CPU profile (with the document request's
 * monotonic time), to map its frames to sources against a build with source maps (ADR 139). Loopback only.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { demoAccount } from '../seed/seed.ts';
import { coldContext, OBSERVE_PAINTS, OBSERVE_SETTLED, type Paints, PHONE, settle, signInCookies } from './page-load.ts';

const { values: args } = parseArgs({
  options: {
    'base-url': { type: 'string', default: 'http://localhost:3000' },
    path: { type: 'string', default: '/connect/transactions' },
    as: { type: 'string' },
    bucket: { type: 'string', default: '100' },
    save: { type: 'string' },
  },
});
const base = args['base-url'];
if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(base)) throw new Error(`profile: loopback only, not ${base}`);
const portal = args.as === 'ordering' || args.path.startsWith('/app') ? 'ordering' : 'connect';
const username = portal === 'ordering' ? 'demo.retailer' : 'demo.connect';
const user = demoAccount(username);
const BUCKET = Number(args.bucket);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface Request {
  url: string;
  start: number;
  end?: number;
  initiator: string;
  /** When it was sent on a connection and its answer's headers came (ms since the document was asked for). */
  sent?: number;
  headers?: number;
  priority?: string;
}

const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/assets\//, '');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
});
try {
  const cookies = await signInCookies(browser, base, portal, user);
  const context = await coldContext(browser, { phone: true, cookies });
  const page = await context.newPage();
  await page.addInitScript(OBSERVE_PAINTS + OBSERVE_SETTLED);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', PHONE.network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const requests = new Map<string, Request>();
  let origin: number | undefined; // seconds, the document request's monotonic time
  cdp.on('Network.requestWillBeSent', (event) => {
    origin ??= event.timestamp;
    const frame = event.initiator.stack?.callFrames.find((f) => f.url.startsWith('http'));
    requests.set(event.requestId, {
      url: event.request.url,
      start: (event.timestamp - origin) * 1000,
      initiator: frame ? `${short(frame.url)}:${frame.functionName || '?'}` : event.initiator.type,
    });
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    const timing = event.response.timing;
    if (!request || !timing || origin === undefined) return;
    request.sent = (timing.requestTime - origin) * 1000 + timing.sendStart;
    request.headers = (timing.requestTime - origin) * 1000 + timing.receiveHeadersEnd;
  });
  cdp.on('Network.requestWillBeSent', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.priority = event.request.initialPriority;
  });
  const done = (id: string, at: number) => {
    const request = requests.get(id);
    if (request && origin !== undefined) request.end = (at - origin) * 1000;
  };
  cdp.on('Network.loadingFinished', (event) => done(event.requestId, event.timestamp));
  cdp.on('Network.loadingFailed', (event) => done(event.requestId, event.timestamp));
  await cdp.send('Profiler.start');
  await page.goto(`${base}${args.path}`, { waitUntil: 'load', timeout: 60_000 });
  const settled = await settle(page);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  const paints = (await page.evaluate('window.__paints')) as Paints;
  const navigationStart = Number(await page.evaluate('performance.timeOrigin'));
  await context.close();
  if (args.save) writeFileSync(args.save, JSON.stringify({ origin, requests: [...requests.values()], profile }));

  console.log(
    `${args.path} as ${username}: LCP ${paints.lcp.toFixed(0)} ms (${paints.element}), settled ${settled.toFixed(0)} ms (page clock, from ${navigationStart})`,
  );
  console.log('requests (ms since the document was asked for):');
  for (const r of [...requests.values()].sort((a, b) => a.start - b.start))
    console.log(
      `  ${r.start.toFixed(0).padStart(5)}–${(r.end?.toFixed(0) ?? '?').padEnd(5)} sent ${(r.sent?.toFixed(0) ?? '?').padStart(5)} headers ${(r.headers?.toFixed(0) ?? '?').padStart(5)} ${(r.priority ?? '').padEnd(8)} ${short(r.url).slice(0, 60).padEnd(60)} ← ${r.initiator}`,
    );

  // The CPU profile on the same clock: its startTime (µs) and the network's timestamps (s) are both monotonic.
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const buckets = new Map<number, Map<string, number>>();
  let at = profile.startTime / 1000 - (origin ?? 0) * 1000;
  profile.samples.forEach((id, i) => {
    at += (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(id);
    if (!node) return;
    const { functionName, url, columnNumber } = node.callFrame;
    if (functionName === '(idle)') return;
    const key = `${url ? `${short(url).replace(/-[\w-]{8}\.js$/, '')}:${columnNumber}` : ''} ${functionName || '(anon)'}`.trim();
    const bucket = Math.floor(at / BUCKET) * BUCKET;
    const counts = buckets.get(bucket) ?? new Map<string, number>();
    counts.set(key, (counts.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000);
    buckets.set(bucket, counts);
  });
  console.log(`main thread per ${BUCKET} ms (busy ms, then the top self times):`);
  for (const [bucket, counts] of [...buckets.entries()].sort((a, b) => a[0] - b[0])) {
    const busy = [...counts.values()].reduce((sum, v) => sum + v, 0);
    if (busy < 2) continue;
    const top = [...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([key, ms]) => `${key.slice(0, 48)} ${ms.toFixed(0)}`)
      .join(' | ');
    console.log(`  ${String(bucket).padStart(5)} ${busy.toFixed(0).padStart(4)}  ${top}`);
  }
} finally {
  await browser.close();
}
