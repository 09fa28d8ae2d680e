import { addDays, isoWeekday, isValidGtin, SourceId } from '@portal/core/shared';
import * as z from '@portal/core/zod';

/**
 * Field rules shared by the master-data import kinds (ADR 014). Values may come from JSON (numbers,
 * booleans) or CSV (text): numbers and booleans also accept their text form; an empty CSV cell is an
 * absent field (the reader drops it before validation).
 */

/** An identifier as the source systems give it; '#' and other key separators are refused. */
export const Id = SourceId;

export const Text = (max = 200) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

const numberText = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value.trim())) ? Number(value.trim()) : value;

/** A whole number (JSON number or decimal digits in CSV). */
export const Int = (min = 0, max = 1_000_000_000) =>
  z.preprocess(numberText, z.number().check(z.int('must be a whole number'), z.gte(min), z.lte(max)));

/** true/false (also 1/0, yes/no in any case). */
export const Bool = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const text = value.trim().toLowerCase();
  if (['true', '1', 'yes'].includes(text)) return true;
  if (['false', '0', 'no'].includes(text)) return false;
  return value;
}, z.boolean());

/**
 * A money amount in the currency's main unit with at most two decimals (the default currency decimals,
 * SPEC 3), e.g. 25 or "24.95"; read as integer cents so sums stay exact.
 */
export const Cents = z.preprocess(
  numberText,
  z.pipe(
    z.number().check(
      z.gte(0),
      z.lte(1e12),
      z.refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'at most two decimals'),
    ),
    z.transform((n) => Math.round(n * 100)),
  ),
);

/** A calendar date 'YYYY-MM-DD' that exists. */
export const CalendarDay = z.string().check(
  z.trim(),
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD'),
  z.refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
  }, 'no such date'),
);

/**
 * A status given as its code or its label (case-insensitive): `lockedForAirs` or `locked for AIRS`.
 */
export function statusField<const T extends readonly [string, ...string[]]>(codes: T, labels: Record<T[number], string>) {
  const byText = new Map<string, T[number]>();
  const list: readonly T[number][] = codes;
  for (const code of list) {
    byText.set(code.toLowerCase(), code);
    byText.set(labels[code].toLowerCase(), code);
  }
  return z.preprocess((value) => (typeof value === 'string' ? (byText.get(value.trim().toLowerCase()) ?? value) : value), z.enum(codes));
}

export const Ean = z
  .preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().check(z.trim()))
  .check(z.refine(isValidGtin, 'an EAN/GTIN of 8, 12, 13 or 14 digits with a valid check digit'));

/** The Monday of a date's ISO week: the key of the week bucket the date belongs to. */
export function weekOf(date: string): string {
  let week = weekCache.get(date);
  if (week === undefined) {
    week = addDays(date, 1 - isoWeekday(date));
    if (weekCache.size > 10_000) weekCache.clear();
    weekCache.set(date, week);
  }
  return week;
}
const weekCache = new Map<string, string>();
/** 'YYYY-MM' of a date. */
export const monthOf = (date: string): string => date.slice(0, 7);
/** The first day after a month: nextMonthStart('2026-12') = '2027-01-01'. */
export function nextMonthStart(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${String(y + 1).padStart(4, '0')}-01-01` : `${month.slice(0, 4)}-${String(m + 1).padStart(2, '0')}-01`;
}
/** Whole days from `from` to `to` (0 when equal, negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
/** The calendar date (UTC) of an instant. */
export const utcDate = (at: Date): string => at.toISOString().slice(0, 10);
