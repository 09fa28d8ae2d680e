import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The export card's texts (`exports.…`) travel in the catalogue of each screen that shows the card, so the
 * screen's texts and the card's arrive in one file (ADR 144): `transactions` and `connectSales` carry a copy
 * of `exports.json`, which the audit logs load. One wording: every copy equals `exports.json` in every locale.
 */
const i18n = join(import.meta.dirname, '../../../i18n');
const locales = readdirSync(i18n, { withFileTypes: true }).filter((e) => e.isDirectory() && /^[a-z]{2}-[A-Z]{2}$/.test(e.name));
const read = (locale: string, name: string) =>
  JSON.parse(readFileSync(join(i18n, locale, `${name}.json`), 'utf8')) as Record<string, unknown>;

describe('the export card’s texts in the screens’ catalogues', () => {
  it('finds the locales', () => expect(locales.map((l) => l.name)).toContain('de-DE'));
  for (const { name: locale } of locales)
    for (const screen of ['transactions', 'connectSales'])
      it(`${locale} ${screen}: the same exports texts as exports.json`, () => {
        expect(read(locale, screen).exports).toEqual(read(locale, 'exports').exports);
      });
});
