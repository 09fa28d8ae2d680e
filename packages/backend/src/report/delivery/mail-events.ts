import type { DeliveryReasonCode } from '@portal/core/report';
import * as z from '@portal/core/zod';
import type { Db } from '../../platform/db/client.ts';
import type { Clock } from '../../platform/time.ts';
import { getReportJob } from '../report-job-entity.ts';
import { unsubscribeRecipient } from '../recipient-service.ts';
import { deliveryWrites, getDelivery, getMailMessage } from './delivery-entity.ts';

/**
 * Bounces and complaints SES reports after it accepted a report mail (ADR 042 addendum). SES publishes them
 * through the configuration set the mailer names (SES_CONFIGURATION_SET) to an SNS topic; an SQS queue
 * subscribed with raw message delivery hands each event's JSON to functions/jobs/mail-events.ts, which calls
 * recordMailEvent once per message. The mail is found by SES's messageId through the `MSG#<messageId>` item
 * the delivery's `sent` wrote. A permanent or transient bounce turns sent into bounced (SES reports a
 * transient one after it stopped retrying); an undetermined one is noted (the mail stays sent); a complaint unsubscribes an external contact from the report and is noted. Every write
 * is conditional on the sent mail with that id, so a repeated event (SNS and SQS deliver at least once)
 * changes nothing.
 */

/** One recipient of a bounce, as SES reports it (`status` and `diagnosticCode` come from the remote MTA). */
const BouncedRecipient = z.object({
  emailAddress: z.string(),
  action: z.optional(z.string()),
  status: z.optional(z.string()),
  diagnosticCode: z.optional(z.string()),
});

/**
 * An SES event: `eventType` from a configuration set's event destination, `notificationType` from an
 * identity's notification topic (the same body otherwise); only what is read here is checked.
 */
export const SesMailEvent = z.object({
  eventType: z.optional(z.string()),
  notificationType: z.optional(z.string()),
  mail: z.object({ messageId: z.string().check(z.minLength(1)) }),
  bounce: z.optional(
    z.object({
      bounceType: z.string(),
      bounceSubType: z.optional(z.string()),
      bouncedRecipients: z.array(BouncedRecipient),
    }),
  ),
  complaint: z.optional(
    z.object({
      complainedRecipients: z.array(z.object({ emailAddress: z.string() })),
      complaintFeedbackType: z.optional(z.string()),
    }),
  ),
});
export type SesMailEvent = z.infer<typeof SesMailEvent>;

/** What one event did: for the log and the tests. */
export type MailEventOutcome = 'bounced' | 'noted' | 'unsubscribed' | 'unchanged' | 'ignored' | 'dropped';

export type MailEventDeps = {
  db: Db;
  now: Clock;
  /** Where what was dropped or ignored is told for operators; default stderr. */
  log?: (message: string, fields: Record<string, unknown>) => void;
};

const defaultLog = (message: string, fields: Record<string, unknown>) => console.error(`[mail events] ${message}`, fields);

/** A body that is no SES event, kept short in the log (an operator can still see what it was). */
const excerpt = (body: unknown) => (typeof body === 'string' ? body : (JSON.stringify(body) ?? String(body))).slice(0, 500);

/** The body parsed, or null when it is not JSON of an SES event. */
function parseEvent(body: unknown): SesMailEvent | null {
  let json: unknown = body;
  if (typeof body === 'string') {
    try {
      json = JSON.parse(body);
    } catch {
      return null;
    }
  }
  const parsed = SesMailEvent.safeParse(json);
  if (!parsed.success) return null;
  const kind = parsed.data.eventType ?? parsed.data.notificationType;
  // A Bounce must carry its bounce, a Complaint its complaint: else it is malformed too.
  if ((kind === 'Bounce' && !parsed.data.bounce) || (kind === 'Complaint' && !parsed.data.complaint)) return null;
  return parsed.data;
}

/**
 * Records one SES event (the body of one queue message). Never throws for what a retry cannot change: a
 * malformed body is logged and dropped, an unknown messageId (not a report mail, or its job's TTL passed)
 * logged and ignored. A DynamoDB error throws: the queue delivers the message again, then dead-letters it.
 */
