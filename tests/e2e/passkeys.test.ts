import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from '../support/e2e-lane.ts';
import { demoAccount } from '../support/demo-users.ts';
import { launchChromium, shoot } from '../support/browser.ts';

/**
 * Passkeys in the browser (ADR 098, 112) with Chromium's virtual authenticator (DevTools WebAuthn domain: an
 * internal CTAP2 authenticator with resident keys and user verification that always says yes): register one in
 * My Account, sign out, sign in with it and open a section that needs strong authentication (couponing, SPEC
 * 'higher authentication standard'); a cloned credential whose counter went back is refused in words; and the
 * passkey as the second factor after a password. WebAuthn needs a secure context: localhost over http is one,
 * and the relying party is APP_URL's host (localhost). Each test has a demo account of its own.
 */
const baseUrl = e2eLane().baseUrl;
const sesUrl = e2eLane().sesUrl;

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** A page in a context of its own with a virtual authenticator attached (`locale` decides the login page's language). */
async function pageWithAuthenticator(locale = 'en-US'): Promise<{ page: Page; cdp: CDPSession; authenticatorId: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale, serviceWorkers: 'block' });
  context.setDefaultTimeout(20_000);
  contexts.push(context);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { page, cdp, authenticatorId };
}

const credentialsOf = async (cdp: CDPSession, authenticatorId: string) =>
  (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;

async function passwordSignIn(page: Page, user: { username: string; password: string }) {
  await page.goto(baseUrl);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** My Account's 'Add a passkey' right after a sign-in: no password prompt field (ADR 055), a name, the authenticator answers. */
async function addPasskey(page: Page, name: string, screenshot?: string) {
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Name').fill(name);
  if (screenshot) await shoot(page, screenshot);
  await dialog.getByRole('button', { name: 'Create passkey' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('list', { name: 'Passkeys' }).getByText(name).waitFor();
}

async function logOut(page: Page) {
  await page.goto(`${baseUrl}/app/my-account`);
  await page.evaluate(`fetch('/api/auth/logout', { headers: { 'X-Portal': 'ordering' } })`);
  await page.goto(baseUrl);
  await page.getByLabel('Username').waitFor();
}

describe('passkeys', () => {
  it('registers a passkey in My Account, signs in with it to a section that needs strong authentication, and refuses a clone whose counter went back', async () => {
    const user = demoAccount('e2e.passkey');
    const { page, cdp, authenticatorId } = await pageWithAuthenticator();
    await passwordSignIn(page, user);
    await page.waitForURL(`${baseUrl}/app/my-account`);
    await page.getByRole('heading', { name: 'Passkeys' }).waitFor();
    await page.getByText('You have no passkeys yet.').waitFor();
    await addPasskey(page, 'Test laptop', 'passkeys-add');
    await page.getByText('not used yet').waitFor();
    await page.getByRole('heading', { name: 'Passkeys' }).scrollIntoViewIfNeeded();
    await shoot(page, 'passkeys-panel');
    const [credential] = await credentialsOf(cdp, authenticatorId);
    expect(credential?.isResidentCredential).toBe(true);

    await logOut(page);
    await shoot(page, 'passkeys-login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(`${baseUrl}/app/**`);
    // Strong authentication (ADR 098 item 1): the weak account's couponing opens, where a password alone is refused.
    await page.goto(`${baseUrl}/app/couponing`);
    await page.waitForURL(`${baseUrl}/app/couponing`);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.goto(`${baseUrl}/app/my-account`);
    await page
      .getByText(/last used/)
      .first()
      .waitFor();

    // A clone of the key as it was before (signCount 0): its next signature's counter lies behind the stored one.
    const signedBefore = (await credentialsOf(cdp, authenticatorId))[0]!;
    expect(signedBefore.signCount).toBeGreaterThan(1);
    const clone = await pageWithAuthenticator();
    await clone.cdp.send('WebAuthn.addCredential', {
      authenticatorId: clone.authenticatorId,
      credential: { ...signedBefore, signCount: 0 },
    });
    await clone.page.goto(baseUrl);
    await clone.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await clone.page.getByText('The passkey could not be verified. Please try again.').waitFor();
    expect(clone.page.url()).toBe(`${baseUrl}/`);
  });

  it('offers the passkey at the second step after a password, and signs in with it', async () => {
    const user = demoAccount('e2e.passkey.mfa');
    const email = 'e2e.passkey.mfa@demo.example';
    const { page } = await pageWithAuthenticator();
    await passwordSignIn(page, user);
    await page.waitForURL(`${baseUrl}/app/my-account`);
    await addPasskey(page, 'Security key');

    // E-mailed codes as the second factor (ADR 012), set up from My Account.
    await page.getByRole('link', { name: 'Set up multi-factor authentication' }).click();
    const seen = (await mailsTo(email)).length;
    await page.getByRole('button', { name: /Codes by e-mail/ }).click();
    await page.getByLabel('Code from the e-mail').fill(sixDigits(await nextMail(email, seen)));
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.waitForURL(`${baseUrl}/mfa-activated`);
    await page.getByLabel('I have saved them').check();
    await page.getByRole('button', { name: 'Log in again' }).click();
    await page.getByLabel('Username').waitFor();

    await passwordSignIn(page, user);
    await page.getByLabel('Secret code').waitFor();
    const use = page.getByRole('button', { name: 'Use your passkey' });
    await use.waitFor();
    await shoot(page, 'passkeys-mfa-step');
    await use.click();
    await page.waitForURL(`${baseUrl}/app/**`);
    // Signed in with a second factor: strong (ADR 012), the weak account's couponing opens.
    await page.goto(`${baseUrl}/app/couponing`);
    await page.waitForURL(`${baseUrl}/app/couponing`);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('shows the passkey texts in German: the login card, the second step and My Account', async () => {
    const signInDe = async (page: Page, user: { username: string; password: string }) => {
      await page.getByLabel('Benutzername').fill(user.username);
      await page.getByLabel('Passwort').fill(user.password);
      await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    };
    const { page } = await pageWithAuthenticator('de-DE');
    await page.goto(baseUrl);
    await page.getByRole('button', { name: 'Mit Passkey anmelden' }).waitFor();
    await shoot(page, 'passkeys-login-de');
    // The account of the test above: e-mailed codes and a passkey.
    await signInDe(page, demoAccount('e2e.passkey.mfa'));
    await page.getByRole('button', { name: 'Passkey verwenden' }).waitFor();
    await shoot(page, 'passkeys-mfa-step-de');

    const other = (await pageWithAuthenticator('de-DE')).page;
    await other.goto(baseUrl);
    await signInDe(other, demoAccount('e2e.deutsch'));
    await other.waitForURL(`${baseUrl}/app/**`);
    await other.goto(`${baseUrl}/app/my-account`);
    await other.getByRole('heading', { name: 'Passkeys' }).scrollIntoViewIfNeeded();
    await shoot(other, 'passkeys-panel-de');
  });
});

type Mail = { destination: { to: string[] }; subject: string; body: { text?: string } };
async function mailsTo(address: string): Promise<Mail[]> {
  const res = await fetch(`${sesUrl}/store`);
  const { emails } = (await res.json()) as { emails: Mail[] };
  return emails.filter((m) => m.destination.to.includes(address));
}
async function nextMail(address: string, seen: number): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mail = (await mailsTo(address)).slice(seen).at(-1);
    if (mail) return mail.body.text ?? '';
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${address}`);
}
const sixDigits = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
