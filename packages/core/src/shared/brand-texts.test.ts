import { describe, expect, it } from 'vitest';
import { brandTexts } from './brand-texts.ts';
import { BrandSettings, upgradeLegacyBrand } from './contracts.ts';

const brand = (texts: unknown) => ({ id: 'b', name: 'B', layout: 'default', texts, customFields: {} });
const en = { footerLinks: [{ name: 'Help card', href: 'https://example.org/help-en.pdf' }] };
const de = { footerLinks: [{ name: 'Hilfekarte', href: 'https://example.org/help-de.pdf' }], mfaNotice: 'Ab dem {date}: MFA.' };

describe('brand texts per language (SPEC 9)', () => {
  it('require the English entry and take only the portals’ languages', () => {
    expect(BrandSettings.safeParse(brand({ en, de })).success).toBe(true);
    expect(BrandSettings.safeParse(brand({ de })).success).toBe(false);
    expect(BrandSettings.safeParse(brand({ en, es: en })).success).toBe(false);
    expect(BrandSettings.safeParse(brand({ en: { ...en, questionnaireUrl: 'not a url' } })).success).toBe(false);
    expect(BrandSettings.safeParse(brand({ en: { ...en, mfaNotice: ' ' } })).success).toBe(false);
  });

  it("pick the entry of the locale's language, else English", () => {
    const settings = BrandSettings.parse(brand({ en, de }));
    expect(brandTexts(settings, 'de-DE')).toEqual(de);
    expect(brandTexts(settings, 'de-de')).toEqual(de);
    expect(brandTexts(settings, 'pl-PL')).toEqual(en);
    expect(brandTexts(settings, 'fr-FR')).toEqual(en);
    expect(brandTexts(settings, undefined)).toEqual(en);
  });

  it('read a brand of the former one-language shape as its English entry', () => {
    const legacy = {
      id: 'b',
      name: 'B',
      layout: 'default',
      footerLinks: en.footerLinks,
      customFields: { questionnaireUrl: 'https://q.example.org/' },
    };
    expect(BrandSettings.parse(upgradeLegacyBrand(legacy))).toEqual({
      id: 'b',
      name: 'B',
      layout: 'default',
      texts: { en: { footerLinks: en.footerLinks, questionnaireUrl: 'https://q.example.org/' } },
      customFields: {},
    });
    const current = brand({ en });
    expect(upgradeLegacyBrand(current)).toBe(current);
  });
});
