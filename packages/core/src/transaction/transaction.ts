import * as z from '../shared/zod.ts';
import { CalendarDay, Id, pageOf, QueryInt } from '../shared/schemas.ts';
import { isValidGtin } from '../shared/gtin.ts';
import { COUPON_STATUSES, CONTRACT_COUPON_STATUSES, SERIAL_STATUSES } from '../shared/statuses.ts';
import { MAX_SERIALS_PER_QUERY, Serial, TerminalId } from '../couponing/couponing.ts';

/**
 * Wire contracts of the processor's terminal transactions (SPEC 3 "Transaction filter fields";
 * ADR 032). A transaction belongs to one customer (the retailer or provider the processor
 * books it for); coupon actions booked in the portal are transactions too (one source of truth).
 * Amounts are integers in the currency's minor unit (cents for EUR); times are UTC ISO instants and
 * shown in the user's time zone; the date filter is calendar days in the user's time zone.
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

/** Where a transaction came from: the processor's feed, or a coupon action booked in the portal. */
export const TRANSACTION_SOURCES = ['processor', 'portal'] as const;

export const Transaction = z.object({
  /** Opaque key of the detail call (GET /api/transactions/:key); not the processor's id. */
  key: z.string(),
  transactionId: z.string(),
  /** UTC ISO instant with milliseconds. */
  at: z.string(),
  customerId: z.string(),
  customerName: z.optional(z.string()),
  storeId: z.nullable(z.string()),
  terminalId: z.string(),
  /** A transactionTypes id (master data): activation, redemption, void, deactivation, sale, refund, ... */
  type: z.string(),
  resultCode: z.string(),
  result: TransactionResult,
  serial: z.nullable(z.string()),
  ean: z.nullable(z.string()),
  /** Minor units of `currency` (cents). */
  amount: z.number().check(z.int()),
  /** ISO 4217. */
  currency: z.string(),
  productId: z.nullable(z.string()),
  productName: z.nullable(z.string()),
  source: z.enum(TRANSACTION_SOURCES),
  /** Portal bookings: who booked it (display name). */
  by: z.optional(z.string()),
});
export type Transaction = z.infer<typeof Transaction>;

/** The page sizes the Transactions section offers (ADR 036). */
export const TRANSACTION_PAGE_SIZES = [25, 50, 100, 500] as const;
export const DEFAULT_TRANSACTION_PAGE_SIZE = 50;
/** The longest date range one transaction request may ask for, in days, both ends included. */
export const TRANSACTION_MAX_RANGE_DAYS = 400;

const PageSize = z.pipe(
  z._default(z.coerce.number(), DEFAULT_TRANSACTION_PAGE_SIZE),
  z.number().check(z.refine((n) => TRANSACTION_PAGE_SIZES.some((size) => size === n), 'Page size must be 25, 50, 100 or 500.')),
);

/** The filter of the list and of the export (SPEC 3 Transaction filter fields); days in the user's zone. */
export const TransactionFilter = z.object({
  customerId: Id,
  startDate: CalendarDay,
  endDate: CalendarDay,
  type: z.optional(Id),
  resultCode: z.optional(ResultCode),
  result: z.optional(TransactionResult),
  serial: z.optional(Serial),
  terminalId: z.optional(TerminalId.check(z.minLength(1))),
  ean: z.optional(TransactionEan),
});
export type TransactionFilter = z.infer<typeof TransactionFilter>;

/** GET /api/transactions: the filter, the page, and `asOf` (the first page's answer) to keep paging stable. */
export const TransactionQuery = z.extend(TransactionFilter, {
  index: QueryInt(0, 10_000_000, 0),
  maxResults: PageSize,
  /** Rows booked after this instant are left out, so new transactions do not shift later pages. */
  asOf: z.optional(z.iso.datetime().check(z.maxLength(40))),
});
export type TransactionQuery = z.infer<typeof TransactionQuery>;

/**
 * A page of transactions, newest first. `totalCount` is exact when `complete` is true. A filter that no
 * index serves is applied to a bounded number of rows per request (ADR 032); when that bound was hit,
 * `complete` is false, `totalCount` counts what was found so far and `scannedThrough` says how far back
 * the rows were examined (the screen asks the user to narrow the filter).
 */
export const TransactionPage = z.extend(pageOf(Transaction), {
  asOf: z.string(),
  complete: z.boolean(),
  scannedThrough: z.optional(z.string()),
});
export type TransactionPage = z.infer<typeof TransactionPage>;

export const TransactionKeyParams = z.object({ key: z.string().check(z.minLength(1), z.maxLength(300)) });

// --- Serial lookup (Serial Numbers section) ---------------------------------------------------------

/**
 * GET /api/serial-numbers?serials=a,b,c : up to 100 serials (core's parseSerialList on the screen). Each
 * one is checked like couponing's (Serial: 10 to 20 digits, spaces and dashes dropped); a bad one is a
 * field issue at serials.<position>.
 */
export const SerialLookupQuery = z.object({
  serials: z.pipe(
    z.pipe(
      z.string().check(z.maxLength(MAX_SERIALS_PER_QUERY * 70)),
      z.transform((text) =>
        text
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ),
    z
      .array(Serial)
      .check(
        z.minLength(1, 'Enter at least one serial number.'),
        z.maxLength(MAX_SERIALS_PER_QUERY, `At most ${MAX_SERIALS_PER_QUERY} serial numbers.`),
      ),
  ),
});
export type SerialLookupQuery = z.infer<typeof SerialLookupQuery>;

export const SerialCard = z.object({
  ean: z.string(),
  productId: z.nullable(z.string()),
  productName: z.nullable(z.string()),
  /** The couponing status code (coupon life cycle) and the serial's status (SPEC 4). */
  cardStatus: z.enum([...COUPON_STATUSES, ...CONTRACT_COUPON_STATUSES]),
  serialStatus: z.enum(SERIAL_STATUSES),
  activation: z.nullable(z.object({ at: z.string(), terminalId: z.string() })),
  redemption: z.nullable(z.object({ at: z.string(), terminalId: z.string() })),
  customerId: z.string(),
  customerName: z.nullable(z.string()),
});
export type SerialCard = z.infer<typeof SerialCard>;

/** One looked-up serial: `found` false answers a serial that does not exist or is another customer's. */
export const SerialLookupResult = z.object({
  serial: z.string(),
  found: z.boolean(),
  cards: z.array(SerialCard),
  /** Newest first, at most SERIAL_TRANSACTIONS_SHOWN. */
  transactions: z.array(Transaction),
});
export type SerialLookupResult = z.infer<typeof SerialLookupResult>;
export const SerialLookupAnswer = z.object({ results: z.array(SerialLookupResult) });
export type SerialLookupAnswer = z.infer<typeof SerialLookupAnswer>;
export const SERIAL_TRANSACTIONS_SHOWN = 100;
