import * as z from '../shared/zod.ts';
import { COUPON_ACTIONS, REFUSAL_CODES } from './coupon-lifecycle.ts';
import { isValidGtin } from '../shared/gtin.ts';
import { CONTRACT_COUPON_STATUSES, COUPON_STATUSES, SERIAL_STATUSES } from '../shared/statuses.ts';

/**
 * Wire contracts of couponing (SPEC 3 Couponing serial check, SPEC 7 serial-number-check and
 * get-couponing-status; ADR 016). The API validates input with these schemas and the web parses every
 * answer with them.
 */

/** A serial number: 10 to 20 digits. Spaces and hyphens people copy from a card print are dropped. */
export const SERIAL_PATTERN = /^\d{10,20}$/;
export const SERIAL_FORMAT_MESSAGE = 'A serial number has 10 to 20 digits.';
export const normaliseSerial = (text: string): string => text.replace(/[\s-]/g, '');
export const isSerial = (text: string): boolean => SERIAL_PATTERN.test(text);

/** The most serial numbers one query checks (one screen of results). */
export const MAX_SERIALS_PER_QUERY = 100;

export type SerialListIssue = { line: number; value: string; message: string };
export type SerialList = { serials: string[]; issues: SerialListIssue[]; duplicates: number };

/**
 * Reads serial numbers typed or pasted one a line (commas and semicolons also separate, as spreadsheet
 * copies bring them). Blank lines are skipped, repeats counted once, each other line checked for format;
 * more than MAX_SERIALS_PER_QUERY distinct serials is an issue on the first line past the limit.
 */
export function parseSerialList(text: string): SerialList {
  const serials: string[] = [];
  const seen = new Set<string>();
  const issues: SerialListIssue[] = [];
  let duplicates = 0;
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    for (const part of raw.split(/[,;\t]/)) {
      const value = part.trim();
      if (value === '') continue;
      const serial = normaliseSerial(value);
      if (!isSerial(serial)) {
        issues.push({ line: index + 1, value, message: SERIAL_FORMAT_MESSAGE });
      } else if (seen.has(serial)) {
        duplicates += 1;
      } else if (serials.length === MAX_SERIALS_PER_QUERY) {
        issues.push({ line: index + 1, value, message: `At most ${MAX_SERIALS_PER_QUERY} serial numbers can be queried at once.` });
      } else {
        seen.add(serial);
        serials.push(serial);
      }
    }
  }
  return { serials, issues, duplicates };
}

/** Why parseSerialList refused a line: not a serial ('format'), or a serial past MAX_SERIALS_PER_QUERY ('tooMany'). */
export const serialListIssueKind = (issue: SerialListIssue): 'format' | 'tooMany' =>
  isSerial(normaliseSerial(issue.value)) ? 'tooMany' : 'format';

// --- Input ------------------------------------------------------------------------------------------

export const Serial = z
  .pipe(z.string().check(z.trim(), z.maxLength(64)), z.transform(normaliseSerial))
  .check(z.refine(isSerial, SERIAL_FORMAT_MESSAGE));
const CouponEan = z
  .string()
  .check(
    z.trim(),
    z.maxLength(14, 'An EAN has 8, 12, 13 or 14 digits with a valid check digit.'),
    z.refine(isValidGtin, 'An EAN has 8, 12, 13 or 14 digits with a valid check digit.'),
  );
/** A terminal id as the processor prints it on receipts: letters, digits, '-' and '_'. */
export const TerminalId = z.string().check(
  z.trim(),
  z.minLength(1, 'Enter the terminal ID.'),
  z.maxLength(32, 'A terminal ID has at most 32 characters.'),
  // '*', not '+': an empty id gets only the 'Enter the terminal ID.' issue.
  z.regex(/^[A-Za-z0-9_-]*$/, 'A terminal ID has letters, digits, "-" and "_" only.'),
);

export const SerialCheckInput = z.object({
  serials: z.array(Serial).check(z.minLength(1, 'Enter at least one serial number.'), z.maxLength(MAX_SERIALS_PER_QUERY)),
});
export type SerialCheckInput = z.infer<typeof SerialCheckInput>;

