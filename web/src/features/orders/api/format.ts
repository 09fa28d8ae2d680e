/** Display helpers of the orders screens (pure): dates and times in the user's zone and locale. */

function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(locale, options);
  } catch {
    // A malformed locale or an unknown zone: English in the machine's zone rather than a broken page.
    const { timeZone: _zone, ...rest } = options;
    return new Intl.DateTimeFormat('en-US', rest);
  }
}

/** An instant (ISO) as date and time in the user's time zone: 'Mar 4, 2026, 2:05 PM' / '04.03.2026, 14:05'. */
export function formatInstant(iso: string, locale: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

/** A calendar day ('YYYY-MM-DD') as the locale writes it; it is already a day in the user's zone. */
export function formatCalendarDay(day: string, locale: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) return day;
  return dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** A whole number in the locale ('1,234' / '1.234'). */
export function formatCount(value: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale).format(value);
  } catch {
    return new Intl.NumberFormat('en-US').format(value);
  }
}
