/**
 * Paces report mails to SES's sending rate (ADR 094): SES refuses a send above the account's rate
 * (`Throttling: Maximum sending rate exceeded`), so a sender that knows the rate spaces its sends instead
 * of meeting the refusal and backing off. Each sender gets an even share of the rate (the senders at once
 * are the delivery's consumers); the rest of the rate is kept for the API's account mails and resends.
 */
export const SES_DEFAULT_SEND_RATE = 14;
/** The delivery queue's consumers at once on AWS (its event source's maximum concurrency; SQS's least is 2): ADR 094. */
export const REPORT_MAIL_SENDERS = 2;
/** The share of the rate report mails take; the rest is the API's (sign-in codes, resends: ADR 094). */
export const REPORT_MAIL_SHARE = 0.9;

export type SendPacer = () => Promise<void>;

/**
 * Resolves when the next send may go: at most `perSecond` sends a second from this pacer, spaced evenly
 * (a burst of a second's sends at its start would meet SES's own per-second window at its edge).
 * The slot is taken before the wait, so concurrent callers of one pacer queue up in call order.
 */
export function sendPacer(options: { perSecond: number; nowMs: () => number; sleep: (ms: number) => Promise<void> }): SendPacer {
  const spacing = 1000 / options.perSecond;
  let next = -Infinity;
  return async () => {
    const now = options.nowMs();
    const at = Math.max(now, next);
    next = at + spacing;
    if (at > now) await options.sleep(at - now);
  };
}

/** One sender's share of the account's rate: `rate × REPORT_MAIL_SHARE / senders`. */
export const reportMailsPerSecond = (sesRate: number, senders: number) => (sesRate * REPORT_MAIL_SHARE) / Math.max(1, senders);

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
