import type { RetailersPage, RetailersQuery } from '@portal/core/ordering';
import type { Db } from '../platform/db/client.ts';
import { type Actor, requirePermission, retailersOfActor } from '../access/index.ts';

/** Case-insensitive substring match of a search text over some fields; an empty search matches all. */
export function matchesSearch(search: string | undefined, fields: readonly (string | null | undefined)[]): boolean {
  const needle = search?.trim().toLowerCase();
  if (!needle) return true;
  return fields.some((field) => field != null && field.toLowerCase().includes(needle));
}

/**
 * The retailer selection (SPEC 2 retailer-selection, SPEC 7 replenishment/retailers): the retailers the
 * actor may act for, filtered by name or id, one page of `resultsPerPage` at page `index`.
 * Calls: 1 (a retailer) or 1 Query per ~1 MB of retailers (group, global).
 */
export async function listRetailers(db: Db, actor: Actor, query: RetailersQuery, now: Date): Promise<RetailersPage> {
  requirePermission(actor, 'ordering', 'cardOrdering', 'retailerSales');
  const all = await retailersOfActor(db, actor, now);
  const found = all.filter((r) => matchesSearch(query.search, [r.name, r.customerId]));
  const start = query.index * query.resultsPerPage;
  return {
    items: found.slice(start, start + query.resultsPerPage).map((r) => ({
      customerId: r.customerId,
      name: r.name,
      customerGroupId: r.customerGroupId ?? null,
    })),
    index: query.index,
    maxResults: query.resultsPerPage,
    totalCount: found.length,
  };
}
