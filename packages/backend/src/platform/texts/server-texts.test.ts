import { describe, expect, it } from 'vitest';
import { intlLocaleOf, LANGUAGES, languageOf, type Language, type PluralForms, textsFor } from './server-texts.ts';

/**
 * The gate of the server's texts (ADR 090), as the web catalogues' (ADR 088): every language has English's
 * keys, no more; each text has English's placeholders; a counted text has exactly its language's plural
 * categories (Intl.PluralRules); and a translation differs from the English text unless it is a code or a
 * word that language writes the same way (SAME_AS_ENGLISH).
 */
type Leaf = string | PluralForms;
const isPlural = (value: unknown): value is PluralForms => typeof value === 'object' && value !== null && 'other' in value;

function leaves(tree: object, prefix = ''): Map<string, Leaf> {
  const out = new Map<string, Leaf>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string' || isPlural(value)) out.set(path, value);
    else for (const [k, v] of leaves(value as object, path)) out.set(k, v);
  }
  return out;
}
const placeholders = (leaf: Leaf) =>
  [
    ...new Set((typeof leaf === 'string' ? [leaf] : Object.values(leaf)).flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))),
  ].sort();

/** Keys whose text may equal English's in a language: codes, and words spelled alike there. */
const SAME_AS_ENGLISH: Record<Exclude<Language, 'en'>, string[]> = {
  de: ['orderPdf.ean', 'orderPdf.name', 'orderPdf.status'],
  fr: ['orderPdf.ean', 'orderPdf.page'],
  pl: ['orderPdf.ean', 'orderPdf.status'],
};

describe('server texts', () => {
  it('reads the language of every locale the portals store; anything else is English', () => {
    expect(
      ['en-US', 'en-en', 'de-DE', 'de-de', 'fr-FR', 'pl-PL', 'pl-pl', 'PL-pl', 'pl', 'de-AT', 'it-IT', '', null, undefined].map(languageOf),
    ).toEqual(['en', 'en', 'de', 'de', 'fr', 'pl', 'pl', 'pl', 'pl', 'de', 'en', 'en', 'en', 'en']);
    expect(['en-en', 'pl-pl', 'de-de', 'fr-FR', 'it-IT', 'x', null].map(intlLocaleOf)).toEqual([
      'en-EN',
      'pl-PL',
      'de-DE',
      'fr-FR',
      'en-US',
      'en-US',
      'en-US',
    ]);
  });

  it('keeps every language in step with English: keys, placeholders, plural forms, translated', async () => {
    const english = leaves((await textsFor('en')).texts);
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const table = leaves((await textsFor(language)).texts);
      expect([...table.keys()].sort(), language).toEqual([...english.keys()].sort());
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
      for (const [key, leaf] of table) {
        const en = english.get(key)!;
        expect(placeholders(leaf), `${language} ${key}`).toEqual(placeholders(en));
        expect(isPlural(leaf) ? Object.keys(leaf).sort() : [], `${language} ${key}`).toEqual(isPlural(en) ? categories : []);
        if (!SAME_AS_ENGLISH[language].includes(key)) expect(leaf, `${language} ${key}`).not.toEqual(en);
      }
    }
  });

  it('picks the plural form by the locale, formats numbers and days by it', async () => {
    const pl = await textsFor('pl-pl');
    const total = pl.texts.orderPdf.total;
    expect([1, 2, 5, 22, 25, 1200].map((count) => pl.t(total, { count }))).toEqual([
      'Łączna ilość (1 pozycja)',
      'Łączna ilość (2 pozycje)',
      'Łączna ilość (5 pozycji)',
      'Łączna ilość (22 pozycje)',
      'Łączna ilość (25 pozycji)',
      'Łączna ilość (1200 pozycji)',
    ]);
    const de = await textsFor('de-DE');
    expect([1, 2].map((count) => de.t(de.texts.reportMail.attached, { count }))).toEqual([
      'Die Datei ist angehängt.',
      'Die 2 Dateien sind angehängt.',
    ]);
    expect(de.t(de.texts.orderPdf.total, { count: 1200 })).toBe('Gesamtmenge (1.200 Positionen)');
    const fr = await textsFor('fr-FR');
    expect([0, 1, 2, 1_000_000].map((count) => fr.t(fr.texts.orderPdf.total, { count }))).toEqual([
      'Quantité totale (0 ligne)',
      'Quantité totale (1 ligne)',
      'Quantité totale (2 lignes)',
      'Quantité totale (1\u202f000\u202f000 de lignes)',
    ]);
    expect([pl.day('2026-11-21'), de.day('2026-11-21'), fr.day('2026-11-21'), (await textsFor('en-en')).day('2026-11-21')]).toEqual([
      '21 lis 2026',
      '21.11.2026',
      '21 nov. 2026',
      'Nov 21, 2026',
    ]);
    expect(de.instant('2026-11-21T10:05:00.000Z', 'Europe/Berlin')).toBe('21.11.2026, 11:05 (Europe/Berlin)');
  });
});
