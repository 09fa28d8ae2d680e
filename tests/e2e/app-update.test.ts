import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { e2eLane } from '../support/e2e-lane.ts';
import { demoAccount } from '../support/demo-users.ts';
import { shoot, signInToOrdering, useBrowser } from '../support/browser.ts';

/**
 * The app updates itself (ADR 091; SPEC 2, 7, 9) against the real `npm start` runtime, its service worker
 * from the web build: a release deployed under a running page is picked up at the next poll (the page's
 * clock moved one poll ahead), applied by itself on / and offered as a toast on an ordering step, the
 * basket kept; offline, the login page still opens and says the portal is offline.
 */
const baseUrl = e2eLane().baseUrl;
const retailer = demoAccount('demo.retailer');
const { freshPage } = useBrowser({ serviceWorkers: 'allow' });

/** SPEC 9 "Service-worker update poll". */
const POLL_MS = 300_000;
const SERVICE_WORKER = 'web/dist/sw.js';

let undeploy: (() => void) | undefined;
afterEach(() => {
  undeploy?.();
  undeploy = undefined;
});

/**
 * A new release under the running pages, without a second build: sw.js's bytes change, as a build changes
 * them (its precache manifest names the new files); the browser installs it beside the old one. Undone
 * after the test, so the next file's pages see the release they were built with.
 */
function deployRelease() {
  const original = readFileSync(SERVICE_WORKER, 'utf8');
  writeFileSync(SERVICE_WORKER, `${original}\n// release ${Date.now()}\n`);
  undeploy = () => writeFileSync(SERVICE_WORKER, original);
}

/**
 * Makes the open page one that a service worker controls (every visit after the first), with its update
 * poll running: reloaded once the worker is active, then waits for the registration's chunk (workbox-window,
 * loaded after the first paint) and for the registration it makes.
 */
async function underServiceWorker(page: Page) {
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  const registered = page.waitForResponse((r) => /\/assets\/workbox-window[^/]*\.js$/.test(r.url()));
  await page.reload();
  await registered;
  await page.evaluate('navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller !== null)');
}

/** Marks the page's document: gone after a reload. */
const mark = (page: Page) => page.evaluate('window.notReloaded = true');
const reloadedSinceMark = (page: Page) => page.evaluate('window.notReloaded !== true');

describe('the app updates itself (ADR 091)', () => {
  it('is registered from the bundle: the built index.html has no inline script (the CSP allows none, ADR 023)', () => {
    const html = readFileSync('web/dist/index.html', 'utf8');
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((tag) => !/\ssrc="/.test(tag))).toEqual([]);
    expect(html).toContain('<link rel="manifest" href="/api/brand/manifest/ordering"');
  });

  it('applies a release by itself on the login page within one poll', async () => {
    const page = await freshPage();
    await page.clock.install();
    await page.goto(baseUrl);
    await underServiceWorker(page);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await mark(page);

    deployRelease();
    const reloaded = page.waitForEvent('load');
    await page.clock.fastForward(POLL_MS);
    await reloaded;
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await reloadedSinceMark(page)).toBe(true);
    await expect(page.getByText('A new version is available').count()).resolves.toBe(0);
  });

  it('offers a release as a toast on an ordering step, keeping the basket, and reloads into it when asked', async () => {
    const page = await freshPage();
    await page.clock.install();
    await signInToOrdering(page, baseUrl, retailer);
    await page.goto(`${baseUrl}/app/order`);
    await page.getByRole('listitem').filter({ hasText: 'Nordmarkt' }).getByRole('button', { name: 'Select' }).click();
    await page.getByRole('row').filter({ hasText: 'Berlin Mitte' }).getByRole('button', { name: 'Choose' }).click();
    await page.waitForURL(`${baseUrl}/app/order/location/S-100001`);
    await page.getByRole('button', { name: 'Use suggested quantities' }).click();
    const summary = page.getByRole('region', { name: 'Basket summary' });
    const lines = (await summary.getByText(/\d+ lines?/).textContent()) ?? '';
    await underServiceWorker(page);
    await summary.getByText(lines).waitFor();
    await mark(page);

    deployRelease();
    await page.clock.fastForward(POLL_MS);
    const toast = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await toast.waitFor();
    // Offered, not applied: the same document, the basket as it was.
    expect(await reloadedSinceMark(page)).toBe(false);
    await summary.getByText(lines).waitFor();
    await shoot(page, 'app-update-toast');

    const reloaded = page.waitForEvent('load');
    await toast.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    expect(await reloadedSinceMark(page)).toBe(true);
    await summary.getByText(lines).waitFor();
    await expect(toast.count()).resolves.toBe(0);
  });

  it('says on the login page that the portal is offline, from the precached app', async () => {
    const page = await freshPage();
    await page.goto(baseUrl);
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await page.context().setOffline(true);
    await page.reload();
    await page.getByText('The portal is offline').waitFor();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await shoot(page, 'login-offline');
    await page.context().setOffline(false);
  });
});
