import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from '../support/e2e-lane.ts';
import { demoAccount } from '../support/demo-users.ts';
import { launchChromium } from '../support/browser.ts';

/**
 * One browser, both portals (ADR 008 sessions per portal, ADR 006 per-portal client state): signing in
 * to connect does not sign the browser in to ordering, the ordering portal's login page shows no
 * 'Access denied' dialog, and signing in or out of one portal leaves the other as it was.
 */
const baseUrl = e2eLane().baseUrl;
const shots = 'tests/e2e/screenshots';
const connectUser = demoAccount('demo.connect');
const retailer = demoAccount('demo.retailer');
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await launchChromium();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const accessDenied = (page: Page) => page.getByText('Please login to access this section');

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Opens a path and waits until the portal's status call has answered and the screen has settled. */
async function open(page: Page, path: string, portal: 'ordering' | 'connect') {
  const status = page.waitForResponse((r) => r.url().endsWith('/api/auth/status') && r.request().headers()['x-portal'] === portal);
  await page.goto(`${baseUrl}${path}`);
  await status;
  await page.waitForLoadState('networkidle');
}

/**
 * Full-page shots at 375 and 1280 px. A full-page capture draws the fixed bottom bar where the first
 * viewport ends, so the phone also gets a shot of the real viewport scrolled to the end.
 */
async function shoot(page: Page, name: string) {
  await page.mouse.move(0, 0);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 640 ? 740 : 860 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    if (width < 768) {
      await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
      await page.waitForTimeout(100);
      await page.screenshot({ path: `${shots}/${name}-${width}-bottom.png` });
      await page.evaluate('window.scrollTo(0, 0)');
    }
  }
  await page.setViewportSize({ width: 1280, height: 860 });
}

describe('two portals in one browser', () => {
  it('keeps a separate session per portal', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();

    // 1. Sign in to connect.
    await open(page, '/connect', 'connect');
    await signIn(page, connectUser.username, connectUser.password);
    await page.getByRole('heading', { name: 'Welcome to connect' }).waitFor();

    // 2. The ordering portal is still signed out: its login card, no 'Access denied' dialog.
    await open(page, '/', 'ordering');
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await accessDenied(page).count()).toBe(0);
    await shoot(page, 'two-portals-home-after-connect');

    // 3. Sign in to ordering in the same tab: no MFA yet, so the landing page is My Account.
    await signIn(page, retailer.username, retailer.password);
    await page.waitForURL(`${baseUrl}/app/my-account`);
    await page.getByText('retailer@demo.example').first().waitFor();

    // 4. Back on connect: still signed in as demo.connect, with its sections.
    await open(page, '/connect', 'connect');
    await page.getByRole('heading', { name: 'Welcome to connect' }).waitFor();
    await page
      .getByRole('link', { name: /Serial Numbers/ })
      .first()
      .waitFor();
    expect(await page.getByText(connectUser.username).count()).toBeGreaterThan(0);

    // 5. Connect's footer 'My Account' is connect's own page; its calls name the connect portal.
    const myAccount = page.getByRole('contentinfo').getByRole('link', { name: 'My Account' });
    expect(await myAccount.getAttribute('href')).toBe('/connect/my-account');
    const accountCall = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/account');
    await myAccount.click();
    await page.waitForURL(`${baseUrl}/connect/my-account`);
    expect((await accountCall).headers()['x-portal']).toBe('connect');
    await page.getByText('connect@demo.example').first().waitFor();
    await page.getByText('Conrad Connect').first().waitFor();
    expect(await page.getByText('retailer@demo.example').count()).toBe(0);
    await page.waitForLoadState('networkidle');
    await shoot(page, 'two-portals-connect-my-account');

    // 6. Log out of connect.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${baseUrl}/connect`);
    await page.getByText('Logout successful').waitFor();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await accessDenied(page).count()).toBe(0);

    // 7. The ordering portal is still signed in.
    await open(page, '/app/my-account', 'ordering');
    expect(page.url()).toBe(`${baseUrl}/app/my-account`);
    await page.getByText('retailer@demo.example').first().waitFor();
    expect(await accessDenied(page).count()).toBe(0);

    // 8. Connect's sections are closed again: trying one is what opens 'Access denied' (SPEC 6).
    await open(page, '/connect/my-account', 'connect');
    await page.waitForURL(`${baseUrl}/connect`);
    await accessDenied(page).waitFor();
    await page.close();
  });

  it('opens /connect and / signed in on the signed-in pages, without showing the login card first (ADR 149)', async () => {
    const mailed = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const signedIn = await mailed.request.post(`${baseUrl}/api/auth/signin`, {
      headers: { 'X-Portal': 'connect' },
      data: { username: connectUser.username, password: connectUser.password },
    });
    expect(signedIn.status()).toBe(200);
    const page = await mailed.newPage();
    // Any moment the login card's username field is in the page, from the first node on (a new tab: no session copy).
    await page.addInitScript(`new MutationObserver(() => {
      if (document.querySelector('input[name="username"]')) window.__loginCardShown = true;
    }).observe(document, { subtree: true, childList: true });`);
    await open(page, '/connect', 'connect');
    await page.getByRole('heading', { name: 'Welcome to connect' }).waitFor();
    expect(await page.evaluate('window.__loginCardShown === true')).toBe(false);
    // The ordering portal's login page, opened signed in to it (a bookmark), goes on to the landing page the same way.
    const ordering = await mailed.request.post(`${baseUrl}/api/auth/signin`, {
      headers: { 'X-Portal': 'ordering' },
      data: { username: retailer.username, password: retailer.password },
    });
    expect(ordering.status()).toBe(200);
    await open(page, '/', 'ordering');
    await page.waitForURL(`${baseUrl}/app/my-account`);
    await page.getByText('retailer@demo.example').first().waitFor();
    expect(await page.evaluate('window.__loginCardShown === true')).toBe(false);
    await mailed.close();

    // Signed out, the same address is the login card.
    const signedOut = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const login = await signedOut.newPage();
    await open(login, '/connect', 'connect');
    await login.getByRole('button', { name: 'Login' }).waitFor();
    await signedOut.close();
  });
});
