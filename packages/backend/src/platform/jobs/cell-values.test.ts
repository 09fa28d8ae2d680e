import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zoneOffsetAt } from '@portal/core/shared';
import { wallClock, wallClockText, wallClockTexts } from './cell-values.ts';

/**
 * wallClockTexts makes the CSV's date text from a quarter hour's text (ADR 134): it must equal wallClockText of
 * wallClock for every instant, in zones with whole-hour, half-hour and 45-minute offsets and DST shifts of an hour
 * and of half an hour, rows in any order.
 */
const ZONES = ['UTC', 'Europe/Berlin', 'America/St_Johns', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'America/New_York', 'Pacific/Chatham'];

describe('wallClock', () => {
  it.each(ZONES)('adds the offset of the instant itself in %s (a day offset where the day has no change)', (zone) => {
    const local = wallClock(zone);
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2040, 0, 1) }), (ms) => {
        expect(local(new Date(ms).toISOString())).toBe(ms + zoneOffsetAt(ms, zone));
      }),
    );
  });

  it('follows a DST change within its day, minute by minute', () => {
    const local = wallClock('Australia/Lord_Howe');
    // 2026-04-05 02:00 local (15:00 UTC): Lord Howe's clocks go back half an hour.
    for (let ms = Date.UTC(2026, 3, 4, 0); ms < Date.UTC(2026, 3, 5, 0); ms += 60_000)
      expect(local(new Date(ms).toISOString())).toBe(ms + zoneOffsetAt(ms, 'Australia/Lord_Howe'));
  });
});

describe('wallClockTexts', () => {
  it.each(ZONES)('equals wallClockText(wallClock(…)) in %s', (zone) => {
    const texts = wallClockTexts(zone);
    const local = wallClock(zone);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2040, 0, 1) }), { minLength: 1, maxLength: 40 }),
        (instants) => {
          for (const ms of instants) {
            const iso = new Date(ms).toISOString();
            expect(texts(iso)).toBe(wallClockText(local(iso)));
          }
        },
      ),
    );
  });

  it('answers rows of one quarter hour and across a DST change, newest first', () => {
    const texts = wallClockTexts('Europe/Berlin');
    const local = wallClock('Europe/Berlin');
    // 2026-10-25 01:00 UTC: Berlin's clocks go back from 03:00 to 02:00.
    for (let ms = Date.UTC(2026, 9, 25, 1, 40); ms > Date.UTC(2026, 9, 25, 0, 20); ms -= 7_919) {
      const iso = new Date(ms).toISOString();
      expect(texts(iso)).toBe(wallClockText(local(iso)));
    }
  });

  it('writes instants before 1970 the general way', () => {
    const local = wallClock('Europe/Berlin');
    for (const text of ['1969-12-31T23:59:59.000Z', '1950-06-01T12:34:56.789Z'])
      expect(wallClockTexts('Europe/Berlin')(text)).toBe(wallClockText(local(text)));
  });
});
