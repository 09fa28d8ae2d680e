import { currencyDecimals } from '../export/cell-values.ts';
import type { Product } from '../masterdata/product.ts';

/**
 * A product's face value as a report cell wants it: an integer in the minor unit of the product's
 * currency (EUR when it names none, like coupon bookings), null when the product has no face value
 * (variable-value cards) or is unknown. Products store it in the main unit (ADR 014).
 */
export function faceValueOf(product: Product | undefined): { amount: number | null; currency: string } {
  const currency = product?.currency ?? 'EUR';
  if (product?.faceValue === undefined) return { amount: null, currency };
  return { amount: Math.round(product.faceValue * 10 ** currencyDecimals(currency)), currency };
}
