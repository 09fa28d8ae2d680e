/**
 * Evaluator for EventBridge Scheduler schedule expressions, used by the local scheduler and by
 * validation. It mirrors the AWS semantics (docs: "Schedule types on EventBridge Scheduler" and the
 * cron expression reference):
 *
 * - `cron(minutes hours day-of-month month day-of-week year)`, evaluated in the schedule's IANA zone.
 *   Wildcards per field as AWS lists them: minutes/hours/month/year `, - * /`; day-of-month
 *   `, - * ? / L W`; day-of-week `, - * ? L #`. Day-of-week is 1-7 = SUN-SAT. Exactly one of
 *   day-of-month / day-of-week must be `?`. `L` = last day of the month (day-of-month) or Saturday
 *   (day-of-week alone); `nL` = last weekday n of the month; `nW` = weekday nearest day n (never
 *   leaving the month); `LW` = last weekday (Mon-Fri) of the month; `n#k` = k-th weekday n.
 *   Names (JAN-DEC, SUN-SAT) are case-insensitive. Years 1970-2199.
 * - `at(yyyy-mm-ddThh:mm:ss)`: one local wall-clock time in the schedule's zone, fires once.
 * - `rate(n minutes|hours|days)`: fixed durations from an anchor (the start date, or the creation
 *   time); a day is 24 hours of elapsed time, so rate schedules drift by an hour in local terms
 *   across a DST change, as AWS documents.
 *
 * Daylight saving time (AWS: "When the time shifts forward in Spring, your schedule invocation gets
 * skipped if the cron expression falls on a non-existent date and time. When the time shifts back
 * in the Fall, your schedule runs only once"):
 * - spring-forward gap: a wall-clock time that does not exist that day is skipped. A daily 02:30
 *   job in Europe/Berlin does not run on 2026-03-29 (clocks jump 02:00 -> 03:00); its next run is
 *   2026-03-30 02:30. The same applies to `at()` inside a gap (it never fires).
 * - fall-back overlap: a wall-clock time that occurs twice fires once, at its first occurrence
 *   (the earlier, daylight-time instant). A job every 15 minutes therefore fires 01:00-01:45 PDT and
 *   then 02:00 PST in America/Los_Angeles on 2026-11-01, not again during the repeated hour.
 *
 * No date library: zones are converted with Intl via zoned-time in @portal/core. The search steps
 * through the allowed values of each field (year, month, matching days, hour, minute) instead of
 * scanning minutes, so even sparse expressions resolve in a few hundred operations.
 */

import { fromZonedTime, isValidTimeZone, type LocalDateTime, toZonedTime } from '@portal/core/shared';

export class ScheduleExpressionError extends Error {
  override readonly name = 'ScheduleExpressionError';
}

export type DayOfMonthRule =
  { type: 'list'; days: readonly number[] } | { type: 'last' } | { type: 'lastWeekday' } | { type: 'nearestWeekday'; day: number };

export type DayOfWeekRule =
  { type: 'list'; days: readonly number[] } | { type: 'lastOfMonth'; weekday: number } | { type: 'nth'; weekday: number; nth: number };

export interface CronExpression {
  kind: 'cron';
  source: string;
  minutes: readonly number[];
  hours: readonly number[];
  /** Null when the field is `?`. */
  dayOfMonth: DayOfMonthRule | null;
  months: readonly number[];
  /** Null when the field is `?`. Weekdays are 1-7 = SUN-SAT. */
  dayOfWeek: DayOfWeekRule | null;
  years: readonly number[];
}

export interface AtExpression {
  kind: 'at';
  source: string;
  local: LocalDateTime;
}

export type RateUnit = 'minutes' | 'hours' | 'days';

export interface RateExpression {
  kind: 'rate';
  source: string;
  value: number;
  unit: RateUnit;
  periodMs: number;
}

