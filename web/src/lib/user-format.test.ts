import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatDateTime, formatNumber } from './user-format.ts';

describe('user date formats', () => {
  it("shows an instant in the user's time zone and locale", () => {
    const iso = '2026-03-04T13:05:00Z';
    expect(formatDateTime(iso, { locale: 'de-DE', timeZone: 'Europe/Berlin' })).toBe('04.03.2026, 14:05');
    expect(formatDateTime(iso, { locale: 'en-US', timeZone: 'America/New_York' })).toBe('Mar 4, 2026, 8:05 AM');
  });

  it('keeps a calendar day on its day whatever the zone, and text it cannot read as it came', () => {
    expect(formatCalendarDay('2025-12-31', 'de-DE')).toBe('31.12.2025');
    expect(formatCalendarDay('2025-12-31', 'en-US')).toBe('Dec 31, 2025');
    expect(formatCalendarDay('31.12.2025', 'en-US')).toBe('31.12.2025');
    expect(formatDateTime('yesterday', { locale: 'en-US', timeZone: 'UTC' })).toBe('yesterday');
  });

  it('reads a malformed locale as English', () => {
    expect(formatCalendarDay('2025-12-31', 'not a locale!')).toBe('Dec 31, 2025');
  });
});

describe('orders display formats (user zone and locale)', () => {
  it('shows an instant in the user time zone', () => {
    // 23:30 UTC is 00:30 the next day in Berlin (UTC+1 in January).
    expect(formatDateTime('2026-01-10T23:30:00Z', { locale: 'de-DE', timeZone: 'Europe/Berlin' })).toBe('11.01.2026, 00:30');
    expect(formatDateTime('2026-01-10T23:30:00Z', { locale: 'en-US', timeZone: 'America/New_York' })).toBe('Jan 10, 2026, 6:30 PM');
  });

  it('keeps a calendar day on its day whatever the zone', () => {
    expect(formatCalendarDay('2026-03-01', 'de-DE')).toBe('01.03.2026');
    expect(formatCalendarDay('2026-03-01', 'en-US')).toBe('Mar 1, 2026');
    expect(formatCalendarDay('not a day', 'en-US')).toBe('not a day');
  });

  it('falls back instead of failing on a bad zone or locale', () => {
    expect(formatDateTime('2026-01-10T12:00:00Z', { locale: 'en-US', timeZone: 'Not/AZone' })).toMatch(/2026/);
    expect(formatDateTime('garbage', { locale: 'en-US', timeZone: 'UTC' })).toBe('garbage');
    expect(formatNumber(1234, 'de-DE')).toBe('1.234');
  });
});
