import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatDateTime } from './user-format.ts';

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
