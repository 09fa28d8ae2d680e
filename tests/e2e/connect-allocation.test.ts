import type { Page } from 'playwright-core';
import { addDays, calendarDateInZone } from '@portal/core/shared';
import { describe, expect, it } from 'vitest';
import { e2eLane } from '../support/e2e-lane.ts';
import { demoAccount } from '../support/demo-users.ts';
import { shoot, signInToConnect, signInToOrdering, useBrowser } from '../support/browser.ts';

/**
 * Product allocation (ADR 087) against `npm start`: demo.connect files a deallocation of Aurora Games 50 EUR at
 * Nordmarkt Hamburg Altona for tomorrow, demo.approver approves it (four-eyes); the ordering portal (demo.retailer) still offers it
 * today and no longer tomorrow, with the backend's clock moved a day (scripts/local/clock-hook.ts).
 */
const baseUrl = e2eLane().baseUrl;
const PRODUCT = 'Aurora Games 50 EUR';
const DAY_MS = 86_400_000;

const { freshPage } = useBrowser();

const setClock = async (offsetMs: number) => {
  const res = await fetch(`${baseUrl}/__local/clock`, { method: 'POST', body: JSON.stringify({ offsetMs }) });
  expect(res.status).toBe(200);
};

/** The products step of Nordmarkt Hamburg Altona as demo.retailer, once its table shows. */
async function hamburgProducts(): Promise<Page> {
  const page = await freshPage();
  await signInToOrdering(page, baseUrl, demoAccount('demo.retailer'));
  await page.goto(`${baseUrl}/app/retailer-selection`);
  await page.getByRole('listitem').filter({ hasText: 'Nordmarkt' }).getByRole('button', { name: 'Select' }).click();
  await page.getByRole('row').filter({ hasText: 'Hamburg Altona' }).getByRole('button', { name: 'Choose' }).click();
  await page.waitForURL(`${baseUrl}/app/order/location/S-100002`);
  await page.getByRole('row').filter({ hasText: 'Aurora Games 25 EUR' }).first().waitFor();
  return page;
}

describe('connect product allocation', () => {
  it('a product deallocated for tomorrow is still offered today and gone tomorrow in the ordering portal', async () => {
    const tomorrow = addDays(calendarDateInZone(new Date(), 'Europe/Berlin'), 1);
    const page = await freshPage();
    await signInToConnect(page, baseUrl, demoAccount('demo.connect'));
    await page.goto(`${baseUrl}/connect/product-allocation`);
    await page.getByLabel('Customer').selectOption('R-1001');
    await page.getByRole('button', { name: 'New change' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Change').selectOption('deallocation');
    await dialog.getByLabel('Product', { exact: true }).selectOption({ label: PRODUCT });
    await dialog.getByLabel('Where').selectOption('stores');
    await dialog.getByLabel(/Nordmarkt Hamburg Altona/).check();
    await dialog.getByLabel('Effective date').fill(tomorrow);
    await shoot(page, 'connect-allocation-change');
    await dialog.getByRole('button', { name: 'File the change' }).click();
    const open = (on: Page) => on.getByRole('listitem').filter({ hasText: PRODUCT }).filter({ hasText: 'Pending' });
    // Four-eyes (ADR 108): the requester's own Approve is disabled, demo.approver approves.
    expect(await open(page).getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    await open(page).getByText('another approver decides it').waitFor();
    await shoot(page, 'connect-allocation-open');
    const approver = await freshPage();
    await signInToConnect(approver, baseUrl, demoAccount('demo.approver'));
    await approver.goto(`${baseUrl}/connect/product-allocation`);
    await approver.getByLabel('Customer').selectOption('R-1001');
    await approver.getByRole('tab', { name: 'Open changes' }).click();
    await open(approver).getByRole('button', { name: 'Approve' }).click();
    await approver.getByText('The change is Approved.').waitFor();

    const today = await hamburgProducts();
    expect(await today.getByRole('row').filter({ hasText: PRODUCT }).count()).toBeGreaterThan(0);
    await setClock(DAY_MS);
    try {
      const next = await hamburgProducts();
      expect(await next.getByRole('row').filter({ hasText: PRODUCT }).count()).toBe(0);
    } finally {
      await setClock(0);
    }
  });
});
