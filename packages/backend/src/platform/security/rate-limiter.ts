import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { toTtl } from '../db/table.ts';
import { AppError } from '../../errors.ts';
import { REQUEST } from '@portal/core/shared';

/**
 * Fixed-window counters in the table (one atomic ADD per hit), shared by every Lambda instance.
 * Item: pk=RATE#<name>#<key>, sk=<window start>; TTL removes old windows.
 */
export type RateLimit = { name: string; limit: number; windowSeconds: number };

export function createRateLimiter(db: Db, now: () => Date) {
  return {
    /** Counts one hit; throws rate_limited (429 with Retry-After) once the window's limit is passed. */
    async hit(rule: RateLimit, key: string): Promise<void> {
      const t = now().getTime();
      const windowMs = rule.windowSeconds * 1000;
      const windowStart = Math.floor(t / windowMs) * windowMs;
      const res = await db.doc.send(
        new UpdateCommand({
          TableName: db.table,
          Key: { pk: `RATE#${rule.name}#${key}`, sk: String(windowStart) },
          UpdateExpression: 'ADD hits :one SET expiresAt = if_not_exists(expiresAt, :ttl)',
          ExpressionAttributeValues: { ':one': 1, ':ttl': toTtl(new Date(windowStart + 2 * windowMs)) },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      if (Number(res.Attributes?.hits) > rule.limit) {
        throw new AppError('rate_limited', REQUEST.RATE_LIMITED, 'Too many requests. Please wait and try again.', {
          retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - t) / 1000)),
        });
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
