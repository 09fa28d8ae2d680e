import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { e2eLane } from '../support/e2e-lane.ts';
import { demoAccount } from '../support/demo-users.ts';
import { shoot, useBrowser } from '../support/browser.ts';

/**
 * The company's logo (ADR 084) against `npm start`: demo.connect (flow.editCompanyAssets) uploads a PNG in the
 * Logo section, sees it in the header preview, saves it; demo.payments, another user of P-2001, signs in and
 * has it in the portal header.
 */
const baseUrl = e2eLane().baseUrl;
const [editor, other] = ['demo.connect', 'demo.payments'].map(demoAccount);
const { freshPage } = useBrowser();

async function signIn(page: Awaited<ReturnType<typeof freshPage>>, user: { username: string; password: string }) {
  await page.goto(`${baseUrl}/connect`);
  await page.locator('input[name=username]').fill(user.username);
  await page.locator('input[name=password]').fill(user.password);
  await page.locator('form button[type=submit]').click();
  // Signed in once the header names the user (the sign-in page has a header too).
  await page.locator('header').getByText(user.username).waitFor();
}

describe('connect logo', () => {
  it('a logo uploaded as PNG shows in the header of another user of the same customer', async () => {
    // A colour of its own per run: a new content hash, so a new logo whatever ran before.
    const hue = Date.now() % 256;
    const png = await sharp({ create: { width: 360, height: 120, channels: 3, background: { r: hue, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    const page = await freshPage();
    await signIn(page, editor!);
    await page.goto(`${baseUrl}/connect/logo`);
    await page.locator('input[type=file]').setInputFiles({ name: 'e2e-logo.png', mimeType: 'image/png', buffer: png });
    const preview = page.locator('figure img');
    await preview.waitFor();
    const url = await preview.getAttribute('src');
    expect(url).toMatch(/^\/api\/logos\/[a-f0-9]{32}-header\.png$/);
    await shoot(page, 'connect-logo-preview');
    await page.getByRole('button', { name: 'Save logo' }).click();
    await page
      .locator('header img')
      .and(page.locator(`[src="${url}"]`))
      .waitFor();

    const second = await freshPage();
    await signIn(second, other!);
    const header = second.locator('header img');
    await header.waitFor();
    expect(await header.getAttribute('src')).toBe(url);
    // The image itself, as the browser got it.
    expect(await header.evaluate((img) => (img as unknown as { naturalHeight: number }).naturalHeight)).toBe(64);
  });
});
