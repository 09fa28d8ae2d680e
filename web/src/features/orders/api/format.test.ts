import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatCount, formatInstant } from './format.ts';

describe('orders display formats (user zone and locale)', () => {
  it('shows an instant in the user time zone', () => {
    // 23:30 UTC is 00:30 the next day in Berlin (UTC+1 in January).
    expect(formatInstant('2026-01-10T23:30:00Z', 'de-DE', 'Europe/Berlin')).toBe('11.01.2026, 00:30');
    expect(formatInstant('2026-01-10T23:30:00Z', 'en-US', 'America/New_York')).toBe('Jan 10, 2026, 6:30 PM');
  });

  it('keeps a calendar day on its day whatever the zone', () => {
    expect(formatCalendarDay('2026-03-01', 'de-DE')).toBe('01.03.2026');
    expect(formatCalendarDay('2026-03-01', 'en-US')).toBe('Mar 1, 2026');
    expect(formatCalendarDay('not a day', 'en-US')).toBe('not a day');
  });

  it('falls back instead of failing on a bad zone or locale', () => {
    expect(formatInstant('2026-01-10T12:00:00Z', 'en-US', 'Not/AZone')).toMatch(/2026/);
    expect(formatInstant('garbage', 'en-US', 'UTC')).toBe('garbage');
    expect(formatCount(1234, 'de-DE')).toBe('1.234');
  });
});
