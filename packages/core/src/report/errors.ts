import type { CodesOf } from '../shared/errors.ts';

/** The report catalogue (ARCHITECTURE convention 2): what the reports API answers besides the shared codes. */
export const REPORT = {
  /** No such report, or another customer's (ADR 015: both answer alike). */
  NOT_FOUND: 'REPORT.NOT_FOUND',
  JOB_NOT_FOUND: 'REPORT.JOB_NOT_FOUND',
  FILE_NOT_FOUND: 'REPORT.FILE_NOT_FOUND',
  RECIPIENT_NOT_FOUND: 'REPORT.RECIPIENT_NOT_FOUND',
  DELIVERY_NOT_FOUND: 'REPORT.DELIVERY_NOT_FOUND',
  /** A column the report type does not have, a filter field it does not take. */
  COLUMNS_INVALID: 'REPORT.COLUMNS_INVALID',
  FILTER_INVALID: 'REPORT.FILTER_INVALID',
  SCHEDULE_INVALID: 'REPORT.SCHEDULE_INVALID',
  /** dateUntil before dateFrom, or a period longer than REPORT_MAX_PERIOD_DAYS. */
  PERIOD_INVALID: 'REPORT.PERIOD_INVALID',
  /** General reports are the brand's: their definition cannot be changed or deleted. */
  GENERAL_READ_ONLY: 'REPORT.GENERAL_READ_ONLY',
  /** Only a failed delivery can be sent again; only a running job can be cancelled. */
  DELIVERY_NOT_FAILED: 'REPORT.DELIVERY_NOT_FAILED',
  JOB_FINISHED: 'REPORT.JOB_FINISHED',
  /** The recipient is already on the list / a contact with this e-mail exists for the report. */
  RECIPIENT_EXISTS: 'REPORT.RECIPIENT_EXISTS',
  /** The unsubscribe link is not valid (tampered or unknown). */
  UNSUBSCRIBE_INVALID: 'REPORT.UNSUBSCRIBE_INVALID',
  /** ADR 051: the brand's caps on external contacts per customer and recipients per report. */
  CONTACT_LIMIT: 'REPORT.CONTACT_LIMIT',
  RECIPIENT_LIMIT: 'REPORT.RECIPIENT_LIMIT',
  /** ADR 051: too many "Run now" in a while (per user, per customer): 429 with Retry-After. */
  RUN_LIMIT: 'REPORT.RUN_LIMIT',
  /** ADR 051: "send confirmation again" too often, or for a contact that is confirmed already. */
  CONFIRMATION_LIMIT: 'REPORT.CONFIRMATION_LIMIT',
  CONTACT_CONFIRMED: 'REPORT.CONTACT_CONFIRMED',
  /** ADR 051: the confirmation link is not valid (tampered, expired, replaced by a newer one, or its contact is gone). */
  CONFIRMATION_INVALID: 'REPORT.CONFIRMATION_INVALID',
} as const;
export type ReportErrorCode = CodesOf<typeof REPORT>;

/** The longest period one report job may cover, in days (a year and a month). */
export const REPORT_MAX_PERIOD_DAYS = 400;
