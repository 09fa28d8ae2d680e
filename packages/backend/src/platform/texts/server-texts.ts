import { dateTimeFormat, numberFormat, resolveLocale } from '@portal/core/shared';
import { lazy } from '../lazy.ts';
import type { PluralForms, ServerTexts } from './shape.ts';

export type { PluralForms, ServerTexts } from './shape.ts';

/**
 * The texts the server writes itself — mails and PDFs — in the portal's four languages (SPEC 9; ADR 090).
 * One shape for all of them: one table per language (`en.ts`, `de.ts`, `fr.ts`, `pl.ts`), each a tree of
 * templates with `{name}` placeholders, a counted text as plural forms chosen by `Intl.PluralRules`. A
 * language's table is its own module, `import()`ed with the first text of that language, so none of them
 * is part of the API's cold start (budgets.json api.initialMinified). The gate
 * (server-texts.test.ts) keeps the four tables' keys, placeholders and plural forms in step.
 */
export const LANGUAGES = ['en', 'de', 'fr', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];

export type Template = string | PluralForms;

/**
 * The mail or PDF language of an account's locale: core's rule for the ordering portal, which speaks all four
 * languages (de-DE, de-de, pl-pl, fr-FR, a bare pl), else English — the rule the screens follow (ADR 088).
 */
export function languageOf(locale: string | null | undefined): Language {
  const language = resolveLocale('ordering', locale).slice(0, 2);
  return LANGUAGES.find((l) => l === language) ?? 'en';
}

const DEFAULT_REGION: Record<Language, string> = { en: 'en-US', de: 'de-DE', fr: 'fr-FR', pl: 'pl-PL' };

/**
 * The Intl locale for dates and numbers: the account's own locale when Intl reads it and it is of the
 * text's language (connect's en-en and pl-pl canonicalise to en-EN and pl-PL), else the language's default.
 */
export function intlLocaleOf(locale: string | null | undefined): string {
  const language = languageOf(locale);
  try {
    const [canonical] = Intl.getCanonicalLocales(locale ?? '');
    if (canonical && canonical.length > 2 && canonical.slice(0, 2).toLowerCase() === language) return canonical;
  } catch {
    // Not a BCP 47 tag: the language's default below.
  }
  return DEFAULT_REGION[language];
}

const TABLES: Record<Language, () => Promise<ServerTexts>> = {
  en: lazy(async () => (await import('./en.ts')).default),
  de: lazy(async () => (await import('./de.ts')).default),
  fr: lazy(async () => (await import('./fr.ts')).default),
  pl: lazy(async () => (await import('./pl.ts')).default),
};

export type Values = Record<string, string | number>;

/** The texts of one reader: the table of the locale's language and Intl formats of the locale. */
export type Texts = {
  language: Language;
  /** The Intl locale (intlLocaleOf). */
  locale: string;
  texts: ServerTexts;
  /** A template filled: numbers in `values` formatted by the locale; plural forms chosen by `values.count`. */
  t: (template: Template, values?: Values) => string;
  number: (value: number) => string;
  /** A calendar day (YYYY-MM-DD…) as the locale writes it: 21 Nov 2026, 21.11.2026, 21/11/2026, 21.11.2026. */
  day: (isoDay: string) => string;
  /** An instant on the reader's clock with the zone's name: "Nov 21, 2026, 11:00 (Europe/Berlin)". */
  instant: (iso: string, timeZone: string) => string;
};

export async function textsFor(locale: string | null | undefined): Promise<Texts> {
  const language = languageOf(locale);
  const intl = intlLocaleOf(locale);
  const texts = await TABLES[language]();
  const numbers = numberFormat(intl);
  const plurals = new Intl.PluralRules(intl);
  const days = dateTimeFormat(intl, { dateStyle: 'medium', timeZone: 'UTC' });
  const t = (template: Template, values: Values = {}) => {
    const text = typeof template === 'string' ? template : pluralForm(template, plurals.select(Number(values.count ?? 0)));
    return text.replace(/\{(\w+)\}/g, (match, name: string) => {
      const value = values[name];
      return value === undefined ? match : typeof value === 'number' ? numbers.format(value) : value;
    });
  };
  return {
    language,
    locale: intl,
    texts,
    t,
    number: (value) => numbers.format(value),
    day: (isoDay) => days.format(new Date(`${isoDay.slice(0, 10)}T00:00:00Z`)),
    instant: (iso, timeZone) =>
      // Strict: a zone Intl refuses throws rather than printing the machine's time under the zone's name.
      `${new Intl.DateTimeFormat(intl, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))} (${timeZone})`,
  };
}

const pluralForm = (forms: PluralForms, category: Intl.LDMLPluralRule): string =>
  (category === 'one' || category === 'few' || category === 'many' ? forms[category] : undefined) ?? forms.other;
