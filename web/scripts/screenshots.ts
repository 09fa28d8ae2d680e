/**
 * Visual check of the built web app without the API: serves nothing itself — point it at a running
 * `vite preview` (default http://localhost:4173) — and answers /api/* with contract-shaped, XSSI-prefixed
 * JSON. Saves PNGs at 375 px and 1280 px under SHOTS_DIR (default /tmp/web-shots).
 *
 *   cd web && npx vite build && npx vite preview --port 4173 &
 *   npx tsx web/scripts/screenshots.ts
 */
import { mkdirSync } from 'node:fs';
import { type BrowserContext, chromium, type Page, type Route } from 'playwright-core';

const BASE = process.env.BASE_URL ?? 'http://localhost:4173';
const OUT = process.env.SHOTS_DIR ?? '/tmp/web-shots';
const PREFIX = ")]}',\n";

const flags = (names: string[], all: string[]) => Object.fromEntries(all.map((n) => [n, names.includes(n)]));
const user = {
  username: 'demo.retailer',
  email: 'demo.retailer@example.com',
  firstname: 'Dana',
  surname: 'Example',
  securityFlag: 1024,
  brandingUrl: '',
  locale: process.env.USER_LOCALE ?? 'en-US',
  timezone: 'Europe/Berlin',
  currencyObj: { id: 978, name: 'Euro', numericCode: '978', isoCode: 'EUR', symbol: '€', decimals: 2 },
  ftpUploadDir: null,
  documentDirname: null,
  fileSettings: {},
  permissions: {},
  settings: {},
  modules: {
    ordering: {
      permissions: flags(
        ['cardOrdering', 'retailerSales', 'couponingManagement'],
        ['couponingManagement', 'couponingCancellation', 'cardOrdering', 'retailerSales'],
      ),
      settings: flags([], ['showStoreList', 'disableQuestionnaire', 'disableRetailerLevel']),
    },
  },
  strongAuthentication: false,
};

interface MockState {
  loggedIn: boolean;
  portals: string[];
}

async function mockApi(context: BrowserContext, state: MockState) {
  const json = (route: Route, body: unknown, status = 200, headers: Record<string, string> = {}) =>
    route.fulfill({
      status,
      contentType: 'application/json; charset=utf-8',
      headers,
      body: PREFIX + JSON.stringify(body),
    });
  await context.route('**/api/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    state.portals.push(`${request.headers()['x-portal']} ${url.pathname}`);
    switch (url.pathname) {
      case '/api/brand':
        return json(route, {
          id: 'default',
          name: 'CardPortal',
          layout: 'default',
          texts: {
            en: {
              footerLinks: [
                { name: 'Help card', href: 'https://www.example.com/help-card-en.pdf' },
                { name: 'About', path: '/about' },
              ],
            },
          },
          customFields: {},
        });
      case '/api/auth/status':
        return json(route, {
          loggedIn: state.loggedIn,
          passwordExpired: false,
          mayChangePassword: state.loggedIn,
          passwordExpiry: state.loggedIn ? '2027-02-01T00:00:00.000Z' : null,
          mfaStatus: 'none',
          lastLogin: state.loggedIn ? { at: '2026-11-20T08:15:00.000Z', ip: '203.0.113.7' } : null,
          user: state.loggedIn ? user : null,
          serviceMessages: [],
        });
      case '/api/auth/signin': {
        const body = request.postDataJSON() as { username: string; password: string; secretCode?: string };
        if (body.password === 'wrong') {
          return json(route, { code: 'LOGIN.FORM.ERROR.WRONG_PASSWORD', message: 'Invalid username or password' }, 401);
        }
        if (body.username === 'mfa.user' && !body.secretCode) {
          return json(route, {
            response: { success: false, mfa: 20 },
            username: body.username,
            securityFlag: 1024,
            passwordExpired: false,
          });
        }
        state.loggedIn = true;
        return json(route, {
          response: { success: true },
          username: body.username,
          securityFlag: 1024,
          passwordExpired: false,
        });
      }
      case '/api/auth/logout':
        state.loggedIn = false;
        return json(route, { success: true });
      case '/api/account':
        if (!state.loggedIn) return json(route, { code: 'auth', message: 'Not signed in' }, 401);
        return json(route, {
          email: user.email,
          firstname: user.firstname,
          surname: user.surname,
          jobTitle: 'Store manager',
          customerId: 'C-10042',
        });
      default:
        return json(route, { code: 'REQUEST.NO_ENDPOINT', message: 'No such endpoint' }, 404);
    }
  });
}

