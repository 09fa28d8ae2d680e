import type { Page } from 'playwright-core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { e2eLane } from '../support/e2e-lane.ts';
import { demoUsers } from '../../scripts/seed/seed.ts';
import { useBrowser } from '../support/browser.ts';

/**
 * Pins on the pages of a PDF answer (ADR 047) in Chromium against the real `npm start`
 * runtime: the requester's 2-page PDF (made here with pdf-lib) is uploaded the way the browser does it
 * (presigned POST to the local S3, then verified: its page count is recorded), the viewer draws it with the
 * real pdf.js and its worker under the site's Content-Security-Policy, a pin is placed on page 2, and after
 * a reload pin 1 is on page 2 and not on page 1. No CSP violation and no pdf.js fallback to a main-thread
 * ("fake") worker on the way.
 */
const baseUrl = e2eLane().baseUrl;
const users = demoUsers() as (ReturnType<typeof demoUsers>[number] & { customerId: string })[];
const requester = users.find((u) => u.username === 'demo.connect')!;
const API = { 'X-Portal': 'connect', 'Content-Type': 'application/json' };

const { freshPage } = useBrowser();

async function twoPagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const title of ['Store contract', 'Signatures']) doc.addPage([595, 842]).drawText(title, { x: 60, y: 760, size: 28, font });
  return Buffer.from(await doc.save());
}

/** The API's JSON without its XSSI prefix. */
const json = async (res: { text(): Promise<string> }) => JSON.parse((await res.text()).replace(/^[^{[]*/, ''));

/** A workflow with one file item, a request of it, and the PDF uploaded to it, through the API with the page's session. */
async function requestWithPdf(page: Page): Promise<string> {
  const workflow = await page.request.post(`${baseUrl}/api/flow/workflows`, {
    headers: { ...API, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      name: `E2E contract ${Date.now().toString(36)}`,
      customerId: requester.customerId,
      steps: [
        { stepId: 'docs', name: 'Contract', items: [{ itemId: 'contract', type: 'file', label: 'Signed contract', required: true }] },
      ],
    },
  });
  expect(workflow.status(), await workflow.text()).toBe(201);
  const created = await page.request.post(`${baseUrl}/api/flow/workflow-requests`, {
    headers: { ...API, 'Idempotency-Key': crypto.randomUUID() },
    data: { workflowId: (await json(workflow)).workflowId, customerId: requester.customerId },
  });
  expect(created.status(), await created.text()).toBe(201);
  const requestId = (await json(created)).request.id as string;
  const item = `${baseUrl}/api/flow/workflow-request-items/${requestId}.docs.contract`;
  const bytes = await twoPagePdf();
  const ticket = await json(
    await page.request.post(`${item}/upload`, {
      headers: API,
      data: { fileName: 'contract.pdf', contentType: 'application/pdf', bytes: bytes.length },
    }),
  );
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([bytes]));
  expect((await fetch(ticket.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  const done = await page.request.post(`${item}/uploads/${ticket.uploadId}/complete`, { headers: API });
  expect(done.status(), await done.text()).toBe(200);
  expect((await json(done)).files[0]).toMatchObject({ contentType: 'application/pdf', pageCount: 2 });
  return requestId;
}

/** Whether the viewer's canvas has dark pixels (the page's text), in the page (a string: the root program has no DOM types). */
const INKED = `(() => {
  const canvas = document.querySelector('[data-testid="pin-surface"] canvas');
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  for (let i = 0; i < data.length; i += 4) if (data[i] < 128) return true;
  return false;
})()`;
const pinsShown = (page: Page) =>
  page
    .getByTestId('pin-surface')
    .locator('[data-pin]')
    .evaluateAll((pins) => pins.map((p) => p.getAttribute('data-pin')));

describe('Requests: pins on the pages of a PDF', () => {
  it('pins page 2 of an uploaded PDF; after a reload pin 1 is on page 2 only; pin 2 by keyboard', async () => {
    const page = await freshPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|fake worker/i.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${baseUrl}/connect`);
    await page.getByLabel('Username').fill(requester.username);
    await page.getByLabel('Password').fill(requester.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Welcome to connect' }).waitFor();
    const requestId = await requestWithPdf(page);

    await page.goto(`${baseUrl}/connect/requests/${requestId}`);
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    const pageTwo = page.getByRole('img', { name: 'contract.pdf, Page 2 of 2' });
    await pageTwo.waitFor();
    // pdf.js drew something: the canvas has the page's aspect (A4) and is not blank.
    await expect.poll(() => page.evaluate(INKED)).toBe(true);
    const box = (await pageTwo.boundingBox())!;
    expect(box.height / box.width).toBeCloseTo(842 / 595, 1);
    await page.getByText('Click the page to place a numbered pin.').waitFor();
    await pageTwo.click({ position: { x: box.width * 0.4, y: box.height * 0.8 } });
    await page.getByLabel('Comment on the new pin').fill('Signature missing here.');
    await page.getByRole('button', { name: 'Save comment' }).click();
    // The pin's comment shows on the pinned file (and, quoted, in the request's history).
    await page.getByRole('figure').getByText('Signature missing here.').waitFor();

    await page.reload();
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByRole('button', { name: 'Pin 1: show page 2' }).waitFor();
    expect(await pinsShown(page)).toEqual([]);
    await page.getByRole('button', { name: 'Pin 1: show page 2' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    expect(await pinsShown(page)).toEqual(['1']);

    // By keyboard: the page is focusable, a crosshair shows from the centre while focus is
    // visible, Shift+ArrowDown moves it 10 %, Enter opens the same form; the pin lands there on page 2.
    await page.keyboard.press('Tab');
    const surface = page.getByRole('application', { name: 'Page 2 of 2 — press Enter to place a pin' });
    await surface.focus();
    await page.getByTestId('pin-aim').waitFor({ state: 'visible' });
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByLabel('Comment on the new pin').fill('Initials here too.');
    await page.getByRole('button', { name: 'Save comment' }).click();
    await page.getByRole('button', { name: 'Pin 2: Initials here too.' }).waitFor();
    expect(await pinsShown(page)).toEqual(['1', '2']);
    expect(await page.locator('[data-pin="2"]').getAttribute('style')).toBe('left: 50%; top: 60%;');
    expect(problems).toEqual([]);
    // The real pdf.js and its worker arrive twice (the first view and the reload), each once the viewer nears the
    // viewport (ADR 152): ~55 s on CI's two cores under load.
  }, 120_000);
});