export type ParsedScheduleExpression = CronExpression | AtExpression | RateExpression;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const UNIT_MS: Record<RateUnit, number> = { minutes: MINUTE_MS, hours: 3_600_000, days: DAY_MS };
export const MIN_YEAR = 1970;
export const MAX_YEAR = 2199;

interface FieldDef {
  label: string;
  min: number;
  max: number;
  wildcards: string;
  names?: Readonly<Record<string, number>>;
}

const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const namesFrom = (names: string[]): Record<string, number> => Object.fromEntries(names.map((name, i) => [name, i + 1]));

const FIELDS = {
  minutes: { label: 'minutes', min: 0, max: 59, wildcards: ',-*/' },
  hours: { label: 'hours', min: 0, max: 23, wildcards: ',-*/' },
  dayOfMonth: { label: 'day-of-month', min: 1, max: 31, wildcards: ',-*?/LW' },
  month: { label: 'month', min: 1, max: 12, wildcards: ',-*/', names: namesFrom(MONTH_NAMES) },
  dayOfWeek: { label: 'day-of-week', min: 1, max: 7, wildcards: ',-*?L#', names: namesFrom(WEEKDAY_NAMES) },
  year: { label: 'year', min: MIN_YEAR, max: MAX_YEAR, wildcards: ',-*/' },
} satisfies Record<string, FieldDef>;

// ---------------------------------------------------------------------------------------------
// Parsing

function fail(expression: string, detail: string): never {
  throw new ScheduleExpressionError(`Invalid schedule expression "${expression}": ${detail}`);
}

function parseValue(expression: string, def: FieldDef, token: string): number {
  const named = def.names?.[token];
  if (named !== undefined) return named;
  if (!/^\d+$/.test(token)) {
    const hint = def.names ? ` or ${Object.keys(def.names)[0]}-${Object.keys(def.names).at(-1)}` : '';
    fail(expression, `${def.label} value "${token}" is not a number${hint}`);
  }
  const value = Number(token);
  if (value < def.min || value > def.max) {
    fail(expression, `${def.label} value ${value} is out of range ${def.min}-${def.max}`);
  }
  return value;
}

function checkWildcards(expression: string, def: FieldDef, field: string): void {
  for (const char of field) {
    if (',-*/?LW#'.includes(char) && !def.wildcards.includes(char)) {
      // Letters L and W are part of names in some fields (JUL), so only reject them outside names.
      if ((char === 'L' || char === 'W') && def.names) continue;
      fail(expression, `the "${char}" wildcard is not allowed in the ${def.label} field`);
    }
  }
}

/** Parses a list of values, ranges, steps and `*` into the sorted set of matching values. */
function parseList(expression: string, def: FieldDef, field: string): number[] {
  const values = new Set<number>();
  for (const item of field.split(',')) {
    if (item === '') fail(expression, `empty list item in the ${def.label} field`);
    const [rangePart = '', stepPart, extra] = item.split('/');
    if (extra !== undefined) fail(expression, `too many "/" in ${def.label} item "${item}"`);
    let start: number;
    let end: number;
    if (rangePart === '*') {
      start = def.min;
      end = def.max;
    } else if (rangePart.includes('-')) {
      const [from = '', to = '', more] = rangePart.split('-');
      if (more !== undefined || from === '' || to === '') {
        fail(expression, `malformed range "${rangePart}" in the ${def.label} field`);
      }
      start = parseValue(expression, def, from);
      end = parseValue(expression, def, to);
      if (start > end) {
        fail(expression, `range ${rangePart} in the ${def.label} field runs backwards (start after end)`);
      }
    } else {
      start = parseValue(expression, def, rangePart);
      // `a/s` means "from a to the end of the field in steps of s".
      end = stepPart === undefined ? start : def.max;
    }
    let step = 1;
    if (stepPart !== undefined) {
      if (!/^\d+$/.test(stepPart) || Number(stepPart) < 1 || Number(stepPart) > def.max - def.min + 1) {
        fail(expression, `step "${stepPart}" in the ${def.label} field must be a whole number from 1 to ${def.max - def.min + 1}`);
      }
      step = Number(stepPart);
    }
    for (let v = start; v <= end; v += step) values.add(v);
  }
  return [...values].sort((a, b) => a - b);
}

