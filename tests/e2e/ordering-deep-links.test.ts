import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { coldContext, signInCookies } from '../../scripts/bench/page-load.ts';
import { launchChromium } from '../support/browser.ts';
import { demoAccount } from '../support/demo-users.ts';
import { e2eLane } from '../support/e2e-lane.ts';

/**
 * A cold deep link into a section behind the retailer choice (ADR 140), as from a mail in a new tab: demo.retailer
 * acts for several retailers and has none remembered on a new device, so the guard sends them to the retailer
 * selection. The retailers are read once (the guard's restore and the list share the read), the screen they came
 * for is not downloaded before the choice, and choosing a retailer opens that address.
 */
const baseUrl = e2eLane().baseUrl;
let browser: Browser;
let cookies: Awaited<ReturnType<typeof signInCookies>>;

beforeAll(async () => {
  browser = await launchChromium();
  cookies = await signInCookies(browser, baseUrl, 'ordering', demoAccount('demo.retailer'));
});
afterAll(async () => browser?.close());

describe('a cold ordering deep link without a chosen retailer', () => {
  it.each(['/app/orders', '/app/sales'])('%s: one retailers read, the selection, then the address after the choice', async (path) => {
    const context = await coldContext(browser, { phone: false, cookies });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      const asked: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));
      await page.goto(`${baseUrl}${path}`);
      await page.waitForURL(`${baseUrl}/app/retailer-selection`);
      await page.getByText('Please select a retailer to proceed.').waitFor();
      const cityKiosk = page.getByRole('listitem').filter({ hasText: 'City Kiosk' });
      await cityKiosk.waitFor();
      await page.waitForLoadState('networkidle');
      expect(asked.filter((p) => p === '/api/replenishment/retailers')).toHaveLength(1);
      // The screen's own reads (and so its code) wait for the choice.
      expect(asked.filter((p) => p.startsWith('/api/replenishment/orders') || p.startsWith('/api/sales'))).toEqual([]);

      await cityKiosk.getByRole('button').click();
      await page.waitForURL(`${baseUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: path === '/app/orders' ? 'Orders' : 'Sales' }).waitFor();
      expect(asked.filter((p) => p === '/api/replenishment/retailers')).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
