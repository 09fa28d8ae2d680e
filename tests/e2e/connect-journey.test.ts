import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eLane } from '../support/e2e-lane.ts';
import { demoAccount } from '../support/demo-users.ts';
import { shoot, signInToConnect, useBrowser } from '../support/browser.ts';

/**
 * The connect journey: sign in to connect as demo.connect (provider P-2001, Aurora Digital),
 * look up a serial, filter the transactions, page, open a detail, export the whole filtered result as CSV
 * and download the file — at 1280 px, then the list on a 375 px phone. Against the real `npm start` runtime and its demo
 * seed (~3 transactions a day for P-2001 over the 90 demo days). No sleeps: every step waits for a state.
 */
const baseUrl = e2eLane().baseUrl;
const connectUser = demoAccount('demo.connect');

const { freshPage } = useBrowser({ acceptDownloads: true });

const signIn = (page: Page) => signInToConnect(page, baseUrl, connectUser);

/** The next answer of the list call whose query satisfies `wanted`. */
const listAnswer = (page: Page, wanted: (query: URLSearchParams) => boolean) =>
  page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/transactions' && wanted(url.searchParams) && r.ok();
  });

const searchParams = (page: Page) => new URL(page.url()).searchParams;
const table = (page: Page) => page.getByRole('table', { name: 'Transactions' });
/** The cells of the list's column headed `name` (a content provider's list has a Customer column first, ADR 056). */
async function columnCells(page: Page, name: string) {
  const headers = (await table(page).locator('thead th').allTextContents()).map((h) => h.trim());
  return table(page).locator(`tbody tr td:nth-child(${headers.findIndex((h) => h.startsWith(name)) + 1})`);
}

