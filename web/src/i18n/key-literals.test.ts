import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../test/catalogues.ts';
import { lookupCounted, type Messages } from './index.ts';

/**
 * A static companion to the route tests' missing-key check (test/dom-setup.ts): every key literal the web
 * passes to `t(...)` or `translate(...)` has a text in every locale's catalogues (ARCHITECTURE convention 8).
 * The type checker knows English keys only; a key only English has would show English in a translated screen.
 * Test names carry locale and catalogue (`-t 'pl-PL account'`).
 */
const SRC = join(import.meta.dirname, '..');
const KEY_CALL = /\b(?:t|translate)\(\s*['"`]([a-zA-Z][\w-]*(?:\.[\w-]+)+)['"`]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const used = sourceFiles(SRC).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(KEY_CALL)].map((match) => ({ file: relative(SRC, file), key: match[1]! })),
);

/** The catalogue a key lives in: the English file holding its top-level namespace. */
const englishFiles = join(import.meta.dirname, 'en-US');
const catalogueOf = new Map<string, string>();
for (const file of readdirSync(englishFiles)) {
  const tree = JSON.parse(readFileSync(join(englishFiles, file), 'utf8')) as Record<string, unknown>;
  for (const namespace of Object.keys(tree)) catalogueOf.set(namespace, file.replace(/\.json$/, ''));
}
const byCatalogue = new Map<string, typeof used>();
for (const call of used) {
  const catalogue = catalogueOf.get(call.key.split('.')[0]!) ?? '(none)';
  byCatalogue.set(catalogue, [...(byCatalogue.get(catalogue) ?? []), call]);
}

describe('catalogue key literals in web/src', () => {
  it('finds the calls it checks, each in a catalogue', () => {
    expect(used.length).toBeGreaterThan(500);
    expect(byCatalogue.get('(none)')?.map(({ file, key }) => `${file}: ${key}`) ?? []).toEqual([]);
  });

  for (const [locale, messages] of Object.entries(catalogues)) {
    for (const [catalogue, calls] of byCatalogue) {
      it(`${locale} ${catalogue}: a text for every key literal`, () => {
        // A plural key is named without its form; its `_other` form stands for all (ADR 088).
        const missing = calls.filter(({ key }) => lookupCounted(messages as unknown as Messages, locale, key, { count: 2 }) === undefined);
        expect(missing.map(({ file, key }) => `${file}: ${key}`)).toEqual([]);
      });
    }
  }
});
