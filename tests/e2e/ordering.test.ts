import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { demoUsers } from '../../scripts/seed/seed.ts';
import { shoot, signInToOrdering, useBrowser } from '../support/browser.ts';

/**
 * The ordering portal in the browser (issue 4): retailer selection, the order stepper with suggested
 * quantities and a basket error, submit, finalisation with the PDF, the order in Orders and the Sales
 * chart — against the real `npm start` runtime with its demo data. Screens are shot at 375 and 1280 px.
 */
const baseUrl = inject('baseUrl');
const retailer = demoUsers().find((u) => u.username === 'demo.retailer')!;

const { freshPage } = useBrowser({ acceptDownloads: true });

const signIn = (page: Page) => signInToOrdering(page, baseUrl, retailer);

describe('ordering journey', () => {
  it('orders with suggested quantities, fixes a PU error, submits, gets the PDF, finds the order and sees sales', async () => {
    const page = await freshPage();
    await signIn(page);

    // New Order without a chosen retailer: 'retailer required' and the selection page.
    await page.goto(`${baseUrl}/app/order`);
    await page.waitForURL(`${baseUrl}/app/retailer-selection`);
    await page.getByText('Please select a retailer to proceed.').waitFor();
    // demo.retailer acts for the group G-RETAIL: Nordmarkt and City Kiosk; the search narrows the list.
    const cityKiosk = page.getByRole('listitem').filter({ hasText: 'City Kiosk' });
    await cityKiosk.waitFor();
    await page.getByLabel('Search retailers').fill('nord');
    await cityKiosk.waitFor({ state: 'detached' });
    const nordmarkt = page.getByRole('listitem').filter({ hasText: 'Nordmarkt' });
    await shoot(page, 'ordering-retailer-selection');
    await nordmarkt.getByRole('button', { name: 'Select' }).click();

    // Address: the retailer's stores (showStoreList); a locked one cannot be chosen.
    await page.waitForURL(`${baseUrl}/app/order`);
    await page.getByRole('heading', { name: 'Select delivery address' }).waitFor();
    const locked = page.getByRole('row').filter({ hasText: 'Leipzig Zentrum' });
    await locked.waitFor();
    await expect(locked.getByRole('button', { name: 'Choose' }).count()).resolves.toBe(0);
    await shoot(page, 'ordering-address');
    await page.getByRole('row').filter({ hasText: 'Berlin Mitte' }).getByRole('button', { name: 'Choose' }).click();

    // Products: every figure column, suggested quantities in one click.
    await page.waitForURL(`${baseUrl}/app/order/location/S-100001`);
    for (const column of ['Article no.', 'Sales (last 4 weeks)', 'Suggested order quantity', 'Stock warning', 'AIRS']) {
      await page.getByRole('columnheader', { name: column }).first().waitFor();
    }
    await page.getByRole('button', { name: 'Use suggested quantities' }).click();
    const summary = page.getByRole('region', { name: 'Basket summary' });
    await summary.getByText(/\d+ lines?/).waitFor();

    // A quantity off the packaging unit (PU 10): the line says 'PU' and the order cannot continue.
    const aurora = page.getByLabel('Order quantity for Aurora Games 15 EUR');
    await aurora.fill('15');
    await page.getByText('PU: 10').first().waitFor();
    await summary.getByText('Your order is invalid').waitFor();
    expect(await summary.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await shoot(page, 'ordering-products-pu-error');
    await aurora.fill('20');
    await expect(summary.getByText('Your order is invalid').count()).resolves.toBe(0);

    // The basket survives a reload.
    await page.reload();
    await expect(page.getByLabel('Order quantity for Aurora Games 15 EUR').inputValue()).resolves.toBe('20');
    await summary.getByRole('link', { name: 'Continue' }).click();

    // Order: check, reference, submit.
    await page.waitForURL(`${baseUrl}/app/order/check/S-100001`);
    await page.getByRole('heading', { name: 'Please check your order' }).waitFor();
    await page.getByLabel('Order reference').fill('E2E-4711');
    await shoot(page, 'ordering-check');
    await page.getByRole('button', { name: 'Submit order' }).click();
    await page
      .getByText('Your order has been created successfully. Order quantities and delivery date will be approved.')
      .waitFor();

    // Finalisation: summary and the server's PDF.
    await page.waitForURL(/\/app\/order\/finalise\/O-\d{8}-[0-9A-Z]{6}$/);
    const orderId = page.url().split('/').at(-1)!;
    await page.getByText('E2E-4711').first().waitFor();
    await shoot(page, 'ordering-finalise');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`order-${orderId}.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1500);

    // The basket and location were cleared: a new order starts at the address step.
    await page.goto(`${baseUrl}/app/order/products`);
    await page.waitForURL(`${baseUrl}/app/order`);

    // Orders: the new order is listed, its detail shows the positions.
    await page.goto(`${baseUrl}/app/orders`);
    const row = page.getByRole('row').filter({ hasText: orderId });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('E2E-4711');
    await shoot(page, 'ordering-orders');
    await row.getByRole('link', { name: orderId }).click();
    await page.waitForURL(`${baseUrl}/app/orders/${orderId}`);
    await page.getByText('Aurora Games 15 EUR').first().waitFor();
    await shoot(page, 'ordering-order-detail');

    // Sales: the statistic's chart of the last 28 days.
    await page.goto(`${baseUrl}/app/sales`);
    await page.getByRole('img', { name: /by Day/i }).waitFor();
    await shoot(page, 'ordering-sales');
  });
});
