import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDateInZone,
  DATE_PRESETS,
  type DatePreset,
  type DateRange,
  datePresetRange,
  dateRange,
  defaultOrderRange,
  defaultSalesRange,
  defaultSalesReportingRange,
  isoWeekday,
  PRESET_DAYS,
  presetDates,
  salesDefaultDates,
  startOfDayInZone,
} from './date-presets.ts';

const BERLIN = 'Europe/Berlin';
const LA = 'America/Los_Angeles';
const HOUR = 3_600_000;

const hours = (range: DateRange | null) => (range ? (Date.parse(range.endInstant) - Date.parse(range.startInstant)) / HOUR : Number.NaN);
const dates = (range: DateRange | null) => (range ? [range.startDate, range.endDate] : null);

describe('calendar helpers', () => {
  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -365)).toBe('2026-01-01');
  });

  it('rejects malformed and impossible dates', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2026-3-1', 1)).toThrow(RangeError);
  });

  it('numbers ISO weekdays from Monday', () => {
    expect(isoWeekday('2026-03-02')).toBe(1);
    expect(isoWeekday('2026-03-08')).toBe(7);
  });

  it('reads the calendar date in the given zone, not the machine zone', () => {
    const instant = new Date('2026-03-10T23:30:00Z');
    expect(calendarDateInZone(instant, BERLIN)).toBe('2026-03-11');
    expect(calendarDateInZone(instant, LA)).toBe('2026-03-10');
    expect(calendarDateInZone(instant, 'UTC')).toBe('2026-03-10');
  });

  it('throws for an unknown time zone', () => {
    expect(() => datePresetRange('week', new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('daylight-saving changes', () => {
  it.each<[string, DatePreset, string, string, DateRange, number]>([
    [
      'Berlin spring forward: 2026-03-29 lasts 23 hours',
      'yesterday',
      '2026-03-30T10:00:00Z',
      BERLIN,
      { startDate: '2026-03-29', endDate: '2026-03-29', startInstant: '2026-03-28T23:00:00.000Z', endInstant: '2026-03-29T22:00:00.000Z' },
      23,
    ],
    [
      'Berlin fall back: 2026-10-25 lasts 25 hours',
      'yesterday',
      '2026-10-26T10:00:00Z',
      BERLIN,
      { startDate: '2026-10-25', endDate: '2026-10-25', startInstant: '2026-10-24T22:00:00.000Z', endInstant: '2026-10-25T23:00:00.000Z' },
      25,
    ],
    [
      'a week across the Berlin spring change starts in winter time and ends in summer time',
      'week',
      '2026-04-01T10:00:00Z',
      BERLIN,
      { startDate: '2026-03-26', endDate: '2026-04-01', startInstant: '2026-03-25T23:00:00.000Z', endInstant: '2026-04-01T22:00:00.000Z' },
      7 * 24 - 1,
    ],
    [
      'Los Angeles spring forward: this week ends on the 23-hour Sunday 2026-03-08',
      'thisWeek',
      '2026-03-08T20:00:00Z',
      LA,
      { startDate: '2026-03-02', endDate: '2026-03-08', startInstant: '2026-03-02T08:00:00.000Z', endInstant: '2026-03-09T07:00:00.000Z' },
      7 * 24 - 1,
    ],
    [
      'Los Angeles fall back: 2026-11-01 lasts 25 hours',
      'yesterday',
      '2026-11-02T20:00:00Z',
      LA,
      { startDate: '2026-11-01', endDate: '2026-11-01', startInstant: '2026-11-01T07:00:00.000Z', endInstant: '2026-11-02T08:00:00.000Z' },
      25,
    ],
  ])('%s', (_name, preset, now, zone, expected, length) => {
    const range = datePresetRange(preset, new Date(now), zone);
    expect(range).toEqual(expected);
    expect(hours(range)).toBe(length);
  });

  it('starts a day at the jump when midnight does not exist (Santiago, 2022-09-11)', () => {
    expect(new Date(startOfDayInZone('2022-09-11', 'America/Santiago')).toISOString()).toBe('2022-09-11T04:00:00.000Z');
    expect(hours(dateRange('2022-09-11', '2022-09-11', 'America/Santiago'))).toBe(23);
  });

  it('ends a day after the repeated hour when the clock falls back at midnight (São Paulo, 2018-02-17)', () => {
    const range = dateRange('2018-02-17', '2018-02-17', 'America/Sao_Paulo');
    expect(range.startInstant).toBe('2018-02-17T02:00:00.000Z');
    expect(range.endInstant).toBe('2018-02-18T03:00:00.000Z');
    expect(hours(range)).toBe(25);
  });
});

describe('a calendar day the zone skipped', () => {
  it('has zero length (Apia went from 2011-12-29 straight to 2011-12-31)', () => {
    const range = dateRange('2011-12-30', '2011-12-30', 'Pacific/Apia');
    expect(range.startInstant).toBe('2011-12-30T10:00:00.000Z');
    expect(hours(range)).toBe(0);
    expect(dates(datePresetRange('yesterday', new Date('2011-12-31T00:00:00Z'), 'Pacific/Apia'))).toEqual(['2011-12-30', '2011-12-30']);
  });
});

describe('presets across a year end (now = 2027-01-01 00:30 in Berlin)', () => {
  const now = new Date('2027-01-01T00:30:00+01:00');
  const expected: Record<string, [string, string] | null> = {
    yesterday: ['2026-12-31', '2026-12-31'],
    week: ['2026-12-26', '2027-01-01'],
    thisWeek: ['2026-12-28', '2027-01-01'],
    month: ['2026-12-02', '2027-01-01'],
    thisMonth: ['2027-01-01', '2027-01-01'],
    lastMonth: ['2026-12-01', '2026-12-31'],
    year: ['2026-01-02', '2027-01-01'],
    thisYear: ['2027-01-01', '2027-01-01'],
    none: null,
  };

  it.each(DATE_PRESETS.map((preset) => [preset]))('%s', (preset) => {
    expect(dates(datePresetRange(preset, now, BERLIN))).toEqual(expected[preset]);
  });

  it('gives instants in Berlin time', () => {
    expect(datePresetRange('thisYear', now, BERLIN)).toMatchObject({
      startInstant: '2026-12-31T23:00:00.000Z',
      endInstant: '2027-01-01T23:00:00.000Z',
    });
  });

  it('is still 2026 for the same instant in UTC', () => {
    expect(dates(datePresetRange('thisYear', now, 'UTC'))).toEqual(['2026-01-01', '2026-12-31']);
    expect(dates(datePresetRange('yesterday', now, 'UTC'))).toEqual(['2026-12-30', '2026-12-30']);
  });
});

describe('preset rules', () => {
  it('starts thisWeek on Monday: a Monday is a one-day week, a Sunday a seven-day one', () => {
    expect(dates(datePresetRange('thisWeek', new Date('2026-03-02T12:00:00Z'), BERLIN))).toEqual(['2026-03-02', '2026-03-02']);
    expect(dates(datePresetRange('thisWeek', new Date('2026-03-08T12:00:00Z'), BERLIN))).toEqual(['2026-03-02', '2026-03-08']);
  });

  it('counts days back over a leap February', () => {
    const now = new Date('2028-03-15T12:00:00Z');
    expect(dates(datePresetRange('month', now, BERLIN))).toEqual(['2028-02-14', '2028-03-15']);
    expect(dates(datePresetRange('lastMonth', now, BERLIN))).toEqual(['2028-02-01', '2028-02-29']);
    expect(dates(datePresetRange('year', now, BERLIN))).toEqual(['2027-03-17', '2028-03-15']);
  });

  it('takes the whole previous month, also from the last day of a long month', () => {
    expect(dates(datePresetRange('lastMonth', new Date('2026-03-31T12:00:00Z'), BERLIN))).toEqual(['2026-02-01', '2026-02-28']);
  });
});

/**
 * ADR 004 addendum: one definition of each preset. "Last N days" is N calendar dates, today included
 * ("Last 7 days" on Nov 28 is Nov 22–28, not the 8 dates Nov 21–28); the sales default is the 28 dates
 * ending yesterday. The table pins every preset at month ends, year ends, a leap day and the DST changes
 * of Europe/Berlin and America/Los_Angeles, with each range's length in dates and in hours.
 */
describe('the preset table', () => {
  const daysIn = (range: DateRange) =>
    (Date.parse(`${range.endDate}T00:00:00Z`) - Date.parse(`${range.startDate}T00:00:00Z`)) / 86_400_000 + 1;
  type Row = { zone: string; now: string; preset: DatePreset | 'salesDefault'; dates: [string, string]; hours: number };
  const rows: Row[] = [
    // The day: Saturday 2026-11-28.
    { zone: BERLIN, now: '2026-11-28T12:00:00Z', preset: 'week', dates: ['2026-11-22', '2026-11-28'], hours: 7 * 24 },
    { zone: BERLIN, now: '2026-11-28T12:00:00Z', preset: 'salesDefault', dates: ['2026-10-31', '2026-11-27'], hours: 28 * 24 },
    { zone: BERLIN, now: '2026-11-28T12:00:00Z', preset: 'month', dates: ['2026-10-29', '2026-11-28'], hours: 31 * 24 },
    // Month end (31 days) and the first of a month.
    { zone: BERLIN, now: '2026-05-31T10:00:00Z', preset: 'month', dates: ['2026-05-01', '2026-05-31'], hours: 31 * 24 },
    { zone: BERLIN, now: '2026-05-31T10:00:00Z', preset: 'thisMonth', dates: ['2026-05-01', '2026-05-31'], hours: 31 * 24 },
    { zone: BERLIN, now: '2026-06-01T10:00:00Z', preset: 'lastMonth', dates: ['2026-05-01', '2026-05-31'], hours: 31 * 24 },
    { zone: BERLIN, now: '2026-06-01T10:00:00Z', preset: 'week', dates: ['2026-05-26', '2026-06-01'], hours: 7 * 24 },
    { zone: BERLIN, now: '2026-06-01T10:00:00Z', preset: 'salesDefault', dates: ['2026-05-04', '2026-05-31'], hours: 28 * 24 },
    // A leap day and the month after it.
    { zone: LA, now: '2028-03-01T20:00:00Z', preset: 'yesterday', dates: ['2028-02-29', '2028-02-29'], hours: 24 },
    { zone: LA, now: '2028-03-01T20:00:00Z', preset: 'month', dates: ['2028-01-31', '2028-03-01'], hours: 31 * 24 },
    { zone: LA, now: '2028-03-01T20:00:00Z', preset: 'year', dates: ['2027-03-03', '2028-03-01'], hours: 365 * 24 },
    // Year end: the last evening of 2026 in Los Angeles is already 2027 in UTC.
    { zone: LA, now: '2027-01-01T06:00:00Z', preset: 'thisYear', dates: ['2026-01-01', '2026-12-31'], hours: 365 * 24 },
    { zone: LA, now: '2027-01-01T06:00:00Z', preset: 'week', dates: ['2026-12-25', '2026-12-31'], hours: 7 * 24 },
    { zone: BERLIN, now: '2027-01-01T10:00:00Z', preset: 'year', dates: ['2026-01-02', '2027-01-01'], hours: 365 * 24 },
    { zone: BERLIN, now: '2027-01-01T10:00:00Z', preset: 'lastMonth', dates: ['2026-12-01', '2026-12-31'], hours: 31 * 24 },
    { zone: BERLIN, now: '2027-01-01T10:00:00Z', preset: 'salesDefault', dates: ['2026-12-04', '2026-12-31'], hours: 28 * 24 },
    // DST: Berlin springs forward on 2026-03-29 (23 h) and falls back on 2026-10-25 (25 h).
    { zone: BERLIN, now: '2026-03-29T20:00:00Z', preset: 'week', dates: ['2026-03-23', '2026-03-29'], hours: 7 * 24 - 1 },
    { zone: BERLIN, now: '2026-03-29T20:00:00Z', preset: 'thisWeek', dates: ['2026-03-23', '2026-03-29'], hours: 7 * 24 - 1 },
    { zone: BERLIN, now: '2026-03-30T08:00:00Z', preset: 'yesterday', dates: ['2026-03-29', '2026-03-29'], hours: 23 },
    { zone: BERLIN, now: '2026-03-31T08:00:00Z', preset: 'thisMonth', dates: ['2026-03-01', '2026-03-31'], hours: 31 * 24 - 1 },
    { zone: BERLIN, now: '2026-10-25T20:00:00Z', preset: 'week', dates: ['2026-10-19', '2026-10-25'], hours: 7 * 24 + 1 },
    { zone: BERLIN, now: '2026-11-01T08:00:00Z', preset: 'lastMonth', dates: ['2026-10-01', '2026-10-31'], hours: 31 * 24 + 1 },
    { zone: BERLIN, now: '2026-11-01T08:00:00Z', preset: 'salesDefault', dates: ['2026-10-04', '2026-10-31'], hours: 28 * 24 + 1 },
    // DST: Los Angeles springs forward on 2026-03-08 and falls back on 2026-11-01.
    { zone: LA, now: '2026-03-09T18:00:00Z', preset: 'week', dates: ['2026-03-03', '2026-03-09'], hours: 7 * 24 - 1 },
    { zone: LA, now: '2026-03-09T18:00:00Z', preset: 'salesDefault', dates: ['2026-02-09', '2026-03-08'], hours: 28 * 24 - 1 },
    { zone: LA, now: '2026-11-01T20:00:00Z', preset: 'week', dates: ['2026-10-26', '2026-11-01'], hours: 7 * 24 + 1 },
    { zone: LA, now: '2026-11-01T20:00:00Z', preset: 'month', dates: ['2026-10-02', '2026-11-01'], hours: 31 * 24 + 1 },
  ];
  it.each(rows.map((row) => [row.zone, row.now, row.preset, row]))('%s %s %s', (_zone, _now, _preset, row) => {
    const now = new Date(row.now);
    const range = row.preset === 'salesDefault' ? defaultSalesRange(now, row.zone) : datePresetRange(row.preset, now, row.zone)!;
    expect(dates(range)).toEqual(row.dates);
    expect(hours(range)).toBe(row.hours);
    const span =
      row.preset === 'week' || row.preset === 'month' || row.preset === 'year' || row.preset === 'salesDefault'
        ? PRESET_DAYS[row.preset]
        : null;
    if (span) expect(daysIn(range)).toBe(span);
  });

  it('the N-day presets hold exactly N dates on every day of 2026 to 2028', () => {
    for (let today = '2026-01-01'; today <= '2028-12-31'; today = addDays(today, 1)) {
      for (const preset of ['week', 'month', 'year'] as const) {
        const [start, end] = presetDates(preset, today)!;
        expect(end).toBe(today);
        expect(addDays(start, PRESET_DAYS[preset] - 1)).toBe(today);
      }
      const [start, end] = salesDefaultDates(today);
      expect(end).toBe(addDays(today, -1));
      expect(addDays(start, PRESET_DAYS.salesDefault)).toBe(today);
    }
  });
});

describe('default ranges', () => {
  const now = new Date('2026-03-30T10:00:00Z');

  it('sales: the 28 days ending yesterday', () => {
    const range = defaultSalesRange(now, BERLIN);
    expect(dates(range)).toEqual(['2026-03-02', '2026-03-29']);
    expect(hours(range)).toBe(28 * 24 - 1); // includes the 23-hour 2026-03-29
  });

  it('orders: the last year (the 365 dates ending today)', () => {
    expect(dates(defaultOrderRange(now, BERLIN))).toEqual(['2025-03-31', '2026-03-30']);
  });

  it('sales reporting: this month', () => {
    expect(dates(defaultSalesReportingRange(now, BERLIN))).toEqual(['2026-03-01', '2026-03-30']);
  });
});

describe('invariants over many zones and instants', () => {
  const zones = [
    'UTC',
    BERLIN,
    LA,
    'America/Santiago',
    'America/Sao_Paulo',
    'America/Havana',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'Asia/Tehran',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'Pacific/Kiritimati',
    'Etc/GMT+12',
    'Europe/Amsterdam',
  ];
  // From 1996: Pacific/Kiritimati skipped 1994-12-31 entirely (see the Apia case above for such days).
  const instant = fc.integer({ min: Date.UTC(1996, 0, 1), max: Date.UTC(2060, 0, 1) });

  it('the start of an instant’s day is on that day, at or before the instant, right after the previous day', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), instant, (zone, t) => {
        const day = calendarDateInZone(t, zone);
        const start = startOfDayInZone(day, zone);
        expect(start).toBeLessThanOrEqual(t);
        expect(calendarDateInZone(start, zone)).toBe(day);
        expect(calendarDateInZone(start - 1000, zone) < day).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('every preset range ends no later than today and its instants bracket its dates', () => {
    const presets = DATE_PRESETS.filter((p) => p !== 'none');
    fc.assert(
      fc.property(fc.constantFrom(...zones), instant, fc.constantFrom(...presets), (zone, t, preset) => {
        const range = datePresetRange(preset, new Date(t), zone)!;
        const today = calendarDateInZone(t, zone);
        expect(range.startDate <= range.endDate).toBe(true);
        expect(range.endDate <= today).toBe(true);
        expect(calendarDateInZone(Date.parse(range.startInstant), zone)).toBe(range.startDate);
        expect(calendarDateInZone(Date.parse(range.endInstant) - 1000, zone)).toBe(range.endDate);
        expect(calendarDateInZone(Date.parse(range.endInstant), zone)).toBe(addDays(range.endDate, 1));
      }),
      { numRuns: 1000 },
    );
  });
});
