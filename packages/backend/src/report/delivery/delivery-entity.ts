import { PutCommand, TransactWriteCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Delivery, DeliveryReasonCode } from '@portal/core/report';
import type { Db } from '../../platform/db/client.ts';
import { applied } from '../../platform/db/conditions.ts';
import { entity, getOne, listAll } from '../../platform/db/entity.ts';

/**
 * Deliveries of a report job (ADR 042, extends ADR 019): one item per (job, channel, target) in the job's
 * partition, `RJOB#<jobId>` / `DLV#<deliveryId>`, deliveryId `email.<referenceId>` or `sftp`, so a second
 * run of the delivery for the same job finds the same items. Each is created with a conditional Put and
 * moves by conditional writes: pending → sending (a claim with a lease; only one process wins) → sent |
 * failed | bounced; skipped is written at creation. A failed one goes back to sending only by an automatic
 * retry (retryable, attempts left) or a resend (failed or bounced). `messageId` is SES's proof of a mail;
 * the write that records `sent` also puts `MSG#<messageId>` → (jobId, deliveryId) in one transaction, so
 * SES's later bounce or complaint finds the delivery (mail-events.ts, ADR 042 addendum).
 */
export type DeliveryState = Delivery['status'] | 'sending';
export type StoredDelivery = Omit<Delivery, 'status' | 'reasonCode'> & {
  jobId: string;
  status: DeliveryState;
  /** A failure a later attempt may heal (throttling, an S3 read error); false once the outcome is unknown or final. */
  retryable: boolean;
  /** While sending: when the claim lapses (the sender died; what it did is unknown). */
  leaseUntil?: string;
  messageId?: string;
  /** Items written before the codes have none (ADR 042 addendum). */
  reasonCode?: DeliveryReasonCode | null;
};

export const DELIVERY_SK_PREFIX = 'DLV#';
export const deliveryKey = (jobId: string, deliveryId: string) => ({ pk: `RJOB#${jobId}`, sk: `${DELIVERY_SK_PREFIX}${deliveryId}` });
const deliveries = entity<StoredDelivery>();

export const emailDeliveryId = (referenceId: string) => `email.${referenceId}`;
export const SFTP_DELIVERY_ID = 'sftp';

export const getDelivery = (db: Db, jobId: string, deliveryId: string) =>
  getOne(db, deliveries, deliveryKey(jobId, deliveryId), { consistent: true });

/** A job's deliveries as stored (the e-mail ones by referenceId, then sftp). */
export async function listStoredDeliveries(db: Db, jobId: string): Promise<StoredDelivery[]> {
  const { items } = await listAll(db, deliveries, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :dlv)',
    ExpressionAttributeValues: { ':pk': `RJOB#${jobId}`, ':dlv': DELIVERY_SK_PREFIX },
    ConsistentRead: true,
  });
  return items;
}

/** Where SES's later events find a sent mail's delivery: `MSG#<messageId>` / `MSG`, kept as long as the job. */
export const mailMessageKey = (messageId: string) => ({ pk: `MSG#${messageId}`, sk: 'MSG' });
export type MailMessage = { messageId: string; jobId: string; deliveryId: string };
const mailMessages = entity<MailMessage>({ drop: ['expiresAt'] });
export const getMailMessage = (db: Db, messageId: string) => getOne(db, mailMessages, mailMessageKey(messageId));
const lapsed = (d: StoredDelivery, at: Date) => d.status === 'sending' && d.leaseUntil !== undefined && d.leaseUntil < at.toISOString();

/**
 * The delivery log of a job as the API answers it: a claim in progress shows as pending, one whose lease
 * lapsed as failed (no later run may come to record it; the user can resend it).
 */
export async function listDeliveries(db: Db, jobId: string, at: Date = new Date()): Promise<Delivery[]> {
  return (await listStoredDeliveries(db, jobId)).map((d) => deliveryView(d, at));
}

export function deliveryView(d: StoredDelivery, at: Date = new Date()): Delivery {
  const gone = lapsed(d, at);
  return {
    deliveryId: d.deliveryId,
    channel: d.channel,
    target: d.target,
    address: d.address,
    status: gone ? 'failed' : d.status === 'sending' ? 'pending' : d.status,
    reasonCode: gone ? 'leaseLapsed' : (d.reasonCode ?? null),
    reason: gone ? null : d.reason,
    attempts: d.attempts,
    attached: d.attached,
    updatedAt: d.updatedAt,
  };
}

