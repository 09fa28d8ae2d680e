import * as z from './zod.ts';
import { MAX_LENGTH } from './constants.ts';
import { type FieldText, withFieldCode } from './field-messages.ts';
import { Messages } from './messages.ts';

/**
 * Validation rules of SPEC 5. Each rule is a plain function, the single source of its logic; the zod
 * schemas at the bottom are built from these functions so the forms (web) and the API (server) agree.
 *
 * A rule returns the message to show, or null when the value passes. Every rule except `requiredRule`
 * lets an empty value pass, so "required" and "well-formed" compose: `requiredRule(v) ?? emailRule(v)`.
 */
type Rule = (value: string | null | undefined) => FieldText | null;

/** Empty: null, undefined, '' or whitespace only. */
export const isBlank = (value: string | null | undefined): boolean => value == null || value.trim() === '';

/** 'Value is required' for null, undefined, '' and whitespace-only values. */
export const requiredRule: Rule = (value) => (isBlank(value) ? Messages.required : null);

/** ASCII digits only; empty allowed. Spaces, signs, decimal points and non-ASCII digits fail. */
export const numericRule: Rule = (value) => (value == null || value === '' || /^[0-9]+$/.test(value) ? null : Messages.numeric);

/**
 * Pragmatic e-mail shape: local@domain.tld with no whitespace, exactly one '@', and a domain of
 * non-empty dot-separated labels (at least two). Empty allowed.
 */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export const emailRule: Rule = (value) => (value == null || value === '' || EMAIL.test(value) ? null : Messages.email);

export interface QuantityConstraints {
  /** Smallest allowed quantity; values below 1 are treated as 1 (a quantity is always positive). */
  minimum?: number | null;
  /** Largest allowed quantity; absent means no upper limit. */
  maximum?: number | null;
  /** Quantities must be a multiple of this; absent or not a positive integer means 1. */
  packagingUnit?: number | null;
}

export type QuantityProblem = typeof Messages.minimum | typeof Messages.maximum | typeof Messages.packagingUnit;

/**
 * Checks an order quantity (SPEC 5). A quantity must be a positive integer, at least the minimum, at
 * most the maximum, and a multiple of the packaging unit. The first failing check wins, in this order:
 *
 * 1. 'Minimum' — not a number, zero, negative, or below the minimum (a quantity below 1 is below any
 *    minimum, so zero and negatives say 'Minimum').
 * 2. 'Maximum' — above the maximum.
 * 3. 'PU' — not an integer, or not a multiple of the packaging unit (2.5 is off a unit of 1).
 *
 * Range first, then step: the user learns the bounds before the step size.
 */
export function quantityRule(constraints: QuantityConstraints, qty: number): QuantityProblem | null {
  const minimum = Math.max(1, constraints.minimum ?? 1);
  const maximum = constraints.maximum ?? Number.POSITIVE_INFINITY;
  const pu = constraints.packagingUnit;
  const unit = pu != null && Number.isInteger(pu) && pu > 0 ? pu : 1;
  if (Number.isNaN(qty) || qty < minimum) return Messages.minimum;
  if (qty > maximum) return Messages.maximum;
  if (!Number.isInteger(qty) || qty % unit !== 0) return Messages.packagingUnit;
  return null;
}

/** A string of at most `max` characters, else 'Value is too long' (checked before any other rule). */
export const boundedString = (max: number) => z.string().check(z.maxLength(max, { message: Messages.tooLong, abort: true }));

/**
 * A zod string of at most `max` characters, then checked by `rules` in order; every failing rule adds its
 * message, with its field code in the issue's `params` (field-messages.ts).
 */
export const ruleString = (max: number, ...rules: Rule[]) =>
  boundedString(max).check(
    z.superRefine((value, ctx) => {
      for (const rule of rules) {
        const message = rule(value);
        if (message !== null) ctx.addIssue({ code: 'custom', ...withFieldCode(message) });
      }
    }),
  );

/** A required, well-formed e-mail address (account form and anywhere else an address is entered). */
export const emailString = () => ruleString(MAX_LENGTH.email, requiredRule, emailRule);
