import { getCustomers } from '../customers/index.ts';
import type { Db } from '../platform/db/client.ts';

/**
 * The names of the customers transactions were booked for. A ledger lists its own customer's rows and,
 * for a content provider, the listings of its products sold by other customers (ADR 056), so a page can
 * name several customers: the ones not known yet are read in one BatchGetItem per 100 (none at all on a
 * page of the ledger's own rows). The names read are kept for the next page (an export's pages).
 */
export function bookingCustomerNames(db: Db, known: ReadonlyMap<string, string | null>) {
  const names = new Map(known);
  return async (customerIds: Iterable<string>): Promise<ReadonlyMap<string, string | null>> => {
    const unknown = [...new Set(customerIds)].filter((id) => !names.has(id));
    if (unknown.length) {
      const found = await getCustomers(db, unknown);
      for (const id of unknown) names.set(id, found.get(id)?.name ?? null);
    }
    return names;
  };
}