export async function recordMailEvent(deps: MailEventDeps, body: unknown): Promise<MailEventOutcome> {
  const log = deps.log ?? defaultLog;
  const event = parseEvent(body);
  if (!event) {
    log('malformed event dropped', { body: excerpt(body) });
    return 'dropped';
  }
  const kind = event.eventType ?? event.notificationType;
  const { messageId } = event.mail;
  if (kind !== 'Bounce' && kind !== 'Complaint') return 'ignored'; // the destination publishes only these two
  const pointer = await getMailMessage(deps.db, messageId);
  const delivery = pointer ? await getDelivery(deps.db, pointer.jobId, pointer.deliveryId) : null;
  if (!pointer || !delivery) {
    log('event for an unknown mail ignored', { kind, messageId });
    return 'ignored';
  }
  const { jobId, deliveryId } = pointer;
  const at = deps.now();

  if (kind === 'Bounce' && event.bounce) {
    const { bounce } = event;
    const recipient =
      bounce.bouncedRecipients.find((r) => r.emailAddress.toLowerCase() === delivery.address.toLowerCase()) ?? bounce.bouncedRecipients[0];
    const detail = bounceDetail(recipient);
    if (bounce.bounceType !== 'Permanent' && bounce.bounceType !== 'Transient') {
      // Undetermined: SES could not tell whether the mail arrived; noted, the mail stays sent.
      return (await deliveryWrites.note(deps.db, jobId, deliveryId, messageId, 'bounceUndetermined', detail, at)) ? 'noted' : 'unchanged';
    }
    // SES reports a transient bounce once it has stopped retrying: this mail did not arrive (a full mailbox),
    // so the log says bounced and the user may resend; the address itself may work next time.
    const code = bounce.bounceType === 'Transient' ? 'bounceTransient' : permanentBounceCode(bounce.bounceSubType, recipient?.status);
    const applied = await deliveryWrites.bounce(deps.db, jobId, deliveryId, messageId, code, detail, at);
    if (applied) log('bounced', { jobId, deliveryId, messageId, code, reason: detail });
    return applied ? 'bounced' : 'unchanged';
  }

  // A complaint: the recipient marked the mail as spam. An external contact leaves the report's list (as
  // by the one-click link, ADR 040's unsubscribeRecipient); a portal user leaves lists in the portal.
  const job = delivery.target.startsWith('c.') ? await getReportJob(deps.db, jobId) : null;
  const unsubscribed = job ? await unsubscribeRecipient(deps.db, job.processId, delivery.target, at) : false;
  const noted = await deliveryWrites.note(
    deps.db,
    jobId,
    deliveryId,
    messageId,
    'complaint',
    event.complaint?.complaintFeedbackType ?? null,
    at,
  );
  if (unsubscribed || noted) log('complaint', { jobId, deliveryId, messageId, unsubscribed });
  return unsubscribed ? 'unsubscribed' : noted ? 'noted' : 'unchanged';
}

/**
 * The words of a permanent bounce: SES's sub-type first (NoEmail, Suppressed), else the remote server's
 * enhanced status (RFC 3463: 5.1.x is a bad address or domain), else a bounce in general.
 */
export function permanentBounceCode(subType: string | undefined, status: string | undefined): DeliveryReasonCode {
  if (subType === 'NoEmail') return 'bouncedNoAddress';
  if (subType === 'Suppressed' || subType === 'OnAccountSuppressionList') return 'bouncedSuppressed';
  if (status && /^5\.1\.[0-3]$/.test(status.trim())) return 'bouncedNoAddress';
  return 'bounced';
}

/** The remote server's words: its diagnostic (e.g. `smtp; 550 5.1.1 user unknown`), else status and action. */
export function bounceDetail(recipient: z.infer<typeof BouncedRecipient> | undefined): string | null {
  if (!recipient) return null;
  if (recipient.diagnosticCode?.trim()) return recipient.diagnosticCode.trim();
  const parts = [recipient.status && `status ${recipient.status}`, recipient.action].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}
