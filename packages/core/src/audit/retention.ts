/**
 * The audit log's retention (ADR 114), apart from audit.ts's schemas: the brand's contract (shared/contracts.ts)
 * bounds its setting with these, and importing audit.ts for them put every audit schema into each bundle that
 * reads a brand, the web's data layer first (ADR 125).
 */

/** How long entries are kept when the brand names no time (ADR 114): 400 days, like the sign-in audit. */
export const AUDIT_DEFAULT_RETENTION_DAYS = 400;
/** The bounds of a brand's retention setting (days). */
export const AUDIT_RETENTION_DAYS_MIN = 30;
export const AUDIT_RETENTION_DAYS_MAX = 3650;
