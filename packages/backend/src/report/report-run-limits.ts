import { REPORT, REPORT_RUN_LIMITS } from '@portal/core/report';
import type { Actor } from '../access/index.ts';
import { AppError } from '../errors.ts';
import type { RateLimiter } from '../platform/security/rate-limiter.ts';

/**
 * A run by hand costs a read of the period and, with delivery, a mail per recipient: five per user in
 * ten minutes and twenty per customer in an hour (ADR 051). A replay of the same Idempotency-Key is no
 * new run and is not counted. Over: 429 REPORT.RUN_LIMIT with Retry-After (the window's end).
 */
export async function limitRuns(rateLimiter: RateLimiter | undefined, actor: Actor, customerId: string) {
  if (!rateLimiter) return;
  try {
    await rateLimiter.hit(REPORT_RUN_LIMITS.perUser, actor.username);
    await rateLimiter.hit(REPORT_RUN_LIMITS.perCustomer, customerId);
  } catch (error) {
    if (!(error instanceof AppError) || error.kind !== 'rate_limited') throw error;
    const seconds = error.details.retryAfterSeconds ?? 60;
    throw new AppError(
      'rate_limited',
      REPORT.RUN_LIMIT,
      `This report was run by hand too often. Try again in ${Math.ceil(seconds / 60)} minute(s).`,
      {
        retryAfterSeconds: seconds,
      },
    );
  }
}
