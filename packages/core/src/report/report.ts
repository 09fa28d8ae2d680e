import { REPORTING_DAYS } from '../shared/constants.ts';
import { isValidTimeZone } from '../shared/zoned-time.ts';
import { CalendarDay, Id } from '../shared/schemas.ts';
import * as z from '../shared/zod.ts';
import { ExportDownload, ExportFormat } from '../export/export-file.ts';
import { ResultCode, TransactionEan, TransactionResult } from '../transaction/transaction.ts';
import { ConnectSalesCustomerType } from '../sales/connect-sales.ts';

/**
 * Reports (ADR 040): a report is a saved definition ("process", keyed by processId) of what to
 * read (a report type with its filter and columns), in which format, for which customer; its schedule says
 * on which days and at which local time a run covers which period; its recipients get each run's files by
 * e-mail, and "copied by FTP" puts them in the customer's upload folder. A run is a report job (SPEC
 * flow/report-jobs) that streams its rows to the reports bucket through the export writer (ADR 033).
 *
 * General reports are the brand's fixed report IDs (BrandSettings.customFields.reportIds), one per customer:
 * their processId is `gen.<reportId>.<customerId>` and their definition comes from GENERAL_REPORTS, not
 * from the user. Custom reports are saved by users (reportManagement.reports) and get a generated processId.
 */

/** What a report reads; each type has its columns (REPORT_COLUMNS) and its filter. */
export const REPORT_TYPES = ['transactions', 'sales', 'coupon-status', 'orders'] as const;
export const ReportType = z.enum(REPORT_TYPES);
export type ReportType = z.infer<typeof ReportType>;

/** The columns a report of a type may have, in their default order (custom reports pick and order a subset). */
export const REPORT_COLUMNS = {
  transactions: [
    'at',
    'transactionId',
    'customerId',
    'customerName',
    'storeId',
    'terminalId',
    'type',
    'resultCode',
    'result',
    'serial',
    'ean',
    'amount',
    'currency',
    'productId',
    'productName',
  ],
  sales: ['key', 'label', 'customerStoreId', 'quantity', 'amount'],
  'coupon-status': ['serial', 'productName', 'ean', 'status', 'activatedAt', 'redeemedAt', 'storeId', 'amount', 'currency'],
  orders: ['orderId', 'createdAt', 'status', 'type', 'storeId', 'positions', 'quantity', 'amount', 'currency'],
} as const satisfies Record<ReportType, readonly string[]>;
export type ReportColumn<T extends ReportType = ReportType> = (typeof REPORT_COLUMNS)[T][number];

/**
 * A report's custom filters: the transaction filter fields (SPEC 3) without customer and dates (the run's).
 * Strict: a field the portal does not know is refused, never silently dropped from what the user saved.
 */
export const ReportFilter = z.strictObject({
  type: z.optional(Id),
  resultCode: z.optional(ResultCode),
  result: z.optional(TransactionResult),
  serial: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))),
  terminalId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))),
  ean: z.optional(TransactionEan),
  /** sales reports: how rows are grouped, and whose figures (a retailer's or a provider's). */
  groupBy: z.optional(z.enum(['day', 'week', 'month', 'product', 'store'])),
  customerType: z.optional(ConnectSalesCustomerType),
});
export type ReportFilter = z.infer<typeof ReportFilter>;
/** Which filter fields each report type takes (the screens offer these; others are REPORT.FILTER_INVALID). */
export const REPORT_FILTER_FIELDS = {
  transactions: ['type', 'resultCode', 'result', 'serial', 'terminalId', 'ean'],
  sales: ['groupBy', 'customerType'],
  'coupon-status': ['serial', 'ean'],
  orders: [],
} as const satisfies Record<ReportType, readonly (keyof ReportFilter)[]>;

/**
 * The reporting period (SPEC 3, 9): `daily` runs on the chosen reporting days and covers the local days
 * after the previous reporting day up to yesterday; `monthly` runs on the 1st and covers the previous
 * calendar month. `endOfMonth` (the report-to-end-of-month flag) adds a run on the 1st of each month and
 * keeps every period inside one month, so the month's last report covers up to its end (core period.ts).
 */
