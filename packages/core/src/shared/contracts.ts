import * as z from './zod.ts';
import { AUDIT_RETENTION_DAYS_MAX, AUDIT_RETENTION_DAYS_MIN } from '../audit/retention.ts';

/**
 * Wire contracts shared by the API and the web app. The server builds these shapes, the web parses
 * them; a renamed field breaks both builds.
 */

export const PORTALS = ['ordering', 'connect'] as const;
export type Portal = (typeof PORTALS)[number];
export const isPortal = (value: unknown): value is Portal => PORTALS.some((portal) => portal === value);

/** The one error body (ARCHITECTURE convention 2). */
export const ErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  /** Field issues of a 400: the field's path, the English text and its field code (`FIELD.…`, field-messages.ts). */
  issues: z.optional(z.array(z.object({ path: z.string(), message: z.string(), code: z.optional(z.string()) }))),
  /** The values the code's text names (`errors.<code>`'s placeholders, e.g. `{requestId}`), so any locale can name them. */
  params: z.optional(z.record(z.string(), z.string())),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Currency = z.object({
  id: z.number().check(z.int()),
  name: z.string().check(z.maxLength(64)),
  numericCode: z.string().check(z.maxLength(8)),
  isoCode: z.string().check(z.maxLength(8)),
  symbol: z.string().check(z.maxLength(8)),
  decimals: z._default(z.number().check(z.int()), 2),
});
export type Currency = z.infer<typeof Currency>;

export const ServiceMessage = z.object({
  type: z.enum(['info', 'warning', 'error']),
  title: z.string(),
  message: z.string(),
  unread: z.boolean(),
});
export type ServiceMessage = z.infer<typeof ServiceMessage>;

export const FooterLink = z.union([
  z.object({ name: z.string().check(z.maxLength(100)), path: z.string().check(z.maxLength(500)) }),
  z.object({ name: z.string().check(z.maxLength(100)), href: z.string().check(z.url(), z.maxLength(2000)) }),
]);
export type FooterLink = z.infer<typeof FooterLink>;

const limitCap = (max: number) => z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(max)));
/** A brand's report caps (ADR 051); each field optional, unset ones take core REPORT_LIMIT_DEFAULTS. */
export const ReportLimitSettings = z.object({
  externalContactsPerCustomer: limitCap(10_000),
  recipientsPerReport: limitCap(1_000),
  mailsPerCustomerPerDay: limitCap(1_000_000),
});
export type ReportLimitSettings = z.infer<typeof ReportLimitSettings>;

/** Per kind of company change (profile, assets, documents): true when a save files a request instead of applying (ADR 085). */
export const CompanyApprovalSettings = z.object({
  profile: z.optional(z.boolean()),
  assets: z.optional(z.boolean()),
  documents: z.optional(z.boolean()),
});
export type CompanyApprovalSettings = z.infer<typeof CompanyApprovalSettings>;

/**
 * A brand's texts and links in one language (SPEC 2, 9; ADR 006 addendum): the footer links (help card, legal
 * notice, about), the external questionnaire and the brand's words for the MFA notice.
 */
export const BrandTexts = z.object({
  footerLinks: z.array(FooterLink).check(z.maxLength(20)),
  /** The anonymous external questionnaire behind 'Evaluate our service' (SPEC 1, 9); none hides the entry. */
  questionnaireUrl: z.optional(z.string().check(z.url(), z.maxLength(2000))),
  /** The MFA notice's text in the brand's words, `{date}` for the activation day; none: the portal's own text (SPEC 1). */
  mfaNotice: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(500))),
});
export type BrandTexts = z.infer<typeof BrandTexts>;

/** A brand's texts per language: English required, the others optional (a reader without one gets English). */
export const BrandLocaleTexts = z.strictObject({
  en: BrandTexts,
  de: z.optional(BrandTexts),
  fr: z.optional(BrandTexts),
  pl: z.optional(BrandTexts),
});
export type BrandLocaleTexts = z.infer<typeof BrandLocaleTexts>;
/**
 * The prefix of the catalogue attributes that carry one brand's prices (ADR 089: `us_` → `us_faceValue`):
 * lower-case letters and digits ending in `_`, so a product import can tell a brand's price column by its name.
 */
export const PRICE_ATTRIBUTE_PREFIX = /^[a-z][a-z0-9]{0,14}_$/;
export const PriceAttributePrefix = z
  .string()
  .check(z.regex(PRICE_ATTRIBUTE_PREFIX, 'lower-case letters or digits ending in _, such as us_'));

/** Brand settings keyed by host (SPEC 3). */
export const BrandSettings = z.object({
  id: z.string().check(z.maxLength(64)),
  name: z.string().check(z.maxLength(200)),
  layout: z.string().check(z.maxLength(64)),
  texts: BrandLocaleTexts,
  customFields: z.object({
    /** The heading of the consumer price (face value) column, the brand's own text (ADR 089); none: the catalogue's. */
    priceLabel: z.optional(z.string().check(z.maxLength(100))),
    /** Checked on import (brands/brand-entity.ts BrandInput); read leniently so a stored brand always loads. */
    priceAttributePrefix: z.optional(z.string().check(z.maxLength(64))),
    priceChangeTimeZone: z.optional(z.string().check(z.maxLength(64))),
    reportIds: z.optional(z.array(z.string().check(z.maxLength(64))).check(z.maxLength(100))),
    termsOfUseRequired: z.optional(z.boolean()),
    /** The day (YYYY-MM-DD) MFA becomes required for all accounts (SPEC 1 notice); none: no notice. */
    mfaActivationDate: z.optional(z.iso.date()),
    /** Caps that keep reports from being a mail relay (ADR 051, defaults in core report/limits.ts). */
    reportLimits: z.optional(ReportLimitSettings),
    /** Which company changes wait for approval in their workflow before they apply (ADR 085); unset kinds apply at once. */
    companyChangesRequireApproval: z.optional(CompanyApprovalSettings),
    /** The most accounts a customer's own admin may have on its team, pending invitations included (ADR 113); none: no cap. */
    maxUsersPerCustomer: z.optional(z.number().check(z.int(), z.gte(1), z.lte(10_000))),
    /** Accounts created from a team invitation must set up MFA or a passkey at their first sign-in (ADR 113). */
    invitedUsersMfaRequired: z.optional(z.boolean()),
    /** How long the customers' audit log keeps its entries, in days (ADR 114; none: AUDIT_DEFAULT_RETENTION_DAYS). */
    auditRetentionDays: z.optional(z.number().check(z.int(), z.gte(AUDIT_RETENTION_DAYS_MIN), z.lte(AUDIT_RETENTION_DAYS_MAX))),
  }),
});
export type BrandSettings = z.infer<typeof BrandSettings>;

/**
 * A brand record in the former one-language shape (`footerLinks` beside `customFields.questionnaireUrl`) as the
 * current one: those texts become its English entry. Brand files and stored items from before per-language texts
 * keep working until re-imported; anything else passes unchanged for the schema to judge.
 */
export function upgradeLegacyBrand(value: unknown): unknown {
  if (!isPlainRecord(value) || 'texts' in value || !('footerLinks' in value)) return value;
  const { footerLinks, customFields, ...rest } = value;
  const { questionnaireUrl, ...fields } = isPlainRecord(customFields) ? customFields : {};
  const en = questionnaireUrl === undefined ? { footerLinks } : { footerLinks, questionnaireUrl };
  return { ...rest, customFields: isPlainRecord(customFields) ? fields : customFields, texts: { en } };
}

const isPlainRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
