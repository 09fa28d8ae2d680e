import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledModule, CARRIED, catalogueModule, catalogueTable, isCatalogueFile } from '../../web/build/catalogue-files.ts';

// The build's catalogue files (ADR 143; web/build/catalogue-files.ts): one hash per catalogue names its file in every
// locale, and the module that replaces src/i18n/catalogue-files.ts finds each from the table. The built files are
// loaded in the browser by the e2e walks (every locale's texts) and preloaded by the section pages (section-pages.test.ts).
const i18n = resolve(import.meta.dirname, '../../web/src/i18n');
const table = catalogueTable(i18n);
type Loader = (locale: string, name: string) => (() => Promise<unknown>) | undefined;

describe('catalogue files of the build (ADR 143)', () => {
  it('names every feature catalogue in every locale by one hash of the catalogue, never the bundled ones', () => {
    expect(table.locales).toEqual(expect.arrayContaining(['en-US', 'de-DE', 'pl-PL', 'fr-FR']));
    const names = Object.keys(table.hashes);
    expect(names).toEqual(expect.arrayContaining(['errors', 'shell', 'connect', 'transactions']));
    expect(names).not.toContain('shared');
    expect(names).not.toContain('auth');
    // Each feature catalogue in every locale, and `shared` (carrying `auth`) in every locale but English (in the entry).
    expect(table.files).toHaveLength(names.length * table.locales.length + table.locales.length - 1);
    for (const file of table.files) {
      if (!(file.name in CARRIED)) expect(existsSync(file.id), file.id).toBe(true);
      const [, name, locale, hash] = /^assets\/(\w+)-([a-z]{2}-[A-Z]{2})-([\w-]{8})\.js$/.exec(file.fileName) ?? [];
      expect(file.id.endsWith(`${locale}/${name}${file.name in CARRIED ? '' : '.json'}`), file.fileName).toBe(true);
      expect(hash).toBe(name === 'shared' ? table.bundledHash : table.hashes[name ?? '']);
    }
    expect(table.files.filter((file) => file.name === 'shared').map((file) => file.locale)).not.toContain('en-US');
    expect(new Set(Object.values(table.hashes)).size).toBe(names.length);
  });

  it('the built module answers a loader for each file and undefined for an unknown locale or catalogue', async () => {
    const source = catalogueModule(table);
    const built = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as { catalogueFile: Loader };
    expect(built.catalogueFile('de-DE', 'transactions')).toBeTypeOf('function');
    expect(built.catalogueFile('en-US', 'errors')).toBeTypeOf('function');
    expect(built.catalogueFile('xx-XX', 'errors')).toBeUndefined();
    expect(built.catalogueFile('de-DE', 'shared')).toBeUndefined();
    expect(built.catalogueFile('de-DE', 'toString')).toBeUndefined();
    expect(source).toContain(`\`./\${name}-\${locale}-\${hashes[name]}.js\``);
  });

  it("lets each layout catalogue carry `shell`, three screens `exports`, the order steps `retailer`, the report page `reports` and a request's page `requests` in their files, with a hash of both (the carried one keeps its file for a lone ask)", () => {
    // What each carrier carries is the implementation's table (CARRIED): every carried catalogue keeps its own hash
    // (its file for a lone ask), every carrier but `shared` gets a file of its own id (below).
    const carried = [...new Set(Object.values(CARRIED).flat())].sort();
    expect(carried).toEqual(['auth', 'exports', 'reports', 'requests', 'retailer', 'shell']);
    expect(CARRIED.shared).toEqual(['auth']);
    for (const name of carried.filter((name) => name !== 'auth')) expect(table.hashes[name], name).toBeDefined();
    const other = catalogueTable(i18n);
    expect(other.hashes).toEqual(table.hashes);
    const carriers = Object.keys(CARRIED).filter((name) => name !== 'shared');
    expect(carriers).toEqual(expect.arrayContaining(['connect', 'questionnaire', 'order', 'reportPage', 'requestPage']));
    for (const carrier of carriers) {
      const file = table.files.find((f) => f.name === carrier && f.locale === 'de-DE');
      expect(file?.id).toBe(`portal-catalogue:de-DE/${carrier}`);
      expect(isCatalogueFile(`\0${file?.id ?? ''}`)).toBe(true);
    }
    expect(isCatalogueFile(resolve(i18n, 'de-DE/errors.json'))).toBe(true);
    expect(isCatalogueFile(resolve(i18n, 'de-DE/shared.json'))).toBe(false);
    expect(isCatalogueFile(resolve(i18n, 'en-US/auth.json'))).toBe(false);
  });

  it('answers `shell` from its carrier’s file when asked for together, from its own file when alone', async () => {
    const fetched: string[] = [];
    const source = catalogueModule(table).replace('import(/* @vite-ignore */ ', 'globalThis.catalogueFetch(');
    Object.assign(globalThis, { catalogueFetch: (url: string) => (fetched.push(url), Promise.resolve({ default: { url } })) });
    const built = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as { catalogueFile: Loader };
    const [shell, connect] = await Promise.all([built.catalogueFile('de-DE', 'shell')?.(), built.catalogueFile('de-DE', 'connect')?.()]);
    expect(shell).toBe(connect);
    expect(fetched).toEqual([`./connect-de-DE-${table.hashes.connect}.js`]);
    await built.catalogueFile('pl-PL', 'shell')?.();
    expect(fetched.at(-1)).toBe(`./shell-pl-PL-${table.hashes.shell}.js`);
    // `exports` has three carriers: whichever screen asked with it answers; asked for alone, its own file.
    const [exports, sales] = await Promise.all([
      built.catalogueFile('fr-FR', 'exports')?.(),
      built.catalogueFile('fr-FR', 'connectSales')?.(),
    ]);
    expect(exports).toBe(sales);
    expect(fetched.at(-1)).toBe(`./connectSales-fr-FR-${table.hashes.connectSales}.js`);
    await built.catalogueFile('de-DE', 'exports')?.();
    expect(fetched.at(-1)).toBe(`./exports-de-DE-${table.hashes.exports}.js`);
  });

  it('loads `shared` and `auth` of a locale from one file, once (ADR 143)', async () => {
    const fetched: string[] = [];
    const source = bundledModule(table).replace('import(/* @vite-ignore */ ', 'globalThis.bundledFetch(');
    Object.assign(globalThis, { bundledFetch: (url: string) => (fetched.push(url), Promise.resolve({ default: { url } })) });
    const built = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as { bundledFile: Loader; LOCALES: string[] };
    expect(built.LOCALES).toEqual(table.locales.filter((locale) => locale !== 'en-US'));
    const [shared, auth] = await Promise.all([built.bundledFile('de-DE', 'shared')?.(), built.bundledFile('de-DE', 'auth')?.()]);
    expect(shared).toBe(auth);
    expect(fetched).toEqual([`./shared-de-DE-${table.bundledHash}.js`]);
    expect(built.bundledFile('en-US', 'shared')).toBeUndefined();
    expect(built.bundledFile('de-DE', 'errors')).toBeUndefined();
  });
});
