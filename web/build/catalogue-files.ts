import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { version as viteVersion } from 'vite';

/**
 * The feature catalogues' files with one hash per catalogue (ADR 143). `import.meta.glob` names every file of every
 * locale with its own hash (~100 names, ~1.2 KB brotli in the data layer every signed-in page loads, though a page
 * reads one locale). Here each catalogue gets one hash, of its files in every locale (a text added to a feature
 * changes all of them anyway), its files are named `<catalogue>-<locale>-<hash>.js`, and src/i18n/catalogue-files.ts
 * becomes that table of ~30 hashes and one loader. The bundled catalogues (`shared`, `auth`) keep their own
 * loaders in the entry (i18n/catalogues.ts).
 */

const CATALOGUE_MODULE = /[\\/]web[\\/]src[\\/]i18n[\\/]catalogue-files\.ts$/;
const BUNDLED = new Set(['shared', 'auth']);
/** A carrier's file: the id the plugin resolves and loads (its JSON merged with what it carries). */
const CARRIER_ID = 'portal-catalogue:';

/** A feature catalogue's built file (a JSON of src/i18n/<locale>/ but `shared` and `auth`, or a carrier's): an entry of its own. */
export const isCatalogueFile = (id: string): boolean =>
  id.startsWith(`\0${CARRIER_ID}`) || /[\\/]src[\\/]i18n[\\/][\w-]+[\\/](?!(shared|auth)\.json$)\w+\.json$/.test(id);

/**
 * Catalogue → the catalogues its built file also holds, where a route always asks for them together (its lazyRoute
 * line in connect-routes.tsx or app-routes.tsx): one file instead of two, ~450 B of headers each (ADR 143). Each
 * portal's layout loads `shell` with its own catalogue; the transactions, connect sales and both audit log screens
 * load the export card's `exports` with theirs (ADR 144); the order steps `retailer` (the chosen retailer's name) with
 * `order` (ADR 150); a report's page and the new report's form the section's `reports` with `reportPage` (ADR 154); a
 * request's page `requests` with `requestPage` (ADR 156). A carried catalogue keeps its own file for a screen that asks
 * for it alone (the reports list, the requests list).
 */
export const CARRIED: Record<string, string[]> = {
  connect: ['shell'],
  questionnaire: ['shell'],
  transactions: ['exports'],
  connectSales: ['exports'],
  audit: ['exports'],
  order: ['retailer'],
  reportPage: ['reports'],
  requestPage: ['requests'],
  shared: ['auth'],
};
/** The bundled catalogues' file in a locale other than English (English's are in the entry): `shared` carrying `auth`. */
const BUNDLED_FILE = 'shared';
const BUNDLED_MODULE = /[\\/]web[\\/]src[\\/]i18n[\\/]bundled-files\.ts$/;
const ENGLISH = 'en-US';

export interface CatalogueTable {
  /** Every locale with files, sorted. */
  locales: string[];
  /** Catalogue name → the hash in its file names. */
  hashes: Record<string, string>;
  /** The hash in the names of the bundled catalogues' files (`shared-<locale>-<hash>.js`, `auth` inside). */
  bundledHash: string;
  /** Each file: its JSON source (absolute; a carrier's, its id), its catalogue and locale, its name in dist/. */
  files: { id: string; name: string; locale: string; fileName: string }[];
}

/** Reads src/i18n/<locale>/<catalogue>.json; every locale must have every feature catalogue (ADR 088). */
export function catalogueTable(i18nDir: string): CatalogueTable {
  const locales = readdirSync(i18nDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const namesOf = (locale: string) =>
    readdirSync(resolve(i18nDir, locale))
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.slice(0, -'.json'.length))
      .filter((name) => !BUNDLED.has(name))
      .sort();
  const names = namesOf(locales[0] ?? '');
  for (const locale of locales) {
    if (namesOf(locale).join() !== names.join())
      throw new Error(`catalogue-files: ${locale} does not have the same catalogues as ${locales[0]} (ADR 088)`);
  }
  const hashOf = (held: string[]) => {
    const hash = createHash('sha256').update(viteVersion);
    for (const locale of locales)
      for (const part of held) hash.update(`\0${locale}/${part}\0`).update(readFileSync(resolve(i18nDir, locale, `${part}.json`)));
    return hash.digest('base64url').slice(0, 8);
  };
  const fileOf = (name: string, locale: string, hash: string, held: string[]) => ({
    id: held.length > 1 ? `${CARRIER_ID}${locale}/${name}` : resolve(i18nDir, locale, `${name}.json`),
    name,
    locale,
    fileName: `assets/${name}-${locale}-${hash}.js`,
  });
  const hashes: Record<string, string> = {};
  const files: CatalogueTable['files'] = [];
  for (const name of names) {
    const held = [name, ...(CARRIED[name] ?? [])];
    const hash = (hashes[name] = hashOf(held));
    for (const locale of locales) files.push(fileOf(name, locale, hash, held));
  }
  const bundled = [BUNDLED_FILE, ...(CARRIED[BUNDLED_FILE] ?? [])];
  const bundledHash = hashOf(bundled);
  for (const locale of locales.filter((l) => l !== ENGLISH)) files.push(fileOf(BUNDLED_FILE, locale, bundledHash, bundled));
  return { locales, hashes, bundledHash, files };
}

