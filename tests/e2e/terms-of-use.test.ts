import { describe, expect, it } from 'vitest';
import { e2eLane } from '../support/e2e-lane.ts';
import { demoAccount } from '../support/demo-users.ts';
import { shoot, signInToOrdering, useBrowser } from '../support/browser.ts';

/**
 * The terms of use (ADR 086) in the browser: demo.west signs in on the West Coast brand's host (its demo
 * brand requires them, scripts/seed/demo/termsOfUse.jsonl), is asked once, accepts, lands where it was going,
 * and is not asked again at the next sign-in; then orders with the brand's prices (ADR 089). A new version
 * asking again is functions/api/terms.test.ts's.
 */
const westUrl = e2eLane().baseUrl.replace('//localhost', '//west.localhost');
const west = demoAccount('demo.west');
const { freshPage } = useBrowser();

describe('terms of use', () => {
  it('are asked once: accepted, the page asked for opens; the next sign-in goes straight in', async () => {
    const page = await freshPage();
    await signInToOrdering(page, westUrl, west);
    const landing = page.url();
    await page.getByRole('heading', { level: 1, name: 'Terms of use' }).waitFor();
    await page.getByRole('region', { name: 'Terms of use text' }).getByText('Terms of use of the West Coast Cards portal').waitFor();
    await shoot(page, 'terms-of-use');
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Terms of use' }).waitFor({ state: 'detached' });
    expect(page.url()).toBe(landing);

    await page
      .getByRole('button', { name: 'Log out' })
      .or(page.getByRole('link', { name: 'Log out' }))
      .first()
      .click();
    await page.getByLabel('Username').waitFor();
    await signInToOrdering(page, westUrl, west);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Terms of use' }).count()).toBe(0);

    // The brand's prices (ADR 089): the MSRP column by default, its us_ prices in US dollars (Aurora Games 15
    // is 16.99 until its change to 17.99 at Los Angeles midnight on 1 Jan 2027: 17.99 shows either way).
    await page.goto(`${westUrl}/app/retailer-selection`);
    await page.getByRole('listitem').filter({ hasText: 'Nordmarkt' }).getByRole('button', { name: 'Select' }).click();
    await page.waitForURL(`${westUrl}/app/order`);
    await page.goto(`${westUrl}/app/order/location/S-100001`);
    await page.getByRole('columnheader', { name: 'MSRP' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Aurora Games 15 EUR' }).getByText('$17.99').waitFor();
  });
});
