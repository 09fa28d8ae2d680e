import { calendarDateInZone, type CurrencyDisplay } from '@portal/core';
import { useSession } from '../../../lib/auth.ts';

export interface UserFormat {
  locale: string;
  timeZone: string;
  currency: CurrencyDisplay;
  /** Today's calendar date in the user's time zone (the presets count from it). */
  today: () => string;
}

const FALLBACK_ZONE = 'UTC';

/** Whether Intl knows a time zone name. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The signed-in user's locale, time zone and currency (SPEC 3 Session user). */
export function useUserFormat(): UserFormat {
  const user = useSession().status?.user;
  const timeZone = user?.timezone && isKnownTimeZone(user.timezone) ? user.timezone : FALLBACK_ZONE;
  return {
    locale: user?.locale || 'en-US',
    timeZone,
    currency: user?.currencyObj ?? { symbol: '€', decimals: 2, isoCode: 'EUR' },
    today: () => calendarDateInZone(new Date(), timeZone),
  };
}
