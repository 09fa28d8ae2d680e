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

export interface CatalogueTable {
  /** Every locale with files, sorted. */
  locales: string[];
  /** Catalogue name → the hash in its file names. */
  hashes: Record<string, string>;
  /** Each file: its JSON source (absolute) and the name it is written under in dist/. */
  files: { id: string; fileName: string }[];
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
  const hashes: Record<string, string> = {};
  const files: CatalogueTable['files'] = [];
  for (const name of names) {
    const hash = createHash('sha256').update(viteVersion);
    for (const locale of locales) hash.update(`\0${locale}\0`).update(readFileSync(resolve(i18nDir, locale, `${name}.json`)));
    const short = hash.digest('base64url').slice(0, 8);
    hashes[name] = short;
    for (const locale of locales) files.push({ id: resolve(i18nDir, locale, `${name}.json`), fileName: `assets/${name}-${locale}-${short}.js` });
  }
  return { locales, hashes, files };
}

/** The module that replaces src/i18n/catalogue-files.ts in a build: same export, the table instead of the glob. */
export function catalogueModule(table: Pick<CatalogueTable, 'locales' | 'hashes'>): string {
  return [
    `const hashes = ${JSON.stringify(table.hashes)};`,
    `const locales = ${JSON.stringify(table.locales)};`,
    // Beside the data layer's chunk in assets/: a path relative to this module's own file.
    'export const catalogueFile = (locale, name) =>',
    '  locales.includes(locale) && Object.hasOwn(hashes, name)',
    '    ? () => import(/* @vite-ignore */ `./${name}-${locale}-${hashes[name]}.js`)',
    '    : undefined;',
  ].join('\n');
}

/** The Vite plugin (web/vite.config.ts), production builds only: emits the files, swaps the module. */
export function catalogueFiles(): Plugin {
  let table: CatalogueTable | undefined;
  return {
    name: 'portal-catalogue-files',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      table = catalogueTable(resolve(config.root, 'src/i18n'));
    },
    buildStart() {
      for (const file of table?.files ?? []) this.emitFile({ type: 'chunk', id: file.id, fileName: file.fileName, preserveSignature: 'exports-only' });
    },
    load(id) {
      return table && CATALOGUE_MODULE.test(id) ? catalogueModule(table) : null;
    },
  };
}
