import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eLane } from '../support/e2e-lane.ts';
import { demoAccount } from '../support/demo-users.ts';
import { checkBothWidths, violations } from '../support/axe.ts';
import { signInToConnect, signInToOrdering, useBrowser } from '../support/browser.ts';

/**
 * WCAG 2.1 A and AA checks by axe-core (the library made for it) on the screens people use every day, at
 * desktop and phone width, signed in as the demo users against the real `npm start` runtime. A serious or
 * critical violation fails with the rule, the element and axe's explanation.
 */
const baseUrl = e2eLane().baseUrl;
const { freshPage } = useBrowser();
/** Evaluated in the page: the focused element's tag and text, e.g. `A Transactions`. */
const FOCUSED = "[document.activeElement?.tagName, document.activeElement?.textContent?.trim()].join(' ')";

/** Opens each path, waits until the screen has rendered its heading, and collects what axe finds at both widths and what scrolls sideways on a phone. */
async function checkScreens(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(`${baseUrl}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    found.push(...(await checkBothWidths(page, path)));
  }
  return found;
}

describe('accessibility (axe-core, WCAG 2.1 A/AA)', () => {
  it('the terms-of-use screen (ADR 086) in both portals, on the brand that asks for it, has none', async () => {
    const westUrl = baseUrl.replace('//localhost', '//west.localhost');
    const found: string[] = [];
    // Users who never accept them here (demo.west does, in terms-of-use.test.ts): asked on every sign-in.
    for (const [username, path] of [
      ['demo.coupons', ''],
      ['demo.payments', '/connect'],
    ] as const) {
      const page = await freshPage();
      await page.goto(`${westUrl}${path}`);
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill(demoAccount(username).password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('region', { name: /Terms of use text|Text der Nutzungsbedingungen/ }).waitFor();
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width < 640 ? 740 : 860 });
        found.push(...(await violations(page)).map((v) => `${username} @${width}px: ${v}`));
      }
    }
    expect(found).toEqual([]);
  });

  it('measures a control at rest: a button enabled a moment ago is not judged by its fading disabled colour', async () => {
    const page = await freshPage();
    // White on brand-300 (2:1) fading to white on brand-700 over 600 ms, as the shared Button does (for 150 ms).
    await page.setContent(
      `<html lang="en"><title>Form</title><main><h1>Form</h1><button id="go" style="color:#fff;background:#a3b3ff;transition:background-color 600ms linear">Go</button></main></html>`,
    );
    await page.evaluate("document.getElementById('go').style.backgroundColor = '#432dd7'");
    expect(await violations(page)).toEqual([]);
  });

  it('the login pages have no serious or critical violations', async () => {
    const page = await freshPage();
    expect(await checkScreens(page, ['/', '/connect'])).toEqual([]);
  });

  it('the connect sections, a report and requests (to read and to fill in) have none', async () => {
    const page = await freshPage();
    await signInToConnect(page, baseUrl, demoAccount('demo.connect'));
    const list = await page.request.get(`${baseUrl}/api/flow/workflow-requests?only-pending=0`, { headers: { 'X-Portal': 'connect' } });
    const { items } = JSON.parse((await list.text()).replace(/^\)\]\}',\n/, '')) as { items: { id: string; status: string }[] };
    const byStatus = (status: string) => items.find((r) => r.status === status)!.id;
    const paths = [
      '/connect',
      '/connect/transactions',
      '/connect/imports',
      '/connect/serial-numbers',
      '/connect/sales',
      '/connect/products',
      '/connect/documents',
      '/connect/company',
      '/connect/product-allocation',
      '/connect/logo',
      '/connect/reports',
      '/connect/reports/gen.transactions.P-2001',
      '/connect/requests',
      `/connect/requests/${byStatus('rejected')}`,
      `/connect/requests/${byStatus('draft')}`,
    ];
    expect(await checkScreens(page, paths)).toEqual([]);
    // A dialog too, once its opening animation is over (axe measures contrast as rendered).
    await page.goto(`${baseUrl}/connect/requests`);
    await page.getByRole('button', { name: 'New request' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await violations(page)).toEqual([]);
  }, 120_000);

  it('the ordering portal (account, ordering steps, orders, sales, questionnaire) has none', async () => {
    const page = await freshPage();
    await signInToOrdering(page, baseUrl, demoAccount('demo.retailer'));
    const paths = [
      '/app/my-account',
      '/app/retailer-selection',
      '/app/order',
      '/app/order/products',
      '/app/order/basket',
      '/app/orders',
      '/app/sales',
      '/app/questionnaire',
    ];
    expect(await checkScreens(page, [new URL(page.url()).pathname, ...paths])).toEqual([]);
  }, 120_000);

  it('a section is reached by keyboard alone, and its heading then has the focus (ADR 092)', async () => {
    const page = await freshPage();
    await signInToConnect(page, baseUrl, demoAccount('demo.connect'));
    for (let presses = 0; presses < 40 && (await page.evaluate(FOCUSED)) !== 'A Transactions'; presses++) await page.keyboard.press('Tab');
    expect(await page.evaluate(FOCUSED)).toBe('A Transactions');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(FOCUSED)).toBe('H1 Transactions');
  });

  it('the dialog asking a user without MFA for the higher authentication standard has none', async () => {
    const page = await freshPage();
    await signInToOrdering(page, baseUrl, demoAccount('demo.coupons'));
    await page.goto(`${baseUrl}/app/couponing/query`);
    await page.getByRole('dialog').waitFor();
    expect(await violations(page)).toEqual([]);
  });
});
