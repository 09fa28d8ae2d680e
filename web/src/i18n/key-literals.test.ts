import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deDE, enUS } from '../test/catalogues.ts';
import { lookupCounted, type Messages } from './index.ts';

/**
 * A static companion to the route tests' missing-key check (test/dom-setup.ts): every key literal the web
 * passes to `t(...)` or `translate(...)` has a text in every locale's catalogues (ARCHITECTURE convention 8).
 * The type checker knows English keys only; a key only English has would show English in German screens.
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

describe('catalogue key literals in web/src', () => {
  it('finds the calls it checks', () => {
    expect(used.length).toBeGreaterThan(500);
  });

  for (const [locale, messages] of [
    ['en-US', enUS],
    ['de-DE', deDE],
  ] as const) {
    it(`has a ${locale} text for every key literal`, () => {
      // A plural key is named without its form; its `_other` form stands for all (ADR 088).
      const missing = used.filter(({ key }) => lookupCounted(messages as unknown as Messages, locale, key, { count: 2 }) === undefined);
      expect(missing.map(({ file, key }) => `${file}: ${key}`)).toEqual([]);
    });
  }
});
