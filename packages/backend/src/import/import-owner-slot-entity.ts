import type { Db } from '../platform/db/client.ts';
import { applied } from '../platform/db/conditions.ts';
import { leaseSlots } from '../platform/db/lease-slots.ts';
import { transactWrite } from '../platform/db/transact.ts';

/**
 * Imports of one owner at once (ADR 101): a folder that delivers many files takes at most
 * IMPORT_OWNER_AT_ONCE of the import workers; the others stay for the other owners. The slots of
 * platform/db/lease-slots.ts on one partition per owner, `ISLOTS#<owner>` (`_supplier` for `imports/`):
 * `COUNT` and `HOLD#<fileId>` with the lease of the invocation importing it (its remaining time and a
 * minute), so a worker that dies frees its slot when the lease passes: the owner's next claim sweeps it.
 */
export const IMPORT_OWNER_AT_ONCE = 4;

const slotsOf = (db: Db, owner: string) => leaseSlots(db, `ISLOTS#${owner || '_supplier'}`);

/** Takes one of the owner's slots for the file (expired holds swept first); false: the owner is at its cap. */
export async function claimOwnerSlot(db: Db, owner: string, fileId: string, cap: number, at: Date, leaseUntil: Date): Promise<boolean> {
  const slots = slotsOf(db, owner);
  for (const hold of await slots.expired(at)) await applied(transactWrite(db, slots.sweep(hold))); // lost: another sweep or its release
  return applied(transactWrite(db, slots.claim(fileId, cap, leaseUntil.toISOString(), { type: 'importOwnerSlot', owner, fileId })));
}

/** Gives the file's slot back (false: it was swept already). */
export const releaseOwnerSlot = (db: Db, owner: string, fileId: string): Promise<boolean> =>
  applied(transactWrite(db, slotsOf(db, owner).release(fileId)));

/** The owner's slots held now (tests, the operator). */
export const ownerSlotsHeld = (db: Db, owner: string): Promise<number> => slotsOf(db, owner).held();