/** Creates the delivery unless it exists (a re-run finds it): true when this call made it. */
export const createDelivery = (db: Db, d: StoredDelivery) =>
  applied(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...deliveryKey(d.jobId, d.deliveryId), type: 'reportDelivery', ...d },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );

/** One conditional update, sent alone or as part of a transaction. */
type UpdateInput = Pick<
  UpdateCommandInput,
  'TableName' | 'Key' | 'UpdateExpression' | 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'
> & {
  TableName: string;
  Key: Record<string, unknown>;
  UpdateExpression: string;
};

function updateInput(
  db: Db,
  jobId: string,
  deliveryId: string,
  set: Record<string, unknown>,
  condition: string,
  values: Record<string, unknown>,
  options: { countAttempt?: boolean; remove?: string[] } = {},
): UpdateInput {
  const names: Record<string, string> = {};
  const vals: Record<string, unknown> = { ...values };
  const assignments = Object.entries(set).map(([name, value], i) => {
    names[`#s${i}`] = name;
    vals[`:s${i}`] = value;
    return `#s${i} = :s${i}`;
  });
  if (options.countAttempt) {
    assignments.push('#attempts = #attempts + :one');
    vals[':one'] = 1;
  }
  const removals = (options.remove ?? []).map((name, i) => {
    names[`#r${i}`] = name;
    return `#r${i}`;
  });
  const expression = `SET ${assignments.join(', ')}${removals.length ? ` REMOVE ${removals.join(', ')}` : ''}`;
  // DynamoDB refuses a name placeholder no expression uses: only those the condition and update name.
  for (const name of ['status', 'attempts', 'retryable', 'leaseUntil', 'messageId', 'reasonCode']) {
    if (`${expression} ${condition}`.includes(`#${name}`)) names[`#${name}`] = name;
  }
  return {
    TableName: db.table,
    Key: deliveryKey(jobId, deliveryId),
    UpdateExpression: expression,
    ConditionExpression: `attribute_exists(pk) AND (${condition})`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: vals,
  };
}

const update = (...args: Parameters<typeof updateInput>): Promise<boolean> =>
  applied(args[0].doc.send(new UpdateCommand(updateInput(...args))));

/** `code` words the outcome on the screen; `reason` is its detail (null when the code says it all). */
export type DeliveryOutcome =
  | { status: 'sent'; messageId?: string; attached?: boolean | null; address?: string }
  | { status: 'failed'; code: DeliveryReasonCode; reason: string | null; retryable: boolean; attached?: boolean | null }
  | { status: 'bounced'; code: DeliveryReasonCode; reason: string | null; attached?: boolean | null }
  /** The recipient left the list or unsubscribed after the delivery was planned. */
  | { status: 'skipped'; code: DeliveryReasonCode; reason?: null }
  /** Not sent: the customer's daily mail budget is spent (ADR 051); kept for a resend. */
  | { status: 'held'; code: DeliveryReasonCode; reason?: null };

/** A sent mail's pointer item, written with the `sent` it points to (never ahead of it). */
const mailMessagePut = (db: Db, m: MailMessage, expiresAt: number) => ({
  Put: { TableName: db.table, Item: { ...mailMessageKey(m.messageId), type: 'mailMessage', ...m, expiresAt } },
});

