import { describe, expect, it } from 'vitest';
import { isSupportedLocale, resolveLocale } from './constants.ts';

describe('isSupportedLocale', () => {
  it('accepts only the locales of the portal, exactly', () => {
    expect(isSupportedLocale('ordering', 'de-DE')).toBe(true);
    expect(isSupportedLocale('ordering', 'de-de')).toBe(false);
    expect(isSupportedLocale('connect', 'de-de')).toBe(true);
    expect(isSupportedLocale('connect', 'fr-FR')).toBe(false);
    expect(isSupportedLocale('ordering', 'nl-NL')).toBe(false);
    expect(isSupportedLocale('ordering', undefined)).toBe(false);
  });
});

describe('resolveLocale', () => {
  it('keeps a supported locale and falls back to the portal default', () => {
    expect(resolveLocale('ordering', 'pl-PL')).toBe('pl-PL');
    expect(resolveLocale('ordering', 'it-IT')).toBe('en-US');
    expect(resolveLocale('connect', 'en-US')).toBe('en-en');
    expect(resolveLocale('connect', null)).toBe('en-en');
  });
});
