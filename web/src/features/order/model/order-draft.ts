import { IdempotencyKey, type Portal } from '@portal/core/shared';
import { AddressRow, type Basket, emptyBasket, type OrderSubmitInput, ProductRow, rewriteLine } from '@portal/core/ordering';
import * as z from '@portal/core/zod';
import { generateIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { usePortal } from '../../../lib/portal.ts';
import { onSessionEnd } from '../../../lib/session.ts';
import { createPersistentStore, createStore, useStore } from '../../../lib/store.ts';
import type { ApplyOn } from './product-table.ts';

/**
 * The order in progress (SPEC 4 "Basket and order"): the chosen delivery address (location), the basket,
 * the optional reference and the checkout's idempotency key. Kept in sessionStorage under `portal.order`
 * PER PORTAL (like lib/session.ts), so it survives a reload but ends with the tab; it belongs to the
 * retailer it was started for, is cleared after a successful submit and when the portal's session ends.
 */

export type OrderBasket = Basket<ProductRow>;

/** Rebuilds a basket from stored lines: every line's validity is computed again from its product. */
export function restoreBasket(lines: readonly { product: ProductRow; qty: number; entry?: string | undefined }[]): OrderBasket {
  return lines.reduce<OrderBasket>((basket, line) => rewriteLine(basket, line.product, line), emptyBasket());
}

const StoredLine = z.object({
  product: ProductRow,
  qty: z.number(),
  isValid: z.optional(z.boolean()),
  entry: z.optional(z.string().check(z.maxLength(64))),
});
const StoredBasket = z.pipe(
  z.array(StoredLine),
  z.transform((lines) => restoreBasket(lines)),
);

/** The key of one checkout and the payload it was made for (ADR: a changed order gets a new key). */
const Checkout = z.object({ key: IdempotencyKey, fingerprint: z.string() });

export const OrderDraft = z.object({
  retailerId: z.nullable(z.string()),
  location: z.nullable(AddressRow),
  basket: StoredBasket,
  reference: z.string(),
  checkout: z.nullable(Checkout),
});
export type OrderDraft = z.infer<typeof OrderDraft>;

export const emptyDraft: OrderDraft = {
  retailerId: null,
  location: null,
  basket: emptyBasket(),
  reference: '',
  checkout: null,
};

const DraftState = z.object({ ordering: OrderDraft, connect: OrderDraft });
export type DraftState = z.infer<typeof DraftState>;

/** Parses what sessionStorage holds; anything unreadable (old shape, tampered) is an empty draft. */
export function parseDraftState(raw: string | null): DraftState {
  if (raw == null) return { ordering: emptyDraft, connect: emptyDraft };
  try {
    const parsed = DraftState.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON
  }
  return { ordering: emptyDraft, connect: emptyDraft };
}

export const DRAFT_STORAGE_KEY = 'portal.order';
export const draftStore = createPersistentStore('session', DRAFT_STORAGE_KEY, DraftState, {
  ordering: emptyDraft,
  connect: emptyDraft,
});

/** The draft as seen for `retailerId`: a draft started for another retailer reads as empty. */
export const draftFor = (draft: OrderDraft, retailerId: string | null): OrderDraft =>
  draft.retailerId === retailerId ? draft : { ...emptyDraft, retailerId };

// --- Pure transitions (unit-tested) ----------------------------------------------------------------

/** Choosing a delivery address: the same address keeps the basket, another one starts a new basket. */
export function withLocation(draft: OrderDraft, retailerId: string | null, location: AddressRow): OrderDraft {
  const current = draftFor(draft, retailerId);
  const same = current.location?.storeId === location.storeId && current.location.storeType === location.storeType;
  return same ? { ...current, location } : { ...emptyDraft, retailerId, location };
}

/** A successful submit clears the chosen location and the basket (SPEC 4) and ends the checkout. */
export const afterSubmit = (draft: OrderDraft): OrderDraft => ({ ...emptyDraft, retailerId: draft.retailerId });

/** What a checkout key is bound to: the exact order to submit. */
export const fingerprintOf = (input: OrderSubmitInput): string =>
  JSON.stringify([
    input.customerId,
    input.storeType,
    input.storeId,
    input.reference ?? '',
    input.positions.map((p) => [p.inventoryProductId, p.amount]),
  ]);

/**
 * The checkout's idempotency key for `input`: the kept key while the order is unchanged (a double click,
 * a retry after a network failure send the same key, so the server creates the order once); a new key
 * once the order differs from the one the key was made for.
 */
export function withCheckoutKey(draft: OrderDraft, input: OrderSubmitInput, generate: () => string = generateIdempotencyKey): OrderDraft {
  const fingerprint = fingerprintOf(input);
  if (draft.checkout?.fingerprint === fingerprint) return draft;
  return { ...draft, checkout: { key: generate(), fingerprint } };
}

// --- Store actions ---------------------------------------------------------------------------------

export function updateDraft(portal: Portal, update: (draft: OrderDraft) => OrderDraft): void {
  draftStore.set((all) => ({ ...all, [portal]: update(all[portal]) }));
}

export const chooseLocation = (portal: Portal, retailerId: string | null, location: AddressRow) =>
  updateDraft(portal, (d) => withLocation(d, retailerId, location));

export const updateBasket = (portal: Portal, retailerId: string | null, update: (basket: OrderBasket) => OrderBasket) =>
  updateDraft(portal, (d) => {
    const current = draftFor(d, retailerId);
    return { ...current, basket: update(current.basket) };
  });

export const setReference = (portal: Portal, retailerId: string | null, reference: string) =>
  updateDraft(portal, (d) => ({ ...draftFor(d, retailerId), reference }));

/** Makes sure the checkout has a key for `input` and returns it (kept in sessionStorage until success). */
export function checkoutKey(portal: Portal, input: OrderSubmitInput): string {
  updateDraft(portal, (d) => withCheckoutKey(d, input));
  return draftStore.get()[portal].checkout!.key;
}

export const clearDraft = (portal: Portal) => updateDraft(portal, afterSubmit);

/** The current portal's draft for the chosen retailer. */
export function useOrderDraft(retailerId: string | null): OrderDraft {
  const portal = usePortal();
  return draftFor(useStore(draftStore)[portal], retailerId);
}

// The draft is session state: when a portal's session ends (logout, reset), its draft goes with it.
onSessionEnd((portal) => updateDraft(portal, () => emptyDraft));

/**
 * The basket against a fresh product list of its location: lines take the current product data (their
 * validity is computed again), lines of products no longer offered are dropped. Same lines in, same
 * basket out (so a caller can skip writing).
 */
export function refreshBasket(basket: OrderBasket, products: readonly ProductRow[]): OrderBasket {
  const byId = new Map(products.map((p) => [p.id, p]));
  const next = basket.reduce<OrderBasket>((b, line) => {
    const product = byId.get(String(line.product.id));
    return product ? rewriteLine(b, product, line) : b;
  }, emptyBasket());
  return JSON.stringify(next) === JSON.stringify(basket) ? basket : next;
}

/**
 * The apply-on choice of the products step (SPEC 3), shared by the table and the product page. Memory
 * only: after a reload it is "this product" again, so a forgotten "all products" never surprises.
 */
export const applyOnStore = createStore<ApplyOn>('product');
export const useApplyOn = (): [ApplyOn, (value: ApplyOn) => void] => [useStore(applyOnStore), applyOnStore.set];
