import type { Portal } from './contracts.ts';

/** Business constants and limits (SPEC 9). The interface constants of SPEC 5 and 9 are the web's. */

export const MIN_PASSWORD_LENGTH = 12;
/**
 * Longest accepted text per kind of input: every text input has one, so nothing unbounded reaches the
 * table (keys hold at most 1 KB, items 400 KB). E-mail: RFC 5321's 254-character path limit.
 */
export const MAX_LENGTH = { username: 128, email: 254, name: 100, password: 256, text: 1000 } as const;
/** Default page size of ordering-portal tables. */
export const DEFAULT_PAGE_SIZE_ORDERING = 10;
export const RETAILER_LIST_PAGE_SIZE = 16_000;
/** Default list pagination (SPEC 9): the page size of a list asked for without `maxResults`. */
export const DEFAULT_LIST_PAGE_SIZE = 1000;
/** Store lists are fetched in one page of at most this many stores. */
export const STORE_LIST_MAX = 9999;
/** Suggested order quantity factor. */
export const SUGGESTED_ORDER_FACTOR = 1.3;
/** Order history default span: one year, as calendar dates with both ends included (the `year` preset, date-presets.ts). */
export const ORDER_HISTORY_SPAN_DAYS = 365;
export const DEFAULT_CURRENCY_DECIMALS = 2;

export const LOCALES = {
  connect: ['en-en', 'de-de', 'pl-pl'],
  ordering: ['en-US', 'de-DE', 'fr-FR', 'pl-PL'],
} as const satisfies Record<Portal, readonly string[]>;
export type Locale<P extends Portal = Portal> = (typeof LOCALES)[P][number];
/** The lists and defaults by portal, typed so that a portal's entry is its own locales. */
const LOCALE_LISTS: { [P in Portal]: readonly Locale<P>[] } = LOCALES;
const DEFAULT_LOCALES: { [P in Portal]: Locale<P> } = { connect: 'en-en', ordering: 'en-US' };

/** A locale is accepted only if it is in the portal's supported list (SPEC 5); the match is exact. */
export function isSupportedLocale<P extends Portal>(portal: P, locale: unknown): locale is Locale<P> {
  return typeof locale === 'string' && LOCALES[portal].some((l) => l === locale);
}

/**
 * Whether a code is one of any portal's locales, in any case (en-en, de-DE, PL-pl, ...): what an account
 * import accepts, since an account's one locale serves both portals (resolveLocale maps it per portal).
 */
export function isKnownLocale(locale: unknown): locale is string {
  if (typeof locale !== 'string') return false;
  const wanted = locale.toLowerCase();
  return Object.values(LOCALES).some((codes) => codes.some((code) => code.toLowerCase() === wanted));
}

/** A tag's language, lower case: `pl` of pl, pl-PL, PL_pl; empty for anything else. */
const languageOfTag = (locale: string) => /^([a-z]{2,3})(?:[-_]|$)/i.exec(locale)?.[1]?.toLowerCase() ?? '';

/**
 * The portal's locale for a code that came in from anywhere (an account, a session, the other portal, the
 * browser): the code itself if the portal lists it; else the portal's locale of the same language and region
 * regardless of case, so the connect codes (en-en, de-de, pl-pl) and the ordering codes (en-US, de-DE,
 * pl-PL) meet (an account keeps one locale for both portals; en-en is connect's English as en-US is
 * ordering's); else the portal's locale of the same language (a browser's pl, fr, de-AT, en-GB: each
 * portal has one locale per language); else the portal's default. Storing a locale (set-locale) stays
 * exact: isSupportedLocale. The server's mail and PDF language is this rule too (ADR 088).
 */
export function resolveLocale<P extends Portal>(portal: P, locale: unknown): Locale<P> {
  if (isSupportedLocale(portal, locale)) return locale;
  const supported = LOCALE_LISTS[portal];
  if (typeof locale === 'string') {
    const wanted = locale.toLowerCase().replace('_', '-');
    const language = languageOfTag(wanted);
    const found = supported.find((code) => code.toLowerCase() === wanted) ?? supported.find((code) => languageOfTag(code) === language);
    if (found) return found;
  }
  return DEFAULT_LOCALES[portal];
}

/**
 * The portal's locale for a browser's preferred languages (`navigator.languages`, most wanted first) before
 * anyone signs in: the first one the portal speaks (resolveLocale), else the portal's default.
 */
export function resolveBrowserLocale<P extends Portal>(portal: P, languages: readonly string[]): Locale<P> {
  const spoken = languages.find((tag) => LOCALE_LISTS[portal].some((code) => languageOfTag(code) === languageOfTag(tag)));
  return resolveLocale(portal, spoken);
}

/** Reporting days (SPEC 9), Monday first. */
export const REPORTING_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type ReportingDay = (typeof REPORTING_DAYS)[number];