async function shot(page: Page, name: string, width: number) {
  await page.waitForTimeout(350);
  await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage: true });
}

async function signIn(page: Page, username = 'demo.retailer', password = 'secret') {
  await page.goto(`${BASE}/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  const problems: string[] = [];
  for (const width of [375, 1280]) {
    const state: MockState = { loggedIn: false, portals: [] };
    const context = await browser.newContext({ viewport: { width, height: width < 640 ? 812 : 800 } });
    await mockApi(context, state);
    const page = await context.newPage();
    page.on('pageerror', (e) => problems.push(`${width}: pageerror ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`${width}: console ${m.text()}`);
    });

    await page.goto(`${BASE}/`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await shot(page, '01-login', width);

    await page.getByLabel('Username').fill('demo.retailer');
    await page.getByLabel('Username').fill('   ');
    await shot(page, '02-login-validation', width);

    await signIn(page, 'demo.retailer', 'wrong');
    await page.getByText('Authentication failed').waitFor();
    await shot(page, '03-login-failed', width);

    await signIn(page, 'mfa.user', 'secret');
    await page.getByLabel('Secret code').waitFor();
    await page.getByLabel('Secret code').fill('12a');
    await shot(page, '04-login-mfa-step', width);

    await page.goto(`${BASE}/about`);
    await shot(page, '05-about', width);

    await page.goto(`${BASE}/forgot-password`);
    await page.getByLabel('E-mail address or username').fill('someone@example.com');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('alert').first().waitFor();
    await shot(page, '06-forgot-password', width);

    await page.goto(`${BASE}/app/my-account`);
    await page.getByRole('dialog').waitFor();
    await shot(page, '07-auth-required', width);
    await page.getByRole('button', { name: 'Close' }).click();

    await signIn(page);
    await page.waitForURL('**/app/my-account');
    await page.getByText('Store manager').waitFor();
    await shot(page, '08-my-account', width);

    if (width < 768) {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForTimeout(200);
      await page.screenshot({ path: `${OUT}/08b-my-account-bottom-${width}.png` });
    }

    await page.goto(`${BASE}/app/couponing`);
    await shot(page, '09-not-available', width);

    await page.goto(`${BASE}/app/orders`);
    await page.waitForURL('**/app/retailer-selection');
    await shot(page, '10-retailer-required', width);

    if (width < 768) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await shot(page, '11-drawer', width);
      await page.getByRole('button', { name: 'Close menu' }).click();
      await page.getByRole('button', { name: 'More' }).click();
      await page.getByRole('dialog').waitFor();
      await shot(page, '12-more-sheet', width);
      await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    } else {
      await page.getByRole('button', { name: 'Log out' }).click();
    }
    await page.getByText('Logout successful').waitFor();
    await shot(page, '13-after-logout', width);

    await page.goto(`${BASE}/connect`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await shot(page, '14-connect-login', width);
    await page.getByLabel('Username').fill('demo.retailer');
    await page.getByLabel('Password').fill('secret');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Welcome to connect').waitFor();
    await shot(page, '15-connect-home', width);
    await page.goto(`${BASE}/connect/reports`);
    await shot(page, '16-connect-section', width);

    const connectCalls = state.portals.filter((p) => p.startsWith('connect'));
    console.log(`${width}px: ${state.portals.length} API calls; connect-portal calls: ${connectCalls.join(', ')}`);
    await context.close();
  }
  await browser.close();
  if (problems.length) console.log(`Problems:\n${problems.join('\n')}`);
  console.log(`Screenshots in ${OUT}`);
}

void main();