/** The module that replaces src/i18n/bundled-files.ts in a build: one file per locale for both bundled catalogues. */
export function bundledModule(table: Pick<CatalogueTable, 'locales' | 'bundledHash'>): string {
  return [
    `export const LOCALES = ${JSON.stringify(table.locales.filter((locale) => locale !== ENGLISH))};`,
    'const asked = new Map();',
    'export const bundledFile = (locale, name) =>',
    `  LOCALES.includes(locale) && ${JSON.stringify([BUNDLED_FILE, ...(CARRIED[BUNDLED_FILE] ?? [])])}.includes(name)`,
    '    ? () => {',
    // Beside the entry's chunk in assets/: a path relative to this module's own file. One import per locale.
    `        if (!asked.has(locale)) asked.set(locale, import(/* @vite-ignore */ \`./${BUNDLED_FILE}-\${locale}-${table.bundledHash}.js\`));`,
    '        return asked.get(locale);',
    '      }',
    '    : undefined;',
  ].join('\n');
}

/**
 * The module that replaces src/i18n/catalogue-files.ts in a build: same export, the table instead of the glob. A
 * carried catalogue (`shell`) waits one task before choosing its file: a layout asks for its catalogues at once
 * (lazyRoute), so by then its carrier's file has been asked for in the same locale, and the carrier's file answers
 * (its texts hold the carried one's); asked for alone, it loads its own file.
 */
export function catalogueModule(table: Pick<CatalogueTable, 'locales' | 'hashes'>): string {
  const carriers = Object.entries(CARRIED)
    .filter(([carrier]) => carrier !== BUNDLED_FILE)
    .flatMap(([carrier, held]) => held.map((name) => [name, carrier] as const));
  const carriersOf = Object.fromEntries(
    [...new Set(carriers.map(([name]) => name))].map((name) => [name, carriers.filter(([held]) => held === name).map(([, c]) => c)]),
  );
  return [
    `const hashes = ${JSON.stringify(table.hashes)};`,
    `const locales = ${JSON.stringify(table.locales)};`,
    `const carriers = ${JSON.stringify(carriersOf)};`,
    'const asked = new Map();',
    // Beside the data layer's chunk in assets/: a path relative to this module's own file. One import per file.
    'const file = (locale, name) => {',
    '  const key = `${locale}/${name}`;',
    '  if (!asked.has(key)) asked.set(key, import(/* @vite-ignore */ `./${name}-${locale}-${hashes[name]}.js`));',
    '  return asked.get(key);',
    '};',
    'const carried = (locale, name) =>',
    '  new Promise((done) => setTimeout(done)).then(() => {',
    '    const carrier = carriers[name].find((c) => asked.has(`${locale}/${c}`));',
    '    return file(locale, carrier ?? name);',
    '  });',
    'export const catalogueFile = (locale, name) =>',
    '  locales.includes(locale) && Object.hasOwn(hashes, name)',
    '    ? () => (Object.hasOwn(carriers, name) ? carried(locale, name) : file(locale, name))',
    '    : undefined;',
  ].join('\n');
}

/** The Vite plugin (web/vite.config.ts), production builds only: emits the files, swaps the module. */
export function catalogueFiles(): Plugin {
  let table: CatalogueTable | undefined;
  let i18nDir = '';
  return {
    name: 'portal-catalogue-files',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      i18nDir = resolve(config.root, 'src/i18n');
      table = catalogueTable(i18nDir);
    },
    buildStart() {
      for (const file of table?.files ?? [])
        this.emitFile({ type: 'chunk', id: file.id, fileName: file.fileName, preserveSignature: 'exports-only' });
    },
    resolveId(id) {
      return id.startsWith(CARRIER_ID) ? `\0${id}` : null;
    },
    load(id) {
      if (table && CATALOGUE_MODULE.test(id)) return catalogueModule(table);
      if (table && BUNDLED_MODULE.test(id)) return bundledModule(table);
      if (!id.startsWith(`\0${CARRIER_ID}`)) return null;
      // A carrier's file: its catalogue's texts and those it carries, one default export like a JSON module's.
      const [locale = '', name = ''] = id.slice(CARRIER_ID.length + 1).split('/');
      const texts = [name, ...(CARRIED[name] ?? [])].map(
        (part) => JSON.parse(readFileSync(resolve(i18nDir, locale, `${part}.json`), 'utf8')) as object,
      );
      return `export default ${JSON.stringify(Object.assign({}, ...texts))};`;
    },
  };
}
