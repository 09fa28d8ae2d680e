import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eLane } from '../support/e2e-lane.ts';
import { demoAccount } from '../support/demo-users.ts';
import { shoot, signInToConnect, useBrowser } from '../support/browser.ts';
import { DEMO_SFTP_LOGIN, entries, read, sftpSession } from '../support/sftp-session.ts';

/**
 * The reports journey (ADR 040): as demo.connect (provider P-2001) create a custom report with a
 * filter and two recipients (a portal user and an external contact, who confirms the mailed link first,
 * ADR 051), schedule it daily with e-mail and FTP delivery, advance the local scheduler's clock through its test hook (POST /__local/scheduler/advance,
 * answered once the fired runs finished), read both mails in the local mailbox, download the file from
 * "Report files", fetch the FTP copy over SFTP with the demo customer's login, unsubscribe the external
 * recipient through the mail's link, and resend a delivery made to fail by the local fault hook. Then the
 * list and the report page on a 375 px phone. Against the real `npm start` runtime; no sleeps.
 */
const baseUrl = e2eLane().baseUrl;
const sesUrl = e2eLane().sesUrl;
const dataDir = e2eLane().dataDir;
const connectUser = demoAccount('demo.connect');
const REPORT_NAME = `E2E sales ${Date.now().toString(36)}`;
const CONTACT = 'reports.e2e@example.test';

const { freshPage } = useBrowser({ acceptDownloads: true });

const signIn = (page: Page) => signInToConnect(page, baseUrl, connectUser);

type Mail = {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  attachments?: { filename: string; size: number; content: string }[];
};
async function mailsTo(address: string): Promise<Mail[]> {
  const { emails } = (await (await fetch(`${sesUrl}/store`)).json()) as { emails: Mail[] };
  return emails.filter((m) => m.destination.to.map((a) => a.toLowerCase()).includes(address.toLowerCase()));
}

