import { currencyDecimals } from '../platform/jobs/cell-values.ts';
import type { ExportColumn } from '../platform/jobs/file-columns.ts';
import type { Product } from '../masterdata/index.ts';

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

/** The two cells faceValueOf fills, as the report types that show a face value list them (last). */
export const FACE_VALUE_COLUMNS: readonly ExportColumn[] = [
  { key: 'amount', header: 'Face value', kind: 'amount', currencyKey: 'currency' },
  { key: 'currency', header: 'Currency', kind: 'text' },
];
