import { calendarDateInZone, type CurrencyDisplay } from '@portal/core';
import { useSession } from './auth.ts';

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

const FALLBACK_LOCALE = 'en-US';
const FALLBACK_ZONE = 'UTC';
const FALLBACK_CURRENCY: CurrencyDisplay = { symbol: '€', decimals: 2, isoCode: 'EUR' };

/** Whether Intl knows a time zone name. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The signed-in user's locale, time zone and currency, with the fallbacks above. */
export function useUserFormat(): UserFormat {
  const user = useSession().status?.user;
  const timeZone = user?.timezone && isKnownTimeZone(user.timezone) ? user.timezone : FALLBACK_ZONE;
  return {
    locale: user?.locale || FALLBACK_LOCALE,
    timeZone,
    currency: user?.currencyObj ?? FALLBACK_CURRENCY,
    today: () => calendarDateInZone(new Date(), timeZone),
  };
}

/** Intl's date format for a locale; a malformed locale reads as en-US rather than breaking the page. */
function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(locale, options);
  } catch {
    return new Intl.DateTimeFormat(FALLBACK_LOCALE, options);
  }
}

/** An instant (ISO text) as date and time in the user's time zone: 'Mar 4, 2026, 2:05 PM' / '04.03.2026, 14:05'. */
export function formatDateTime(iso: string, format: Pick<UserFormat, 'locale' | 'timeZone'>): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(format.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: format.timeZone }).format(
    date,
  );
}

/** A calendar day ('YYYY-MM-DD', already a day of the user's zone) as the locale writes it. */
export function formatCalendarDay(day: string, locale: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) return day;
  return dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
