import type { Db } from '../db/client.ts';
import { AppError } from '../../errors.ts';
import { REQUEST } from '@portal/core/shared';
import { countHit } from './rate-window-entity.ts';

/**
 * Fixed-window counters in the table (one atomic ADD per hit), shared by every Lambda instance.
 * Items: rate-window-entity.ts.
 */
export type RateLimit = { name: string; limit: number; windowSeconds: number };

export function createRateLimiter(db: Db, now: () => Date) {
  return {
    /** Counts one hit; throws rate_limited (429 with Retry-After) once the window's limit is passed. */
    async hit(rule: RateLimit, key: string): Promise<void> {
      const t = now().getTime();
      const windowMs = rule.windowSeconds * 1000;
      const windowStart = Math.floor(t / windowMs) * windowMs;
      if ((await countHit(db, rule.name, key, windowStart, windowMs)) > rule.limit) {
        throw new AppError('rate_limited', REQUEST.RATE_LIMITED, 'Too many requests. Please wait and try again.', {
          retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - t) / 1000)),
        });
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
