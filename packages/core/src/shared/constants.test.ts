import { describe, expect, it } from 'vitest';
import { isKnownLocale, isSupportedLocale, resolveLocale } from './constants.ts';

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

  it("maps one portal's codes onto the other's (language and region, any case)", () => {
    expect(resolveLocale('connect', 'de-DE')).toBe('de-de');
    expect(resolveLocale('connect', 'pl-PL')).toBe('pl-pl');
    expect(resolveLocale('connect', 'en-GB')).toBe('en-en');
    expect(resolveLocale('connect', 'fr-FR')).toBe('en-en'); // no French on connect: the default
    expect(resolveLocale('connect', 'de-AT')).toBe('en-en'); // another region is not the same locale
    expect(resolveLocale('ordering', 'de-de')).toBe('de-DE');
    expect(resolveLocale('ordering', 'en-en')).toBe('en-US');
    expect(resolveLocale('ordering', 'PL-pl')).toBe('pl-PL');
    expect(resolveLocale('ordering', 'FR-fr')).toBe('fr-FR');
  });
});

describe('isKnownLocale', () => {
  it("accepts any portal's locale in any case, nothing else", () => {
    for (const code of ['en-en', 'de-de', 'pl-pl', 'en-US', 'de-DE', 'fr-FR', 'pl-PL', 'DE-de']) {
      expect(isKnownLocale(code)).toBe(true);
    }
    for (const code of ['de', 'nl-NL', 'en-GB', '', undefined, 7]) expect(isKnownLocale(code)).toBe(false);
  });
});
