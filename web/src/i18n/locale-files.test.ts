import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLURAL_FORMS } from './index.ts';
import { mayEqualEnglish } from './same-as-english.ts';

/**
 * The catalogue gate (ADR 088): every locale with files has every catalogue of en-US, with exactly its keys
 * (a counted key with exactly the plural forms of its locale), the same placeholders, and no text left in
 * English except the allow-listed words (same-as-english.ts). Test names carry locale and catalogue, so
 * `-t 'pl-PL account'` checks one file.
 */
type Tree = { [key: string]: string | Tree };

const DIR = import.meta.dirname;
const ENGLISH = 'en-US';
const localeDirs = readdirSync(DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && /^[a-z]{2}-[A-Z]{2}$/.test(entry.name))
  .map((entry) => entry.name);
const catalogueNames = readdirSync(join(DIR, ENGLISH))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));

const read = (locale: string, name: string): Tree | undefined => {
  const file = join(DIR, locale, `${name}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Tree) : undefined;
};

const leaves = (tree: Tree, prefix = ''): [string, unknown][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' ? leaves(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value] as [string, unknown]],
  );

const FORM = new RegExp(`^(.*)_(${PLURAL_FORMS.join('|')})$`);
/** A catalogue's texts by key without its plural form: plain keys map to `{ '': text }`. */
function byBase(tree: Tree): Map<string, Map<string, unknown>> {
  const bases = new Map<string, Map<string, unknown>>();
  for (const [key, value] of leaves(tree)) {
    const [, base = key, form = ''] = FORM.exec(key) ?? [];
    const forms = bases.get(base) ?? new Map<string, unknown>();
    bases.set(base, forms.set(form, value));
  }
  return bases;
}

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ''))].sort();
const categories = (locale: string) => [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();
/** `one` means exactly 1 in the locale (not 0 or 1.5 as in French): its form may word the number instead of `{count}`. */
const oneIsOnlyOne = (locale: string) => [0, 1.5, 21, 101].every((n) => new Intl.PluralRules(locale).select(n) !== 'one');

/** What is wrong with one catalogue of a locale, as readable lines (empty: complete). */
function problems(locale: string, english: Tree, translated: Tree): string[] {
  const found: string[] = [];
  const source = byBase(english);
  const target = byBase(translated);
  const wanted = categories(locale);
  for (const [key, value] of leaves(translated)) if (typeof value !== 'string' || value.trim() === '') found.push(`${key}: not a text`);
  for (const base of target.keys()) if (!source.has(base)) found.push(`${base}: not in English`);
  for (const [base, englishForms] of source) {
    const forms = target.get(base);
    if (!forms) {
      found.push(`${base}: missing`);
      continue;
    }
    const counted = !englishForms.has('');
    if (counted === forms.has('')) {
      found.push(`${base}: ${counted ? 'needs plural forms' : 'has plural forms English has not'}`);
      continue;
    }
    if (counted && [...forms.keys()].sort().join() !== wanted.join()) {
      found.push(`${base}: forms ${[...forms.keys()].sort().join('/')}, ${locale} needs ${wanted.join('/')}`);
      continue;
    }
    const englishNames = placeholders([...englishForms.values()].map(String).join(' '));
    for (const [form, text] of forms) {
      if (typeof text !== 'string') continue;
      const key = form ? `${base}_${form}` : base;
      const names = placeholders(text);
      const optional = form === 'one' && oneIsOnlyOne(locale) ? ['count'] : [];
      const expected = englishNames.filter((name) => !optional.includes(name) || names.includes(name));
      if (names.join() !== expected.join()) found.push(`${key}: placeholders {${names.join('}{')}}, English {${englishNames.join('}{')}}`);
      const englishText = englishForms.get(form) ?? englishForms.get('other');
      if (locale !== ENGLISH && text === englishText && !mayEqualEnglish(locale, text)) found.push(`${key}: still English "${text}"`);
    }
  }
  return found;
}

describe('catalogue gate', () => {
  it('finds the locales and catalogues it checks', () => {
    expect(localeDirs).toEqual(expect.arrayContaining(['en-US', 'de-DE', 'fr-FR', 'pl-PL']));
    expect(catalogueNames).toEqual(expect.arrayContaining(['shared', 'auth', 'errors', 'account']));
  });

  for (const locale of localeDirs) {
    describe(locale, () => {
      for (const name of catalogueNames) {
        it(`${locale} ${name}: every key, plural forms, placeholders and no English left`, () => {
          const english = read(ENGLISH, name)!;
          const translated = read(locale, name);
          expect(translated, `${locale}/${name}.json is missing`).toBeDefined();
          expect(problems(locale, english, translated ?? {})).toEqual([]);
        });
      }
      it(`${locale}: no catalogue English has not`, () => {
        const files = readdirSync(join(DIR, locale)).map((file) => file.replace(/\.json$/, ''));
        expect(files.filter((file) => !catalogueNames.includes(file))).toEqual([]);
      });
    });
  }

  it('finds what it should: a missing key, a wrong form, a changed placeholder, an English text', () => {
    const english: Tree = { a: { files_one: '{count} file', files_other: '{count} files', hello: 'Hello {name}', code: 'EAN' } };
    expect(
      problems('pl-PL', english, { a: { files_one: 'plik', files_other: '{count} pliku', hello: 'Hello {name}', code: 'EAN' } }),
    ).toEqual(['a.files: forms one/other, pl-PL needs few/many/one/other', 'a.hello: still English "Hello {name}"']);
    expect(
      problems('pl-PL', english, {
        a: {
          files_one: 'jeden plik',
          files_few: '{count} pliki',
          files_many: '{count} plików',
          files_other: '{count} pliku',
          hello: 'Cześć {nam}',
        },
        b: 'x',
      }),
    ).toEqual(['b: not in English', 'a.hello: placeholders {nam}, English {name}', 'a.code: missing']);
    // French `one` covers 0 and 1: its form must show the number.
    expect(
      problems('fr-FR', english, {
        a: {
          files_one: 'un fichier',
          files_many: '{count} de fichiers',
          files_other: '{count} fichiers',
          hello: 'Bonjour {name}',
          code: 'EAN',
        },
      }),
    ).toEqual(['a.files_one: placeholders {}, English {count}']);
    expect(problems('de-DE', english, { a: { files: '{count} Dateien', hello: 'Hallo {name}', code: 'EAN' } })).toEqual([
      'a.files: needs plural forms',
    ]);
  });
});
