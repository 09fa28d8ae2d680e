import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eLane } from '../support/e2e-lane.ts';
import { demoUsers } from '../../scripts/seed/seed.ts';
import { checkBothWidths } from '../support/axe.ts';
import { shoot, signInToOrdering, useBrowser } from '../support/browser.ts';
import { acceptInvitation, fillInvitation, fillInvitationPage, newInvitee, sendInvitation } from '../support/invitation.ts';

/**
 * The customer's own administrator in the browser (ADR 113): the admin (seed account e2e.team.admin, holding
 * cardOrdering, retailerSales and manageTeam) invites a colleague with one permission; the colleague opens the
 * mailed link, chooses a username and password, signs in and sees exactly the granted section; the admin
 * deactivates the colleague, whose open session ends with its next request. axe at both widths on every screen.
 */
const baseUrl = e2eLane().baseUrl;
const sesUrl = e2eLane().sesUrl;
const admin = demoUsers().find((u) => u.username === 'e2e.team.admin');
if (!admin) throw new Error('no demo account e2e.team.admin');

const { freshPage } = useBrowser();

async function noAxeFindings(page: Page, label: string) {
  expect(await checkBothWidths(page, label)).toEqual([]);
}

describe('team management by the customer’s own admin', () => {
  it('invites a colleague who signs in through the mailed link with exactly the granted section; deactivation ends the session', async () => {
    const colleague = newInvitee('invitee', 'Invitee-Test-2026!');
    const { email, username, password } = colleague;

    const page = await freshPage();
    await signInToOrdering(page, baseUrl, admin);
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByRole('table').waitFor();
    await noAxeFindings(page, 'users list');
    await shoot(page, 'team-list');

    const dialog = await fillInvitation(page, 'en', { firstName: 'Ivo', lastName: 'Invitee', email });
    // Only what the admin holds is offered: no coupon management.
    expect(await dialog.getByLabel('Manage coupons').count()).toBe(0);
    await dialog.getByLabel('See retailer sales').check();
    await noAxeFindings(page, 'invite dialog');
    await shoot(page, 'team-invite');
    await sendInvitation(dialog, 'en');
    await page.getByRole('cell', { name: email, exact: true }).waitFor();

    const invitee = await freshPage();
    await fillInvitationPage(invitee, 'en', { sesUrl, baseUrl }, colleague);
    await noAxeFindings(invitee, 'invitation page');
    await shoot(invitee, 'team-invitation');
    await acceptInvitation(invitee, 'en', username);
    await invitee.getByRole('link', { name: 'To sign-in' }).click();
    await signInToOrdering(invitee, baseUrl, { username, password });
    // Exactly the granted section: Sales (retailerSales) — and Retailer, which retailerSales opens too (SPEC 2).
    const nav = invitee.getByRole('navigation', { name: 'Main navigation' });
    await nav.waitFor();
    const entries = await nav.getByRole('link').allTextContents();
    expect(entries.map((e) => e.trim()).filter((e) => e !== 'My Account')).toEqual(['Retailer', 'Sales']);

    await page.reload();
    await page.getByRole('link', { name: 'Ivo Invitee' }).click();
    await page.getByRole('heading', { name: 'Ivo Invitee' }).waitFor();
    await noAxeFindings(page, 'account page');
    await shoot(page, 'team-user');
    await page.getByRole('button', { name: 'Deactivate' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate this account?' });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('Deactivated', { exact: true }).first().waitFor();

    // The invitee's open session ends with its next request.
    const status = (await invitee.evaluate(
      "fetch('/api/auth/status', { credentials: 'include', headers: { 'X-Portal': 'ordering' } }).then((r) => r.text())",
    )) as string;
    expect(status).toContain('"loggedIn":false');
  });
});