/** The deliveries' writes, each answering whether it applied (false: another process holds or finished it). */
export const deliveryWrites = {
  /** pending, or failed with a retryable reason and attempts left → sending, for `leaseMs`. */
  claim: (db: Db, jobId: string, deliveryId: string, at: Date, leaseMs: number, maxAttempts: number) =>
    update(
      db,
      jobId,
      deliveryId,
      { status: 'sending', leaseUntil: new Date(at.getTime() + leaseMs).toISOString(), updatedAt: at.toISOString() },
      '#status = :pending OR (#status = :failed AND #retryable = :true AND #attempts < :max)',
      { ':pending': 'pending', ':failed': 'failed', ':true': true, ':max': maxAttempts },
      { countAttempt: true },
    ),
  /** A resend from the screen: failed, bounced or held (or a claim whose lease lapsed) → sending, whatever the attempts so far. */
  claimResend: (db: Db, jobId: string, deliveryId: string, at: Date, leaseMs: number) =>
    update(
      db,
      jobId,
      deliveryId,
      { status: 'sending', leaseUntil: new Date(at.getTime() + leaseMs).toISOString(), updatedAt: at.toISOString() },
      '#status IN (:failed, :bounced, :held) OR (#status = :sending AND #leaseUntil < :now)',
      { ':failed': 'failed', ':bounced': 'bounced', ':held': 'held', ':sending': 'sending', ':now': at.toISOString() },
      { countAttempt: true, remove: ['messageId'] },
    ),
  /**
   * sending → the outcome; only the claim's holder gets here while its lease runs. A mail SES accepted is
   * recorded together with its `MSG#<messageId>` item (one transaction; `expiresAt`: the job's TTL), so a
   * pointer never names a delivery that is not sent.
   */
  finish: async (db: Db, jobId: string, deliveryId: string, outcome: DeliveryOutcome, at: Date, expiresAt?: number) => {
    const input = updateInput(
      db,
      jobId,
      deliveryId,
      {
        status: outcome.status,
        reasonCode: outcome.status === 'sent' ? null : outcome.code,
        reason: outcome.status === 'sent' ? null : (outcome.reason ?? null),
        retryable: outcome.status === 'failed' ? outcome.retryable : false,
        updatedAt: at.toISOString(),
        ...(outcome.status === 'sent' && outcome.messageId ? { messageId: outcome.messageId } : {}),
        ...(outcome.status === 'sent' && outcome.address ? { address: outcome.address } : {}),
        ...('attached' in outcome && outcome.attached !== undefined ? { attached: outcome.attached } : {}),
      },
      '#status = :sending',
      { ':sending': 'sending' },
      { remove: ['leaseUntil'] },
    );
    if (outcome.status !== 'sent' || !outcome.messageId || expiresAt === undefined) return applied(db.doc.send(new UpdateCommand(input)));
    const pointer = mailMessagePut(db, { messageId: outcome.messageId, jobId, deliveryId }, expiresAt);
    return applied(db.doc.send(new TransactWriteCommand({ TransactItems: [{ Update: input }, pointer] })));
  },
  /**
   * A claim whose lease lapsed: its sender stopped somewhere between the claim and the outcome, so the
   * mail may have gone out. Failed, not retried automatically (never a second mail); the user may resend.
   */
  lapse: (db: Db, jobId: string, deliveryId: string, at: Date) =>
    update(
      db,
      jobId,
      deliveryId,
      { status: 'failed', reasonCode: 'leaseLapsed', reason: null, retryable: false, updatedAt: at.toISOString() },
      '#status = :sending AND #leaseUntil < :now',
      { ':sending': 'sending', ':now': at.toISOString() },
      { remove: ['leaseUntil'] },
    ),
  /**
   * SES reported a permanent bounce of the mail `messageId`: sent → bounced. Conditional on that very
   * mail (a resend since has another id), so a repeated notification, or one of an older send, changes nothing.
   */
  bounce: (db: Db, jobId: string, deliveryId: string, messageId: string, code: DeliveryReasonCode, reason: string | null, at: Date) =>
    update(
      db,
      jobId,
      deliveryId,
      { status: 'bounced', reasonCode: code, reason, retryable: false, updatedAt: at.toISOString() },
      '#status = :sent AND #messageId = :mid',
      { ':sent': 'sent', ':mid': messageId },
    ),
  /**
   * SES reported something that leaves the mail sent (a transient bounce, a complaint): noted on the
   * delivery unless the same note is there already (a repeated notification changes nothing).
   */
  note: (db: Db, jobId: string, deliveryId: string, messageId: string, code: DeliveryReasonCode, reason: string | null, at: Date) =>
    update(
      db,
      jobId,
      deliveryId,
      { reasonCode: code, reason, updatedAt: at.toISOString() },
      '#status = :sent AND #messageId = :mid AND (attribute_not_exists(#reasonCode) OR #reasonCode <> :code)',
      { ':sent': 'sent', ':mid': messageId, ':code': code },
    ),
};
