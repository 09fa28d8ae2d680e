import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from '../support/e2e-lane.ts';
import { demoAccount } from '../support/demo-users.ts';
import { mayEqualEnglish } from '../../web/src/i18n/same-as-english.ts';
import { checkPhoneWidth } from '../support/axe.ts';
import { launchChromium, shoot } from '../support/browser.ts';

/**
 * The locale walks (ADR 088). The pl-PL walk: a Polish browser opens the login pages, and a Polish user of each
 * portal (e2e.polska: ordering pl-PL; e2e.polska.connect: connect pl-pl) walks the main screens. A screen fails
 * on any visible text node that is an English catalogue text (a text with placeholders matches with any
 * value in them), except the words allowed to read the same in Polish (same-as-english.ts). Data (names,
 * codes, amounts) is never a whole catalogue text, so it passes. The same walks run in French (e2e.francais,
 * ordering; connect has no French) and German (e2e.deutsch, e2e.deutsch.connect). On every screen the walk
 * opens, axe checks WCAG 2.1 A/AA at 375 px and nothing may scroll sideways there (tests/support/axe.ts): the
 * English screens are checked at both widths in accessibility.test.ts, these add the longer labels of the other
 * locales, which break the phone's layout first, without loading a page more (ADR 159). All but the Polish ordering
 * walk use a browser that names only a language (pl, fr, de): the login page maps it to the portal's locale (core
 * resolveLocale).
 */
