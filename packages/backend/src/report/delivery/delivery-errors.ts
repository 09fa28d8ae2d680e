import { fullJitter } from '../../platform/db/transact.ts';

/**
 * What a failed send means for the delivery (ADR 042). SES throttling (Throttling, "Maximum sending rate
 * exceeded") is a refusal: nothing was sent, so it is retried here with full-jitter backoff, and a
 * delivery still throttled stays retryable for the runner's next attempt. SES rejecting the message
 * (MessageRejected: a suppressed or invalid address) is a hard bounce: never retried. Any other SES
 * failure (5xx, a timeout) may come after SES accepted the mail: failed, not retried automatically (never a
 * second mail); the user may resend. Reading a file from S3 is retried likewise; a file that is gone is final.
 */
export type SendFailure = { kind: 'throttled' | 'bounced' | 'unknown' | 'fileRead' | 'fileGone' | 'sftp'; reason: string; retryable: boolean };

const nameOf = (error: unknown) => (error instanceof Error ? error.name : '');
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const isSesThrottling = (error: unknown) =>
  ['Throttling', 'ThrottlingException', 'TooManyRequestsException'].includes(nameOf(error)) || /maximum sending rate exceeded/i.test(messageOf(error));

export const isSesRejection = (error: unknown) => ['MessageRejected', 'MessageRejectedException'].includes(nameOf(error));

export const isFileGone = (error: unknown) => ['NoSuchKey', 'NotFound'].includes(nameOf(error));

export function sesFailure(error: unknown): SendFailure {
  if (isSesThrottling(error)) return { kind: 'throttled', reason: 'The mail service is busy (sending rate exceeded); the mail will be tried again.', retryable: true };
  if (isSesRejection(error)) return { kind: 'bounced', reason: `The mail service rejected the address: ${messageOf(error)}`, retryable: false };
  return {
    kind: 'unknown',
    reason: `The mail service did not confirm the mail (${nameOf(error) || 'error'}): it may not have been sent. Resend it if it did not arrive.`,
    retryable: false,
  };
}

export const fileFailure = (error: unknown): SendFailure =>
  isFileGone(error)
    ? { kind: 'fileGone', reason: 'The report file no longer exists (its retention ended).', retryable: false }
    : { kind: 'fileRead', reason: `The report file could not be read (${nameOf(error) || 'error'}); it will be tried again.`, retryable: true };

/** How often and how long a send or a read is tried within one delivery run. */
export type RetryPolicy = { attempts: number; baseMs: number; capMs: number };
export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, baseMs: 200, capMs: 5_000 };

/** Runs `fn`, again after a full-jitter wait while `retry(error)` says so, at most `policy.attempts` times. */
export async function withBackoff<T>(fn: () => Promise<T>, retry: (error: unknown) => boolean, policy: RetryPolicy): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fn();
    } catch (error) {
      if (!retry(error) || attempt + 1 >= policy.attempts) throw error;
      await fullJitter(attempt, policy.capMs, policy.baseMs);
    }
  }
}

/** A file read that failed after its retries: carries what the delivery records. */
export class DeliveryStepError extends Error {
  constructor(readonly failure: SendFailure) {
    super(failure.reason);
    this.name = 'DeliveryStepError';
  }
}

/**
 * Thrown by deliverReportJob when a delivery failed for a reason a later attempt may heal: the runner's
 * invocation fails, so the async retries and then the dead-letter queue see it (ADR 041, 005).
 */
export class DeliveryIncompleteError extends Error {
  constructor(readonly jobId: string, readonly failed: string[]) {
    super(`Report job ${jobId}: ${failed.length} delivery(ies) failed and may succeed on retry: ${failed.join(', ')}`);
    this.name = 'DeliveryIncompleteError';
  }
}
