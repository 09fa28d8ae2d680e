import { calendarDateInZone, type CurrencyDisplay, dateTimeFormat, formatAmount, isValidTimeZone, numberFormat } from '@portal/core/shared';
import { messageLocaleFor } from '../i18n/index.ts';
import { useSession } from './auth.ts';
import { usePortal } from './portal.ts';

/** How the signed-in user reads numbers, money and dates (SPEC 3 Session user). */
export interface UserFormat {
  locale: string;
  /** An IANA zone Intl knows (UTC when the user's is missing or unknown). */
  timeZone: string;
  /** SPEC 3 currency: symbol, decimals (default € with 2 decimals). */
  currency: CurrencyDisplay;
  /** Today's calendar date in the user's time zone (the date presets count from it). */
  today: () => string;
}

const FALLBACK_ZONE = 'UTC';
const FALLBACK_CURRENCY: CurrencyDisplay = { symbol: '€', decimals: 2, isoCode: 'EUR' };

/**
 * The signed-in user's locale, time zone and currency, with the fallbacks above. The locale is the one whose
 * texts the user reads (connect's pl-pl formats as pl-PL, a locale without catalogues as English; ADR 088).
 */
export function useUserFormat(): UserFormat {
  const user = useSession().status?.user;
  const portal = usePortal();
  const timeZone = userTimeZone(user?.timezone);
  return {
    locale: messageLocaleFor(portal, user?.locale),
    timeZone,
    currency: user?.currencyObj ?? FALLBACK_CURRENCY,
    today: () => calendarDateInZone(new Date(), timeZone),
  };
}

/** The user's zone as the screens read dates in it: the session's when Intl knows it, else UTC. */
export const userTimeZone = (timezone: string | null | undefined): string =>
  timezone && isValidTimeZone(timezone) ? timezone : FALLBACK_ZONE;

/** Intl's formats come from core, made once per locale and options (ADR 135). */
export { dateTimeFormat, numberFormat };

/**
 * An instant (ISO text) as date and time in a time zone: 'Mar 4, 2026, 2:05 PM' / '04.03.2026, 14:05'.
 * Without a zone (or with one Intl does not know) the machine's zone.
 */
export function formatDateTime(iso: string, format: { locale: string; timeZone?: string | undefined }): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(format.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: format.timeZone }).format(date);
}

/**
 * A calendar day ('YYYY-MM-DD', already a day of the user's zone) as the locale writes it, never shifted by
 * a zone: medium 'Mar 4, 2026' / '04.03.2026', short '3/4/26', long '1 March 2025' / '1. März 2025'.
 */
export function formatCalendarDay(day: string, locale: string, style: 'short' | 'medium' | 'long' = 'medium'): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) return day;
  return dateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }).format(date);
}

/** A number in the locale ('1,234' / '1.234'), whole unless more fraction digits are asked for. */
export function formatNumber(value: number, locale: string, maximumFractionDigits = 0): string {
  return numberFormat(locale, { maximumFractionDigits }).format(value);
}

/** A number with exactly `decimals` fraction digits in the locale ('1,234.50' / '1 234,50'). */
export function formatDecimal(value: number, locale: string, decimals: number): string {
  return numberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

/** Integer cents (the contracts' amounts) in the user's currency (symbol, decimals default 2) and locale. */
export function formatCents(cents: number, format: Pick<UserFormat, 'locale' | 'currency'>): string {
  return formatAmount(cents / 100, format.currency, format.locale);
}
