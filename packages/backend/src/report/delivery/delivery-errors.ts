import type { DeliveryReasonCode } from '@portal/core/report';
import { realSleep } from './send-pacer.ts';

/**
 * What a failed send means for the delivery (ADR 042). SES throttling (Throttling, "Maximum sending rate
 * exceeded") is a refusal: nothing was sent, so it is retried here with full-jitter backoff, and a
 * delivery still throttled stays retryable for the runner's next attempt. SES rejecting the message
 * (MessageRejected: a suppressed or invalid address) is a hard bounce: never retried. Any other SES
 * failure (5xx, a timeout) may come after SES accepted the mail: failed, not retried automatically (never a
 * second mail); the user may resend. Reading a file from S3 is retried likewise; a file that is gone is final.
 */
export type SendFailure = {
  kind: 'throttled' | 'bounced' | 'unknown' | 'fileRead' | 'fileGone' | 'sftp';
  /** What the screen says, in the user's language (ADR 042 addendum). */
  code: DeliveryReasonCode;
  /** The detail in the source's words (the error's message), or null when the code says it all. */
  reason: string | null;
  retryable: boolean;
};

const nameOf = (error: unknown) => (error instanceof Error ? error.name : '');
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** An error as the delivery log's detail: `Name: message`, or the message when the name adds nothing. */
export const errorDetail = (error: unknown) => {
  const name = nameOf(error);
  const message = messageOf(error);
  return name && name !== 'Error' && !message.startsWith(name) ? `${name}: ${message}` : message || name || 'error';
};

export const isSesThrottling = (error: unknown) =>
  ['Throttling', 'ThrottlingException', 'TooManyRequestsException'].includes(nameOf(error)) ||
  /maximum sending rate exceeded/i.test(messageOf(error));

export const isSesRejection = (error: unknown) => ['MessageRejected', 'MessageRejectedException'].includes(nameOf(error));

export const isFileGone = (error: unknown) => ['NoSuchKey', 'NotFound'].includes(nameOf(error));

export function sesFailure(error: unknown): SendFailure {
  if (isSesThrottling(error)) return { kind: 'throttled', code: 'throttled', reason: messageOf(error), retryable: true };
  if (isSesRejection(error)) return { kind: 'bounced', code: 'rejected', reason: messageOf(error), retryable: false };
  return { kind: 'unknown', code: 'sendFailed', reason: errorDetail(error), retryable: false };
}

export const fileFailure = (error: unknown): SendFailure =>
  isFileGone(error)
    ? { kind: 'fileGone', code: 'fileGone', reason: null, retryable: false }
    : { kind: 'fileRead', code: 'fileUnreadable', reason: errorDetail(error), retryable: true };

/** How often and how long a send or a read is tried within one delivery run; `sleep` waits (the rush simulation's is virtual, ADR 094). */
export type RetryPolicy = { attempts: number; baseMs: number; capMs: number; sleep?: (ms: number) => Promise<void> };
export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, baseMs: 200, capMs: 5_000 };

/** Runs `fn`, again after a full-jitter wait while `retry(error)` says so, at most `policy.attempts` times. */
export async function withBackoff<T>(fn: () => Promise<T>, retry: (error: unknown) => boolean, policy: RetryPolicy): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fn();
    } catch (error) {
      if (!retry(error) || attempt + 1 >= policy.attempts) throw error;
      // Full jitter: a random wait up to the capped exponential step.
      await (policy.sleep ?? realSleep)(Math.random() * Math.min(policy.capMs, policy.baseMs * 2 ** attempt));
    }
  }
}

/** A file read that failed after its retries: carries what the delivery records. */
export class DeliveryStepError extends Error {
  constructor(readonly failure: SendFailure) {
    super(failure.reason ?? failure.code);
    this.name = 'DeliveryStepError';
  }
}

/**
 * Thrown by deliverReportJob when a delivery failed for a reason a later attempt may heal: the runner's
 * invocation fails, so the async retries and then the dead-letter queue see it (ADR 041, 005).
 */
export class DeliveryIncompleteError extends Error {
  constructor(
    readonly jobId: string,
    readonly failed: string[],
  ) {
    super(`Report job ${jobId}: ${failed.length} delivery(ies) failed and may succeed on retry: ${failed.join(', ')}`);
    this.name = 'DeliveryIncompleteError';
  }
}

/** Whether what was thrown says a retry may succeed (`retryable: true`, as the SFTP port's errors do). */
export const saysRetryable = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'retryable' in error && error.retryable === true;
