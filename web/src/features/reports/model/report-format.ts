import { type Report, type ReportFilter } from '@portal/core/report';
import { type DatePreset, DATE_PRESETS, presetDates, REPORTING_DAYS, type ReportingDay } from '@portal/core/shared';
import type { Translate } from '../../../i18n/index.ts';
import { isFilterKey } from './report-draft.ts';
import { dateTimeFormat, formatCalendarDay, formatNumber } from '../../../lib/user-format.ts';

/** How the list and the detail say a report's schedule and filters (ADR 044: the SPEC 3 fields). */

/** Short weekday names in `locale` (2026-11-23 is a Monday). */
export function weekdayNames(locale: string, width: 'short' | 'long' = 'short'): Record<ReportingDay, string> {
  const format = dateTimeFormat(locale, { weekday: width, timeZone: 'UTC' });
  const name = (i: number) => format.format(new Date(Date.UTC(2026, 10, 23 + i)));
  return { monday: name(0), tuesday: name(1), wednesday: name(2), thursday: name(3), friday: name(4), saturday: name(5), sunday: name(6) };
}

/** "Mon–Fri", "Mon, Wed, Fri", "every day": consecutive days joined as ranges. */
export function reportingDaysText(days: readonly ReportingDay[], locale: string, everyDay: string): string {
  if (days.length === 7) return everyDay;
  const names = weekdayNames(locale);
  const indexes = REPORTING_DAYS.map((d, i) => (days.includes(d) ? i : -1)).filter((i) => i >= 0);
  const runs: number[][] = [];
  for (const i of indexes) {
    const last = runs.at(-1);
    if (last && last.at(-1) === i - 1) last.push(i);
    else runs.push([i]);
  }
  return runs
    .map((run) =>
      run.length >= 3
        ? `${names[REPORTING_DAYS[run[0]!]!]}–${names[REPORTING_DAYS[run.at(-1)!]!]}`
        : run.map((i) => names[REPORTING_DAYS[i]!]!).join(', '),
    )
    .join(', ');
}

/** The filter's set fields as `label: value` pairs, in the contract's order. */
export function filterEntries(filter: ReportFilter): [keyof ReportFilter, string][] {
  const entries: [keyof ReportFilter, string][] = [];
  for (const [key, value] of Object.entries(filter))
    if (value !== undefined && value !== '' && isFilterKey(key)) entries.push([key, String(value)]);
  return entries;
}

export const isScheduled = (report: Pick<Report, 'schedule'>) => report.schedule?.enabled === true;

/** "Run now" periods: the shared presets (SPEC 4) but "none"; "custom" once a date is typed. */
export type RunPreset = Exclude<DatePreset, 'none'> | 'custom';
export const RUN_PRESETS = DATE_PRESETS.filter((p): p is Exclude<DatePreset, 'none'> => p !== 'none');
export interface RunPeriod {
  preset: RunPreset;
  dateFrom: string;
  dateUntil: string;
}
export function runPeriodOf(preset: Exclude<RunPreset, 'custom'>, today: string): RunPeriod {
  const [dateFrom, dateUntil] = presetDates(preset, today) ?? [today, today];
  return { preset, dateFrom, dateUntil };
}

/** Which problem the period has before it is sent (the server says REPORT.PERIOD_INVALID too). */
export function runPeriodProblem(period: RunPeriod, maxDays: number): 'required' | 'endBeforeStart' | 'tooLong' | null {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (!day.test(period.dateFrom) || !day.test(period.dateUntil)) return 'required';
  const from = Date.parse(`${period.dateFrom}T00:00:00Z`);
  const until = Date.parse(`${period.dateUntil}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(until)) return 'required';
  if (until < from) return 'endBeforeStart';
  return (until - from) / 86_400_000 + 1 > maxDays ? 'tooLong' : null;
}

/** A run's or file's period: one day, or "from – until". */
export function periodText({ dateFrom, dateUntil }: { dateFrom: string; dateUntil: string }, locale: string): string {
  const day = (d: string) => formatCalendarDay(d, locale);
  return dateFrom === dateUntil ? day(dateFrom) : `${day(dateFrom)} – ${day(dateUntil)}`;
}

/** "1 row", "12,345 rows": the count picks the plural form (ADR 088), the number shows in the user's format. */
export const rowCountText = (t: Translate, rows: number, locale: string): string =>
  t('reports.files.rowCount', { count: rows, rows: formatNumber(rows, locale) });
