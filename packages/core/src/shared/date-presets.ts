/**
 * Date filter presets (SPEC 4) computed in the user's IANA time zone with Intl only.
 *
 * Interpretation (ADR docs/decisions/004-date-presets.md):
 * - "Today" is the calendar date of `now` in `timeZone`, not in the machine's zone.
 * - Every range is a pair of calendar dates, both inclusive.
 * - "N days back" presets (week 7, month 31, year 365) are the last N calendar dates, today included:
 *   week on Wednesday 2026-03-11 is 2026-03-05 .. 2026-03-11 (seven dates; ADR 004 addendum). The
 *   sales default is the last 28 dates ending yesterday. PRESET_DAYS is the one place these spans live.
 * - "this ..." presets run from the first day of the period to today (to date, never into the future):
 *   thisWeek from the Monday of the ISO week, thisMonth from the 1st, thisYear from 1 January.
 * - yesterday is the single day before today; lastMonth is the whole previous calendar month.
 * - none is no range (null).
 * - The instants are a half-open interval [startInstant, endInstant): startInstant is the first
 *   instant of startDate in the zone, endInstant the first instant of the day after endDate. So a
 *   range's length in hours follows the zone's clock (a day is 23 or 25 hours across DST changes),
 *   and a query uses `>= startInstant AND < endInstant`.
 * - Defaults: sales = the 28 days ending yesterday; orders = the `year` preset (the last 365 days to
 *   today); sales reporting = thisMonth.
 */

import { fromZonedTime, type LocalDate, naiveUtcMs, toZonedTime, zoneOffsetAt } from './zoned-time.ts';

/** A calendar date 'YYYY-MM-DD' (proleptic Gregorian, years 0001..9999); compares correctly as a string. */
export type CalendarDate = string;

export const DATE_PRESETS = ['yesterday', 'week', 'thisWeek', 'month', 'thisMonth', 'lastMonth', 'year', 'thisYear', 'none'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export interface DateRange {
  /** First day, inclusive. */
  startDate: CalendarDate;
  /** Last day, inclusive. */
  endDate: CalendarDate;
  /** ISO UTC instant of the first moment of startDate in the zone (inclusive). */
  startInstant: string;
  /** ISO UTC instant of the first moment of the day after endDate in the zone (exclusive). */
  endInstant: string;
}

/**
 * The spans of the "N days back" presets (SPEC 4: week 7, month 31, year 365) and of the sales default
 * (SPEC 4: the last 28 days ending yesterday), as numbers of calendar dates in the range.
 */
export const PRESET_DAYS = { week: 7, month: 31, year: 365, salesDefault: 28 } as const;

/** The last `days` calendar dates ending on `end`, both inclusive: `lastDays('2026-11-28', 7)` starts on the 22nd. */
export function lastDays(end: CalendarDate, days: number): [CalendarDate, CalendarDate] {
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`A range has at least one day: ${days}`);
  return [addDays(end, 1 - days), end];
}

/** The sales default's dates for `today` (SPEC 4): the 28 days ending yesterday. */
export function salesDefaultDates(today: CalendarDate): [CalendarDate, CalendarDate] {
  return lastDays(addDays(today, -1), PRESET_DAYS.salesDefault);
}

