import * as z from '../shared/zod.ts';
import { CalendarDay } from '../shared/schemas.ts';

/**
 * The imports of files from S3 (ADR 069): the list (a folder's, or for the supplier's staff a day's) and one
 * file with its first line errors.
 */
export const ImportFileListQuery = z.object({
  /** The customer or customer group whose SFTP folder delivered (default: the user's own). */
  owner: z.optional(z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9._-]+$/, 'a customer id'))),
  /** Supplier staff without `owner`: the imports received on this UTC day (default: today). */
  day: z.optional(CalendarDay),
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(2000))),
});
export type ImportFileListQuery = z.infer<typeof ImportFileListQuery>;

export const ImportFileParams = z.object({
  fileId: z.string().check(z.minLength(32), z.maxLength(32), z.regex(/^[0-9a-f]+$/, 'an import file id')),
});
