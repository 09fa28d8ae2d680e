import type { Portal } from './contracts.ts';

/** Business constants and limits (SPEC 9), plus the interface enumerations of SPEC 5. */

export const API_BASE_PATH = '/api/';
/** Client-side list cache lifetime; dropped after any write (SPEC 7). */
export const LIST_CACHE_TTL_MS = 300_000;
/** How often the service-worker file is polled for updates. */
export const SW_UPDATE_POLL_MS = 300_000;
export const MIN_PASSWORD_LENGTH = 12;
/**
 * Longest accepted text per kind of input: every text input has one, so nothing unbounded reaches the
 * table (keys hold at most 1 KB, items 400 KB). E-mail: RFC 5321's 254-character path limit.
 */
export const MAX_LENGTH = { username: 128, email: 254, name: 100, password: 256, text: 1000 } as const;
/** Default page size of ordering-portal tables. */
export const DEFAULT_PAGE_SIZE_ORDERING = 10;
/** Default list pagination (maxResults) when none is given. */
export const DEFAULT_LIST_PAGE_SIZE = 1000;
export const RETAILER_LIST_PAGE_SIZE = 16_000;
/** Store lists are fetched in one page of at most this many stores. */
export const STORE_LIST_MAX = 9999;
/** Suggested order quantity factor. */
export const SUGGESTED_ORDER_FACTOR = 1.3;
/** The 'Sales (last 4 weeks)' column period. */
export const SALES_COLUMN_PERIOD_DAYS = 28;
/** Default sales range: last 28 days ending yesterday (see date-presets.ts). */
export const DEFAULT_SALES_RANGE_DAYS = 28;
/** Order history default span: one year (see date-presets.ts). */
export const ORDER_HISTORY_SPAN_DAYS = 365;
/** Default timezone offset in minutes, in `Date#getTimezoneOffset` sign convention (-60 = UTC+1). */
export const DEFAULT_TIMEZONE_OFFSET = -60;
export const DEFAULT_CURRENCY_DECIMALS = 2;

export const LOCALES = {
  connect: ['en-en', 'de-de', 'pl-pl'],
  ordering: ['en-US', 'de-DE', 'fr-FR', 'pl-PL'],
} as const satisfies Record<Portal, readonly string[]>;
export type Locale<P extends Portal = Portal> = (typeof LOCALES)[P][number];
export const DEFAULT_LOCALES = { connect: 'en-en', ordering: 'en-US' } as const satisfies {
  [P in Portal]: Locale<P>;
};

/** A locale is accepted only if it is in the portal's supported list (SPEC 5); the match is exact. */
export function isSupportedLocale<P extends Portal>(portal: P, locale: unknown): locale is Locale<P> {
  return typeof locale === 'string' && (LOCALES[portal] as readonly string[]).includes(locale);
}

/** The locale if supported, otherwise the portal's default. */
export function resolveLocale<P extends Portal>(portal: P, locale: unknown): Locale<P> {
  return isSupportedLocale(portal, locale) ? locale : (DEFAULT_LOCALES[portal] as Locale<P>);
}

export const LABEL_LANGUAGES = [
  'Dutch',
  'English',
  'Flemish',
  'French',
  'German',
  'Greek',
  'Italian',
  'Polish',
  'Russian',
  'Turkish',
] as const;

export const SNACK_AUTO_DISMISS_MS = 10_000;
export const ACTION_SHEET_MIN_ITEMS = 1;
export const ACTION_SHEET_MAX_ITEMS = 8;
export const BOTTOM_BAR_MAIN_ITEMS = 3;
export const BOTTOM_BAR_OVERFLOW_LABEL = 'More';
export const RIPPLE_DURATION_MS = 700;
export const RESIZE_DEBOUNCE_MS = 10;
/** Minimum widths in px. */
export const BREAKPOINTS = { sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/** Reporting days (SPEC 9), Monday first. */
export const REPORTING_DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type ReportingDay = (typeof REPORTING_DAYS)[number];

// Interface enumerations (SPEC 5)
export const INPUT_TYPES = ['text', 'email', 'password', 'number', 'date'] as const;
export type InputType = (typeof INPUT_TYPES)[number];
export const ALERT_THEMES = [
  'red',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'pink',
  'gray',
  'dark',
] as const;
export type AlertTheme = (typeof ALERT_THEMES)[number];
export const BUTTON_THEMES = ['primary', 'secondary', 'text', 'icon'] as const;
export type ButtonTheme = (typeof BUTTON_THEMES)[number];
export const BUTTON_TYPES = ['button', 'submit'] as const;
export type ButtonType = (typeof BUTTON_TYPES)[number];
export const SNACK_MODES = ['toast', 'fixed'] as const;
export type SnackMode = (typeof SNACK_MODES)[number];