export const REPORT_PERIOD_TYPES = ['daily', 'monthly'] as const;
export const ReportPeriodType = z.enum(REPORT_PERIOD_TYPES);
export type ReportPeriodType = z.infer<typeof ReportPeriodType>;
export const ReportingDay = z.enum(REPORTING_DAYS);

export const ReportTimeZone = z
  .string()
  .check(z.maxLength(64), z.refine(isValidTimeZone, 'Expected an IANA time zone such as Europe/Berlin'));
/** Local wall-clock send time, HH:MM (24 h). */
export const SendTime = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected a time HH:MM'));

/** SPEC flow/report-scheduling (load and update by processId). */
export const ReportSchedule = z.object({
  processId: Id,
  /** Off: no schedule exists at the Scheduler (disable and delete remove it). */
  enabled: z.boolean(),
  periodType: ReportPeriodType,
  /**
   * Reporting days of a daily report (at least one); ignored for monthly. A set of weekdays: a repeated day
   * is refused with a field issue rather than quietly dropped, since what the user sent is never silently
   * changed (ADR 052); so at most seven.
   */
  reportingDays: z.array(ReportingDay).check(
    z.minLength(1, 'Choose at least one reporting day'),
    z.maxLength(REPORTING_DAYS.length, 'A week has seven days'),
    z.refine((days) => new Set(days).size === days.length, 'Choose each reporting day once'),
  ),
  endOfMonth: z.boolean(),
  sendTime: SendTime,
  timeZone: ReportTimeZone,
  /** Delivery options of each run. */
  sendByEmail: z.boolean(),
  copyByFtp: z.boolean(),
  /** No file and no mail when the period has no rows (the run is logged as skipped). */
  skipIfEmpty: z.boolean(),
});
export type ReportSchedule = z.infer<typeof ReportSchedule>;
export const ReportScheduleUpdate = z.omit(ReportSchedule, { processId: true });
export type ReportScheduleUpdate = z.infer<typeof ReportScheduleUpdate>;

/** The longest report name (it is a mail subject's part, ADR 051). */
export const REPORT_NAME_MAX_LENGTH = 120;

/** A custom report as the user saves it (POST /api/flow/custom-reports, PUT .../:processId). */
export const CustomReportInput = z.object({
  customerId: Id,
  // The name goes into mail subjects (ADR 051): no control characters (a CR/LF would start a header).
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Enter a name'),
      z.maxLength(REPORT_NAME_MAX_LENGTH),
      z.regex(/^[^\p{Cc}]*$/u, 'Enter a name without line breaks or control characters'),
    ),
  reportType: ReportType,
  filter: ReportFilter,
  /** A non-empty subset of REPORT_COLUMNS[reportType], in the order wanted (checked by reportColumnsProblem). */
  columns: z.array(z.string().check(z.maxLength(64))).check(z.minLength(1, 'Choose at least one column'), z.maxLength(40)),
  format: ExportFormat,
});
export type CustomReportInput = z.infer<typeof CustomReportInput>;

