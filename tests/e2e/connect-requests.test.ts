import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eLane } from '../support/e2e-lane.ts';
import { pngOf } from '../../scripts/seed/demo-files.ts';
import { demoUsers } from '../../scripts/seed/seed.ts';
import { shoot, useBrowser } from '../support/browser.ts';

/**
 * The request and approval journey (ADR 046) with two users: the requester (demo.connect) starts a
 * screenflow request and uploads two screen images (presigned POST straight to the local S3, then verified),
 * submits the step; the approver (demo.approver) sees it in the inbox badge, pins two comments on the images
 * and rejects; the requester answers with a note and resubmits; the approver approves. The approver's mail
 * (submission) and the requester's mail (decision) arrive in the local mailbox with the deep link. Screens
 * at 375 and 1280 px. Against the real `npm start` runtime; no sleeps.
 */
const baseUrl = e2eLane().baseUrl;
const sesUrl = e2eLane().sesUrl;
// The accounts file's rows carry the e-mail and customer the typed view leaves out.
const users = demoUsers() as (ReturnType<typeof demoUsers>[number] & { email: string; customerId: string })[];
const requester = users.find((u) => u.username === 'demo.connect')!;
const approver = users.find((u) => u.username === 'demo.approver')!;
const WORKFLOW = `E2E screen approval ${Date.now().toString(36)}`;

const { freshPage } = useBrowser();

/** A real PNG of one colour (the seed's writer): what the upload verification accepts. */
const png = (width: number, height: number, rgb: [number, number, number]) => pngOf(width, height, rgb, []);

async function signIn(page: Page, user: { username: string; password: string }) {
  await page.goto(`${baseUrl}/connect`);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: 'Welcome to connect' }).waitFor();
}

type Mail = { destination: { to: string[] }; subject: string; body: { text?: string; html?: string } };
async function mailsTo(address: string): Promise<Mail[]> {
  const { emails } = (await (await fetch(`${sesUrl}/store`)).json()) as { emails: Mail[] };
  return emails.filter((m) => m.destination.to.map((a) => a.toLowerCase()).includes(address.toLowerCase()));
}
const mailAbout = (address: string, requestId: string) =>
  expect.poll(async () => (await mailsTo(address)).filter((m) => `${m.subject} ${m.body.text ?? ''}`.includes(requestId)).length, {
    timeout: 15_000,
  });