function parseDayOfMonth(expression: string, field: string): DayOfMonthRule | null {
  const def = FIELDS.dayOfMonth;
  checkWildcards(expression, def, field);
  if (field === '?') return null;
  if (field === 'L') return { type: 'last' };
  if (field === 'LW') return { type: 'lastWeekday' };
  const nearest = /^(\d+)W$/.exec(field);
  if (nearest) return { type: 'nearestWeekday', day: parseValue(expression, def, nearest[1] ?? '') };
  if (/[LW]/.test(field)) {
    fail(expression, 'in the day-of-month field L and W must stand alone: "L", "LW" or "<day>W" (e.g. "15W")');
  }
  if (field.includes('?')) fail(expression, '"?" must stand alone in the day-of-month field');
  return { type: 'list', days: parseList(expression, def, field) };
}

function parseDayOfWeek(expression: string, field: string): DayOfWeekRule | null {
  const def = FIELDS.dayOfWeek;
  checkWildcards(expression, def, field);
  if (field === '?') return null;
  if (field === 'L') return { type: 'list', days: [7] };
  if (field.includes('#')) {
    const nth = /^(\w+)#(\d+)$/.exec(field);
    if (!nth) {
      fail(expression, 'with "#" the day-of-week field must hold exactly one "<weekday>#<n>" (e.g. "3#2")');
    }
    const n = Number(nth[2]);
    if (n < 1 || n > 5) fail(expression, `"#${nth[2]}" in the day-of-week field must be #1 to #5`);
    return { type: 'nth', weekday: parseValue(expression, def, nth[1] ?? ''), nth: n };
  }
  const last = /^(\d+|[A-Z]{3})L$/.exec(field);
  if (last) return { type: 'lastOfMonth', weekday: parseValue(expression, def, last[1] ?? '') };
  if (field.includes('L')) {
    fail(expression, 'in the day-of-week field L must stand alone ("L") or follow one weekday ("6L")');
  }
  if (field.includes('?')) fail(expression, '"?" must stand alone in the day-of-week field');
  return { type: 'list', days: parseList(expression, def, field) };
}

function parseSimpleField(expression: string, def: FieldDef, field: string): number[] {
  checkWildcards(expression, def, field);
  return parseList(expression, def, field);
}

function parseCron(source: string, body: string): CronExpression {
  const fields = body.trim().toUpperCase().split(/\s+/);
  if (fields.length !== 6 || fields[0] === '') {
    fail(source, `cron needs 6 fields (minutes hours day-of-month month day-of-week year), got ${fields[0] === '' ? 0 : fields.length}`);
  }
  const [min = '', hour = '', dom = '', month = '', dow = '', year = ''] = fields;
  const minutes = parseSimpleField(source, FIELDS.minutes, min);
  const hours = parseSimpleField(source, FIELDS.hours, hour);
  const dayOfMonth = parseDayOfMonth(source, dom);
  const months = parseSimpleField(source, FIELDS.month, month);
  const dayOfWeek = parseDayOfWeek(source, dow);
  const years = parseSimpleField(source, FIELDS.year, year);
  if (dayOfMonth === null && dayOfWeek === null) {
    fail(source, 'day-of-month and day-of-week cannot both be "?"; use "?" in exactly one of them');
  }
  if (dayOfMonth !== null && dayOfWeek !== null) {
    fail(
      source,
      'one of day-of-month and day-of-week must be "?" (AWS does not allow both to be set, e.g. "0 8 * * ? *" or "0 8 ? * MON *")',
    );
  }
  return { kind: 'cron', source, minutes, hours, dayOfMonth, months, dayOfWeek, years };
}

