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
