import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatCents, formatDateTime, formatDecimal, formatNumber } from './user-format.ts';

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

describe('French and Polish formats (ADR 088)', () => {
  const NNBSP = '\u202f';
  const NBSP = '\u00a0';

  it('writes dates and times as each locale does', () => {
    const iso = '2026-03-04T13:05:00Z';
    expect(formatDateTime(iso, { locale: 'fr-FR', timeZone: 'Europe/Paris' })).toBe('4 mars 2026, 14:05');
    expect(formatDateTime(iso, { locale: 'pl-PL', timeZone: 'Europe/Warsaw' })).toBe('4 mar 2026, 14:05');
    expect(formatCalendarDay('2025-12-31', 'fr-FR', 'short')).toBe('31/12/2025');
    expect(formatCalendarDay('2025-12-31', 'pl-PL', 'short')).toBe('31.12.2025');
  });

  it('groups thousands with the locale spaces (Polish groups from five digits) and a decimal comma', () => {
    expect(formatNumber(1234, 'fr-FR')).toBe(`1${NNBSP}234`);
    expect(formatNumber(1234, 'pl-PL')).toBe('1234');
    expect(formatNumber(12345, 'pl-PL')).toBe(`12${NBSP}345`);
    expect(formatDecimal(1234.5, 'fr-FR', 2)).toBe(`1${NNBSP}234,50`);
    expect(formatDecimal(12345.5, 'pl-PL', 2)).toBe(`12${NBSP}345,50`);
  });

  it("shows money with the user's currency symbol and decimals (SPEC 3, default 2)", () => {
    const zloty = { symbol: 'zł', isoCode: 'PLN' };
    expect(formatCents(123450, { locale: 'pl-PL', currency: zloty })).toBe(`1234,50${NBSP}zł`);
    expect(formatCents(1234550, { locale: 'pl-PL', currency: zloty })).toBe(`12${NBSP}345,50${NBSP}zł`);
    expect(formatCents(123450, { locale: 'fr-FR', currency: { symbol: '€', isoCode: 'EUR', decimals: 2 } })).toBe(
      `1${NNBSP}234,50${NBSP}€`,
    );
    expect(formatCents(123450, { locale: 'fr-FR', currency: { symbol: 'Ft', isoCode: 'HUF', decimals: 0 } })).toBe(`1${NNBSP}235${NBSP}Ft`);
    expect(formatCents(123456, { locale: 'pl-PL', currency: { symbol: 'BD', isoCode: 'BHD', decimals: 3 } })).toBe(`1234,560${NBSP}BD`);
  });
});
