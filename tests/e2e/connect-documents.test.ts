import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { e2eLane } from '../support/e2e-lane.ts';
import { demoAccount } from '../support/demo-users.ts';
import { canvasInked, pdfViewerProblems, signInToConnect, useBrowser } from '../support/browser.ts';

/**
 * The Documents section (ADR 082) in Chromium against the real `npm start` runtime: the company's document
 * editor uploads a PDF (made here with pdf-lib) through the one browser upload path (presigned POST to the
 * local S3, then the byte check), finds it by searching its name, downloads it (an attachment: the browser
 * saves it, the page stays) and opens it in the page viewer (pdf.js and its worker under the site's CSP).
 * One browser, one sign-in.
 */
const baseUrl = e2eLane().baseUrl;
const editor = demoAccount('demo.connect');
const { freshPage } = useBrowser();

const INKED = canvasInked('canvas');

describe('Documents', () => {
  it('a PDF is uploaded, found by search, downloaded and opened in the viewer', async () => {
    const page = await freshPage();
    const problems = pdfViewerProblems(page);
    await signInToConnect(page, baseUrl, editor);

    const name = `E2E terms ${Date.now().toString(36)}.pdf`;
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]).drawText('Terms of delivery', { x: 60, y: 760, size: 28, font: await doc.embedFont(StandardFonts.Helvetica) });
    await page.goto(`${baseUrl}/connect/documents`);
    await page.getByRole('textbox', { name: 'Folder' }).fill('E2E');
    await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) });
    await page.getByText(`${name} was uploaded.`).waitFor();

    await page.getByRole('searchbox', { name: 'Search by name' }).fill(name.slice(0, 14));
    const link = page.getByRole('button', { name: `Download ${name}` });
    await link.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(name);

    await page.getByRole('button', { name: `Open ${name}` }).click();
    await page.getByRole('img', { name: `${name}, Page 1 of 1` }).waitFor();
    await expect.poll(() => page.evaluate(INKED)).toBe(true);
    expect(problems).toEqual([]);
  });
});
