import type { Db } from '../platform/db/client.ts';
import { readStoreState } from './allocation-entity.ts';
import { effectiveForStore } from './allocation-rules.ts';

/**
 * The products a store may sell at `now` (ADR 087 rule 8), for the ordering portal: `offer` (what it offered
 * without allocation) with the customer's, division's and store's deltas and the due changes folded in.
 * ONE BatchGetItem; a customer without allocation items answers the offer unchanged.
 */
export async function allocatedAtStore(
  db: Db,
  where: { customerId: string; storeId: string; divisionId: string | null },
  offer: Iterable<string>,
  now: Date,
): Promise<{ allocated: Set<string>; calls: number }> {
  const state = await readStoreState(db, where.customerId, where.storeId, where.divisionId);
  return { allocated: new Set(effectiveForStore(offer, state, where, now).keys()), calls: state.calls };
}
