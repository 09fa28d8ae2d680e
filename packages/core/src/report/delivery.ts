import { Id } from '../shared/schemas.ts';
import * as z from '../shared/zod.ts';

/**
 * Report delivery (ADR 042): the resend call's path, the public unsubscribe and
 * download-link calls reached from the report mails, and what they answer.
 */

/** A delivery's id within its job: `email.<referenceId>` per recipient, `sftp` for the run's FTP copy. */
export const DeliveryId = z.string().check(z.regex(/^(email\.[uc]\.[A-Za-z0-9_.@+-]{1,200}|sftp)$/, 'not a delivery id'));
export const ResendDeliveryParams = z.object({
  jobId: z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,128}$/, 'not a job id')),
  deliveryId: DeliveryId,
});

/** A signed token from a report mail (unsubscribe or download link): base64url payload '.' base64url MAC. */
export const MailToken = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,600}\.[A-Za-z0-9_-]{16,64}$/, 'not a valid link'));
export const UnsubscribeQuery = z.object({ token: MailToken });
export const ReportLinkParams = z.object({ token: MailToken });

/**
 * POST /api/report-unsubscribe: which report the address no longer receives. `reportId` names a general
 * report, so the page words its name in the reader's language (ADR 054); `reportName` is the English one.
 */
export const UnsubscribeResult = z.object({
  unsubscribed: z.literal(true),
  reportName: z.string(),
  reportId: z.optional(z.string()),
  email: z.string(),
});
export type UnsubscribeResult = z.infer<typeof UnsubscribeResult>;

/** POST /api/report-confirm?token=T (ADR 051): the external contact confirms it wants the report's mails. */
export const ConfirmQuery = z.object({ token: MailToken });
export const ConfirmResult = z.object({ confirmed: z.literal(true), reportName: z.string(), email: z.string() });
export type ConfirmResult = z.infer<typeof ConfirmResult>;

/** POST /api/flow/custom-reports/:processId/contacts/:contactId/send-confirmation (ADR 051). */
export const ContactParams = z.object({
  processId: Id,
  contactId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'not a contact id')),
});
