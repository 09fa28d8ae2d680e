import { addDays } from './date-presets.ts';
import * as z from './zod.ts';

/** Wire primitives every domain's contracts are built from (ids, calendar days, query-string values, pages). */

export const Id = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));
/** An id as the source systems give it (imports, master data): '#' and other key separators are refused. */
export const SourceId = Id.check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'letters, digits, dot, underscore and hyphen only'));
export const CalendarDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Value must be a date (YYYY-MM-DD)'));
/** A day of the calendar that exists (not 2026-13-01): a filter that reaches date arithmetic never throws on it. */
export const ExistingDay = CalendarDay.check(
  z.refine((day: string) => {
    try {
      return addDays(day, 0) === day;
    } catch {
      return false;
    }
  }, 'No such date.'),
);
/** Query-string integer with a default (`?index=2`). */
export const QueryInt = (min: number, max: number, fallback: number) =>
  z._default(z.coerce.number().check(z.int(), z.gte(min), z.lte(max)), fallback);
/** Query-string flag: 1/true or 0/false. */
export const QueryFlag = z.pipe(
  z.optional(z.enum(['0', '1', 'true', 'false'])),
  z.transform((v) => v === '1' || v === 'true'),
);

/**
 * The paged answer every list sends (SPEC 3 Pagination; ADR 030): `index` is the zero-based PAGE index (the
 * first item is item `index * maxResults`), `maxResults` the page size (at least 1), `totalCount` the
 * number of matching items. core paging.ts derives what the screen shows and the bounds a server reads.
 */
export const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    items: z.array(item),
    index: z.number().check(z.int(), z.gte(0)),
    maxResults: z.number().check(z.int(), z.gte(1)),
    totalCount: z.number().check(z.int(), z.gte(0)),
  });

/** Header carrying the client's key for one submission; a retry with the same key returns the same order. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IdempotencyKey = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'Idempotency-Key must be 16 to 64 letters, digits, - or _'));
