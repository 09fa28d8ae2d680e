import { REPORTING_DAYS, type ReportingDay, toZonedTime } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import { daysInMonth } from './cron.ts';

/**
 * The schedule expressions of scheduled reports (SPEC 3 Report, SPEC 9: reporting days Monday to
 * Sunday with daily and monthly options; the end-of-month option creates a report on the first of
 * each month covering the range up to the end of the previous month). Expressions are evaluated in
 * the report's own time zone (ScheduleSpec.timeZone), so hour and minute are local wall-clock time.
 *
 * - daily: at hour:minute on each chosen reporting day: `cron(m h ? * MON,WED,FRI *)`;
 *   all seven days (or none given) -> `cron(m h ? * * *)`.
 * - monthly: at hour:minute on the 1st: `cron(m h 1 * ? *)`.
 * - endOfMonth: the same instant as monthly, `cron(m h 1 * ? *)`. It runs on the 1st rather than on
 *   the last day (`L`) so the whole last day is over; the job computes the covered range from the
 *   scheduled time (previousMonthRange below), not from when an attempt actually runs.
 * `days` only applies to daily reports and is ignored otherwise.
 */

const ReportingDayInput = z.enum(REPORTING_DAYS);

export const ReportPeriodType = z.enum(['daily', 'monthly', 'endOfMonth']);
export type ReportPeriodType = z.infer<typeof ReportPeriodType>;

export const ReportScheduleInput = z.object({
  periodType: ReportPeriodType,
  days: z.optional(z.array(ReportingDayInput).check(z.minLength(1, 'Choose at least one reporting day'))),
  hour: z.number().check(z.int(), z.gte(0), z.lte(23)),
  minute: z.number().check(z.int(), z.gte(0), z.lte(59)),
});
export type ReportScheduleInput = z.infer<typeof ReportScheduleInput>;

const AWS_DAY_NAMES: Record<ReportingDay, string> = {
  monday: 'MON',
  tuesday: 'TUE',
  wednesday: 'WED',
  thursday: 'THU',
  friday: 'FRI',
  saturday: 'SAT',
  sunday: 'SUN',
};

/** The EventBridge Scheduler cron expression of a report schedule. Throws a $ZodError on bad input. */
export function reportScheduleExpression(input: ReportScheduleInput): string {
  const { periodType, days, hour, minute } = ReportScheduleInput.parse(input);
  if (periodType !== 'daily') return `cron(${minute} ${hour} 1 * ? *)`;
  const chosen = REPORTING_DAYS.filter((day) => !days || days.includes(day));
  const dayOfWeek =
    chosen.length === REPORTING_DAYS.length ? '*' : chosen.map((d) => AWS_DAY_NAMES[d]).join(',');
  return `cron(${minute} ${hour} ? * ${dayOfWeek} *)`;
}

const isoDate = (year: number, month: number, day: number): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * The calendar month before the scheduled time, in the report's time zone, as inclusive local dates
 * (sent as dateFrom / dateUntil). A run due 2026-03-01 00:30 Europe/Berlin (2026-02-28T23:30Z)
 * covers 2026-02-01..2026-02-28: the zone matters, the UTC date would be the wrong month.
 */
export function previousMonthRange(
  scheduledFor: Date,
  timeZone: string,
): { dateFrom: string; dateUntil: string } {
  const local = toZonedTime(scheduledFor, timeZone);
  const year = local.month === 1 ? local.year - 1 : local.year;
  const month = local.month === 1 ? 12 : local.month - 1;
  return { dateFrom: isoDate(year, month, 1), dateUntil: isoDate(year, month, daysInMonth(year, month)) };
}
