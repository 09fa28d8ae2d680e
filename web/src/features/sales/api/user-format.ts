import { calendarDateInZone } from '@portal/core';
import { useSession } from '../../../lib/auth.ts';
import type { SalesFormat } from './format.ts';

/** Whether Intl knows a time zone name. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The signed-in user's locale, currency (SPEC 3: symbol, decimals default 2) and time zone. */
export function useSalesFormat(): SalesFormat & { timeZone: string; today: () => string } {
  const user = useSession().status?.user;
  const timeZone = user?.timezone && isKnownTimeZone(user.timezone) ? user.timezone : 'UTC';
  return {
    locale: user?.locale || 'en-US',
    currency: user?.currencyObj ?? { symbol: '€', decimals: 2, isoCode: 'EUR' },
    timeZone,
    today: () => calendarDateInZone(new Date(), timeZone),
  };
}
