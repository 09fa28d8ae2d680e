import { describe, expect, it } from 'vitest';
import { isKnownLocale, isSupportedLocale, resolveBrowserLocale, resolveLocale } from './constants.ts';

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
    expect(resolveLocale('connect', 'de-AT')).toBe('de-de'); // another region: the portal's locale of its language
    expect(resolveLocale('ordering', 'de-de')).toBe('de-DE');
    expect(resolveLocale('ordering', 'en-en')).toBe('en-US');
    expect(resolveLocale('ordering', 'PL-pl')).toBe('pl-PL');
    expect(resolveLocale('ordering', 'FR-fr')).toBe('fr-FR');
  });

  it("maps a language without region, or of another region, to the portal's locale of that language", () => {
    expect(['pl', 'fr', 'de', 'en', 'en-GB', 'fr-CA', 'de-CH', 'pl_PL', 'PL'].map((code) => resolveLocale('ordering', code))).toEqual([
      'pl-PL',
      'fr-FR',
      'de-DE',
      'en-US',
      'en-US',
      'fr-FR',
      'de-DE',
      'pl-PL',
      'pl-PL',
    ]);
    expect(['pl', 'fr', 'de', 'en-GB'].map((code) => resolveLocale('connect', code))).toEqual(['pl-pl', 'en-en', 'de-de', 'en-en']);
    for (const code of ['it', 'nl-NL', 'p', 'plx', 'x-pl', '']) expect(resolveLocale('ordering', code)).toBe('en-US');
  });
});

describe('resolveBrowserLocale', () => {
  it("picks the first of the browser's languages the portal speaks, else the default", () => {
    expect(resolveBrowserLocale('ordering', ['pl', 'en-US'])).toBe('pl-PL');
    expect(resolveBrowserLocale('ordering', ['it-IT', 'fr', 'de'])).toBe('fr-FR');
    expect(resolveBrowserLocale('connect', ['fr-FR', 'de-AT', 'en'])).toBe('de-de'); // no French on connect
    expect(resolveBrowserLocale('ordering', ['it-IT', 'nl'])).toBe('en-US');
    expect(resolveBrowserLocale('connect', [])).toBe('en-en');
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