/** The local runtime's hooks (scripts/local, never in the Lambda app). */
const local = async (path: string, body?: unknown) => {
  const res = await fetch(`${baseUrl}/__local/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return res.json() as Promise<Record<string, unknown>>;
};

/** Every file under `dir` of the demo customer's SFTP login (a real SFTP client, the seeded password). */
async function sftpFiles(dir: string): Promise<{ path: string; read: () => Promise<Buffer> }[]> {
  const ports = (JSON.parse(readFileSync(`${dataDir}/running.json`, 'utf8')) as { ports: { sftp: number } }).ports;
  return sftpSession(ports.sftp, DEMO_SFTP_LOGIN, async (sftp) => {
    const walk = async (at: string): Promise<string[]> => {
      const nested = await Promise.all(
        (await entries(sftp, at)).map((e) =>
          e.attrs.isDirectory() ? walk(`${at}/${e.filename}`) : Promise.resolve([`${at}/${e.filename}`]),
        ),
      );
      return nested.flat();
    };
    return Promise.all(
      (await walk(dir)).map(async (path) => {
        const body = await read(sftp, path);
        return { path, read: async () => body };
      }),
    );
  });
}

const csvOf = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);

describe('connect reports', () => {
  it('creates, schedules and delivers a custom report; files, SFTP, unsubscribe and resend (1280 px)', async () => {
    const page = await freshPage();
    await signIn(page);

    // Reports opens on "General reports" for the only customer.
    await page.getByRole('navigation', { name: 'connect navigation' }).first().getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('tab', { name: 'General reports', selected: true }).waitFor();
    // The demo brand's general reports (brands.jsonl reportIds), each with its read-only definition.
    await page.getByRole('table', { name: 'Reports' }).getByRole('link', { name: 'Transactions' }).waitFor();
    await shoot(page, 'connect-reports-general');

    // Custom reports → New report: a sales report grouped by product, three columns, CSV.
    await page.getByRole('tab', { name: 'Custom reports' }).click();
    await page.getByRole('link', { name: 'New report' }).click();
    await page.getByRole('button', { name: 'Create report' }).click();
    await page.getByText('Enter a name (up to 120 characters).').waitFor();
    await page.getByLabel('Name').fill(REPORT_NAME);
    await page.getByLabel('Report type').selectOption('sales');
    await page.getByLabel('Grouped by').selectOption('product');
    await page.getByRole('checkbox', { name: 'Customer store ID' }).uncheck();
    await shoot(page, 'connect-reports-new');
    await page.getByRole('button', { name: 'Create report' }).click();
    await page.getByRole('heading', { name: new RegExp(REPORT_NAME) }).waitFor();
    const processId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);

    // Recipients: a portal user of the customer and an external contact.
    await page.getByText('No recipients').waitFor();
    await page.getByRole('button', { name: 'Add a portal user' }).click();
    const user = page.getByLabel('Portal user', { exact: true });
    await user.locator('option').nth(1).waitFor({ state: 'attached' });
    const userOption = (await user.locator('option').nth(1).textContent())!;
    const userEmail = userOption.split(' · ').at(-1)!.trim();
    await user.selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText(userEmail, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add contact' });
    await dialog.getByLabel('First name').fill('Erika');
    await dialog.getByLabel('Surname').fill('Extern');
    await dialog.getByLabel('E-mail', { exact: true }).fill(CONTACT);
    await shoot(page, 'connect-reports-contact');
    await dialog.getByRole('button', { name: 'Add contact' }).click();
    await page.getByText(CONTACT, { exact: true }).waitFor();

    // Double opt-in (ADR 051): the contact first gets a mail with a link, and reports only after following it.
    await page.getByText('Confirmation pending', { exact: true }).waitFor();
    const confirmation = (await mailsTo(CONTACT)).find((m) => (m.body.text ?? '').includes('/report-confirmation?token='));
    const confirmUrl = /https?:\/\/\S+\/report-confirmation\?token=[^\s"<>]+/.exec(confirmation?.body.text ?? '')?.[0];
    expect(confirmUrl).toBeTruthy();
    const confirm = await freshPage();
    await confirm.goto(confirmUrl!.replace(/^https?:\/\/[^/]+/, baseUrl));
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await confirm.getByText('Thank you, confirmed').waitFor();
    await shoot(confirm, 'connect-reports-confirmed');
    await page.reload();
    await page.getByText('Confirmed', { exact: true }).waitFor();

    // Schedule: daily, every day, e-mail and FTP copy.
    await page.getByLabel('Send this report on a schedule').check();
    await page.getByLabel('Copy to the FTP folder').check();
    await page.getByLabel('Send by e-mail to the recipients').check();
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await page.getByText('Schedule saved: the report is sent as set.').waitFor();
    await shoot(page, 'connect-reports-detail');

    // The local scheduler's clock to the next fire, again until this report fired (the demo's reports have
    // schedules too): each advance answers once its runs and their deliveries finished.
    let fired = false;
    for (let i = 0; i < 10 && !fired; i++) {
      const { nextDueAt } = await local('scheduler');
      expect(nextDueAt).toBeTruthy();
      const advanced = (await local('scheduler/advance', { to: nextDueAt })) as { fired: { name: string }[] };
      fired = advanced.fired.some((f) => f.name.includes(processId));
    }
    expect(fired).toBe(true);

    // Both recipients have the mail with the file attached; the contact's has an unsubscribe link.
    const [userMail] = (await mailsTo(userEmail)).filter((m) => m.subject.includes(REPORT_NAME));
    const [contactMail] = (await mailsTo(CONTACT)).filter((m) => m.subject.includes(REPORT_NAME));
    // The report file, and the customer's logo inline (ADR 084: Aurora Digital has the demo logo).
    const reportFile = (mail: typeof userMail) => mail?.attachments?.find((a) => a.filename.endsWith('.csv'));
    expect(userMail?.attachments?.map((a) => a.filename)).toContain('logo.png');
    expect(reportFile(userMail)?.filename).toMatch(/\.csv$/);
    expect(reportFile(contactMail)?.filename).toBe(reportFile(userMail)!.filename);
    const attached = csvOf(Buffer.from(reportFile(contactMail)!.content, 'base64').toString('utf8'));
    const unsubscribeUrl = /https?:\/\/\S+\/unsubscribe\?token=[^\s"<>]+/.exec(
      `${contactMail!.body.text ?? ''} ${contactMail!.body.html ?? ''}`,
    )?.[0];
    expect(unsubscribeUrl).toBeTruthy();

    // The run log shows the scheduled run and both deliveries sent, and the FTP copy.
    await page.reload();
    const log = page.getByRole('list', { name: 'Runs and deliveries' });
    await log.getByText('Scheduled').first().waitFor();
    await log.getByRole('list', { name: 'Deliveries' }).first().getByText(CONTACT).waitFor();

    // "Report files": the same file, downloaded through a presigned link.
    await page.getByRole('link', { name: 'All reports' }).click();
    await page.getByRole('tab', { name: 'Report files' }).click();
    const download = page.getByRole('button', { name: `Download ${reportFile(userMail)!.filename}` }).first();
    await download.waitFor();
    await shoot(page, 'connect-reports-files');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const downloaded = csvOf(readFileSync((await file.path())!, 'utf8'));
    expect(downloaded).toEqual(attached);
    expect(downloaded[0]).toContain('Quantity');
    expect(downloaded[0]).not.toContain('Customer store ID');

    // The FTP copy, fetched over SFTP as the customer: the same rows.
    const copies = (await sftpFiles('/')).filter((f) => f.path.endsWith(reportFile(userMail)!.filename));
    expect(copies).toHaveLength(1);
    expect(csvOf((await copies[0]!.read()).toString('utf8'))).toEqual(attached);

    // Unsubscribe the external recipient through the mail's link (public page, a button that POSTs).
    const unsubscribe = await freshPage();
    await unsubscribe.goto(unsubscribeUrl!.replace(/^https?:\/\/[^/]+/, baseUrl));
    await unsubscribe.getByRole('button', { name: 'Unsubscribe' }).click();
    await unsubscribe.getByText('You are unsubscribed').waitFor();
    await shoot(unsubscribe, 'connect-reports-unsubscribed');

    // Resend: the mail service refuses everything (local fault hook), a delivered run fails, then resend.
    await page.goto(`${baseUrl}/connect/reports/${encodeURIComponent(processId)}`);
    await page.getByText('Unsubscribed', { exact: true }).waitFor();
    await local('faults', { services: ['ses'], rate: 1, kinds: ['server'], phases: ['before'], persistent: 1 });
    try {
      await page.getByLabel('Deliver to the recipients').check();
      await page.getByRole('button', { name: 'Run now' }).click();
      await page.getByText(/Report ready|No rows in the period/).waitFor({ timeout: 30_000 });
      await page.reload();
      await page.getByRole('button', { name: `Resend to ${userEmail}` }).waitFor({ timeout: 30_000 });
    } finally {
      await local('faults', { rate: 0 });
    }
    await shoot(page, 'connect-reports-failed');
    const before = (await mailsTo(userEmail)).length;
    await page.getByRole('button', { name: `Resend to ${userEmail}` }).click();
    await page.getByRole('button', { name: `Resend to ${userEmail}` }).waitFor({ state: 'detached' });
    expect((await mailsTo(userEmail)).length).toBe(before + 1);
    // The unsubscribed contact got nothing more.
    expect((await mailsTo(CONTACT)).filter((m) => m.subject.includes(REPORT_NAME))).toHaveLength(1);
    // A whole journey of about twenty screens and waits (create, schedule, run, files, SFTP, unsubscribe, resend): 40 s
    // on a quiet machine, 61 s once on CI's two cores with a lane beside it.
  }, 120_000);

  it('lists reports as cards and shows a report page on a phone without sideways scrolling (375 px)', async () => {
    const page = await freshPage();
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page);
    await page.goto(`${baseUrl}/connect/reports?tab=custom`);
    const cards = page.getByRole('list', { name: 'Reports' }).getByRole('listitem');
    await cards.first().waitFor();
    expect(await page.getByRole('table', { name: 'Reports' }).isVisible()).toBe(false);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await cards.first().getByRole('link').first().click();
    await page.getByRole('heading', { name: 'Schedule' }).waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await shoot(page, 'connect-reports-phone');
  });
});
