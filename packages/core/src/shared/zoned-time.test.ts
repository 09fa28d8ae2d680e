import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromZonedTime, isValidTimeZone, naiveUtcMs, toZonedTime, zoneOffsetAt } from './zoned-time.ts';

const BERLIN = 'Europe/Berlin';
const LA = 'America/Los_Angeles';
const HOUR = 3_600_000;

const iso = (instants: Date[]) => instants.map((d) => d.toISOString());
const at = (year: number, month: number, day: number, hour: number, minute = 0, second = 0) => ({
  year,
  month,
  day,
  hour,
  minute,
  second,
});

describe('toZonedTime', () => {
  it('reads the wall clock in the zone, across the Berlin spring jump 02:00 -> 03:00', () => {
    expect(toZonedTime(new Date('2026-03-29T00:59:59Z'), BERLIN)).toEqual(at(2026, 3, 29, 1, 59, 59));
    expect(toZonedTime(new Date('2026-03-29T01:00:00Z'), BERLIN)).toEqual(at(2026, 3, 29, 3));
    expect(toZonedTime(Date.parse('2026-03-10T23:30:00Z'), LA)).toEqual(at(2026, 3, 10, 16, 30));
  });

  it('gives midnight as hour 0 and drops milliseconds', () => {
    expect(toZonedTime(new Date('2026-06-30T22:00:00.999Z'), BERLIN)).toEqual(at(2026, 7, 1, 0));
  });

  it('handles years below 100 (not mapped to 19xx)', () => {
    expect(toZonedTime(naiveUtcMs(at(50, 6, 15, 12)), 'UTC')).toEqual(at(50, 6, 15, 12));
    expect(new Date(naiveUtcMs({ year: 50, month: 6, day: 15 })).toISOString()).toBe('0050-06-15T00:00:00.000Z');
  });

  it('throws RangeError for an unknown zone', () => {
    expect(() => toZonedTime(0, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('zoneOffsetAt', () => {
  it('follows daylight saving time', () => {
    expect(zoneOffsetAt(new Date('2026-03-29T00:59:59Z'), BERLIN)).toBe(HOUR);
    expect(zoneOffsetAt(new Date('2026-03-29T01:00:00Z'), BERLIN)).toBe(2 * HOUR);
    expect(zoneOffsetAt(Date.parse('2026-11-01T08:59:59.500Z'), LA)).toBe(-7 * HOUR);
    expect(zoneOffsetAt(Date.parse('2026-11-01T09:00:00Z'), LA)).toBe(-8 * HOUR);
  });

  it('keeps the seconds of local mean time (Berlin +00:53:28 in the year 50)', () => {
    expect(zoneOffsetAt(naiveUtcMs(at(50, 6, 15, 12)), BERLIN)).toBe(53 * 60_000 + 28_000);
  });
});

describe('fromZonedTime', () => {
  it('finds one instant for an ordinary wall-clock time', () => {
    expect(iso(fromZonedTime(at(2026, 5, 1, 8), BERLIN))).toEqual(['2026-05-01T06:00:00.000Z']);
  });

  it('finds none in a spring-forward gap (Berlin 2026-03-29, Los Angeles 2026-03-08)', () => {
    expect(fromZonedTime(at(2026, 3, 29, 2, 30), BERLIN)).toEqual([]);
    expect(fromZonedTime(at(2026, 3, 8, 2, 30), LA)).toEqual([]);
    expect(iso(fromZonedTime(at(2026, 3, 29, 3), BERLIN))).toEqual(['2026-03-29T01:00:00.000Z']);
  });

  it('finds two, earliest first, in a fall-back overlap (Berlin 2026-10-25, Los Angeles 2026-11-01)', () => {
    expect(iso(fromZonedTime(at(2026, 10, 25, 2, 30), BERLIN))).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']);
    expect(iso(fromZonedTime(at(2026, 11, 1, 1, 30), LA))).toEqual(['2026-11-01T08:30:00.000Z', '2026-11-01T09:30:00.000Z']);
  });

  it('handles years below 100', () => {
    expect(iso(fromZonedTime(at(50, 6, 15, 12), BERLIN))).toEqual(['0050-06-15T11:06:32.000Z']);
  });

  it('inverts toZonedTime for any whole-second instant', () => {
    const zones = ['UTC', BERLIN, LA, 'America/Santiago', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Apia'];
    const instant = fc.integer({ min: Date.UTC(1900, 0, 1) / 1000, max: Date.UTC(2060, 0, 1) / 1000 });
    fc.assert(
      fc.property(fc.constantFrom(...zones), instant, (zone, seconds) => {
        const t = seconds * 1000;
        expect(fromZonedTime(toZonedTime(t, zone), zone).map(Number)).toContain(t);
      }),
      { numRuns: 500 },
    );
  });
});

describe('isValidTimeZone', () => {
  it('accepts IANA names the runtime knows', () => {
    for (const zone of ['UTC', BERLIN, LA, 'Etc/GMT+12', 'America/Argentina/Buenos_Aires']) {
      expect(isValidTimeZone(zone), zone).toBe(true);
    }
  });

  it('rejects unknown names, offsets and junk', () => {
    for (const zone of ['Mars/Olympus_Mons', '', '+01:00', 'Europe/', '/Berlin', 'Europe Berlin']) {
      expect(isValidTimeZone(zone), zone).toBe(false);
    }
  });
});
