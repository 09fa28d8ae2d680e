import type { ReportLimitSettings } from '../shared/contracts.ts';

/**
 * What keeps reports from being a mail relay (ADR 051): caps on who can be put on lists, how often a
 * report can be run by hand, and how many report mails one customer may cause in a day. The brand may set
 * the caps (BrandSettings.customFields.reportLimits); unset fields take these defaults.
 */
export const REPORT_LIMIT_DEFAULTS = {
  /** External contacts (process-mail-contacts) of one customer over all its reports. */
  externalContactsPerCustomer: 50,
  /** Entries (portal users and contacts) on one report's mailing list. */
  recipientsPerReport: 20,
  /** Report and confirmation mails of one customer per UTC day; more are held, not sent. */
  mailsPerCustomerPerDay: 500,
} as const;
export type ReportLimits = { -readonly [K in keyof typeof REPORT_LIMIT_DEFAULTS]: number };

export const reportLimitsOf = (settings: ReportLimitSettings | null | undefined): ReportLimits => ({
  externalContactsPerCustomer: settings?.externalContactsPerCustomer ?? REPORT_LIMIT_DEFAULTS.externalContactsPerCustomer,
  recipientsPerReport: settings?.recipientsPerReport ?? REPORT_LIMIT_DEFAULTS.recipientsPerReport,
  mailsPerCustomerPerDay: settings?.mailsPerCustomerPerDay ?? REPORT_LIMIT_DEFAULTS.mailsPerCustomerPerDay,
});

/**
 * "Run now" (ADR 051): fixed windows on the platform's rate limiter. A person checking a report runs it a
 * few times in a row; five in ten minutes leaves room for that, twenty per customer and hour for a team.
 */
export const REPORT_RUN_LIMITS = {
  perUser: { name: 'report-run-user', limit: 5, windowSeconds: 600 },
  perCustomer: { name: 'report-run-customer', limit: 20, windowSeconds: 3600 },
} as const;

/** "Send confirmation again" (ADR 051): per contact, so one address gets at most this many a day. */
export const CONFIRMATION_RESEND_LIMIT = { name: 'report-confirm-resend', limit: 3, windowSeconds: 86_400 } as const;
/** How long a confirmation link works. */
export const CONFIRMATION_LINK_DAYS = 7;
