import { chromium } from 'playwright-core';
const base = 'http://localhost:4410';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: 375, height: 812 }, serviceWorkers: 'block' });
const page = await context.newPage();
await page.goto(base + '/connect');
await page.getByLabel('Username').fill('demo.connect');
await page.getByLabel('Password').fill('Connect-Demo-2026!');
await page.getByRole('button', { name: 'Login' }).click();
await page.getByRole('heading', { name: 'Welcome to connect' }).waitFor({ timeout: 20000 });
console.log('signed in at', page.url());
await page.getByRole('button', { name: 'More' }).click();
await page.getByRole('dialog').waitFor({ timeout: 10000 });
await page.screenshot({ path: '/tmp/b1-shots/flow-more.png' });
console.log('more sheet open');
await page.keyboard.press('Escape');
// log out from the bottom bar and land on the connect login
await page.getByRole('button', { name: 'Log out' }).first().click();
await page.getByRole('button', { name: 'Login' }).waitFor({ timeout: 20000 });
console.log('after logout at', page.url());
await page.screenshot({ path: '/tmp/b1-shots/flow-logout.png' });
// a signed-out deep link goes to the connect login with the dialog
await page.goto(base + '/connect/transactions');
await page.getByRole('dialog').waitFor({ timeout: 20000 });
console.log('deep link signed out at', page.url(), await page.getByRole('dialog').innerText());
await page.screenshot({ path: '/tmp/b1-shots/flow-denied.png' });
await browser.close();
