import type { Db } from '../platform/db/client.ts';
import { type CustomerState, type Deltas, readStoreDeltas, readStoreState } from './allocation-entity.ts';
import { effectiveForStore } from './allocation-rules.ts';

/**
 * How long a process answers the products step from its copy of a customer's (and a division's) allocation
 * items (ADR 108). Dated by the backend's clock (ADR 072); a write of this process drops it at once.
 */
export const ALLOCATION_COPY_MS = 30_000;
/** Copies kept at once (oldest dropped first): a customer item is ≤ 200 KB, so ≤ ~13 MB per process. */
const MAX_COPIES = 64;
type Copy = { loadedAt: number; customer: CustomerState; division: Deltas };
const copies = new Map<string, Copy>();
const copyKey = (db: Db, customerId: string, divisionId: string | null) => `${db.table}|${customerId}|${divisionId ?? ''}`;

/** Drops this process's copies of a customer's items: called after its own writes to them (approve, apply). */
export function forgetCopies(db: Db, customerId: string): void {
  const prefix = `${db.table}|${customerId}|`;
  for (const key of copies.keys()) if (key.startsWith(prefix)) copies.delete(key);
}

/**
 * The items of a store's allocation: with `cached`, the customer's and division's from the process's copy while
 * it is younger than ALLOCATION_COPY_MS and the store's own in one GetItem; else all three in one BatchGetItem
 * (which renews the copy). Either way one call. A copy holds the approved changes too, folded by their day at
 * `now`, so a change's day starts on time from a copy; a change approved elsewhere shows within the copy's age.
 */
async function storeState(db: Db, where: { customerId: string; storeId: string; divisionId: string | null }, now: Date, cached: boolean) {
  const key = copyKey(db, where.customerId, where.divisionId);
  const at = now.getTime();
  const copy = copies.get(key);
  if (cached && copy && at >= copy.loadedAt && at - copy.loadedAt < ALLOCATION_COPY_MS) {
    return {
      customer: copy.customer,
      division: copy.division,
      store: await readStoreDeltas(db, where.customerId, where.storeId),
      calls: 1,
    };
  }
  const state = await readStoreState(db, where.customerId, where.storeId, where.divisionId);
  copies.delete(key);
  copies.set(key, { loadedAt: at, customer: state.customer, division: state.division });
  const oldest = copies.keys().next();
  if (copies.size > MAX_COPIES && !oldest.done) copies.delete(oldest.value);
  return state;
}

/**
 * The products a store may sell at `now` (ADR 087 rule 8), for the ordering portal: `offer` (what it offered
 * without allocation) with the customer's, division's and store's deltas and the due changes folded in. One
 * call; `cached` (the products step) reads the customer's and division's items from the process's copy, order
 * submit (the refusal that counts) reads them fresh.
 */
export async function allocatedAtStore(
  db: Db,
  where: { customerId: string; storeId: string; divisionId: string | null },
  offer: Iterable<string>,
  now: Date,
  options: { cached?: boolean } = {},
): Promise<{ allocated: Set<string>; calls: number }> {
  const state = await storeState(db, where, now, options.cached ?? false);
  return { allocated: new Set(effectiveForStore(offer, state, where, now).keys()), calls: state.calls };
}
