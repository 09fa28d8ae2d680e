import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Delivery } from '@portal/core/report';
import type { Db } from '../../platform/db/client.ts';
import { applied } from '../../platform/db/conditions.ts';
import { entity, getOne, listAll } from '../../platform/db/entity.ts';

/**
 * Deliveries of a report job (ADR 042, extends ADR 019): one item per (job, channel, target) in the job's
 * partition, `RJOB#<jobId>` / `DLV#<deliveryId>`, deliveryId `email.<referenceId>` or `sftp`, so a second
 * run of the delivery for the same job finds the same items. Each is created with a conditional Put and
 * moves by conditional writes: pending → sending (a claim with a lease; only one process wins) → sent |
 * failed | bounced; skipped is written at creation. A failed one goes back to sending only by an automatic
 * retry (retryable, attempts left) or a resend (failed or bounced). `messageId` is SES's proof of a mail.
 */
export type DeliveryState = Delivery['status'] | 'sending';
export type StoredDelivery = Omit<Delivery, 'status'> & {
  jobId: string;
  status: DeliveryState;
  /** A failure a later attempt may heal (throttling, an S3 read error); false once the outcome is unknown or final. */
  retryable: boolean;
  /** While sending: when the claim lapses (the sender died; what it did is unknown). */
  leaseUntil?: string;
  messageId?: string;
};

export const DELIVERY_SK_PREFIX = 'DLV#';
export const deliveryKey = (jobId: string, deliveryId: string) => ({ pk: `RJOB#${jobId}`, sk: `${DELIVERY_SK_PREFIX}${deliveryId}` });
const deliveries = entity<StoredDelivery>();

export const emailDeliveryId = (referenceId: string) => `email.${referenceId}`;
export const SFTP_DELIVERY_ID = 'sftp';

export const getDelivery = (db: Db, jobId: string, deliveryId: string) => getOne(db, deliveries, deliveryKey(jobId, deliveryId), { consistent: true });

/** A job's deliveries as stored (the e-mail ones by referenceId, then sftp). */
export async function listStoredDeliveries(db: Db, jobId: string): Promise<StoredDelivery[]> {
  const { items } = await listAll(db, deliveries, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :dlv)',
    ExpressionAttributeValues: { ':pk': `RJOB#${jobId}`, ':dlv': DELIVERY_SK_PREFIX },
    ConsistentRead: true,
  });
  return items;
}

/** Why a claim whose lease lapsed is failed: its sender stopped between the claim and the outcome. */
export const LAPSED_REASON = 'The delivery stopped before it was confirmed: it may not have been sent. Resend it if it did not arrive.';
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
    reason: gone ? LAPSED_REASON : d.reason,
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

async function update(
  db: Db,
  jobId: string,
  deliveryId: string,
  set: Record<string, unknown>,
  condition: string,
  values: Record<string, unknown>,
  options: { countAttempt?: boolean; remove?: string[] } = {},
): Promise<boolean> {
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
  for (const name of ['status', 'attempts', 'retryable', 'leaseUntil']) {
    if (`${expression} ${condition}`.includes(`#${name}`)) names[`#${name}`] = name;
  }
  return applied(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: deliveryKey(jobId, deliveryId),
        UpdateExpression: expression,
        ConditionExpression: `attribute_exists(pk) AND (${condition})`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: vals,
      }),
    ),
  );
}

export type DeliveryOutcome =
  | { status: 'sent'; messageId?: string; attached?: boolean | null; address?: string }
  | { status: 'failed'; reason: string; retryable: boolean; attached?: boolean | null }
  | { status: 'bounced'; reason: string; attached?: boolean | null }
  /** The recipient left the list or unsubscribed after the delivery was planned. */
  | { status: 'skipped'; reason: string };

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
  /** A resend from the screen: failed or bounced (or a claim whose lease lapsed) → sending, whatever the attempts so far. */
  claimResend: (db: Db, jobId: string, deliveryId: string, at: Date, leaseMs: number) =>
    update(
      db,
      jobId,
      deliveryId,
      { status: 'sending', leaseUntil: new Date(at.getTime() + leaseMs).toISOString(), updatedAt: at.toISOString() },
      '#status IN (:failed, :bounced) OR (#status = :sending AND #leaseUntil < :now)',
      { ':failed': 'failed', ':bounced': 'bounced', ':sending': 'sending', ':now': at.toISOString() },
      { countAttempt: true, remove: ['messageId'] },
    ),
  /** sending → the outcome; only the claim's holder gets here while its lease runs. */
  finish: (db: Db, jobId: string, deliveryId: string, outcome: DeliveryOutcome, at: Date) =>
    update(
      db,
      jobId,
      deliveryId,
      {
        status: outcome.status,
        reason: outcome.status === 'sent' ? null : outcome.reason,
        retryable: outcome.status === 'failed' ? outcome.retryable : false,
        updatedAt: at.toISOString(),
        ...(outcome.status === 'sent' && outcome.messageId ? { messageId: outcome.messageId } : {}),
        ...(outcome.status === 'sent' && outcome.address ? { address: outcome.address } : {}),
        ...('attached' in outcome && outcome.attached !== undefined ? { attached: outcome.attached } : {}),
      },
      '#status = :sending',
      { ':sending': 'sending' },
      { remove: ['leaseUntil'] },
    ),
  /**
   * A claim whose lease lapsed: its sender stopped somewhere between the claim and the outcome, so the
   * mail may have gone out. Failed, not retried automatically (never a second mail); the user may resend.
   */
  lapse: (db: Db, jobId: string, deliveryId: string, at: Date, reason: string) =>
    update(
      db,
      jobId,
      deliveryId,
      { status: 'failed', reason, retryable: false, updatedAt: at.toISOString() },
      '#status = :sending AND #leaseUntil < :now',
      { ':sending': 'sending', ':now': at.toISOString() },
      { remove: ['leaseUntil'] },
    ),
};
