import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { e2eLane } from '../support/e2e-lane.ts';
import { demoAccount } from '../support/demo-users.ts';
import { shoot, useBrowser } from '../support/browser.ts';

/**
 * News (ADR 081) against `npm start`: the supplier's staff publish an item with the operator's import
 * (`npm run import -- news.jsonl`, the CLI's one path), and demo.payments, who reads German, finds it unread
 * in the News section, opens it in German (Markdown rendered) and sees it read afterwards.
 */
const baseUrl = e2eLane().baseUrl;
const dataDir = e2eLane().dataDir;
const reader = demoAccount('demo.payments');
const NEWS_ID = `news-e2e-${Date.now().toString(36)}`;
const TITLE_DE = `Neue Preise ${NEWS_ID.slice(-6)}`;

const { freshPage } = useBrowser();

describe('connect news', () => {
  it('an item published by the operator is read in German', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'news-e2e-'));
    try {
      const file = join(dir, 'news.jsonl');
      const record = {
        newsId: NEWS_ID,
        important: true,
        publishFrom: new Date(Date.now() - 60_000).toISOString(),
        audience: { kind: 'all' },
        texts: {
          en: { title: 'New prices', body: 'The **new** prices apply from Monday.' },
          de: { title: TITLE_DE, body: 'Die **neuen** Preise gelten ab Montag.' },
        },
      };
      writeFileSync(file, `${JSON.stringify(record)}\n`);
      const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/import.ts', file], {
        env: { ...process.env, DATA_DIR: dataDir },
        stdio: 'pipe',
      }).toString();
      expect(out).toContain('1 created, 0 updated, 0 rejected');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const page = await freshPage();
    await page.goto(`${baseUrl}/connect`);
    await page.locator('input[name=username]').fill(reader.username);
    await page.locator('input[name=password]').fill(reader.password);
    await page.locator('form button[type=submit]').click();
    await page
      .locator('header + div nav')
      .getByRole('link', { name: /Neuigkeiten/ })
      .click();
    const entry = page.getByRole('link', { name: new RegExp(TITLE_DE) });
    await entry.getByText('Ungelesen').waitFor();
    await entry.getByText('Wichtig').waitFor();
    await entry.click();
    const article = page.getByRole('article');
    await article.getByRole('heading', { name: TITLE_DE }).waitFor();
    expect(await article.locator('strong').innerText()).toBe('neuen');
    expect(await article.innerText()).toContain('Preise gelten ab Montag.');
    await shoot(page, 'connect-news-item-de');
    await page.getByRole('link', { name: 'Zurück zu den Neuigkeiten' }).click();
    // Read now: its unread mark is gone from the list.
    await page.getByRole('link', { name: new RegExp(TITLE_DE) }).waitFor();
    await page
      .getByRole('link', { name: new RegExp(TITLE_DE) })
      .getByText('Ungelesen')
      .waitFor({ state: 'detached' });
  });
});
