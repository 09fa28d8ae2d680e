import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from '../support/e2e-lane.ts';
import { demoUsers } from '../../scripts/seed/seed.ts';
import { checkBothWidths } from '../support/axe.ts';
import { launchChromium, shoot } from '../support/browser.ts';
import { acceptInvitation, fillInvitation, fillInvitationPage, newInvitee, sendInvitation } from '../support/invitation.ts';

/**
 * The customer's audit log in German (ADR 116): G-RETAIL's own administrator (e2e.deutsch.admin, ordering
 * manageTeam, de-DE) mistypes the password once, signs in, and reads the log — the failed and the good sign-in in
 * German words, in Berlin time, with the address; exports the filtered log as CSV and XLSX (German headers, the
 * kinds' German names), which is recorded too and then listed. Then the team's events (ADR 113, ADR 122): the
 * administrator invites a colleague, the colleague signs in through the mailed link, the administrator changes
 * the colleague's permissions and deactivates the account — and the log says all of it in German words, also
 * when filtered by the colleague (the person as the subject). Against `npm start` and its demo seed.
 */
const baseUrl = e2eLane().baseUrl;
const sesUrl = e2eLane().sesUrl;
const admin = demoUsers().find((u) => u.username === 'e2e.deutsch.admin')!;
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

/** A German browser (navigator.languages ['de-DE']): the login page speaks German before anyone signs in. */
async function germanPage(): Promise<Page> {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 860 }, acceptDownloads: true });
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

const table = (page: Page) => page.getByRole('table', { name: 'Einträge des Aktivitätsprotokolls' });
const listAnswer = (page: Page, wanted: (query: URLSearchParams) => boolean = () => true) =>
  page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/audit' && wanted(url.searchParams) && r.ok();
  });

