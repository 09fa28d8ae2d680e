import { markdownText } from './markdown-text.ts';
import * as z from './zod.ts';

/**
 * Terms of use per brand (SPEC 3 brand settings `termsOfUseRequired`; ADR 086): a versioned Markdown text in
 * English (required) and German and Polish (optional: a reader gets their language, else English). Where the
 * brand requires it, a signed-in user accepts the current version once before the portal answers anything but
 * sign-in, session, My Account and the terms themselves; a new version asks again.
 */
export const TERMS_LANGUAGES = ['en', 'de', 'pl'] as const;
export type TermsLanguage = (typeof TERMS_LANGUAGES)[number];

/** Storage limits (ADR 086): three texts of 30,000 characters (≤ 3 bytes each in UTF-8) stay below the 400 KB item. */
export const TERMS_LIMITS = { text: 30_000, brandId: 64 } as const;

/** Markdown every signed-in reader's browser parses: within the bounds that keep that linear (ADR 157). */
const TermsText = markdownText(TERMS_LIMITS.text);
export const TermsTexts = z.strictObject({ en: TermsText, de: z.optional(TermsText), pl: z.optional(TermsText) });
export type TermsTexts = z.infer<typeof TermsTexts>;

/** A version number: 1, 2, … per brand. */
export const TermsVersion = z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000));

/** GET /api/terms: the current version of the host's brand in the reader's language, and whether the reader accepted it. */
export const TermsOfUse = z.object({
  brandId: z.string(),
  version: TermsVersion,
  publishedAt: z.string(),
  /** The language the text is in: the reader's, else English. */
  language: z.enum(TERMS_LANGUAGES),
  markdown: z.string(),
  /** The brand asks for acceptance (customFields.termsOfUseRequired). */
  required: z.boolean(),
  /** When the reader accepted this version; null when not (yet). */
  acceptedAt: z.nullable(z.string()),
});
export type TermsOfUse = z.infer<typeof TermsOfUse>;

/** POST /api/terms/acceptance: the version the reader was shown (an older one answers 409 TERMS.VERSION_OUTDATED). */
export const TermsAcceptanceInput = z.strictObject({ version: TermsVersion });
export type TermsAcceptanceInput = z.infer<typeof TermsAcceptanceInput>;

export const TermsAcceptance = z.object({ version: TermsVersion, acceptedAt: z.string() });
export type TermsAcceptance = z.infer<typeof TermsAcceptance>;

/** The reader's language for a portal locale (`de-DE`, `de-de` → de), else English. */
export function termsLanguageOf(locale: string | null | undefined): TermsLanguage {
  const language = (locale ?? '').slice(0, 2).toLowerCase();
  return TERMS_LANGUAGES.find((l) => l === language) ?? 'en';
}
