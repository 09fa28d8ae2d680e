/**
 * Wall-clock arithmetic in IANA time zones with Intl only (no date library, so it runs unchanged in
 * the browser and on the server). Shared by the date presets and the schedule evaluator.
 */
import { madeOnce } from './intl-formats.ts';

/** A wall-clock time in some zone. Months are 1-12. */
export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** A calendar date (the date part of a LocalDateTime). */
export type LocalDate = Pick<LocalDateTime, 'year' | 'month' | 'day'>;

const DAY_MS = 86_400_000;

/** Throws RangeError for an unknown time zone (as Intl does). */
const formatterFor = madeOnce(
  (timeZone) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      // Pinned so that a locale default (e.g. a -u-ca- or -u-nu- extension) cannot change the numbers.
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }),
);

/** True for IANA zone names the runtime knows (e.g. "Europe/Berlin", "UTC"); offsets are rejected. */
export const isValidTimeZone = madeOnce((timeZone): boolean => {
  // Newer engines also accept offsets such as "+01:00"; those have no DST rules, so refuse them.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(timeZone)) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
});

/** The wall-clock time (whole seconds) of an instant in a zone. Throws RangeError for an unknown zone. */
export function toZonedTime(instant: Date | number, timeZone: string): LocalDateTime {
  const fields: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return {
    year: fields.year!,
    month: fields.month!,
    day: fields.day!,
    // Some engines print midnight as 24 even with h23.
    hour: fields.hour! % 24,
    minute: fields.minute!,
    second: fields.second!,
  };
}

/**
 * Epoch ms of a wall-clock time read as if it were UTC (time fields default to 0). Uses
 * setUTCFullYear because Date.UTC maps years 0-99 to 1900-1999.
 */
export function naiveUtcMs({ year, month, day, hour = 0, minute = 0, second = 0 }: LocalDate & Partial<LocalDateTime>): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** The zone's offset from UTC in effect at an instant, in ms (local minus UTC, positive east). */
export function zoneOffsetAt(instant: Date | number, timeZone: string): number {
  // Intl drops milliseconds, so compare against the whole second.
  const whole = Math.floor(Number(instant) / 1000) * 1000;
  return naiveUtcMs(toZonedTime(whole, timeZone)) - whole;
}

/**
 * The instants at which a wall-clock time occurs in a zone, earliest first: none inside a
 * spring-forward gap, two inside a fall-back overlap, otherwise one.
 */
export function fromZonedTime(local: LocalDateTime, timeZone: string): Date[] {
  const naive = naiveUtcMs(local);
  // Offsets a day either side cover both sides of any transition near this time.
  const offsets = new Set([zoneOffsetAt(naive - DAY_MS, timeZone), zoneOffsetAt(naive, timeZone), zoneOffsetAt(naive + DAY_MS, timeZone)]);
  const instants = new Set<number>();
  for (const offset of offsets) {
    const candidate = naive - offset;
    if (naiveUtcMs(toZonedTime(candidate, timeZone)) === naive) instants.add(candidate);
  }
  return [...instants].sort((a, b) => a - b).map((ms) => new Date(ms));
}
