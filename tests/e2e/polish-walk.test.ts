import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoUsers } from '../../scripts/seed/seed.ts';
import { mayEqualEnglish } from '../../web/src/i18n/same-as-english.ts';
import { launchChromium, shoot } from '../support/browser.ts';

/**
 * The pl-PL browser walk (ADR 088): a Polish browser opens the login pages, and a Polish user of each portal
 * (e2e.polska: ordering pl-PL; e2e.polska.connect: connect pl-pl) walks the main screens. A screen fails
 * on any visible text node that is an English catalogue text (a text with placeholders matches with any
 * value in them), except the words allowed to read the same in Polish (same-as-english.ts). Data (names,
 * codes, amounts) is never a whole catalogue text, so it passes.
 */
const baseUrl = inject('baseUrl');
const LOCALE = 'pl-PL';
const account = (username: string) => demoUsers().find((u) => u.username === username)!;

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree): string[] => Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : leaves(value)));
const ENGLISH_DIR = 'web/src/i18n/en-US';
const englishTexts = readdirSync(ENGLISH_DIR).flatMap((file) => leaves(JSON.parse(readFileSync(join(ENGLISH_DIR, file), 'utf8')) as Tree));

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Texts to match exactly, and texts with placeholders as patterns; words Polish shares with English left out. */
const plain = new Set<string>();
const patterns: RegExp[] = [];
for (const text of new Set(englishTexts.map((t) => t.replace(/\s+/g, ' ').trim()))) {
  if (mayEqualEnglish(LOCALE, text)) continue;
  if (!/\{\w+\}/.test(text)) plain.add(text);
  else
    patterns.push(
      new RegExp(
        `^${text
          .split(/\{\w+\}/)
          .map(escape)
          .join('.+?')}$`,
        's',
      ),
    );
}
const isEnglish = (text: string) => plain.has(text) || patterns.some((pattern) => pattern.test(text));

/** Every visible text node of the page, whitespace collapsed (a string: this file has no DOM types). */
const VISIBLE_TEXTS = `(() => {
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent || '').replace(/\\s+/g, ' ').trim();
    const parent = node.parentElement;
    if (!text || !parent || parent.closest('script, style, template')) continue;
    if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    texts.push(text);
  }
  return texts;
})()`;

async function englishOn(page: Page): Promise<string[]> {
  const texts = (await page.evaluate(VISIBLE_TEXTS)) as string[];
  return [...new Set(texts.filter(isEnglish))];
}

/** Opens a screen and waits until it has drawn its data: its main heading, then no call in flight. */
async function open(page: Page, path: string) {
  await page.goto(`${baseUrl}${path}`);
  await page.locator('main h1, main h2').first().waitFor();
  await page.waitForLoadState('networkidle');
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

/** A Polish browser (navigator.language pl-PL): the login page reads Polish before anyone signs in. */
async function polishPage(): Promise<Page> {
  const context = await browser.newContext({ locale: LOCALE, viewport: { width: 1280, height: 860 } });
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

async function signIn(page: Page, path: string, user: { username: string; password: string }) {
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel('Nazwa użytkownika').fill(user.username);
  await page.getByLabel('Hasło').fill(user.password);
  expect(await englishOn(page)).toEqual([]);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
}

describe('the ordering portal in Polish (e2e.polska, pl-PL)', () => {
  let page: Page;
  beforeAll(async () => {
    page = await polishPage();
  });
  afterAll(async () => page?.context().close());

  it('login page, then a retailer chosen (the ordering screens need one)', async () => {
    await page.goto(baseUrl);
    await page.getByLabel('Nazwa użytkownika').waitFor();
    await shoot(page, 'polish-walk-login');
    await signIn(page, '/', account('e2e.polska'));
    await page.waitForURL(/\/app\//);
    await open(page, '/app/retailer-selection');
    await page.locator('main ul li button').first().click();
    await page.waitForURL((url) => url.pathname !== '/app/retailer-selection');
  });

  for (const [name, path] of [
    ['My Account', '/app/my-account'],
    ['retailer selection', '/app/retailer-selection'],
    ['new order', '/app/order'],
    ['orders', '/app/orders'],
    ['sales', '/app/sales'],
    ['couponing', '/app/couponing'],
    ['questionnaire', '/app/questionnaire'],
  ] as const) {
    it(`${name} (${path})`, async () => {
      await open(page, path);
      if (path === '/app/my-account') await shoot(page, 'polish-walk-ordering-my-account');
      expect(await englishOn(page)).toEqual([]);
    });
  }
});

describe('the connect portal in Polish (e2e.polska.connect, pl-pl)', () => {
  let page: Page;
  beforeAll(async () => {
    page = await polishPage();
  });
  afterAll(async () => page?.context().close());

  it('login page and start page', async () => {
    await signIn(page, '/connect', account('e2e.polska.connect'));
    await page.getByRole('heading', { name: 'Witamy w connect' }).waitFor();
    await page.waitForLoadState('networkidle');
    await shoot(page, 'polish-walk-connect-home');
    expect(await englishOn(page)).toEqual([]);
  });

  for (const [name, path] of [
    ['My Account', '/connect/my-account'],
    ['serial numbers', '/connect/serial-numbers'],
    ['transactions', '/connect/transactions'],
    ['imports', '/connect/imports'],
    ['sales', '/connect/sales'],
    ['reports', '/connect/reports'],
    ['news', '/connect/news'],
    ['documents', '/connect/documents'],
    ['company', '/connect/company'],
    ['logo', '/connect/logo'],
    ['products', '/connect/products'],
    ['product allocation', '/connect/product-allocation'],
    ['requests', '/connect/requests'],
  ] as const) {
    it(`${name} (${path})`, async () => {
      await open(page, path);
      expect(await englishOn(page)).toEqual([]);
    });
  }
});
