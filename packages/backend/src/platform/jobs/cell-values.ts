import { DEFAULT_CURRENCY_DECIMALS, madeOnce, numberFormat, zoneOffsetAt } from '@portal/core/shared';

/**
 * Cell values shared by the CSV and XLSX writers (ADR 033): formula neutralisation, amounts in major
 * units, instants as wall-clock times of the user's zone. Called once per cell of a million-row export,
 * so the zone offset and the currency decimals are cached.
 */

/**
 * OWASP CSV injection: a text cell a spreadsheet would read as a formula or a control sequence
 * (`=`, `+`, `-`, `@`, tab, carriage return first) gets a leading apostrophe and is shown as text.
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The ISO 4217 minor-unit digits (EUR 2, JPY 0, KWD 3); 2 for a code Intl does not know. */
export const currencyDecimals = (currency: string | null | undefined): number => decimalsOf((currency ?? '').toUpperCase());
const decimalsOf = madeOnce((code) => {
  try {
    return numberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? DEFAULT_CURRENCY_DECIMALS;
  } catch {
    return DEFAULT_CURRENCY_DECIMALS;
  }
});

/** Minor units as a major-unit number: 1234 EUR cents → 12.34. */
export const majorUnits = (minor: number, currency: string | null | undefined): number => {
  const decimals = currencyDecimals(currency);
  return decimals === 0 ? minor : Number((minor / 10 ** decimals).toFixed(decimals));
};

/** The same, as the CSV writes it: a dot and the currency's digits ("12.34", "-5.00"). */
export const majorUnitsText = (minor: number, currency: string | null | undefined): string =>
  (minor / 10 ** currencyDecimals(currency)).toFixed(currencyDecimals(currency));

const BUCKET_MS = 15 * 60_000;
const DAY_MS = 86_400_000;
/** Where a UTC day's offset is looked up: every 6 hours and its last quarter hour (no zone changes twice in 6 hours). */
const DAY_PROBES = [0, 6 * 3_600_000, 12 * 3_600_000, 18 * 3_600_000, DAY_MS - BUCKET_MS];

/**
 * Epoch ms of the instant's wall-clock time in `timeZone`, read as if UTC (what an XLSX date cell holds,
 * and what the CSV prints). A UTC day whose offset is the same at every probe has that offset (one lookup per
 * probe per day, ADR 134: a 90-day export made some 8,600 Intl lookups before); a day with a change is read per
 * 15-minute bucket (zone offsets change only on quarter hours), one Intl lookup serving every row in it.
 */
export function wallClock(timeZone: string): (iso: string) => number {
  const offsets = new Map<number, number>();
  const days = new Map<number, number | null>();
  const dayOffset = (day: number): number | null => {
    let offset = days.get(day);
    if (offset === undefined) {
      if (days.size > 10_000) days.clear();
      const [first, ...rest] = DAY_PROBES.map((at) => zoneOffsetAt(day * DAY_MS + at, timeZone));
      offset = first !== undefined && rest.every((o) => o === first) ? first : null;
      days.set(day, offset);
    }
    return offset;
  };
  return (iso) => {
    const ms = Date.parse(iso);
    const whole = dayOffset(Math.floor(ms / DAY_MS));
    if (whole !== null) return ms + whole;
    const bucket = Math.floor(ms / BUCKET_MS);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      if (offsets.size > 10_000) offsets.clear();
      offset = zoneOffsetAt(bucket * BUCKET_MS, timeZone);
      offsets.set(bucket, offset);
    }
    return ms + offset;
  };
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
/** "2026-11-20 14:05:09" of a wall-clock ms (wallClock's answer). */
export function wallClockText(localMs: number): string {
  const d = new Date(localMs);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/**
 * wallClockText of wallClock, per stored instant (the CSV's date column, ADR 134): the text of each UTC quarter hour
 * is made once (where the zone's offset is whole quarter hours, as every offset in use is), and a row of that quarter
 * adds its minute and second to it: no Date per row. Rows come newest first, so most rows are in their neighbour's.
 */
export function wallClockTexts(timeZone: string): (iso: string) => string {
  const local = wallClock(timeZone);
  let bucket = Number.NaN;
  let prefix = '';
  let firstMinute = 0;
  return (iso) => {
    const ms = Date.parse(iso);
    // Not a stored instant, or before 1970: the general way.
    if (!(ms >= 0)) return wallClockText(local(iso));
    const at = Math.floor(ms / BUCKET_MS);
    if (at !== bucket) {
      const start = at * BUCKET_MS;
      const localStart = local(new Date(start).toISOString());
      if ((localStart - start) % BUCKET_MS !== 0) return wallClockText(local(iso));
      const text = wallClockText(localStart);
      bucket = at;
      prefix = text.slice(0, 14);
      firstMinute = Number(text.slice(14, 16));
    }
    const within = ms - bucket * BUCKET_MS;
    return `${prefix}${pad(firstMinute + Math.floor(within / 60_000))}:${pad(Math.floor((within % 60_000) / 1000))}`;
  };
}
