import { chromium } from 'playwright-core';
import { demoUsers } from './scripts/seed/seed.ts';
import { signInCookies } from './scripts/bench/page-load.ts';
const base = 'http://localhost:4410';
const user = (u: string) => demoUsers().find((x) => x.username === u)!;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const cases: { name: string; path: string; locale: string; who?: [string, 'connect' | 'ordering'] }[] = [
  { name: 'home-en', path: '/', locale: 'en-US' },
  { name: 'home-de', path: '/', locale: 'de-DE' },
  { name: 'connect-out-en', path: '/connect', locale: 'en-US' },
  { name: 'connect-out-de', path: '/connect', locale: 'de-DE' },
  { name: 'connect-in-en', path: '/connect', locale: 'en-US', who: ['demo.connect', 'connect'] },
  { name: 'connect-in-de', path: '/connect', locale: 'de-DE', who: ['demo.payments', 'connect'] },
  { name: 'retailer-en', path: '/app/retailer-selection', locale: 'en-US', who: ['demo.retailer', 'ordering'] },
  { name: 'retailer-de', path: '/app/retailer-selection', locale: 'de-DE', who: ['e2e.deutsch', 'ordering'] },
];
for (const c of cases) {
  const cookies = c.who ? await signInCookies(browser, base, c.who[1], user(c.who[0])) : undefined;
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 }, locale: c.locale, serviceWorkers: 'block' });
    if (cookies) await context.addCookies(cookies);
    const page = await context.newPage();
    const keys: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') keys.push(m.text()); });
    await page.goto(base + c.path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(800);
    const text = await page.evaluate('document.body.innerText');
    const raw = String(text).match(/\b[a-z]+\.[a-zA-Z]+(\.[a-zA-Z]+)+\b/g) ?? [];
    await page.screenshot({ path: `/tmp/b1-shots/${c.name}-${width}.png`, fullPage: false });
    console.log(c.name, width, page.url(), 'keys?', raw.slice(0, 5).join(','), keys.slice(0, 2).join(' | ').slice(0, 200));
    await context.close();
  }
}
await browser.close();
