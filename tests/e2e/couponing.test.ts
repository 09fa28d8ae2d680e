import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eLane } from '../support/e2e-lane.ts';
import { demoAccount } from '../support/demo-users.ts';
import { shoot, signInToOrdering, useBrowser } from '../support/browser.ts';

/**
 * Couponing in the browser (ADR 016): the stepper Filter → Query → Details against the real `npm start`
 * runtime with its demo serials — a bad line in the list, the results with their statuses, then void and
 * activate again on one card with the transactions that leaves. Serials 7000100000000012, …013 and …001
 * are used by this file only (the e2e server's data is shared by the files of one run).
 * Screens are shot at 375 and 1280 px.
 */
const baseUrl = e2eLane().baseUrl;
const retailer = demoAccount('demo.retailer');

const { freshPage } = useBrowser();

const signIn = (page: Page) => signInToOrdering(page, baseUrl, retailer);

const resultRow = (page: Page, serial: string) => page.getByRole('row').filter({ hasText: serial });

describe('couponing journey', () => {
  it('checks pasted serials, voids a coupon and activates it again, with its transactions', async () => {
    const page = await freshPage();
    await signIn(page);

    // Filter: a pasted list with a bad line and a repeat; the bad line blocks the query.
    await page.goto(`${baseUrl}/app/couponing`);
    await page.getByRole('heading', { name: 'Enter serial numbers' }).waitFor();
    const serials = page.getByLabel('Serial numbers');
    const query = page.getByRole('button', { name: 'Query', exact: true });
    expect(await query.isDisabled()).toBe(true);
    await serials.fill('7000100000000012\n7000 1000 0000 0013\n12-AB\n7000100000000001\n7000100000000012');
    await page.getByText('Lines to correct: 1').waitFor();
    await page.getByText('Line 3').waitFor();
    await page.getByText('A serial number has 10 to 20 digits.').waitFor();
    await page.getByText('Repeats dropped: 1').waitFor();
    expect(await query.isDisabled()).toBe(true);
    await shoot(page, 'couponing-filter');

    // Without the bad line three serials are ready; the text survives a reload.
    await serials.fill('7000100000000012\n7000 1000 0000 0013\n7000100000000001\n7000100000000012');
    await page.getByText('Serial numbers ready: 3').waitFor();
    await page.reload();
    await expect(page.getByLabel('Serial numbers').inputValue()).resolves.toContain('7000 1000 0000 0013');
    await query.click();

    // Query: one row per serial with the spec's statuses.
    await page.waitForURL(`${baseUrl}/app/couponing/query`);
    const expected: [string, string, string][] = [
      ['7000100000000012', 'sold', 'Activated'],
      ['7000100000000013', 'sold', 'Activated'],
      ['7000100000000001', 'available', 'Not ready'],
    ];
    for (const [serial, serialStatus, couponingStatus] of expected) {
      const row = resultRow(page, serial);
      await row.waitFor();
      const text = await row.textContent();
      expect(text).toContain(serialStatus);
      expect(text).toContain(couponingStatus);
    }
    await expect(page.getByRole('row').count()).resolves.toBe(1 + expected.length);
    await shoot(page, 'couponing-query');

    // Details of …012: facts, actions, no transactions yet.
    await resultRow(page, '7000100000000012').getByRole('link', { name: '7000100000000012' }).click();
    await page.waitForURL(/\/app\/couponing\/details\?serial=7000100000000012&ean=\d{13}$/);
    await page.getByRole('heading', { name: 'Serial number 7000100000000012' }).waitFor();
    await page.getByText('no transactions for the serial').waitFor();

    // An action needs a terminal id.
    await page.getByRole('button', { name: 'Void', exact: true }).click();
    await page.getByText('Enter the terminal ID.').waitFor();
    await page.getByLabel('Terminal ID').fill('E2E-T-7');

    // Void asks first, then books; the card shows Voided with the spec's note.
    await page.getByRole('button', { name: 'Void', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Void the coupon?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Void coupon' }).click();
    await page.getByText('Coupon voided').waitFor();
    await page.getByText('can be activated again').waitFor();
    expect(await page.getByRole('button', { name: 'Void', exact: true }).isDisabled()).toBe(true);
    await page.getByText('The coupon is already voided.').waitFor();
    await shoot(page, 'couponing-details-voided');

    // Activate again: Activated, and both transactions, newest first, each time in its column.
    await page.getByRole('button', { name: 'Activate', exact: true }).click();
    await page.getByText('Coupon activated').waitFor();
    const transactions = page.getByRole('table', { name: 'Transactions of the card' });
    await transactions.getByRole('row').nth(2).waitFor();
    const rows = await transactions.getByRole('row').allTextContents();
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(/^E2E-T-7.*Activate.*Activated$/);
    expect(rows[2]).toMatch(/^E2E-T-7.*Void.*Voided$/);
    const cells = (row: number) => transactions.getByRole('row').nth(row).getByRole('cell').allTextContents();
    // Terminal, Activation, Redemption, Void, Type, Status
    expect((await cells(1)).map((c) => c !== '—')).toEqual([true, true, false, false, true, true]);
    expect((await cells(2)).map((c) => c !== '—')).toEqual([true, false, false, true, true, true]);
    await page.getByText('The coupon is already activated.').waitFor();
    await shoot(page, 'couponing-details');

    // Back to the results: the row shows the card's state after the actions, the query kept.
    await page.getByRole('link', { name: 'Back to the results' }).click();
    await page.waitForURL(`${baseUrl}/app/couponing/query`);
    await expect(resultRow(page, '7000100000000012').textContent()).resolves.toContain('Activated');
  });

  it('asks before Redeem like Void and Deactivate; a deactivation shows its time with its Type, not under Void', async () => {
    const page = await freshPage();
    await signIn(page);
    const details = async (serial: string) => {
      await page.goto(`${baseUrl}/app/couponing`);
      await page.getByLabel('Serial numbers').fill(serial);
      await page.getByRole('button', { name: 'Query', exact: true }).click();
      await resultRow(page, serial).getByRole('link', { name: serial }).click();
      await page.getByRole('heading', { name: `Serial number ${serial}` }).waitFor();
    };

    // Redeem (…013, activated): a dialog first; Cancel books nothing, the confirm button redeems.
    await details('7000100000000013');
    await page.getByLabel('Terminal ID').fill('E2E-T-9');
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Redeem the coupon?' });
    await dialog.waitFor();
    await shoot(page, 'couponing-redeem-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('no transactions for the serial').waitFor();
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    await dialog.getByRole('button', { name: 'Redeem coupon' }).click();
    await page.getByText('Coupon redeemed').waitFor();

    // Deactivate (…001, not ready): confirmed; its row has no time under Void but one under Type.
    await details('7000100000000001');
    await page.getByLabel('Terminal ID').fill('E2E-T-9');
    await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await page.getByRole('dialog', { name: 'Deactivate the coupon?' }).getByRole('button', { name: 'Deactivate coupon' }).click();
    const transactions = page.getByRole('table', { name: 'Transactions of the card' });
    await transactions.getByRole('row').nth(1).waitFor();
    const cells = await transactions.getByRole('row').nth(1).getByRole('cell').allTextContents();
    // Terminal, Activation, Redemption, Void, Type, Status
    expect(cells.map((c) => c !== '—')).toEqual([true, false, false, false, true, true]);
    expect(cells[4]).toMatch(/^Deactivate.*\d/);
    await shoot(page, 'couponing-details-deactivated');
  });
});
