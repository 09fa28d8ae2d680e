import { type CurrencyDisplay, formatAmount, type SalesGroupBy } from '@portal/core';

/** Display helpers of the sales screens (pure): days, weeks, months, counts and money in the user's locale. */

export interface SalesFormat {
  locale: string;
  currency: CurrencyDisplay;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
  }
}

const noon = (day: string) => new Date(`${day}T12:00:00Z`);

/** A calendar day as the locale writes it ('Mar 4, 2026' / '04.03.2026'); days are already in the account's zone. */
export function formatDay(day: string, locale: string, style: 'medium' | 'short' = 'medium'): string {
  const date = noon(day);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) return day;
  return dateFormat(locale, { dateStyle: style }).format(date);
}

/** 'YYYY-MM' as 'March 2026' / 'März 2026' (short: 'Mar 26'). */
export function formatMonth(month: string, locale: string, short = false): string {
  const date = noon(`${month}-01`);
  if (!/^\d{4}-\d{2}$/.test(month) || Number.isNaN(date.getTime())) return month;
  return dateFormat(locale, short ? { month: 'short', year: '2-digit' } : { month: 'long', year: 'numeric' }).format(
    date,
  );
}

export function formatCount(value: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale).format(value);
  } catch {
    return new Intl.NumberFormat('en-US').format(value);
  }
}

/** Integer cents in the user's currency (symbol, decimals default 2) and locale. */
export function formatCents(cents: number, format: SalesFormat): string {
  return formatAmount(cents / 100, format.currency, format.locale);
}

/**
 * A group's text as the table and the chart show it: time groups formatted from their key (a day, the
 * Monday of a week, a month), stores and products by their label (the key when the label is empty).
 * `weekOf` turns a formatted Monday into 'Week of …'.
 */
export function groupText(
  group: { key: string; label: string },
  groupBy: SalesGroupBy,
  locale: string,
  weekOf: (day: string) => string,
  short = false,
): string {
  switch (groupBy) {
    case 'day':
      return formatDay(group.key, locale, short ? 'short' : 'medium');
    case 'week':
      return short ? formatDay(group.key, locale, 'short') : weekOf(formatDay(group.key, locale));
    case 'month':
      return formatMonth(group.key, locale, short);
    default:
      return group.label || group.key;
  }
}
