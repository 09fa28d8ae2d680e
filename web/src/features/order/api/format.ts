import { type CurrencyDisplay, formatAmount } from '@portal/core';

/** Display formats of the order screens, in the user's locale (and currency, time zone). */

function safe<T>(make: () => T, fallback: () => T): T {
  try {
    return make();
  } catch {
    return fallback();
  }
}

export function formatNumber(locale: string, value: number, maximumFractionDigits = 0): string {
  return safe(
    () => new Intl.NumberFormat(locale, { maximumFractionDigits }).format(value),
    () => new Intl.NumberFormat('en-US', { maximumFractionDigits }).format(value),
  );
}

/** A calendar day 'YYYY-MM-DD' as the locale writes it (no time zone shift). */
export function formatDay(locale: string, day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  const options = { dateStyle: 'medium', timeZone: 'UTC' } as const;
  return safe(
    () => new Intl.DateTimeFormat(locale, options).format(date),
    () => new Intl.DateTimeFormat('en-US', options).format(date),
  );
}

/** An instant (ISO text) in the user's time zone. */
export function formatDateTime(locale: string, iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return safe(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date),
    () => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(date),
  );
}

/** Integer cents (the contracts' amounts) in the user's currency. */
export const formatCents = (locale: string, cents: number, currency: CurrencyDisplay): string =>
  formatAmount(cents / 100, currency, locale);
