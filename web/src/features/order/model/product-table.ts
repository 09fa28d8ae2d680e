import type { OrderingSettingName } from '@portal/core/auth';
import { enterQuantity, type ProductRow, quantityOf, setQuantity } from '@portal/core/ordering';
import type { MessageKey, Translate } from '../../../i18n/index.ts';
import type { OrderBasket } from './order-draft.ts';

/**
 * The products step's table as plain data (SPEC 3 Product table columns): which columns show, how rows
 * sort and filter, and how an entered quantity is applied (SPEC 3: "this product" or "all products").
 */

export const PRODUCT_COLUMNS = [
  'id',
  'ean',
  'name',
  'company',
  'sku',
  'bundleSize',
  'packagingUnit',
  'salesLast4Weeks',
  'salesSinceLastOrder',
  'averagePerMonth',
  'calculatedSince',
  'lastOrder',
  'stockWarning',
  'airs',
  'suggestedQuantity',
  'singleItemAmountCents',
  'couponType',
  'faceValueCents',
] as const;
export type ProductColumn = (typeof PRODUCT_COLUMNS)[number];

export const COLUMN_LABELS: Record<ProductColumn, MessageKey> = {
  id: 'order.columns.articleNo',
  ean: 'order.columns.ean',
  name: 'order.columns.name',
  company: 'order.columns.brand',
  sku: 'order.columns.sku',
  bundleSize: 'order.columns.bundleSize',
  packagingUnit: 'order.columns.packagingUnit',
  salesLast4Weeks: 'order.columns.salesLast4Weeks',
  salesSinceLastOrder: 'order.columns.salesSinceLastOrder',
  averagePerMonth: 'order.columns.averagePerMonth',
  calculatedSince: 'order.columns.calculatedSince',
  lastOrder: 'order.columns.lastOrder',
  stockWarning: 'order.columns.stockWarning',
  airs: 'order.columns.airs',
  suggestedQuantity: 'order.columns.suggestedQuantity',
  singleItemAmountCents: 'order.columns.singleItemAmount',
  couponType: 'order.columns.couponType',
  faceValueCents: 'order.columns.faceValue',
};

/**
 * A column's heading: for the consumer price the host brand's own label where it sets one ("MSRP", ADR 089:
 * the brand's text, as it is), else the catalogue's translated one.
 */
export const columnLabel = (t: Translate, column: ProductColumn, priceLabel: string | undefined): string =>
  column === 'faceValueCents' && priceLabel ? priceLabel : t(COLUMN_LABELS[column]);

/** Numeric columns are right-aligned. */
export const NUMERIC_COLUMNS: ReadonlySet<ProductColumn> = new Set([
  'bundleSize',
  'packagingUnit',
  'salesLast4Weeks',
  'salesSinceLastOrder',
  'averagePerMonth',
  'suggestedQuantity',
  'singleItemAmountCents',
  'faceValueCents',
]);

/** Stock warning only with showStockWarning, AIRS only with showAirsColumn (SPEC 6). */
export function visibleColumns(settings: Readonly<Partial<Record<OrderingSettingName, boolean>>> | null | undefined): ProductColumn[] {
  return PRODUCT_COLUMNS.filter(
    (c) => (c !== 'stockWarning' || settings?.showStockWarning === true) && (c !== 'airs' || settings?.showAirsColumn === true),
  );
}

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  column: ProductColumn;
  direction: SortDirection;
}

type SortValue = string | number | null;
function sortValue(row: ProductRow, column: ProductColumn): SortValue {
  switch (column) {
    case 'lastOrder':
      return row.lastOrder?.date ?? null;
    case 'stockWarning':
      return row.stockWarning ? 1 : 0;
    case 'airs':
      return row.airs ? 1 : 0;
    default:
      return row[column];
  }
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Sorted copy of `rows`. Strings compare naturally ('A2' before 'A10'), numbers numerically; empty
 * values (null, '') go last in both directions; ties keep the catalogue order (name, then id).
 */
export function sortProducts(rows: readonly ProductRow[], sort: SortState | null): ProductRow[] {
  if (!sort) return [...rows];
  const factor = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: sortValue(row, sort.column) }))
    .sort((a, b) => {
      const aEmpty = a.value === null || a.value === '';
      const bEmpty = b.value === null || b.value === '';
      if (aEmpty || bEmpty) return aEmpty === bEmpty ? a.index - b.index : aEmpty ? 1 : -1;
      const order =
        typeof a.value === 'number' && typeof b.value === 'number' ? a.value - b.value : collator.compare(String(a.value), String(b.value));
      return order === 0 ? a.index - b.index : order * factor;
    })
    .map((entry) => entry.row);
}

/** A header click: a new column sorts ascending, the same column flips, a third click clears. */
export function nextSort(current: SortState | null, column: ProductColumn): SortState | null {
  if (current?.column !== column) return { column, direction: 'asc' };
  return current.direction === 'asc' ? { column, direction: 'desc' } : null;
}

/**
 * The text filter: every word must occur (case-insensitively) in the article no., EAN, name, brand,
 * SKU or coupon type.
 */
export function filterProducts(rows: readonly ProductRow[], text: string): ProductRow[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const haystack = [row.id, row.ean, row.name, row.company, row.sku, row.couponType ?? ''].join(' ').toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

export type ApplyOn = 'product' | 'all';

/**
 * A typed quantity (SPEC 3 apply-on): on "this product" it sets that product's line; on "all products"
 * every listed product gets the same text. Blank or 0 removes the line(s); text that is not a whole
 * number stays as typed in invalid line(s), as core's enterQuantity does.
 */
export function applyQuantity(
  basket: OrderBasket,
  product: ProductRow,
  text: string,
  applyOn: ApplyOn,
  listed: readonly ProductRow[],
): OrderBasket {
  if (applyOn === 'product') return enterQuantity(basket, product, text);
  const targets = listed.some((p) => p.id === product.id) ? listed : [...listed, product];
  return targets.reduce((b, p) => enterQuantity(b, p, text), basket);
}

/**
 * 'Use suggested quantities': every product with a suggestion above 0 gets exactly that quantity; other
 * lines stay as they are.
 */
export function applySuggested(basket: OrderBasket, products: readonly ProductRow[]): OrderBasket {
  return products.reduce((b, p) => (p.suggestedQuantity > 0 ? setQuantity(b, p, p.suggestedQuantity) : b), basket);
}

/** How many products would change with 'Use suggested quantities' (0 disables the button). */
export const suggestedChanges = (basket: OrderBasket, products: readonly ProductRow[]): number =>
  products.filter((p) => p.suggestedQuantity > 0 && quantityOf(basket, p.id) !== p.suggestedQuantity).length;
