import { isValidTimeZone } from '@portal/core/shared';
import type { PriceList, Product } from '../masterdata/index.ts';
import { todayOf } from '../platform/time.ts';

/** The host brand's price settings (SPEC 3 brand settings, ADR 089); the ordering service reads them per request. */
export type PriceSettings = { priceLabel?: string; priceAttributePrefix?: string; priceChangeTimeZone?: string };

/** How one request reads prices: which attributes, and the day whose prices are in force. */
export type PriceView = { prefix: string | undefined; today: string };

/**
 * The day whose prices are in force: today in the brand's price time zone, else in the user's (ADR 089), so a
 * change "from 1 December" takes effect at midnight there. A stored zone the runtime does not know (imports
 * refuse one) counts as none.
 */
export function priceViewOf(settings: PriceSettings, userTimeZone: string, now: Date): PriceView {
  const zone = settings.priceChangeTimeZone && isValidTimeZone(settings.priceChangeTimeZone) ? settings.priceChangeTimeZone : userTimeZone;
  return { prefix: settings.priceAttributePrefix || undefined, today: todayOf(now, zone) };
}

/**
 * The brand's price list of a product: its prefixed attributes when the brand names a prefix (ADR 089), else
 * the plain ones. A product without the brand's prices has none — never the plain price, which is another
 * market's and would show under the brand's label.
 */
const priceListOf = (product: Product, prefix: string | undefined): PriceList | undefined =>
  prefix === undefined ? product : product.brandPrices?.[prefix];

const toCents = (mainUnit: number) => Math.round(mainUnit * 100);

/**
 * The face value in force on `view.today` (the last change from that day or before, else the list's face
 * value) and the next scheduled change, in cents.
 */
export function consumerPrice(
  product: Product,
  view: PriceView,
): { faceValueCents: number | null; nextFaceValue?: { from: string; cents: number } } {
  const list = priceListOf(product, view.prefix);
  if (!list) return { faceValueCents: null };
  const changes = list.faceValueChanges ?? [];
  const inForce = changes.filter((change) => change.from <= view.today).at(-1);
  const next = changes.find((change) => change.from > view.today);
  const faceValue = inForce ? inForce.faceValue : list.faceValue;
  return {
    faceValueCents: faceValue === undefined ? null : toCents(faceValue),
    ...(next ? { nextFaceValue: { from: next.from, cents: toCents(next.faceValue) } } : {}),
  };
}