function parseAt(source: string, body: string): AtExpression {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(body);
  if (!m) fail(source, 'at() takes a local date-time in the form at(yyyy-mm-ddThh:mm:ss)');
  const field = (group: number) => Number(m[group]);
  const [year, month, day, hour, minute, second] = [field(1), field(2), field(3), field(4), field(5), field(6)];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    fail(source, `${body.slice(0, 10)} is not a calendar date`);
  }
  if (hour > 23 || minute > 59 || second > 59) fail(source, `${body.slice(11)} is not a time of day`);
  return { kind: 'at', source, local: { year, month, day, hour, minute, second } };
}

function parseRate(source: string, body: string): RateExpression {
  const m = /^(\d+)\s+(minute|minutes|hour|hours|day|days)$/.exec(body.trim());
  if (!m) fail(source, 'rate() takes "<positive whole number> minutes|hours|days", e.g. rate(5 minutes)');
  const value = Number(m[1]);
  const word = m[2] ?? '';
  if (value < 1) fail(source, 'the rate value must be a positive whole number');
  if (value !== 1 && !word.endsWith('s')) fail(source, `use the plural unit "${word}s" for a value above 1`);
  const unit: RateUnit = word.startsWith('minute') ? 'minutes' : word.startsWith('hour') ? 'hours' : 'days';
  return { kind: 'rate', source, value, unit, periodMs: value * UNIT_MS[unit] };
}

/** Parses an expression or throws a ScheduleExpressionError naming the problem. */
export function parseScheduleExpression(expression: string): ParsedScheduleExpression {
  const m = /^(cron|at|rate)\((.*)\)$/s.exec(expression);
  if (!m) {
    fail(expression, 'expected cron(...), at(...) or rate(...)');
  }
  const [, kind, body = ''] = m;
  if (kind === 'cron') return parseCron(expression, body);
  if (kind === 'at') return parseAt(expression, body);
  return parseRate(expression, body);
}

/** The problem with an expression, or null when it is valid. */
export function scheduleExpressionProblem(expression: string): string | null {
  try {
    parseScheduleExpression(expression);
    return null;
  } catch (error) {
    if (error instanceof ScheduleExpressionError) return error.message;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Calendar and time-zone helpers

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** AWS weekday number of a calendar date: 1 = Sunday ... 7 = Saturday. */
export function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 1;
}

function assertTimeZone(timeZone: string): void {
  if (!isValidTimeZone(timeZone)) {
    throw new ScheduleExpressionError(`Unknown time zone "${timeZone}" (expected an IANA name such as Europe/Berlin)`);
  }
}

// ---------------------------------------------------------------------------------------------
// Evaluation

/** The days of a month matching the cron's day fields, ascending. */
function matchingDays(cron: CronExpression, year: number, month: number): number[] {
  const last = daysInMonth(year, month);
  const dom = cron.dayOfMonth;
  if (dom) {
    switch (dom.type) {
      case 'list':
        return dom.days.filter((d) => d <= last);
      case 'last':
        return [last];
      case 'lastWeekday': {
        const wd = weekdayOf(year, month, last);
        return [wd === 7 ? last - 1 : wd === 1 ? last - 2 : last];
      }
      case 'nearestWeekday': {
        const n = dom.day;
        if (n > last) return [];
        const wd = weekdayOf(year, month, n);
        if (wd === 7) return [n === 1 ? 3 : n - 1];
        if (wd === 1) return [n === last ? n - 2 : n + 1];
        return [n];
      }
    }
  }
  const dow = cron.dayOfWeek;
  if (!dow) return [];
  const firstWeekday = weekdayOf(year, month, 1);
  // The first day of the month that falls on `weekday`.
  const firstOf = (weekday: number): number => 1 + ((weekday - firstWeekday + 7) % 7);
  switch (dow.type) {
    case 'list': {
      const days: number[] = [];
      for (let d = 1; d <= last; d++) {
        if (dow.days.includes(((firstWeekday - 1 + d - 1) % 7) + 1)) days.push(d);
      }
      return days;
    }
    case 'lastOfMonth': {
      let d = firstOf(dow.weekday);
      while (d + 7 <= last) d += 7;
      return [d];
    }
    case 'nth': {
      const d = firstOf(dow.weekday) + 7 * (dow.nth - 1);
      return d <= last ? [d] : [];
    }
  }
}

/** The first wall-clock time at or after `from` (minute precision) matching the cron fields. */
function nextLocalMatch(cron: CronExpression, from: LocalDateTime): LocalDateTime | null {
  for (const year of cron.years) {
    if (year < from.year) continue;
    const sameYear = year === from.year;
    for (const month of cron.months) {
      if (sameYear && month < from.month) continue;
      const sameMonth = sameYear && month === from.month;
      for (const day of matchingDays(cron, year, month)) {
        if (sameMonth && day < from.day) continue;
        const sameDay = sameMonth && day === from.day;
        for (const hour of cron.hours) {
          if (sameDay && hour < from.hour) continue;
          const sameHour = sameDay && hour === from.hour;
          for (const minute of cron.minutes) {
            if (sameHour && minute < from.minute) continue;
            return { year, month, day, hour, minute, second: 0 };
          }
        }
      }
    }
  }
  return null;
}

function plusOneMinute(t: LocalDateTime): LocalDateTime {
  const d = new Date(Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute + 1));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: 0,
  };
}