const MS_PER_DAY = 86_400_000;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Years 1..9999 only, so that dates compare correctly as strings. */
function toCalendarDate({ year, month, day }: LocalDate): CalendarDate {
  if (year < 1 || year > 9999) throw new RangeError(`Year ${year} is outside 1..9999`);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function parseCalendarDate(date: CalendarDate): LocalDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not a calendar date 'YYYY-MM-DD': ${date}`);
  const parsed = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const check = new Date(naiveUtcMs(parsed));
  if (parsed.year < 1 || check.getUTCMonth() + 1 !== parsed.month || check.getUTCDate() !== parsed.day) {
    throw new RangeError(`No such calendar date: ${date}`);
  }
  return parsed;
}

const dateOfUtc = (epochMs: number): LocalDate => {
  const date = new Date(epochMs);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};

/** The calendar date of an instant in a time zone. */
export function calendarDateInZone(instant: Date | number, timeZone: string): CalendarDate {
  return toCalendarDate(toZonedTime(instant, timeZone));
}

/** Calendar arithmetic, independent of any zone: `addDays('2026-03-01', -1)` is '2026-02-28'. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return toCalendarDate(dateOfUtc(naiveUtcMs(parseCalendarDate(date)) + days * MS_PER_DAY));
}

/** ISO weekday of a calendar date: 1 = Monday .. 7 = Sunday. */
export function isoWeekday(date: CalendarDate): number {
  const day = new Date(naiveUtcMs(parseCalendarDate(date))).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * The first instant (epoch ms) of a calendar date in a time zone. Usually local midnight; when
 * midnight does not exist (a DST gap at 00:00, e.g. America/Santiago) it is the instant the clock
 * jumps into the day; when midnight occurs twice (a fall-back over midnight) it is the earlier one.
 */
export function startOfDayInZone(date: CalendarDate, timeZone: string): number {
  const day = parseCalendarDate(date);
  const midnight = fromZonedTime({ ...day, hour: 0, minute: 0, second: 0 }, timeZone)[0];
  if (midnight) return midnight.getTime();
  // Midnight falls into a gap: find the first instant whose local date is `date` by bisection between
  // an instant still on the previous day and one already on the date (the predicate is monotonic
  // across a single forward jump).
  const wall = naiveUtcMs(day);
  const before = wall - zoneOffsetAt(wall - MS_PER_DAY, timeZone);
  const after = wall - zoneOffsetAt(wall + MS_PER_DAY, timeZone);
  let lo = Math.min(before, after) - MS_PER_DAY / 2;
  let hi = Math.max(before, after) + MS_PER_DAY / 2;
  const onOrAfter = (t: number) => calendarDateInZone(t, timeZone) >= date;
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2000) * 1000;
    if (mid <= lo) break;
    if (onOrAfter(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** Builds a range (with its instants) from two inclusive calendar dates. */
export function dateRange(startDate: CalendarDate, endDate: CalendarDate, timeZone: string): DateRange {
  if (endDate < startDate) throw new RangeError(`endDate ${endDate} is before startDate ${startDate}`);
  return {
    startDate,
    endDate,
    startInstant: new Date(startOfDayInZone(startDate, timeZone)).toISOString(),
    endInstant: new Date(startOfDayInZone(addDays(endDate, 1), timeZone)).toISOString(),
  };
}

const firstOfMonth = (date: CalendarDate): CalendarDate => `${date.slice(0, -2)}01`;

/** The calendar dates of a preset for `today` (zone-free); null for 'none'. */
export function presetDates(preset: DatePreset, today: CalendarDate): [CalendarDate, CalendarDate] | null {
  switch (preset) {
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return [yesterday, yesterday];
    }
    case 'week':
      return lastDays(today, PRESET_DAYS.week);
    case 'thisWeek':
      return [addDays(today, 1 - isoWeekday(today)), today];
    case 'month':
      return lastDays(today, PRESET_DAYS.month);
    case 'thisMonth':
      return [firstOfMonth(today), today];
    case 'lastMonth': {
      const lastDayOfPreviousMonth = addDays(firstOfMonth(today), -1);
      return [firstOfMonth(lastDayOfPreviousMonth), lastDayOfPreviousMonth];
    }
    case 'year':
      return lastDays(today, PRESET_DAYS.year);
    case 'thisYear':
      return [`${today.slice(0, -5)}01-01`, today];
    case 'none':
      return null;
  }
}

/** The range of a preset at `now` in `timeZone` (an IANA name); null for 'none'. */
export function datePresetRange(preset: DatePreset, now: Date, timeZone: string): DateRange | null {
  const dates = presetDates(preset, calendarDateInZone(now, timeZone));
  return dates && dateRange(dates[0], dates[1], timeZone);
}

/** Sales default: the last 28 days ending yesterday (today - 28 .. today - 1). */
export function defaultSalesRange(now: Date, timeZone: string): DateRange {
  const [start, end] = salesDefaultDates(calendarDateInZone(now, timeZone));
  return dateRange(start, end, timeZone);
}

/** Orders default: the last year, i.e. the `year` preset (the 365 dates today - 364 .. today). */
export function defaultOrderRange(now: Date, timeZone: string): DateRange {
  return datePresetRange('year', now, timeZone)!;
}

/** Sales reporting default: this month (the 1st .. today). */
export function defaultSalesReportingRange(now: Date, timeZone: string): DateRange {
  return datePresetRange('thisMonth', now, timeZone)!;
}
