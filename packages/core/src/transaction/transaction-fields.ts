import * as z from '../shared/zod.ts';
import { isValidGtin } from '../shared/gtin.ts';

/**
 * The transaction fields a report's filter (report/report.ts) takes as well: a module of their own, without the
 * transaction contract's lists and filters and the coupon contract they read, so a report screen loads only these
 * (ADR 154). transaction.ts re-exports them: one definition each.
 */

/** The outcome of a transaction at the processor; the result code says why. */
export const TRANSACTION_RESULTS = ['approved', 'declined', 'error'] as const;
export const TransactionResult = z.enum(TRANSACTION_RESULTS);
export type TransactionResult = z.infer<typeof TransactionResult>;

/** A processor result code as printed on receipts ("00", "05", "51", "N7"). */
export const ResultCode = z.string().check(z.trim(), z.regex(/^[A-Za-z0-9]{1,8}$/, 'A result code has 1 to 8 letters or digits.'));

export const TransactionEan = z
  .string()
  .check(z.maxLength(64), z.trim(), z.refine(isValidGtin, 'An EAN has 8, 12, 13 or 14 digits with a valid check digit.'));