function nextCronTime(cron: CronExpression, timeZone: string, after: Date): Date | null {
  const afterMs = after.getTime();
  // Fire times are whole minutes strictly after `after`.
  let from = toZonedTime(Math.floor(afterMs / MINUTE_MS) * MINUTE_MS + MINUTE_MS, timeZone);
  from = { ...from, second: 0 };
  // Each loop skips one candidate that is in a DST gap or whose wall time already passed in a
  // fall-back overlap; a few hundred iterations cover any real transition.
  for (let guard = 0; guard < 5_000; guard++) {
    const candidate = nextLocalMatch(cron, from);
    if (!candidate) return null;
    const first = fromZonedTime(candidate, timeZone)[0];
    // Gap: the wall time does not exist, skip it. Overlap: only the first occurrence counts.
    if (first && first.getTime() > afterMs) return first;
    from = plusOneMinute(candidate);
  }
  throw new Error(`nextFireTime: no progress evaluating ${cron.source} in ${timeZone}`);
}

export interface NextFireTimeOptions {
  /** rate(): the instant of the first invocation (the schedule's start date or creation time). */
  anchor?: Date;
}

/**
 * The first fire time strictly after `after`, or null if the expression never fires again.
 * rate() fires at anchor + k * period (k >= 0); without an anchor, at after + period.
 */
export function nextFireTime(
  expression: string | ParsedScheduleExpression,
  timeZone: string,
  after: Date,
  options: NextFireTimeOptions = {},
): Date | null {
  const parsed = typeof expression === 'string' ? parseScheduleExpression(expression) : expression;
  assertTimeZone(timeZone); // for every kind, so rate() rejects a bad zone too
  switch (parsed.kind) {
    case 'cron':
      return nextCronTime(parsed, timeZone, after);
    case 'at': {
      const first = fromZonedTime(parsed.local, timeZone)[0];
      return first && first.getTime() > after.getTime() ? first : null;
    }
    case 'rate': {
      const anchor = (options.anchor ?? after).getTime();
      const afterMs = after.getTime();
      if (anchor > afterMs) return new Date(anchor);
      const periods = Math.floor((afterMs - anchor) / parsed.periodMs) + 1;
      return new Date(anchor + periods * parsed.periodMs);
    }
  }
}
