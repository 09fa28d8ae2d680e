import type { AllocationChange, AllocationSource } from '@portal/core/product';
import { calendarDateInZone } from '@portal/core/shared';
import { type Deltas, type DueChange, type ProductIndex, storeEntryBytes } from './allocation-entity.ts';

/** What a change does to the allocation (ADR 087 rule 3): the products it sets allocated or not. */
export type Op = { productId: string; allocated: boolean };
export function opsOf(change: Pick<AllocationChange, 'kind' | 'productId' | 'toProductId'>): Op[] {
  const p = change.productId;
  if (!p) return [];
  switch (change.kind) {
    case 'allocation':
      return [{ productId: p, allocated: true }];
    case 'deallocation':
    case 'deactivation':
      return [{ productId: p, allocated: false }];
    case 'productChange':
      return change.toProductId
        ? [
            { productId: p, allocated: false },
            { productId: change.toProductId, allocated: true },
          ]
        : [];
    default:
      return [];
  }
}

/** A deactivation works at the customer level whatever it names; the others where they say (none: the customer). */
export const levelOf = (change: Pick<AllocationChange, 'kind' | 'scope'>): 'customer' | 'division' | 'stores' =>
  change.kind === 'deactivation' ? 'customer' : (change.scope?.level ?? 'customer');

/** Whether an approved change has reached its day in its own time zone (ADR 087 rule 5). */
export const isDue = (change: Pick<AllocationChange, 'effectiveDay' | 'timezone'>, now: Date) =>
  change.effectiveDay <= calendarDateInZone(now, change.timezone);

/** The due changes in the order they apply: by day, then by approval. */
export function dueInOrder(due: readonly DueChange[], now: Date): DueChange[] {
  return due
    .filter((c) => isDue(c, now))
    .sort(
      (a, b) =>
        a.effectiveDay.localeCompare(b.effectiveDay) ||
        (a.decidedAt ?? '').localeCompare(b.decidedAt ?? '') ||
        a.changeId.localeCompare(b.changeId),
    );
}

/** Whether a change reaches one store (of a division, or none). */
export function coversStore(change: Pick<AllocationChange, 'kind' | 'scope'>, storeId: string, divisionId: string | null): boolean {
  const level = levelOf(change);
  if (level === 'customer') return true;
  if (change.scope?.level === 'division') return change.scope.divisionId === divisionId;
  return change.scope?.level === 'stores' && change.scope.storeIds.includes(storeId);
}

function applyDeltas(into: Map<string, AllocationSource>, deltas: Deltas, source: AllocationSource) {
  for (const p of deltas.plus) into.set(p, source);
  for (const p of deltas.minus) into.delete(p);
}

/**
 * A store's allocated products and where each comes from (ADR 087 rule 3): the offer, then the customer's,
 * the division's and the store's deltas, then the due changes that reach the store. Pure.
 */
export function effectiveForStore(
  offer: Iterable<string>,
  state: { customer: Deltas & { due: readonly DueChange[] }; division: Deltas; store: Deltas },
  where: { storeId: string; divisionId: string | null },
  now: Date,
): Map<string, AllocationSource> {
  const out = new Map<string, AllocationSource>();
  for (const p of offer) out.set(p, 'offer');
  applyDeltas(out, state.customer, 'customer');
  applyDeltas(out, state.division, 'division');
  applyDeltas(out, state.store, 'store');
  for (const change of dueInOrder(state.customer.due, now)) {
    if (!coversStore(change, where.storeId, where.divisionId)) continue;
    const level = levelOf(change);
    const source: AllocationSource = level === 'customer' ? 'customer' : level === 'division' ? 'division' : 'store';
    for (const op of opsOf(change)) {
      if (op.allocated) out.set(op.productId, source);
      else out.delete(op.productId);
    }
  }
  return out;
}

/** One product across the customer's scopes: the customer level and the overrides beneath it, due changes folded. */
export function effectiveForProduct(
  productId: string,
  offered: boolean,
  state: { customer: Deltas & { due: readonly DueChange[] }; index: ProductIndex },
  now: Date,
): { customer: boolean; divisions: Map<string, boolean>; stores: Map<string, boolean> } {
  let customer = state.customer.minus.has(productId) ? false : offered || state.customer.plus.has(productId);
  const divisions = new Map(state.index.divisions);
  const stores = new Map([...state.index.stores].map(([s, e]) => [s, e.allocated]));
  const storeDivision = new Map([...state.index.stores].map(([s, e]) => [s, e.divisionId]));
  for (const change of dueInOrder(state.customer.due, now)) {
    for (const op of opsOf(change).filter((o) => o.productId === productId)) {
      const level = levelOf(change);
      if (level === 'customer') {
        customer = op.allocated;
        divisions.clear();
        stores.clear();
      } else if (change.scope?.level === 'division') {
        const d = change.scope.divisionId;
        divisions.set(d, op.allocated);
        for (const [s, division] of storeDivision) if (division === d) stores.delete(s);
      } else if (change.scope?.level === 'stores') for (const s of change.scope.storeIds) stores.set(s, op.allocated);
    }
  }
  return { customer, divisions, stores };
}

/**
 * The bytes a product's index would take once `changes` (approved-not-applied and the new one) set their stores
 * (ADR 108): the stored entries plus what each store not yet in it adds. Only store-level changes
 * grow the index; a division's or the customer's change takes stores out of it.
 */
export function indexBytesAfter(
  index: Pick<ProductIndex, 'stores' | 'bytes' | 'storeValueMax'>,
  productId: string,
  changes: readonly Pick<AllocationChange, 'kind' | 'productId' | 'toProductId' | 'scope'>[],
): number {
  const stores = new Set(index.stores.keys());
  let bytes = index.bytes;
  for (const change of changes) {
    if (change.scope?.level !== 'stores' || !opsOf(change).some((op) => op.productId === productId)) continue;
    for (const s of change.scope.storeIds) {
      if (stores.has(s)) continue;
      stores.add(s);
      bytes += storeEntryBytes(s, index.storeValueMax);
    }
  }
  return bytes;
}
