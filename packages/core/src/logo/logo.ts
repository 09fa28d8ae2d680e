import { DocumentName } from '../documents/documents.ts';
import * as z from '../shared/zod.ts';

/**
 * The company's logo (SPEC 2 "upload logo", SPEC 3 brandingUrl; ADR 084): uploaded by holders of
 * flow.editCompanyAssets, re-encoded by the server into the sizes the portal shows, shown in the header of
 * every user of the customer and in its report mails and order PDFs.
 */
export const LOGO_LIMITS = { maxBytes: 2 * 1024 * 1024, maxSide: 4096, minHeight: 64 } as const;
/** Accepted by magic bytes only (ADR 045); SVG is markup a browser would run and is refused. */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** The sizes the portal shows, as PNG: the header at twice its 32 px, the mail and the order PDF. */
export const LOGO_VARIANTS = {
  header: { height: 64, maxWidth: 400 },
  mail: { height: 96, maxWidth: 480 },
  pdf: { height: 160, maxWidth: 800 },
} as const;
export type LogoVariant = keyof typeof LOGO_VARIANTS;
export const LOGO_VARIANT_NAMES: readonly LogoVariant[] = ['header', 'mail', 'pdf'];

/** A logo's id: the first 32 hex digits of the SHA-256 of its re-encoded images (content-hashed names). */
export const LOGO_ID = /^[a-f0-9]{32}$/;
/** The public name of one re-encoded image: `<logoId>-<variant>.png`. */
export const logoFileName = (logoId: string, variant: LogoVariant) => `${logoId}-${variant}.png`;
/** Where the portal loads a logo image from (GET /api/logos/:file, cached for a year: the name never changes content). */
export const logoUrl = (logoId: string, variant: LogoVariant) => `/api/logos/${logoFileName(logoId, variant)}`;

/** POST logo/uploads — the upload path of ADR 045 with the logo's types and its 2 MB cap. */
export const LogoUploadStart = z.object({
  fileName: DocumentName,
  contentType: z.enum(LOGO_CONTENT_TYPES, 'Only PNG, JPEG and WebP images can be a logo'),
  bytes: z.number().check(z.int(), z.gte(1, 'The file is empty'), z.lte(LOGO_LIMITS.maxBytes, 'The file is larger than 2 MB')),
});
export type LogoUploadStart = z.infer<typeof LogoUploadStart>;

export const LogoUploadParams = z.object({ uploadId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/, 'Not an upload id')) });
export const LogoApply = z.object({ logoId: z.string().check(z.regex(LOGO_ID, 'Not a logo id')) });
export type LogoApply = z.infer<typeof LogoApply>;
export const LogoFileParams = z.object({
  file: z.string().check(z.regex(/^[a-f0-9]{32}-(header|mail|pdf)\.png$/, 'Not a logo file')),
});

const LogoUrls = z.object({ header: z.string(), mail: z.string(), pdf: z.string() });

/** A re-encoded logo waiting to be applied (the preview; an approval applies it later, ADR 084). */
export const StagedLogo = z.object({
  logoId: z.string(),
  urls: LogoUrls,
  /** The uploaded image's size in pixels. */
  width: z.number(),
  height: z.number(),
  stagedAt: z.string(),
  stagedBy: z.string(),
});
export type StagedLogo = z.infer<typeof StagedLogo>;

/** The customer's current logo. */
export const CurrentLogo = z.extend(StagedLogo, { appliedAt: z.string(), appliedBy: z.string() });
export type CurrentLogo = z.infer<typeof CurrentLogo>;

/** GET logo — the caller's customer's logo (none yet: null) and whether the caller may change it. */
export const LogoState = z.object({ current: z.nullable(CurrentLogo), mayEdit: z.boolean() });
export type LogoState = z.infer<typeof LogoState>;

/**
 * POST logo/apply — saved at once (the new current logo), or filed as a "Company assets change" request where
 * the brand asks for approval (ADR 085): the logo changes when that request is approved.
 */
export const LogoSaved = z.union([
  z.object({ outcome: z.literal('applied'), current: z.nullable(CurrentLogo) }),
  z.object({ outcome: z.literal('filed'), requestId: z.string() }),
]);
export type LogoSaved = z.infer<typeof LogoSaved>;
