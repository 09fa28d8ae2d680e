import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eLane } from '../support/e2e-lane.ts';
import { demoAccount } from '../support/demo-users.ts';
import { shoot, signInToOrdering, useBrowser } from '../support/browser.ts';

/**
 * The ordering portal in the browser (ADR 015): retailer selection, the order stepper with suggested
 * quantities and a basket error, submit, finalisation with the PDF, the order in Orders and the Sales
 * chart — against the real `npm start` runtime with its demo data. Screens are shot at 375 and 1280 px.
 */
const baseUrl = e2eLane().baseUrl;
const retailer = demoAccount('demo.retailer');

const { freshPage } = useBrowser({ acceptDownloads: true });

const signIn = (page: Page) => signInToOrdering(page, baseUrl, retailer);

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (locator: Locator): Promise<Box> => (await locator.boundingBox())!;
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
/** Whether `inner` lies wholly inside `outer` (the viewport, or the table's scroll box). */
const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

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

    // Products (ADR 017): the decision columns by default, more through the column chooser.
    await page.waitForURL(`${baseUrl}/app/order/location/S-100001`);
    for (const column of ['Name', 'PU', 'Sales (last 4 weeks)', 'Last order', 'Stock warning', 'Suggested order quantity']) {
      await page.getByRole('columnheader', { name: column }).first().waitFor();
    }
    await expect(page.getByRole('columnheader', { name: 'Article no.' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: /^Columns \(4 of 16\)$/ }).click();
    for (const column of ['Article no.', 'EAN', 'Brand', 'AIRS']) await page.getByRole('checkbox', { name: column }).check();
    await page.keyboard.press('Escape');
    await page.getByRole('columnheader', { name: 'Article no.' }).first().waitFor();

    // At 1280x800, even with 8 figures, the name, the suggestion and the quantity field of a row are in
    // view, before and after the figures scroll sideways; the header stays while the rows scroll.
    await page.setViewportSize({ width: 1280, height: 800 });
    const scroller = page.getByTestId('product-table-scroller');
    const aurora25 = page.getByRole('row').filter({ hasText: 'Aurora Games 25 EUR' });
    const inView = async () => {
      const frame = await boxOf(scroller);
      for (const part of [
        aurora25.getByRole('rowheader'),
        aurora25.getByRole('cell').nth(-2), // the suggested quantity
        aurora25.getByLabel('Order quantity for Aurora Games 25 EUR'),
      ]) {
        const box = await boxOf(part);
        expect(within(box, frame)).toBe(true);
        expect(within(box, { x: 0, y: 0, width: 1280, height: 800 })).toBe(true);
      }
    };
    await aurora25.scrollIntoViewIfNeeded();
    await inView();
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await scroller.evaluate((el) => el.scrollBy({ left: el.scrollWidth }));
    expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await inView();
    await scroller.evaluate((el) => el.scrollTo({ left: 0, top: el.scrollHeight }));
    const header = await boxOf(page.getByRole('columnheader', { name: 'Suggested order quantity' }));
    expect(within(header, await boxOf(scroller))).toBe(true);
    await scroller.evaluate((el) => el.scrollTo({ left: 0, top: 0 }));
    await page.setViewportSize({ width: 1280, height: 860 });
    await shoot(page, 'ordering-products-columns');

    // Keyboard: one link skips the sortable headers to the first quantity field; arrows move down the column.
    await page.getByRole('link', { name: 'Skip to order quantities' }).focus();
    await page.keyboard.press('Enter');
    const focused = () => page.evaluate('document.activeElement?.getAttribute("aria-label")');
    await expect(focused()).resolves.toBe('Order quantity for Aurora Games 15 EUR');
    await page.keyboard.press('ArrowDown');
    await expect(focused()).resolves.toBe('Order quantity for Aurora Games 25 EUR');

    // What is typed stays (ADR 017): 10.5, 1e3 and -10 are not numbers, never another quantity.
    const typed = page.getByLabel('Order quantity for Aurora Games 25 EUR');
    for (const text of ['10.5', '1e3', '-10']) {
      await typed.fill(text);
      await aurora25.getByText('Value must be numeric').waitFor();
      await expect(typed.inputValue()).resolves.toBe(text);
      await page.getByRole('region', { name: 'Basket summary' }).getByText('Your order is invalid').waitFor();
    }
    await shoot(page, 'ordering-products-not-numeric');
    await typed.fill('');

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
    // The confirmation (ADR 017) shows at once, although 'Suggested quantities set' was still on
    // screen, and it covers no primary action: not where Submit order was, not the finalisation's.
    const submit = page.getByRole('button', { name: 'Submit order' });
    await submit.scrollIntoViewIfNeeded();
    const submitBox = await boxOf(submit);
    await submit.click();
    const created = page.getByText('Your order has been created successfully. Order quantities and delivery date will be approved.');
    await created.waitFor();
    const toast = await boxOf(page.getByRole('status').filter({ has: created }));
    expect(overlaps(toast, submitBox)).toBe(false);

    // Finalisation: summary and the server's PDF.
    await page.waitForURL(/\/app\/order\/finalise\/O-\d{8}-[0-9A-Z]{6}$/);
    const orderId = page.url().split('/').at(-1)!;
    await page.getByText('E2E-4711').first().waitFor();
    expect(overlaps(toast, await boxOf(page.getByRole('link', { name: 'Download PDF' })))).toBe(false);
    await shoot(page, 'ordering-finalise');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
    // Core's orderPdfFileName: the order and its date in the user's zone.
    expect(download.suggestedFilename()).toMatch(new RegExp(`^Order-${orderId}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`));
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

  it('restores the last retailer in a new browser context, and the selection page shows one message (ADR 017)', async () => {
    const page = await freshPage();
    await signIn(page);
    await page.goto(`${baseUrl}/app/order`);
    await page.waitForURL(`${baseUrl}/app/retailer-selection`);
    await page.getByText('Please select a retailer to proceed.').waitFor();
    // One message: no 'Current' box and no toast on top of it.
    await expect(page.getByText(/Selected retailer/).count()).resolves.toBe(0);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /retailer/i })
        .count(),
    ).resolves.toBe(0);
    await page.getByRole('listitem').filter({ hasText: 'City Kiosk' }).getByRole('button').click();
    await page.waitForURL(`${baseUrl}/app/order`);

    // A new context with what the browser keeps (cookies, localStorage; sessionStorage starts empty),
    // as after closing the tab: New Order goes straight to the address step for City Kiosk.
    const context = await page
      .context()
      .browser()!
      .newContext({ storageState: await page.context().storageState() });
    try {
      const next = await context.newPage();
      next.setDefaultTimeout(15_000);
      await next.goto(`${baseUrl}/app/order`);
      await next.getByRole('heading', { name: 'Select delivery address' }).waitFor();
      expect(next.url()).toBe(`${baseUrl}/app/order`);
      await next.getByText('City Kiosk').first().waitFor();
      // The selection page then shows the current retailer as its one message.
      await next.goto(`${baseUrl}/app/retailer-selection`);
      await next.getByText('Selected retailer: City Kiosk').waitFor();
      await expect(next.getByText('Please select a retailer to proceed.').count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });
});