/** The German login page: one wrong password (recorded as a failed sign-in), then the right one. */
async function signInAfterOneMistake(page: Page) {
  await page.goto(baseUrl);
  await page.getByLabel('Benutzername').fill(admin.username);
  await page.getByLabel('Passwort').fill('Not-The-Password-1!');
  const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/signin');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  expect((await refused).ok()).toBe(false);
  await page.getByLabel('Passwort').fill(admin.password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.waitForURL(/\/app\//);
}

/** The German login page, the right password at once; `landed` waits for what follows the sign-in. */
async function signInGerman(page: Page, user: { username: string; password: string }) {
  await page.goto(baseUrl);
  await page.getByLabel('Benutzername').fill(user.username);
  await page.getByLabel('Passwort').fill(user.password);
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/signin');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  expect((await answered).ok()).toBe(true);
}

/** Starts an export in `format` ('CSV' or 'Excel (XLSX)'), waits for it and downloads its one file. */
async function exportAs(page: Page, format: string): Promise<{ name: string; path: string }> {
  await page.getByText(format, { exact: true }).click();
  const started = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/exports' && r.request().method() === 'POST');
  await page.getByRole('button', { name: /^(Export starten|Erneut exportieren)$/ }).click();
  expect((await started).status()).toBe(202);
  const download = page.getByRole('button', { name: /^Herunterladen/ });
  await download.waitFor({ timeout: 30_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  return { name: file.suggestedFilename(), path: (await file.path())! };
}

describe('the audit log (German, ordering administrator)', () => {
  it('shows sign-ins and downloads in German words, exports CSV and XLSX that read back', async () => {
    const page = await germanPage();
    await signInAfterOneMistake(page);

    // The sidebar names the section in German; only the administrator's permission opens it.
    const first = listAnswer(page);
    await page.getByRole('link', { name: 'Aktivitätsprotokoll' }).first().click();
    await first;
    await page.getByRole('heading', { level: 1, name: 'Aktivitätsprotokoll' }).waitFor();
    const rows = table(page).locator('tbody tr');
    await rows.first().waitFor();
    const texts = await rows.allTextContents();
    expect(texts.some((row) => row.includes('Angemeldet') && row.includes('Adele Deutsch'))).toBe(true);
    expect(texts.some((row) => row.includes('Anmeldung fehlgeschlagen'))).toBe(true);
    // Berlin time in German (dd.mm.yyyy, hh:mm:ss) and the address the request came from.
    expect(await rows.first().locator('time').textContent()).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}$/);
    expect(await rows.first().locator('td').nth(3).textContent()).toMatch(/\d|:/);
    expect(await checkBothWidths(page, 'audit log')).toEqual([]);
    await shoot(page, 'audit-log-de');

    // The kind filter: failed sign-ins only, in the URL.
    const failed = listAnswer(page, (q) => q.get('kind') === 'signin.failed');
    await page.getByLabel('Art', { exact: true }).selectOption('signin.failed');
    await page.getByRole('button', { name: 'Suchen' }).click();
    await failed;
    expect(new URL(page.url()).searchParams.get('kind')).toBe('signin.failed');
    await expect
      .poll(async () => new Set((await rows.allTextContents()).map((r) => r.includes('Anmeldung fehlgeschlagen'))))
      .toEqual(new Set([true]));

    // Every kind again (the first page's answer may come from the cache: no request to wait for), then the
    // export: CSV (UTF-8 with BOM, German headers and kind names).
    await page.getByLabel('Art', { exact: true }).selectOption('');
    await page.getByRole('button', { name: 'Suchen' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.has('kind')).toBe(false);
    await expect.poll(async () => (await rows.allTextContents()).some((row) => row.includes('Angemeldet'))).toBe(true);
    const csv = await exportAs(page, 'CSV');
    expect(csv.name).toMatch(/\.csv$/);
    const [header, ...lines] = readFileSync(csv.path, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header!.split(',')).toEqual(
      expect.arrayContaining(['Datum', 'Person', 'Benutzername', 'Ereignis', 'Ereignis (Code)', 'Adresse']),
    );
    expect(lines.some((l) => l.includes('Anmeldung') && l.includes('signin.succeeded'))).toBe(true);
    expect(lines.some((l) => l.includes('Fehlgeschlagene Anmeldung'))).toBe(true);
    await shoot(page, 'audit-log-de-export');

    // XLSX, read back with exceljs: the same headers on a sheet named in German.
    const xlsx = await exportAs(page, 'Excel (XLSX)');
    expect(xlsx.name).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(xlsx.path);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Aktivitätsprotokoll');
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(expect.arrayContaining(['Datum', 'Person', 'Benutzername', 'Ereignis', 'Adresse']));
    const kinds = sheet.getColumn(headers.indexOf('Ereignis (Code)') + 1).values.slice(2);
    expect(kinds).toContain('signin.failed');

    // The downloads are in the log too, in words.
    const again = listAnswer(page);
    await page.getByRole('button', { name: 'Suchen' }).click();
    await again;
    await expect.poll(async () => (await rows.allTextContents()).some((r) => r.includes('Hat einen Export heruntergeladen'))).toBe(true);
  });

  it("shows the team's events in German words: invitation, the colleague's first sign-in, a permission change, the deactivation", async () => {
    const invitee = newInvitee('kollegin', 'Kollegin-Test-2026!');
    const { username, password } = invitee;
    const page = await germanPage();
    await signInGerman(page, admin);
    await page.waitForURL(/\/app\//);

    // The invitation, in German, with the one permission the administrator holds.
    await page.getByRole('link', { name: 'Benutzer', exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Benutzer' }).waitFor();
    const dialog = await fillInvitation(page, 'de', { firstName: 'Ida', lastName: 'Neumann', email: invitee.email });
    await dialog.getByLabel('Benutzer verwalten').check();
    await sendInvitation(dialog, 'de');

    // The colleague follows the mailed link, chooses a name and password, and signs in.
    const colleague = await germanPage();
    await fillInvitationPage(colleague, 'de', { sesUrl, baseUrl }, invitee);
    await acceptInvitation(colleague, 'de', username);
    await signInGerman(colleague, { username, password });
    await colleague.context().close();

    // The administrator takes the permission away, then deactivates the account.
    await page.reload();
    await page.getByRole('link', { name: 'Ida Neumann' }).click();
    await page.getByRole('heading', { name: 'Ida Neumann' }).waitFor();
    await page.getByLabel('Benutzer verwalten').uncheck();
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/team/') && r.request().method() !== 'GET');
    await page.getByRole('button', { name: 'Änderungen speichern' }).click();
    expect((await saved).ok()).toBe(true);
    await page.getByRole('button', { name: 'Deaktivieren', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Dieses Konto deaktivieren?' });
    await confirm.getByRole('button', { name: 'Deaktivieren', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });

    // The log, newest first, in German words: who did what to whom, with the details in words.
    const shown = listAnswer(page);
    await page.getByRole('link', { name: 'Aktivitätsprotokoll' }).first().click();
    await shown;
    const rows = table(page).locator('tbody tr');
    await rows.first().waitFor();
    const texts = await rows.allTextContents();
    const said = (words: string) => texts.some((row) => row.includes(words));
    expect(said('Hat Ida Neumann eingeladen')).toBe(true);
    expect(said('Hat die Einladung angenommen')).toBe(true);
    expect(texts.some((row) => row.includes('Angemeldet') && row.includes(username))).toBe(true);
    expect(said('Hat die Berechtigungen von Ida Neumann geändert')).toBe(true);
    expect(said('Vorher: Benutzer verwalten') && said('Nachher: Keine Berechtigungen')).toBe(true);
    expect(said('Hat Ida Neumann deaktiviert')).toBe(true);

    // Filtered by the colleague: what she did and what was done to her (ADR 122).
    const byPerson = listAnswer(page, (q) => q.get('person') === username);
    await page.getByLabel('Benutzer', { exact: true }).fill(username);
    await page.getByRole('button', { name: 'Suchen' }).click();
    await byPerson;
    await expect.poll(async () => (await rows.allTextContents()).some((row) => row.includes('Hat Ida Neumann deaktiviert'))).toBe(true);
    const filtered = await rows.allTextContents();
    expect(filtered.some((row) => row.includes('Hat die Einladung angenommen'))).toBe(true);
    expect(filtered.some((row) => row.includes('Hat die Berechtigungen von Ida Neumann geändert'))).toBe(true);
    await shoot(page, 'audit-log-de-team');
  });
});
