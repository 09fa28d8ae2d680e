import { customerKeys } from '../customers/index.ts';
import { batchGet, batchPut, getFrom, type Item, type Key } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import type { LineOutcome } from './record-outcome.ts';

/**
 * The write of the plain master-data kinds (stores, distribution centres, products, retailer products):
 * one item per record, replaced whole on re-import. Reads what exists and what the records refer to in
 * batches, decides per record (in file order: a later line for the same key sees the earlier one), then
 * writes the accepted items with BatchWriteItem. Puts are idempotent, so a retried or repeated import
 * converges to the same items; `createdAt` is carried over from the stored item. Their reads are the
 * platform/db toolkit's (entity.ts).
 */
export type PutSpec<T> = {
  key(record: T): Key;
  /** Items that must exist for the record to be accepted, each with the reason given when it does not. */
  requires?(record: T): { key: Key; reason: string }[];
  /** A reason to refuse the record given the item stored now (or written by an earlier line), else null. */
  refuse?(record: T, existing: Item | undefined): string | null;
  /** The item's attributes besides its key and its `createdAt` / `updatedAt`. */
  item(record: T): Item;
};

const id = (key: Key) => `${key.pk}\u0000${key.sk}`;

export async function putRecords<T>(db: Db, records: readonly T[], spec: PutSpec<T>, now: Date): Promise<LineOutcome[]> {
  const at = now.toISOString();
  const existing = await batchGet(
    db,
    records.map((r) => spec.key(r)),
  );
  const required = spec.requires ? records.flatMap((r) => spec.requires!(r).map((x) => x.key)) : [];
  const present = required.length ? await batchGet(db, required, { projection: ['type'] }) : new Map<string, Item>();
  const accepted = new Map<string, Item>();
  const outcomes: LineOutcome[] = records.map((record) => {
    const key = spec.key(record);
    const missing = spec.requires?.(record).find((x) => !getFrom(present, x.key));
    if (missing) return { rejected: missing.reason };
    const current = accepted.get(id(key)) ?? getFrom(existing, key);
    const refusal = spec.refuse?.(record, current);
    if (refusal) return { rejected: refusal };
    accepted.set(id(key), {
      ...spec.item(record),
      createdAt: typeof current?.createdAt === 'string' ? current.createdAt : at,
      updatedAt: at,
      pk: key.pk,
      sk: key.sk,
    });
    return current ? 'updated' : 'created';
  });
  await batchPut(db, [...accepted.values()]);
  return outcomes;
}

/** A `requires` entry of a record naming its retailer: the retailer role item must exist. */
export const retailerRequired = (retailerId: string) => ({
  key: { pk: customerKeys.pk(retailerId), sk: customerKeys.roleSk('retailer') },
  reason: `retailerId: no retailer '${retailerId}'`,
});