const baseUrl = e2eLane().baseUrl;

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree): string[] => Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : leaves(value)));
const ENGLISH_DIR = 'web/src/i18n/en-US';
const englishTexts = [
  ...new Set(
    readdirSync(ENGLISH_DIR)
      .flatMap((file) => leaves(JSON.parse(readFileSync(join(ENGLISH_DIR, file), 'utf8')) as Tree))
      .map((t) => t.replace(/\s+/g, ' ').trim()),
  ),
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Whether a text is an English catalogue text: exact texts, and texts with placeholders as patterns; words the locale shares with English left out. */
function englishMatcher(locale: string): (text: string) => boolean {
  const plain = new Set<string>();
  const patterns: RegExp[] = [];
  for (const text of englishTexts) {
    if (mayEqualEnglish(locale, text)) continue;
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
  return (text) => plain.has(text) || patterns.some((pattern) => pattern.test(text));
}
const MATCHERS = new Map<string, (text: string) => boolean>();
const isEnglishIn = (locale: string) => MATCHERS.get(locale) ?? MATCHERS.set(locale, englishMatcher(locale)).get(locale)!;

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

async function englishOn(page: Page, locale: string): Promise<string[]> {
  const texts = (await page.evaluate(VISIBLE_TEXTS)) as string[];
  return [...new Set(texts.filter(isEnglishIn(locale)))];
}

/** What a screen in `locale` shows wrongly: English catalogue texts, then what axe finds and what scrolls sideways. */
async function findingsOn(page: Page, locale: string, label: string): Promise<string[]> {
  return [...(await englishOn(page, locale)).map((text) => `${label}: English "${text}"`), ...(await checkPhoneWidth(page, label))];
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

/** A browser whose language is `language` (navigator.languages [language]): the login page reads it before anyone signs in. */
async function browserIn(language: string): Promise<Page> {
  const context = await browser.newContext({ locale: language, viewport: { width: 1280, height: 860 } });
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

/** The login form's labels in a locale, from its catalogue. */
function loginTexts(locale: string): { username: string; password: string; submit: string } {
  const auth = JSON.parse(readFileSync(`web/src/i18n/${locale}/auth.json`, 'utf8')) as { auth: { login: Record<string, string> } };
  const { username = '', password = '', submit = '' } = auth.auth.login;
  return { username, password, submit };
}

/** The page of a browser in `language` for the describe block that asks for it, closed after the block. */
function pageIn(language: string): () => Page {
  let page: Page | undefined;
  beforeAll(async () => {
    page = await browserIn(language);
  });
  afterAll(async () => page?.context().close());
  return () => page!;
}

/** Signs in from a portal's login page, which must already read `locale` and pass its checks. */
async function signIn(page: Page, locale: string, path: string, user: { username: string; password: string }) {
  const login = loginTexts(locale);
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel(login.username).waitFor();
  expect(await findingsOn(page, locale, `${path || '/'} (login)`)).toEqual([]);
  await page.getByLabel(login.username).fill(user.username);
  await page.getByLabel(login.password).fill(user.password);
  await page.getByRole('button', { name: login.submit, exact: true }).click();
}

/** Signs an ordering user in and chooses the first retailer (the ordering screens need one). */
async function signInToOrderingAs(page: Page, locale: string, username: string) {
  await signIn(page, locale, '', demoAccount(username));
  await page.waitForURL(/\/app\//);
  await open(page, '/app/retailer-selection');
  await page.locator('main ul li button').first().click();
  await page.waitForURL((url) => url.pathname !== '/app/retailer-selection');
}

/** The walk's screens of one portal: each opened once, its texts and axe's findings checked. */
function walk(locale: string, getPage: () => Page, screens: readonly (readonly [string, string])[]) {
  for (const [name, path] of screens) {
    it(`${name} (${path})`, async () => {
      await open(getPage(), path);
      expect(await findingsOn(getPage(), locale, path)).toEqual([]);
    });
  }
}

/** The ordering portal's screens, walked in every ordering locale but English (accessibility.test.ts's). */
const ORDERING_SCREENS = [
  ['My Account', '/app/my-account'],
  ['retailer selection', '/app/retailer-selection'],
  ['new order', '/app/order'],
  ['orders', '/app/orders'],
  ['sales', '/app/sales'],
  ['couponing', '/app/couponing'],
  ['questionnaire', '/app/questionnaire'],
] as const;

/** The connect portal's sections, walked in Polish and German (English: accessibility.test.ts). */
const CONNECT_SCREENS = [
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
] as const;

describe('the ordering portal in Polish (e2e.polska, pl-PL)', () => {
  const page = pageIn('pl-PL');

  it('login page, then a retailer chosen (the ordering screens need one)', async () => {
    await page().goto(baseUrl);
    await page().getByLabel(loginTexts('pl-PL').username).waitFor();
    await shoot(page(), 'polish-walk-login');
    await signInToOrderingAs(page(), 'pl-PL', 'e2e.polska');
  });

  walk('pl-PL', page, ORDERING_SCREENS);
});

describe('the connect portal in Polish (e2e.polska.connect, pl-pl; a browser that names only the language)', () => {
  const page = pageIn('pl');

  it('login page and start page', async () => {
    await signIn(page(), 'pl-PL', '/connect', demoAccount('e2e.polska.connect'));
    await page().getByRole('heading', { name: 'Witamy w connect' }).waitFor();
    await page().waitForLoadState('networkidle');
    await shoot(page(), 'polish-walk-connect-home');
    expect(await findingsOn(page(), 'pl-PL', '/connect')).toEqual([]);
  });

  walk('pl-PL', page, CONNECT_SCREENS);
});

describe('the ordering portal in French (e2e.francais, fr-FR; a browser that names only the language)', () => {
  const page = pageIn('fr');

  it('login page, then a retailer chosen', async () => {
    await signInToOrderingAs(page(), 'fr-FR', 'e2e.francais');
  });

  walk('fr-FR', page, ORDERING_SCREENS);
});

describe('the connect portal in German (e2e.deutsch.connect, de-de; a browser that names only the language)', () => {
  const page = pageIn('de');

  it('login page and start page', async () => {
    await signIn(page(), 'de-DE', '/connect', demoAccount('e2e.deutsch.connect'));
    await page().getByRole('heading', { name: 'Willkommen bei connect' }).waitFor();
    await page().waitForLoadState('networkidle');
    expect(await findingsOn(page(), 'de-DE', '/connect')).toEqual([]);
  });

  walk('de-DE', page, CONNECT_SCREENS);
});

describe('the ordering portal in German (e2e.deutsch, de-DE; a browser that names only the language)', () => {
  const page = pageIn('de');

  it('login page, then a retailer chosen', async () => {
    await signInToOrderingAs(page(), 'de-DE', 'e2e.deutsch');
  });

  walk('de-DE', page, ORDERING_SCREENS);
});