export const CouponActionName = z.enum(COUPON_ACTIONS);
/** SPEC 7: an action on a serial carries the card's EAN and the terminal it is booked on. */
export const CouponActionInput = z.object({ ean: CouponEan, terminalId: TerminalId });
export type CouponActionInput = z.infer<typeof CouponActionInput>;
/** Which card of the serial (needed when several cards carry it). */
export const CardQuery = z.object({ ean: z.optional(CouponEan) });

// --- Answers ----------------------------------------------------------------------------------------

const CouponingStatusCode = z.enum([...COUPON_STATUSES, ...CONTRACT_COUPON_STATUSES]);
const SerialStatusCode = z.enum(SERIAL_STATUSES);

/** One card carrying a serial: enough for the results table. */
export const CardSummary = z.object({
  serial: z.string(),
  ean: z.string(),
  eanSecond: z.nullable(z.string()),
  productId: z.nullable(z.string()),
  productName: z.nullable(z.string()),
  contract: z.boolean(),
  couponingStatus: CouponingStatusCode,
  serialStatus: SerialStatusCode,
});
export type CardSummary = z.infer<typeof CardSummary>;

/** One queried serial: its serial status and the cards that carry it (none: not found). */
const SerialCheckRow = z.object({
  serial: z.string(),
  serialStatus: SerialStatusCode,
  cards: z.array(CardSummary),
});
type SerialCheckRow = z.infer<typeof SerialCheckRow>;
export const SerialCheckAnswer = z.object({ results: z.array(SerialCheckRow) });
export type SerialCheckAnswer = z.infer<typeof SerialCheckAnswer>;

/** SPEC 3 coupon transaction columns: Terminal, Activation, Redemption, Void, Type, Status. */
export const CouponTransaction = z.object({
  transactionId: z.string(),
  at: z.string(),
  terminalId: z.string(),
  type: CouponActionName,
  ean: z.string(),
  /** 0: the action succeeded (the only kind the portal books; refused actions write nothing). */
  resultCode: z.number().check(z.int()),
  /** The card's couponing status after the transaction. */
  status: CouponingStatusCode,
  by: z.string(),
});
export type CouponTransaction = z.infer<typeof CouponTransaction>;

const Booking = z.nullable(z.object({ at: z.string(), terminalId: z.string() }));

/** An action as the details screen offers it: only actions the user holds the permission for. */
export const OfferedAction = z.object({
  action: CouponActionName,
  allowed: z.boolean(),
  /** Why the life cycle refuses it now, in English (null when allowed). */
  reason: z.nullable(z.string()),
  /** The same as a code the web translates with the card's status and the action (null when allowed). */
  reasonCode: z.nullable(z.enum(REFUSAL_CODES)),
});
export type OfferedAction = z.infer<typeof OfferedAction>;

export const SerialDetails = z.object({
  card: z.extend(CardSummary, {
    retailerId: z.string(),
    retailerName: z.nullable(z.string()),
    validUntil: z.nullable(z.string()),
    brand: z.nullable(z.string()),
    faceValue: z.nullable(z.number()),
  }),
  activation: Booking,
  redemption: Booking,
  /** The newest transactions (at most 100), newest first. */
  transactions: z.array(CouponTransaction),
  /** How many transactions the card has in all (more than shown: the oldest are left out). */
  transactionCount: z.number().check(z.int()),
  actions: z.array(OfferedAction),
});
export type SerialDetails = z.infer<typeof SerialDetails>;

/**
 * What an action answers: the card right after this booking (not any later one), and whether this call
 * booked it (false: an Idempotency-Key replay, answered with the card as it is now).
 */
export const CouponActionAnswer = z.extend(SerialDetails, { booked: z.boolean() });
export type CouponActionAnswer = z.infer<typeof CouponActionAnswer>;

/** get-couponing-status: the derived status; 'unknown' when several cards carry the serial and no EAN chose. */
export const CouponingStatusAnswer = z.object({
  serial: z.string(),
  ean: z.nullable(z.string()),
  couponingStatus: CouponingStatusCode,
  label: z.string(),
});
export type CouponingStatusAnswer = z.infer<typeof CouponingStatusAnswer>;
