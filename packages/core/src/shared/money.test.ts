import { describe, expect, it } from 'vitest';
import { formatAmount } from './money.ts';

const NBSP = '\u00a0';
const euro = { symbol: '€', isoCode: 'EUR' };

describe('formatAmount', () => {
  it('uses the locale number format and currency placement with 2 decimals by default', () => {
    expect(formatAmount(1234.5, euro, 'de-DE')).toBe(`1.234,50${NBSP}€`);
    expect(formatAmount(1234.5, euro, 'en-US')).toBe('€1,234.50');
  });

  it('shows the currency symbol from the session, not the one Intl knows', () => {
    expect(formatAmount(10, { symbol: 'EUR', isoCode: 'EUR' }, 'de-DE')).toBe(`10,00${NBSP}EUR`);
  });

  it('honours the currency decimals and rounds', () => {
    expect(formatAmount(1234.5, { symbol: '¥', isoCode: 'JPY', decimals: 0 }, 'en-US')).toBe('¥1,235');
    expect(formatAmount(1.23456, { ...euro, decimals: 3 }, 'en-US')).toBe('€1.235');
    expect(formatAmount(0.125, euro, 'en-US')).toBe('€0.13');
  });

  it('shows negatives with a sign but no negative zero', () => {
    expect(formatAmount(-5, euro, 'en-US')).toBe('-€5.00');
    expect(formatAmount(-0.001, euro, 'en-US')).toBe('€0.00');
  });

  it('formats an unknown currency code as a number followed by the symbol', () => {
    expect(formatAmount(1234.5, { symbol: 'pts', isoCode: 'points' }, 'en-US')).toBe('1,234.50 pts');
  });

  it('falls back to English for a malformed locale tag', () => {
    expect(formatAmount(1234.5, euro, 'not a locale!')).toBe('€1,234.50');
  });

  it('accepts the connect portal locale tags', () => {
    expect(formatAmount(1234.5, euro, 'de-de')).toBe(`1.234,50${NBSP}€`);
    expect(formatAmount(1234.5, euro, 'en-en')).toBe('€1,234.50');
    expect(formatAmount(1234.5, euro, 'pl-pl')).toBe(`1234,50${NBSP}€`);
  });
});