/** A report as listed (both tabs): the SPEC 3 Report fields. */
export const Report = z.object({
  processId: Id,
  kind: z.enum(['general', 'custom']),
  /** General reports: the brand's report ID; custom: null. */
  reportId: z.nullable(z.string()),
  customerId: Id,
  name: z.string(),
  reportType: ReportType,
  filter: ReportFilter,
  columns: z.array(z.string()),
  format: ExportFormat,
  /** The schedule, or null when none was ever saved. */
  schedule: z.nullable(ReportSchedule),
  /** Runs that produced files, mails sent and FTP copies made (SPEC: reports created, sent by email, copied by FTP). */
  reportsCreated: z.number(),
  sentByEmail: z.number(),
  copiedByFtp: z.number(),
  recipientCount: z.number(),
  lastRunAt: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type Report = z.infer<typeof Report>;

/** SPEC Mailing contact; `email` is ours (the spec lists the person fields only). */
export const MailContactInput = z.object({
  firstname: z.string().check(z.trim(), z.maxLength(80)),
  surname: z.string().check(z.trim(), z.minLength(1, 'Enter a surname'), z.maxLength(80)),
  // Stored as typed (never change the case of data); only the uniqueness key is normalised (ADR 051).
  email: z.string().check(z.trim(), z.email('Enter a valid e-mail address'), z.maxLength(254)),
  displayname: z.optional(z.string().check(z.trim(), z.maxLength(160))),
  active: z._default(z.boolean(), true),
  isEmailActive: z._default(z.boolean(), true),
  processId: Id,
  childProcessId: z.optional(Id),
});
export type MailContactInput = z.infer<typeof MailContactInput>;

export const CONTACT_CONFIRMATION_STATES = ['pending', 'confirmed'] as const;
export type ContactConfirmation = (typeof CONTACT_CONFIRMATION_STATES)[number];

/**
 * A recipient on a report's mailing list. referenceId says who: `u.<userId>` a portal user of the
 * customer, `c.<contactId>` an external contact made with process-mail-contacts.
 */
export const Recipient = z.object({
  referenceId: z.string(),
  kind: z.enum(['user', 'contact']),
  personId: z.string(),
  firstname: z.string(),
  surname: z.string(),
  displayname: z.string(),
  email: z.string(),
  active: z.boolean(),
  isEmailActive: z.boolean(),
  /** Set when an external recipient used the unsubscribe link. */
  unsubscribedAt: z.nullable(z.string()),
  /**
   * External contacts only (double opt-in, ADR 051): `pending` until the contact followed the link in the
   * confirmation mail (no report mail goes to it before), then `confirmed`; null for portal users.
   */
  confirmation: z.nullable(z.enum(CONTACT_CONFIRMATION_STATES)),
  /** When the last confirmation mail went out (null: none yet, e.g. the daily mail limit held it). */
  confirmationSentAt: z.nullable(z.string()),
});
export type Recipient = z.infer<typeof Recipient>;
/** `u.<username>` (usernames may hold dots and @; D widened this from [A-Za-z0-9_-]) or `c.<contactId>`. */
export const RecipientChange = z.object({
  referenceId: z.string().check(z.regex(/^(u\.[^\s]{1,200}|c\.[A-Za-z0-9_-]{1,64})$/, 'not a recipient reference')),
});

/** SPEC report job create: date (dateFrom, dateUntil), filter and options as JSON text, periodType. */
export const ReportJobInput = z.object({
  processId: Id,
  dateFrom: CalendarDay,
  dateUntil: CalendarDay,
  /** JSON text of a ReportFilter overriding the report's (empty object: the report's own). */
  filter: z._default(z.string().check(z.maxLength(4000)), '{}'),
  /** JSON text of ReportJobOptions. */
  options: z._default(z.string().check(z.maxLength(4000)), '{}'),
  periodType: z._default(ReportPeriodType, 'daily'),
});
export type ReportJobInput = z.infer<typeof ReportJobInput>;
/** What `options` may hold: "run now" chooses whether to deliver; the format may be overridden. */
export const ReportJobOptions = z.object({
  deliver: z._default(z.boolean(), false),
  format: z.optional(ExportFormat),
  skipIfEmpty: z._default(z.boolean(), false),
});
export type ReportJobOptions = z.infer<typeof ReportJobOptions>;

/** SPEC 4 report job statuses. */
export const REPORT_JOB_STATUSES = ['creating', 'error', 'cancelled', 'finished'] as const;
export const ReportJobStatus = z.enum(REPORT_JOB_STATUSES);
export type ReportJobStatus = z.infer<typeof ReportJobStatus>;

export const ReportFile = z.object({
  fileId: z.string(),
  processId: z.string(),
  jobId: z.string(),
  reportName: z.string(),
  name: z.string(),
  format: ExportFormat,
  rows: z.number(),
  bytes: z.number(),
  dateFrom: z.string(),
  dateUntil: z.string(),
  createdAt: z.string(),
  /** When the file is removed (S3 lifecycle, REPORT_FILE_RETENTION_DAYS). */
  expiresAt: z.string(),
});
export type ReportFile = z.infer<typeof ReportFile>;

export const DELIVERY_CHANNELS = ['email', 'sftp'] as const;
/** `held`: not sent because the customer's daily mail limit was reached (ADR 051); kept, and can be sent again. */
export const DELIVERY_STATUSES = ['pending', 'sent', 'bounced', 'failed', 'skipped', 'held'] as const;
/**
 * Why a delivery was skipped, failed or bounced, or what SES reported after it was sent (ADR 042 addendum):
 * the screen words each code in the user's language; `reason` keeps the detail in the source's words (an
 * SMTP diagnostic, an SES or SFTP error), untranslated. Items written before the codes have only `reason`.
 */
export const DELIVERY_REASON_CODES = [
  // skipped
  'unsubscribed',
  'inactive',
  'emailOff',
  'notOnList',
  'reportDeleted',
  'awaitingConfirmation',
  // held (ADR 051)
  'dailyLimit',
  // failed
  'throttled',
  'notPrepared',
  'fileUnreadable',
  'fileGone',
  'sendFailed',
  'sftpNotConfigured',
  'sftpFailed',
  'leaseLapsed',
  // bounced: refused at the send, or reported by SES later (a permanent bounce, or a transient one SES gave up on)
  'rejected',
  'bounced',
  'bouncedNoAddress',
  'bouncedSuppressed',
  'bounceTransient',
  // noted on a sent mail
  'bounceUndetermined',
  'complaint',
] as const;
export const DeliveryReasonCode = z.enum(DELIVERY_REASON_CODES);
export type DeliveryReasonCode = z.infer<typeof DeliveryReasonCode>;
/** One delivery of one run: to one recipient by e-mail, or the run's FTP copy. */
export const Delivery = z.object({
  deliveryId: z.string(),
  channel: z.enum(DELIVERY_CHANNELS),
  /** e-mail: the recipient's referenceId; sftp: the upload folder. */
  target: z.string(),
  /** e-mail address or remote path, for the log. */
  address: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  /** Why it failed, bounced or was skipped, or what SES reported later; null on items older than the codes. */
  reasonCode: z.nullable(DeliveryReasonCode),
  /** The detail (an SMTP diagnostic, an error's words); on items older than `reasonCode`, the whole reason in English. */
  reason: z.nullable(z.string()),
  attempts: z.number(),
  /** e-mail: the file attached, or a download link (above REPORT_ATTACHMENT_MAX_BYTES). */
  attached: z.nullable(z.boolean()),
  updatedAt: z.string(),
});
export type Delivery = z.infer<typeof Delivery>;

export const ReportJob = z.object({
  jobId: z.string(),
  processId: z.string(),
  customerId: z.string(),
  reportName: z.string(),
  status: ReportJobStatus,
  trigger: z.enum(['schedule', 'manual']),
  /** The scheduled time of a scheduled run (ISO), null for a manual one. */
  scheduledFor: z.nullable(z.string()),
  dateFrom: z.string(),
  dateUntil: z.string(),
  periodType: ReportPeriodType,
  rowsWritten: z.number(),
  totalRows: z.nullable(z.number()),
  /** True when the period had no rows and the schedule skips empty reports: no file, no mail. */
  skippedEmpty: z.boolean(),
  files: z.array(ReportFile),
  deliveries: z.array(Delivery),
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
  error: z.nullable(z.string()),
});
export type ReportJob = z.infer<typeof ReportJob>;

/** GET .../download answers a presigned URL valid for a few minutes: the exports' answer. */
export const ReportDownload = ExportDownload;
export type ReportDownload = ExportDownload;

/** How long report files are kept (S3 lifecycle on the reports bucket's reports/ prefix). */
export const REPORT_FILE_RETENTION_DAYS = 90;
/**
 * Files up to this size go as an attachment, larger ones as a download link: SES takes 10 MB per raw
 * message, base64 grows a file by a third, and many mail servers refuse more than ~10 MB.
 */
export const REPORT_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
