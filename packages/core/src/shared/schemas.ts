import { z } from 'zod';

/** Wire primitives every domain's contracts are built from (ids, calendar days, query-string values, pages). */

export const Id = z.string().trim().min(1).max(64);
export const CalendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Value must be a date (YYYY-MM-DD)');
/** Query-string integer with a default (`?index=2`). */
export const QueryInt = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);
/** Query-string flag: 1/true or 0/false. */
export const QueryFlag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** A server page (SPEC 3 Pagination: zero-based index, maxResults, totalCount; core paging.ts maps it). */
export const pageOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), index: z.number().int(), maxResults: z.number().int(), totalCount: z.number().int() });

/** Header carrying the client's key for one submission; a retry with the same key returns the same order. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IdempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Idempotency-Key must be 16 to 64 letters, digits, - or _');