/** The workflow of this run, saved through the API by the requester (flow.editWorkflows) with the page's session. */
async function createWorkflow(page: Page, customerId: string) {
  const res = await page.request.post(`${baseUrl}/api/flow/workflows`, {
    headers: { 'X-Portal': 'connect', 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    data: {
      name: WORKFLOW,
      description: 'Screens of the new POS flow',
      customerId,
      steps: [
        {
          stepId: 'screens',
          name: 'Screens',
          items: [
            { itemId: 'flow', type: 'screenflow', label: 'Screen flow', required: true, maxFiles: 5 },
            { itemId: 'change', type: 'text', label: 'What changed', required: true },
          ],
        },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Places a pin at (x, y) of the named image and saves its comment. */
async function pin(page: Page, image: string, x: number, y: number, comment: string) {
  await page.getByRole('img', { name: image }).click({ position: { x, y } });
  await page.getByLabel('Comment on the new pin').fill(comment);
  await page.getByRole('button', { name: 'Save comment' }).click();
  // Saved once the new pin's editor has closed (its textarea holds the comment too, so the text alone
  // would be found before the save answered).
  await page.getByLabel('Comment on the new pin').waitFor({ state: 'detached' });
  // Then the thread beside the image (the audit trail quotes the comment again once the detail reloads).
  await page.getByText(comment).first().waitFor();
}

describe('Requests: two users, screenflow, pins, reject, resubmit, approve', () => {
  it('runs the whole approval and both mails arrive', async () => {
    expect(approver, 'demo.approver is seeded').toBeTruthy();
    const asker = await freshPage();
    await signIn(asker, requester);
    await createWorkflow(asker, requester.customerId);

    await asker
      .getByRole('link', { name: /^Requests/ })
      .first()
      .click();
    await asker.getByRole('heading', { name: 'Requests', exact: true }).waitFor();
    await shoot(asker, 'requests-list');
    await asker.getByRole('button', { name: 'New request' }).click();
    await asker.getByRole('dialog').getByLabel('Workflow').selectOption({ label: WORKFLOW });
    await shoot(asker, 'requests-new');
    await asker.getByRole('button', { name: 'Start request' }).click();
    const heading = asker.getByRole('heading', { name: new RegExp(WORKFLOW) });
    await heading.waitFor();
    const requestId = (await heading.textContent())!.split(' · ')[0]!;
    expect(requestId).toMatch(/^WR-/);

    // The picker is a button in the user's language opening the hidden native input (its chooser gets the files).
    const chooser = asker.waitForEvent('filechooser');
    await asker.getByRole('button', { name: 'Screen flow * Choose files' }).click();
    await (
      await chooser
    ).setFiles([
      { name: 'login.png', mimeType: 'image/png', buffer: png(360, 640, [37, 99, 235]) },
      { name: 'payment.png', mimeType: 'image/png', buffer: png(360, 640, [22, 163, 74]) },
    ]);
    await asker.getByRole('img', { name: 'payment.png' }).waitFor();
    await asker.getByRole('img', { name: 'login.png' }).waitFor();
    await asker.getByLabel('What changed *').fill('New login and payment screens');
    await asker.getByLabel('What changed *').blur();
    await asker.getByText('Saved.').waitFor();
    await shoot(asker, 'request-draft');
    await asker.getByLabel('Note to the approver').fill('Please check the colours.');
    await asker.getByRole('button', { name: 'Submit “Screens”' }).click();
    await asker.getByText('This step is waiting for an approver’s decision.').waitFor();
    await mailAbout(approver.email, requestId).toBe(1);

    const boss = await freshPage();
    await signIn(boss, approver);
    await boss
      .getByRole('link', { name: /^Requests/ })
      .first()
      .getByLabel(/awaiting your decision/)
      .waitFor();
    await boss.goto(`${baseUrl}/connect/requests/${requestId}`);
    await boss.getByRole('img', { name: 'login.png' }).waitFor();
    await pin(boss, 'login.png', 60, 80, 'The logo is too small');
    await pin(boss, 'payment.png', 120, 300, 'Use the brand green here');
    await expect.poll(() => boss.getByLabel('Pin 1', { exact: true }).count()).toBe(2); // pin 1 on each image (in the threads; the pins on the images are named by their comments)
    await shoot(boss, 'request-pins');
    await boss.getByRole('button', { name: 'Reject' }).click();
    await boss.getByLabel('Why is it rejected?').fill('See the two pins.');
    await shoot(boss, 'request-reject-dialog');
    await boss.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
    await boss.getByText('Rejected', { exact: true }).waitFor();
    await mailAbout(requester.email, requestId).toBe(1);

    await asker.reload();
    await asker.getByText('This step was rejected. Change your answers and submit it again.').waitFor();
    // The rejection's comment (first: the notice; the audit trail quotes it again).
    await asker.getByText('See the two pins.', { exact: true }).first().waitFor();
    await asker.getByRole('button', { name: 'Add a general note' }).first().click();
    await asker.getByLabel('Note on this image').fill('Logo enlarged; new screen follows.');
    await asker.getByRole('button', { name: 'Save comment' }).click();
    await asker.getByText('Logo enlarged; new screen follows.').first().waitFor();
    await shoot(asker, 'request-rejected');
    await asker.getByRole('button', { name: 'Submit “Screens”' }).click();
    await asker.getByText('This step is waiting for an approver’s decision.').waitFor();
    await mailAbout(approver.email, requestId).toBe(2);

    await boss.reload();
    await boss.getByRole('button', { name: 'Approve' }).click();
    await boss.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await boss.getByText('Approved', { exact: true }).waitFor();
    await boss.getByText('Audit trail').waitFor();
    await shoot(boss, 'request-approved');
    await mailAbout(requester.email, requestId).toBe(2);
    const [decision] = (await mailsTo(requester.email)).filter((m) => (m.body.text ?? '').includes(requestId));
    expect(decision!.body.text).toContain(`/connect/requests/${requestId}`);

    await boss.goto(`${baseUrl}/connect/requests?tab=history`);
    await boss.getByRole('link', { name: requestId }).waitFor();
    await shoot(boss, 'requests-history');
  });
});
