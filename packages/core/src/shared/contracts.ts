import * as z from './zod.ts';

/**
 * Wire contracts shared by the API and the web app. The server builds these shapes, the web parses
 * them; a renamed field breaks both builds.
 */

/** Every /api request names the portal it is made from (SPEC 7). */
export const PORTAL_HEADER = 'X-Portal';
export const PORTALS = ['ordering', 'connect'] as const;
export type Portal = (typeof PORTALS)[number];
export const isPortal = (value: unknown): value is Portal => PORTALS.some((portal) => portal === value);

/** Anti-script-inclusion prefix put before every JSON body; the web client strips it. */
export const XSSI_PREFIX = ")]}',\n";

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

/** Brand settings keyed by host (SPEC 3). */
export const BrandSettings = z.object({
  id: z.string().check(z.maxLength(64)),
  name: z.string().check(z.maxLength(200)),
  layout: z.string().check(z.maxLength(64)),
  footerLinks: z.array(FooterLink).check(z.maxLength(20)),
  customFields: z.object({
    priceLabel: z.optional(z.string().check(z.maxLength(100))),
    priceAttributePrefix: z.optional(z.string().check(z.maxLength(64))),
    priceChangeTimeZone: z.optional(z.string().check(z.maxLength(64))),
    reportIds: z.optional(z.array(z.string().check(z.maxLength(64))).check(z.maxLength(100))),
    termsOfUseRequired: z.optional(z.boolean()),
    /** The anonymous external questionnaire behind 'Evaluate our service' (SPEC 1, 9); none hides the entry. */
    questionnaireUrl: z.optional(z.string().check(z.url(), z.maxLength(2000))),
    /** The day (YYYY-MM-DD) MFA becomes required for all accounts (SPEC 1 notice); none: no notice. */
    mfaActivationDate: z.optional(z.iso.date()),
    /** Caps that keep reports from being a mail relay (ADR 051, defaults in core report/limits.ts). */
    reportLimits: z.optional(ReportLimitSettings),
    /** Which company changes wait for approval in their workflow before they apply (ADR 085); unset kinds apply at once. */
    companyChangesRequireApproval: z.optional(CompanyApprovalSettings),
  }),
});
export type BrandSettings = z.infer<typeof BrandSettings>;
