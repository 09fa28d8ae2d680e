import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** Debian's Chromium driven by playwright-core; never a downloaded browser (the machine is offline). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Less CPU for the same pages (ADR 159): frames composited in software, animations and scrolls on the main thread.
      '--disable-gpu-compositing',
      '--disable-threaded-animation',
      '--disable-smooth-scrolling',
    ],
  });
}

/**
 * One Chromium per test file and a fresh context (own cookies and storage, desktop width) per
 * `freshPage()`; contexts close after each test, the browser after the file. The service worker (ADR 091)
 * is blocked unless asked for: each context would install it and precache the whole build from the one
 * local server while the test runs; tests/e2e/app-update.test.ts tests it.
 */
export function useBrowser(options: { acceptDownloads?: boolean; serviceWorkers?: 'allow' | 'block' } = {}) {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });
  afterAll(async () => browser?.close());
  return {
    async freshPage(): Promise<Page> {
      const context = await browser!.newContext({
        viewport: { width: 1280, height: 860 },
        acceptDownloads: options.acceptDownloads,
        serviceWorkers: options.serviceWorkers ?? 'block',
      });
      context.setDefaultTimeout(15_000);
      contexts.push(context);
      return context.newPage();
    },
  };
}

export const SCREENSHOTS = 'tests/e2e/screenshots';
/**
 * Whether `shoot` takes its screenshots: for people who look at the screens (ADR 161). `bash .ci/run` sets
 * E2E_SCREENSHOTS=0, as nobody looks at a CI run's files; `npm test` on a workstation takes them.
 */
const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS !== '0';

/**
 * Resolves once the page has drawn two more frames: what a resize re-rendered (media queries, resize
 * observers, the state they set) is on screen, without a fixed wait. A string, as this file is
 * type-checked without the DOM library.
 */
const nextFrames = (page: Page) =>
  page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))');

/**
 * Screenshots at 375 and 1280 px as `<name>-<width>.png`, back to 1280 afterwards. From the top (the
 * sticky header would otherwise be drawn halfway down a full page); full page, except while a modal
 * dialog is open: it belongs to the viewport (on phones it slides up from the bottom edge).
 */
export async function shoot(page: Page, name: string): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.mouse.move(0, 0);
  const modal = (await page.locator('dialog[open]').count()) > 0;
  if (!modal) await page.evaluate('window.scrollTo(0, 0)');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 640 ? 740 : 860 });
    await nextFrames(page);
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: !modal, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1280, height: 860 });
}

/**
 * What a page running the PDF viewer (pdf.js) reports going wrong, collected from now on: page errors and the
 * console's Content Security Policy refusals and pdf.js's "fake worker" fallback (its worker did not load).
 * The test expects the list empty at its end.
 */
export function pdfViewerProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|fake worker/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

/**
 * A page script (a string: the e2e files have no DOM types) answering whether the canvas at `selector` has dark
 * pixels: the PDF viewer drew its page's text.
 */
export const canvasInked = (selector: string) => `(() => {
  const canvas = document.querySelector(${JSON.stringify(selector)});
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  for (let i = 0; i < data.length; i += 4) if (data[i] < 128) return true;
  return false;
})()`;

/** Signs in to the ordering portal from its login page and waits for the landing page under /app/. */
export async function signInToOrdering(page: Page, baseUrl: string, user: { username: string; password: string }): Promise<void> {
  await page.goto(baseUrl);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/app\//);
}

/** Signs in to the connect portal from its login page and waits for the connect home. */
export async function signInToConnect(page: Page, baseUrl: string, user: { username: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/connect`);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: 'Welcome to connect' }).waitFor();
}
