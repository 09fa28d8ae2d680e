import type { BrandSettings, BrandTexts } from './contracts.ts';

/** The languages a brand words its texts in: those of the portals' locales (SPEC 9), `de-DE` and `de-de` both `de`. */
export const BRAND_TEXT_LANGUAGES = ['en', 'de', 'fr', 'pl'] as const;
export type BrandTextLanguage = (typeof BRAND_TEXT_LANGUAGES)[number];

/**
 * The brand's texts for a locale (SPEC 9): the entry of the locale's language (`de-DE`, `de-de` → `de`), else
 * the English one. Whole entries: a language entry the brand wrote is complete in itself, nothing is mixed in.
 */
export function brandTexts(brand: Pick<BrandSettings, 'texts'>, locale: string | null | undefined): BrandTexts {
  const language = (locale ?? '').slice(0, 2).toLowerCase();
  const entry = BRAND_TEXT_LANGUAGES.find((known) => known === language);
  return (entry && brand.texts[entry]) || brand.texts.en;
}