describe('connect journey', () => {
  it('looks up a serial, filters transactions, pages, opens a detail, exports and downloads (1280 px)', async () => {
    const page = await freshPage();
    await signIn(page);

    // Serial Numbers: one serial looked up; its answer (found or not) is shown under its own heading.
    await page.getByRole('navigation', { name: 'connect navigation' }).first().getByRole('link', { name: 'Serial Numbers' }).click();
    await page.getByLabel('Serial numbers').fill('7000100000000011');
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('heading', { name: '7000100000000011' }).waitFor();
    expect(searchParams(page).get('serials')).toBe('7000100000000011');
    await shoot(page, 'connect-journey-serial');

    // Transactions: the only customer is preselected and the last 7 days are listed at once.
    const firstList = listAnswer(page, (q) => q.get('customerId') === 'P-2001');
    await page.getByRole('navigation', { name: 'connect navigation' }).first().getByRole('link', { name: 'Transactions' }).click();
    await firstList;
    await table(page).locator('tbody tr').first().waitFor();

    // Filter: the last 31 days, type Sale, 25 a page.
    await page.getByLabel('Transaction date').selectOption('month');
    await page.getByLabel('Type', { exact: true }).selectOption('sale');
    const filtered = listAnswer(page, (q) => q.get('type') === 'sale');
    await page.getByRole('button', { name: 'Search' }).click();
    await filtered;
    expect(searchParams(page).get('preset')).toBe('month');
    expect(searchParams(page).get('type')).toBe('sale');
    const sized = listAnswer(page, (q) => q.get('type') === 'sale' && q.get('maxResults') === '25');
    await page.getByLabel('Per page').selectOption('25');
    await sized;
    await page.getByText(/Page 1 of \d+/).waitFor();
    expect(new Set(await (await columnCells(page, 'Type')).allTextContents())).toEqual(new Set(['Sale']));
    // Aurora Digital's list holds the sales of its products at the retailers, each named (ADR 056).
    expect(await (await columnCells(page, 'Customer')).allTextContents()).toContain('Nordmarkt');
    await shoot(page, 'connect-journey-filtered');

    // Page 2 in the first page's snapshot (asOf in the URL and the call).
    const firstOnPage1 = await table(page).locator('tbody tr').first().textContent();
    const second = listAnswer(page, (q) => q.get('index') === '1' && q.has('asOf'));
    await page.getByRole('button', { name: 'Next page' }).click();
    await second;
    await page.getByText(/Page 2 of \d+/).waitFor();
    expect(searchParams(page).get('page')).toBe('2');
    expect(searchParams(page).get('asOf')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await table(page).locator('tbody tr').first().textContent()).not.toBe(firstOnPage1);
    expect(new Set(await (await columnCells(page, 'Type')).allTextContents())).toEqual(new Set(['Sale']));
    await shoot(page, 'connect-journey-page-2');

    // Detail of the first row: every field, from the detail call.
    const row = table(page).locator('tbody tr').first();
    const when = (await row.locator('time').textContent())!;
    const customer = (await (await columnCells(page, 'Customer')).first().textContent())!;
    await row.getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'Transaction' });
    await dialog.getByText('Transaction ID').waitFor();
    // The customer it was booked for: Aurora Digital itself, or the retailer that sold its product (ADR 056).
    await dialog.getByText(new RegExp(`^${customer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\([A-Z]-\\d+\\)$`)).waitFor();
    await dialog.getByText(when, { exact: true }).waitFor();
    expect(searchParams(page).get('tx')).toBeTruthy();
    await shoot(page, 'connect-journey-detail');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(searchParams(page).get('tx')).toBeNull();

    // Export the whole filtered result (every page) as CSV, then download it.
    const total = Number((await page.getByText(/^[\d,]+ results/).textContent())!.match(/^[\d,]+/)![0].replace(/,/g, ''));
    const started = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/exports' && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Start export' }).click();
    expect((await started).status()).toBe(202);
    const download = page.getByRole('button', { name: /^Download/ });
    await download.waitFor({ timeout: 30_000 });
    await page.getByText(`Export ready: ${total.toLocaleString('en-US')} rows.`).waitFor();
    await shoot(page, 'connect-journey-export');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    // The CSV (UTF-8 with BOM): a header naming every filter field, then one line per row of every page.
    const [header, ...rows] = readFileSync((await file.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .map((l) => l.split(','));
    for (const column of [
      'Date',
      'Customer',
      'Terminal ID',
      'Type',
      'Result code',
      'Result',
      'Serial number',
      'EAN',
      'Amount',
      'Product',
    ]) {
      expect(header).toContain(column);
    }
    expect(rows).toHaveLength(total);
    // Labels as the screen words them, the code beside them for machines (ADR 054).
    expect(new Set(rows.map((row) => row[header!.indexOf('Type')]))).toEqual(new Set(['Sale']));
    expect(new Set(rows.map((row) => row[header!.indexOf('Type (code)')]))).toEqual(new Set(['sale']));
  });

  it('lists on a phone without sideways scrolling: folded filters, one card per transaction, paging, an XLSX export (375 px)', async () => {
    const page = await freshPage();
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page);
    const list = listAnswer(page, (q) => q.get('index') === '0' && q.get('maxResults') === '25');
    await page.goto(`${baseUrl}/connect/transactions?preset=month&size=25`);
    await list;
    const cards = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(25);
    expect(await table(page).isVisible()).toBe(false);

    // The optional filters are folded under their toggle; the customer and the dates stay in view.
    const terminal = page.getByLabel('Terminal ID');
    expect(await terminal.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await terminal.waitFor();
    await shoot(page, 'connect-journey-phone');
    await page.setViewportSize({ width: 375, height: 740 });

    const second = listAnswer(page, (q) => q.get('index') === '1' && q.has('asOf'));
    await page.getByRole('button', { name: 'Next page' }).click();
    await second;
    await page.getByText(/Page 2 of \d+/).waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);

    // The same result as XLSX from the phone: a zip (an Office Open XML workbook).
    await page.getByText('Excel (XLSX)').click();
    await page.getByRole('button', { name: 'Start export' }).click();
    const download = page.getByRole('button', { name: /^Download/ });
    await download.waitFor({ timeout: 30_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(
      readFileSync((await file.path())!)
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');
  });
});
