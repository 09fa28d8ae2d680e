import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser.ts';
import { demoAccount } from '../support/demo-users.ts';
import { e2eLane } from '../support/e2e-lane.ts';
import { documentOf, SECTION_PAGES, sectionPageFile } from '../../infra/spa-fallback.ts';
import { afterRetailerModules } from '../../web/build/section-pages.ts';

/**
 * The signed-in sections' pages of this checkout's build (ADR 131; web/build/section-pages.ts). In the e2e project
 * because its global setup builds web/dist, which this reads with Vite's manifest, like scripts/web-size.ts: each
 * page preloads every chunk its screen statically needs (the route module and its imports, the portal's shell, the
 * data layer) and its English catalogues, names the other locales' catalogue files, and has no inline script.
 */
const dist = new URL('../../web/dist/', import.meta.url);
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8')) as Record<string, ManifestChunk>;
const closure = (keys: string[], into = new Set<string>()): Set<string> => {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) continue;
    into.add(chunk.file);
    closure(chunk.imports ?? [], into);
  }
  return into;
};
const inIndex = closure(['index.html']);
// A layout catalogue's file carries `shell` in a build (web/build/catalogue-files.ts, ADR 143): its manifest key is the carrier's id.
const catalogueKey = (locale: string, name: string) =>
  manifest[`src/i18n/${locale}/${name}.json`] ?? manifest[`portal-catalogue:${locale}/${name}`];
const catalogueFiles = new Set(
  Object.entries(manifest).flatMap(([key, chunk]) => (/^(src\/i18n\/|portal-catalogue:)/.test(key) ? [chunk.file] : [])),
);
const page = (prefix: string) => readFileSync(new URL(`.${sectionPageFile(prefix)}`, dist), 'utf8');
// The sections' own preloads are fetched at low priority (ADR 135); index.html's (Vite's) are not.
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin (?:fetchpriority="low" )?href="\/([^"]+)">/g)].map((m) => m[1]);
const firstReadsChunk =
  manifest['src/lib/first-reads.ts']?.file ?? Object.values(manifest).find((c) => /^assets\/first-reads-/.test(c.file))?.file;
const baseUrl = e2eLane().baseUrl;
let browser: Browser | undefined;
afterAll(async () => {
  await browser?.close();
});

describe('section pages of the build (ADR 131)', () => {
  it('preloads the chunks each screen needs, beyond what index.html names, and no other', () => {
    for (const [prefix, module] of Object.entries(SECTION_PAGES)) {
      // The portal's shell is a chunk group (vite.config.ts): in the manifest by its chunk's name, not a module.
      const group = prefix.startsWith('/connect') ? 'assets/connect-shell-' : 'assets/ordering-shell-';
      const shell = Object.keys(manifest).filter((key) => manifest[key]?.file.startsWith(group));
      expect(shell, prefix).toHaveLength(1);
      // A screen behind the retailer choice is the guard's to download (ADR 140): its page preloads the shell only.
      const screen = afterRetailerModules(new URL('../../web/', import.meta.url).pathname).has(module) ? [] : [module];
      const wanted = [...closure([...screen, ...shell, 'src/app/data-layer.tsx'])].filter((file) => !inIndex.has(file));
      const js = preloads(page(prefix)).filter((file) => !catalogueFiles.has(file ?? '') && !inIndex.has(file ?? ''));
      expect(new Set(js), prefix).toEqual(new Set(wanted));
    }
  });

  it('preloads the English catalogues and names the other locales’ files of the same catalogues, with no inline script', () => {
    const html = page('/connect/transactions');
    const english = (name: string) => catalogueKey('en-US', name)?.file;
    for (const name of ['transactions', 'connect']) expect(preloads(html), name).toContain(english(name));
    // `shell` comes in the connect catalogue's file (ADR 143), `exports` in the transactions catalogue's (ADR 144):
    // their own files are not preloaded.
    for (const name of ['shell', 'exports']) expect(preloads(html), name).not.toContain(english(name));
    const meta = /<meta name="section-texts" content="([^"]*)">/.exec(html)?.[1] ?? '';
    const german = meta.split(';').find((entry) => entry.startsWith('de-DE '));
    // `auth` comes in `shared`'s file in a locale other than English (ADR 143).
    for (const name of ['transactions', 'connect', 'shared']) expect(german, name).toContain(`/${catalogueKey('de-DE', name)?.file}`);
    expect(german?.split(' ')).toHaveLength(4);
    // The CSP has no 'unsafe-inline' (ADR 023): the only scripts are files, the first reads' before the entry (ADR 135).
    expect([...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])).toEqual([
      `<script type="module" async crossorigin src="/${firstReadsChunk}">`,
      expect.stringMatching(/^<script type="module" crossorigin src="\/assets\/index-/),
    ]);
  });

  it('sends the first reads from a chunk that imports nothing, on every page (ADR 135)', () => {
    expect(firstReadsChunk).toMatch(/^assets\/first-reads-/);
    const chunk = Object.values(manifest).find((c) => c.file === firstReadsChunk);
    // Importing anything (the entry's chunk, vendor-react) would make it wait for what it is there to overtake.
    expect(chunk?.imports ?? []).toEqual([]);
    const index = readFileSync(new URL('index.html', dist), 'utf8');
    expect(index.indexOf(`<script type="module" async crossorigin src="/${firstReadsChunk}">`)).toBeGreaterThan(0);
    expect(index.indexOf(`src="/${firstReadsChunk}"`)).toBeLessThan(index.indexOf('src="/assets/index-'));
  });

  it('is what the local server answers for the address, a dotted report id included', async () => {
    for (const path of ['/connect/reports/gen.transactions.P-2001', '/connect/transactions', '/app/orders']) {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(readFileSync(new URL(`.${documentOf(path)}`, dist), 'utf8'));
    }
  });

  it('a signed-in deep link asks for each first read once, from the first reads’ script (ADR 135)', async () => {
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const user = demoAccount('demo.connect');
    const signIn = await context.request.post(`${baseUrl}/api/auth/signin`, {
      headers: { 'X-Portal': 'connect' },
      data: { username: user.username, password: user.password },
    });
    expect(signIn.status()).toBe(200);
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const list = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/transactions');
    await page.goto(`${baseUrl}/connect/transactions`);
    await list;
    await page.waitForLoadState('networkidle');
    const count = (path: string) => asked.filter((p) => p === path).length;
    for (const path of ['/api/auth/status', '/api/brand', '/api/master-data', `/${firstReadsChunk}`]) expect(count(path), path).toBe(1);
    // The screen's list read, predicted as its route module runs and taken over by the screen: once (ADR 147).
    expect(count('/api/transactions'), '/api/transactions').toBe(1);
    // Sent by the first reads' script, not again by the API client when the screen asks for them.
    expect(asked.indexOf('/api/auth/status')).toBeLessThan(asked.indexOf('/api/transactions'));
    await context.close();
  });
});
