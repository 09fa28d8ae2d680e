import type { Portal } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import { createPersistentStore, useStore } from '../../../lib/store.ts';
import { PRODUCT_COLUMNS, type ProductColumn } from './product-table.ts';

/**
 * Which figures the products table shows (ADR 017). The name (first column), the suggested
 * quantity and the quantity field (last columns) always show and stay in view; the user picks the
 * figures between them. The choice is remembered per portal and user in localStorage
 * (`portal.productColumns`), so it follows the user across tabs and sessions on this device.
 */

/** Always shown, never in the chooser. */
export const FIXED_COLUMNS: ReadonlySet<ProductColumn> = new Set(['name', 'suggestedQuantity']);

/**
 * What a retailer decides with, and what fits next to name, suggestion and quantity at 1280 px: the
 * packaging unit, the last 4 weeks' sales, the last order and the stock warning (when the brand shows it).
 */
export const DEFAULT_COLUMNS: readonly ProductColumn[] = ['packagingUnit', 'salesLast4Weeks', 'lastOrder', 'stockWarning'];

/**
 * A brand that names its consumer price (priceLabel, ADR 089) shows that price by default, in the packaging
 * unit's place (the PU is in every row's limits line too), so the defaults still fit at 1280 px.
 */
export const defaultColumnsFor = (priceLabel: string | undefined): readonly ProductColumn[] =>
  priceLabel ? DEFAULT_COLUMNS.map((c) => (c === 'packagingUnit' ? 'faceValueCents' : c)) : DEFAULT_COLUMNS;

/** The columns the user may choose among: the available ones (brand settings) but the fixed ones. */
export const choosableColumns = (available: readonly ProductColumn[]): ProductColumn[] => available.filter((c) => !FIXED_COLUMNS.has(c));

/**
 * The figures to show, in catalogue column order: the stored choice (or the defaults) restricted to the
 * available columns. A stored choice may name columns a setting has since hidden; they stay hidden.
 */
export function shownColumns(
  available: readonly ProductColumn[],
  stored: readonly ProductColumn[] | null,
  defaults: readonly ProductColumn[] = DEFAULT_COLUMNS,
): ProductColumn[] {
  const chosen = new Set(stored ?? defaults);
  return choosableColumns(available).filter((c) => chosen.has(c));
}

/** Shows or hides one choosable column in a choice (the defaults when nothing is stored yet). */
export function toggleColumn(
  stored: readonly ProductColumn[] | null,
  column: ProductColumn,
  on: boolean,
  defaults: readonly ProductColumn[] = DEFAULT_COLUMNS,
): ProductColumn[] {
  const current = new Set(stored ?? defaults);
  if (on) current.add(column);
  else current.delete(column);
  return PRODUCT_COLUMNS.filter((c) => current.has(c) && !FIXED_COLUMNS.has(c));
}

/** At most this many users are remembered per device; the oldest choice goes first. */
const MAX_REMEMBERED = 20;
const Choice = z.object({
  key: z.string().check(z.maxLength(300)),
  columns: z.array(z.enum(PRODUCT_COLUMNS)).check(z.maxLength(PRODUCT_COLUMNS.length)),
});
const Choices = z.array(Choice).check(z.maxLength(MAX_REMEMBERED));
export const columnChoiceStore = createPersistentStore('local', 'portal.productColumns', Choices, []);

const keyOf = (portal: Portal, username: string) => `${portal}:${username.trim().toLowerCase()}`;

/** The stored choice of one user, null when they never chose (the defaults apply). */
export const storedColumns = (choices: z.infer<typeof Choices>, portal: Portal, username: string): ProductColumn[] | null =>
  choices.find((c) => c.key === keyOf(portal, username))?.columns ?? null;

/** Stores a user's choice (null: back to the defaults), most recent first. */
export function storeColumns(portal: Portal, username: string, columns: readonly ProductColumn[] | null): void {
  const key = keyOf(portal, username);
  columnChoiceStore.set((all) => {
    const others = all.filter((c) => c.key !== key);
    return (columns ? [{ key, columns: [...columns] }, ...others] : others).slice(0, MAX_REMEMBERED);
  });
}

/** The current user's choice and its setter (null resets to the defaults). */
export function useColumnChoice(
  portal: Portal,
  username: string,
): [ProductColumn[] | null, (columns: readonly ProductColumn[] | null) => void] {
  const stored = storedColumns(useStore(columnChoiceStore), portal, username);
  return [stored, (columns) => storeColumns(portal, username, columns)];
}
