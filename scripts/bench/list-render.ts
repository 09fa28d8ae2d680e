/**
 * `npx tsx scripts/bench/list-render.ts --path /connect/transactions --list /api/transactions [--runs 5] [--wide] <base URL>...`:
 * the CPU of a list's first render (ADR 145). Opens the deep link cold on the phone profile (page-load.ts: 1.6 Mbit/s,
 * 150 ms RTT, 4x CPU; `--wide`: the same at 1280 × 800), signed in as the portal's demo user, and reads in the page
 * when the list's answer was in (its resource timing's `responseEnd`), when its first row was in the DOM (a
 * MutationObserver: the commit) and the frame after it (two animation frames: style, layout, paint), and how many
 * elements `<main>` holds once the page settled. The time from the answer to the rows is the answer's parse plus the
 * list's render and commit: unlike LCP it does not move with the network, only with the CPU. Several base URLs are
 * measured alternately, run by run (main's build and a branch's, served by serve-web-build.ts). Loopback only.
 */
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { demoAccount } from '../seed/seed.ts';
import { coldContext, observe, OBSERVE_SETTLED, settle, signInCookies } from './page-load.ts';

const { values: args, positionals: bases } = parseArgs({
  allowPositionals: true,
  options: {
    path: { type: 'string', default: '/connect/transactions' },
    list: { type: 'string', default: '/api/transactions' },
    runs: { type: 'string', default: '5' },
    wide: { type: 'boolean', default: false },
  },
});
for (const base of bases)
  if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(base)) throw new Error(`list-render: loopback only, not ${base}`);
if (bases.length === 0) throw new Error('list-render: give one or more base URLs');
const portal = args.path.startsWith('/app') ? 'ordering' : 'connect';
const user = demoAccount(portal === 'ordering' ? 'demo.retailer' : 'demo.connect');

/** Runs before any page script: the first moment a list row (a card's item or a table's body row) is in <main>. */
const OBSERVE_ROWS = `
  window.__rows = { at: 0, frame: 0 };
  new MutationObserver((_, observer) => {
    if (window.__rows.at || !document.querySelector('main ul[aria-label] > li, main tbody > tr')) return;
    window.__rows.at = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => { window.__rows.frame = performance.now(); }));
  }).observe(document, { childList: true, subtree: true });
`;
const MEASURE = `(() => {
  const answer = performance.getEntriesByType('resource').find((e) => e.name.includes(${JSON.stringify(args.list)}));
  return { answer: answer ? answer.responseEnd : 0, rows: window.__rows.at, frame: window.__rows.frame,
    elements: document.querySelectorAll('main *').length };
})()`;

interface Run {
  answer: number;
  rows: number;
  frame: number;
  elements: number;
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
});
try {
  const results = new Map<string, Run[]>(bases.map((base) => [base, []]));
  const cookies = new Map(await Promise.all(bases.map(async (base) => [base, await signInCookies(browser, base, portal, user)] as const)));
  for (let run = 0; run < Number(args.runs); run++) {
    for (const base of bases) {
      const context = await coldContext(browser, { phone: !args.wide, cookies: cookies.get(base) });
      const page = await context.newPage();
      if (args.wide) await page.setViewportSize({ width: 1280, height: 800 });
      await page.addInitScript(OBSERVE_SETTLED + OBSERVE_ROWS);
      // The phone profile's network and CPU at either width (the width is the context's).
      await observe(page, { phone: true });
      await page.goto(`${base}${args.path}`);
      await settle(page);
      await page.waitForTimeout(300);
      results.get(base)?.push(await page.evaluate<Run>(MEASURE));
      await context.close();
    }
  }
  console.log(`${args.path} (${args.list}) as ${user.username}, ${args.wide ? '1280 px' : '375 px'}, 4x CPU, ${args.runs} runs`);
  for (const [base, runs] of results) {
    const rows = runs.map((r) => r.rows - r.answer);
    const frames = runs.map((r) => r.frame - r.answer);
    console.log(
      `  ${base}: answer → rows ${rows.map((v) => v.toFixed(0)).join(' ')} (median ${median(rows).toFixed(0)} ms); answer → next frame median ${median(frames).toFixed(0)} ms; <main> elements ${median(runs.map((r) => r.elements))}`,
    );
  }
} finally {
  await browser.close();
}
