import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from '../support/e2e-lane.ts';
import { demoAccount } from '../support/demo-users.ts';
import { launchChromium } from '../support/browser.ts';

const baseUrl = e2eLane().baseUrl;
const shots = 'tests/e2e/screenshots';
const retailer = demoAccount('demo.retailer');
let browser: Browser;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

async function openLogin(width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: width < 640 ? 740 : 860 } });
  await page.goto(baseUrl);
  await page.getByLabel('Username').waitFor();
  return page;
}

describe.each([
  ['phone', 375],
  ['desktop', 1280],
])('sign-in on %s', (name, width) => {
  it('signs in as a demo user, reaches the landing page and logs out', async () => {
    const page = await openLogin(width);
    const login = page.getByRole('button', { name: 'Login' });
    expect(await login.isDisabled()).toBe(true);
    await page.screenshot({ path: `${shots}/login-${name}.png`, fullPage: true });

    await page.getByLabel('Username').fill(retailer.username);
    await page.getByLabel('Password').fill(retailer.password);
    await login.click();

    // No MFA on the demo account yet: the session landing page is My Account (SPEC 2).
    await page.waitForURL(`${baseUrl}/app/my-account`);
    await page.getByText('retailer@demo.example').first().waitFor();
    await page.screenshot({ path: `${shots}/landing-${name}.png`, fullPage: true });

    await logOut(page, width);
    await page.waitForURL(`${baseUrl}/`);
    await page.getByText('Logout successful').waitFor();
    await page.screenshot({ path: `${shots}/logged-out-${name}.png`, fullPage: true });

    // The session is gone on the server: /app sends the user back to the login page.
    await page.goto(`${baseUrl}/app/my-account`);
    await page.waitForURL(`${baseUrl}/`);
    await page.close();
  });

  it('shows the authentication failure for a wrong password', async () => {
    const page = await openLogin(width);
    await page.getByLabel('Username').fill(retailer.username);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Authentication failed').first().waitFor();
    await page.screenshot({ path: `${shots}/login-failed-${name}.png`, fullPage: true });
    expect(page.url()).toBe(`${baseUrl}/`);
    await page.close();
  });
});

describe.each([
  ['phone', 375],
  ['desktop', 1280],
])('sign-in guidance on %s (ADR 017)', (name, width) => {
  it('a lock says when to try again, for any name', async () => {
    const page = await openLogin(width);
    // No account has this name: it locks like a known one and says the same.
    await page.getByLabel('Username').fill(`nobody.${name}`);
    for (let i = 1; i <= 5; i++) {
      await page.getByLabel('Password').fill(`Wrong-Password-${i}!`);
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/signin'));
      await page.getByRole('button', { name: 'Login' }).click();
      await answered;
    }
    await page.getByText('Too many failed attempts: please try again in about a minute.').waitFor();
    await page.screenshot({ path: `${shots}/login-locked-${name}.png`, fullPage: true });
    await page.close();
  });

  it('a sign-in on the wrong portal links to the right one', async () => {
    const connectUser = demoAccount('demo.connect');
    const page = await openLogin(width);
    await page.getByLabel('Username').fill(connectUser.username);
    await page.getByLabel('Password').fill(connectUser.password);
    await page.getByRole('button', { name: 'Login' }).click();
    const toConnect = page.getByRole('link', { name: 'Sign in on the connect portal' });
    await toConnect.waitFor();
    await page.screenshot({ path: `${shots}/login-wrong-portal-${name}.png`, fullPage: true });
    await toConnect.click();
    await page.waitForURL(`${baseUrl}/connect`);
    await page.getByLabel('Username').waitFor();
    await page.close();
  });

  it('a spent or unknown reset link says so when the page opens, instead of the form', async () => {
    const page = await browser.newPage({ viewport: { width, height: width < 640 ? 740 : 860 } });
    await page.goto(`${baseUrl}/forgot-password?token=${'A'.repeat(43)}`);
    await page.getByText('This link has expired or was already used').waitFor();
    expect(await page.getByLabel(/^New password/).count()).toBe(0);
    await page.screenshot({ path: `${shots}/reset-link-spent-${name}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Request a new e-mail' }).click();
    await page.getByLabel('E-mail address or username').waitFor();
    await page.close();
  });
});

async function logOut(page: Page, width: number) {
  const direct = page.getByRole('button', { name: 'Log out' }).or(page.getByRole('link', { name: 'Log out' }));
  if (width < 768 && !(await direct.first().isVisible())) {
    await page.getByRole('button', { name: 'More' }).click();
  }
  await direct.first().click();
}
