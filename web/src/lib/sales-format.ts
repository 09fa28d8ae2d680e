import type { SalesGroupBy } from '@portal/core/sales';
import { dateTimeFormat, formatCalendarDay, type UserFormat } from './user-format.ts';

/** Display helpers of the sales screens (pure): months and group texts (days, counts, money: lib/user-format). */

/** What the sales screens format with: the user's locale and currency. */
export type SalesFormat = Pick<UserFormat, 'locale' | 'currency'>;

/** Days, weeks and months: every period is listed (zeros included) and drawn as columns. */
export const isTimeGrouping = (groupBy: SalesGroupBy): boolean => groupBy === 'day' || groupBy === 'week' || groupBy === 'month';

/** 'YYYY-MM' as 'March 2026' / 'März 2026' (short: 'Mar 26'). */
export function formatMonth(month: string, locale: string, short = false): string {
  const date = new Date(`${month}-01T12:00:00Z`);
  if (!/^\d{4}-\d{2}$/.test(month) || Number.isNaN(date.getTime())) return month;
  const options: Intl.DateTimeFormatOptions = short
    ? { month: 'short', year: '2-digit', timeZone: 'UTC' }
    : { month: 'long', year: 'numeric', timeZone: 'UTC' };
  return dateTimeFormat(locale, options).format(date);
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
      return formatCalendarDay(group.key, locale, short ? 'short' : 'medium');
    case 'week':
      return short ? formatCalendarDay(group.key, locale, 'short') : weekOf(formatCalendarDay(group.key, locale));
    case 'month':
      return formatMonth(group.key, locale, short);
    default:
      return group.label || group.key;
  }
}
