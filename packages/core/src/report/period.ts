import { REPORTING_DAYS, type ReportingDay } from '../shared/constants.ts';
import { fromZonedTime, toZonedTime } from '../shared/zoned-time.ts';
import type { ReportSchedule } from './report.ts';

/**
 * When a scheduled report runs and which local days a run covers (SPEC 3, 9; ADR 040). One rule, used by
 * the schedule's cron expression (what EventBridge Scheduler fires) and by the runner (which period a fire
 * covers). Everything is read in the report's time zone from the SCHEDULED time, never the attempt time,
 * so a retried or duplicated fire covers the same days.
 *
 * A run on local day L covers [P, L-1], where P is the previous day a run was due: every day is covered
 * by exactly one run (consecutive periods are contiguous and disjoint).
 * - daily: due on the reporting days; all seven days → each run covers yesterday; only Mondays → the
 *   week Monday..Sunday before.
 * - monthly: due on the 1st; covers the previous calendar month.
 * - endOfMonth (daily only; monthly periods are whole months already): the 1st of each month is due too,
 *   so no period crosses a month start and the month's last report reaches its last day. The cron then
 *   fires every day (a cron cannot say "these weekdays or the 1st") and reportPeriodFor answers null on
 *   the days that are neither a reporting day nor the 1st: the runner does nothing on them.
 * - DST: EventBridge Scheduler skips a fire whose local time does not exist (02:30 on a spring-forward
 *   day). Given the send time, the previous due day is the previous one whose fire happened, so the
 *   next run covers the skipped day too. (Monthly and the 1st of an endOfMonth schedule cannot recover
 *   that way: a send time in a gap on a 1st is refused when the schedule is saved, sendTimeGapProblem.)
 */

/** sendTime is optional: with it, a due day whose send time did not exist (DST gap) is not a previous run. */
export type PeriodSchedule = Pick<ReportSchedule, 'periodType' | 'reportingDays' | 'endOfMonth' | 'timeZone'> &
  Partial<Pick<ReportSchedule, 'sendTime'>>;
export type ExpressionSchedule = Pick<ReportSchedule, 'periodType' | 'reportingDays' | 'endOfMonth' | 'sendTime'>;
export type ReportPeriod = { dateFrom: string; dateUntil: string };

const DAY_MS = 86_400_000;
const AWS_DAY_NAMES: Record<ReportingDay, string> = {
  monday: 'MON',
  tuesday: 'TUE',
  wednesday: 'WED',
  thursday: 'THU',
  friday: 'FRI',
  saturday: 'SAT',
  sunday: 'SUN',
};

/** The hour and minute of a schedule's sendTime ("HH:mm", checked by its schema). */
function clockOf(sendTime: string): { hour: number; minute: number } {
  const [hour = 0, minute = 0] = sendTime.split(':').map(Number);
  return { hour, minute };
}

/** The EventBridge Scheduler cron expression of a schedule, at sendTime local wall-clock time. */
export function reportScheduleExpression(schedule: ExpressionSchedule): string {
  const { hour, minute } = clockOf(schedule.sendTime);
  if (schedule.periodType === 'monthly') return `cron(${minute} ${hour} 1 * ? *)`;
  const chosen = REPORTING_DAYS.filter((day) => schedule.reportingDays.includes(day));
  if (chosen.length === 0) throw new RangeError('A daily report needs at least one reporting day');
  if (chosen.length === REPORTING_DAYS.length) return `cron(${minute} ${hour} ? * * *)`;
  if (schedule.endOfMonth) return `cron(${minute} ${hour} * * ? *)`;
  return `cron(${minute} ${hour} ? * ${chosen.map((d) => AWS_DAY_NAMES[d]).join(',')} *)`;
}

/** A local calendar day as UTC midnight of that date: plain day arithmetic, no zone involved. */
const dayOf = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));
const addDays = (day: Date, n: number) => new Date(day.getTime() + n * DAY_MS);
const iso = (day: Date) => day.toISOString().slice(0, 10);
/** Monday first, as REPORTING_DAYS. */
const weekdayOf = (day: Date): ReportingDay => REPORTING_DAYS[(day.getUTCDay() + 6) % 7]!;

/**
 * Whether a run is due on a local day. Exported for the tests and the screens' "next runs" hints.
 */
export function isReportDay(schedule: Pick<PeriodSchedule, 'periodType' | 'reportingDays' | 'endOfMonth'>, day: Date): boolean {
  const first = day.getUTCDate() === 1;
  if (schedule.periodType === 'monthly') return first;
  return schedule.reportingDays.includes(weekdayOf(day)) || (schedule.endOfMonth && first);
}

/**
 * The local days a run scheduled at `scheduledFor` covers, inclusive ISO dates, or null when no run is due
 * that day (an endOfMonth schedule's cron fires daily). Throws RangeError for an unknown time zone.
 */
export function reportPeriodFor(schedule: PeriodSchedule, scheduledFor: Date): ReportPeriod | null {
  const local = toZonedTime(scheduledFor, schedule.timeZone);
  const today = dayOf(local.year, local.month, local.day);
  if (schedule.periodType === 'daily' && schedule.reportingDays.length === 0) return null;
  if (!isReportDay(schedule, today)) return null;
  if (schedule.periodType === 'monthly') {
    return { dateFrom: iso(dayOf(local.year, local.month - 1, 1)), dateUntil: iso(addDays(today, -1)) };
  }
  // The previous due day is at most 7 days back (a reporting day recurs weekly; the 1st only adds days).
  let previous = addDays(today, -1);
  while (!isReportDay(schedule, previous) || !fired(schedule, previous)) previous = addDays(previous, -1);
  return { dateFrom: iso(previous), dateUntil: iso(addDays(today, -1)) };
}

/** Whether the schedule's fire on a due local day happened: its send time existed there (not in a DST gap). */
function fired(schedule: PeriodSchedule, day: Date): boolean {
  if (!schedule.sendTime) return true;
  const { hour, minute } = clockOf(schedule.sendTime);
  const local = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour, minute, second: 0 };
  return fromZonedTime(local, schedule.timeZone).length > 0;
}

/**
 * A send time that falls into a DST gap on the 1st of a month in the coming `years` (the run that closes a
 * month would be skipped by the Scheduler): the first such local date, or null. Checked when saving.
 */
export function sendTimeGapProblem(
  schedule: Pick<ReportSchedule, 'periodType' | 'endOfMonth' | 'timeZone' | 'sendTime'>,
  from: Date,
  years = 3,
): string | null {
  if (schedule.periodType === 'daily' && !schedule.endOfMonth) return null;
  const start = toZonedTime(from, schedule.timeZone);
  for (let i = 1; i <= years * 12; i++) {
    const first = dayOf(start.year, start.month + i, 1);
    if (!fired({ ...schedule, reportingDays: [] }, first)) return iso(first);
  }
  return null;
}
