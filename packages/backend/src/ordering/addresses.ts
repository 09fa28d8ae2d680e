import { STORE_LIST_MAX } from '@portal/core/shared';
import type { AddressList, AddressRow, StoreType } from '@portal/core/ordering';
import type { Db } from '../platform/db/client.ts';
import { listDistributionCentres, listStoresOfRetailer } from '../masterdata/index.ts';
import { type Actor, requirePermission, requireRetailer } from '../access/index.ts';
import { requireAddress, toAddressRow } from './location.ts';
import { matchesSearch } from './retailer-list.ts';

/**
 * The address step (SPEC 2 order '', SPEC 6 showStoreList, SPEC 7 replenishment/stores and
 * retailers/{id}/distribution-centers): a retailer's stores in every status (locked and deleted ones are
 * shown, not selectable) or its distribution centres, by name, up to the store list maximum (9,999).
 * Calls: 1 GetItem (retailer) + 1 Query per ~1 MB of addresses (about 3 for 9,999 stores).
 */
export async function listAddresses(
  db: Db,
  actor: Actor,
  input: { customerId: string; storeType: StoreType; search?: string },
): Promise<AddressList> {
  requirePermission(actor, 'ordering', 'cardOrdering');
  await requireRetailer(db, actor, input.customerId);
  const rows = await allAddressesOf(db, input.customerId, input.storeType);
  const found = rows.filter((a) => matchesSearch(input.search, [a.name, a.street, a.postalCode, a.city, a.customerStoreId, a.storeId]));
  return { items: found.slice(0, STORE_LIST_MAX), storeType: input.storeType, totalCount: found.length };
}

/** Every address of one type of a retailer, sorted by name (stops at the store list maximum). */
export async function allAddressesOf(db: Db, retailerId: string, storeType: StoreType): Promise<AddressRow[]> {
  const rows: AddressRow[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    // Limit only caps the total; DynamoDB pages by ~1 MB (about 3 pages for 9,999 stores).
    const limit = STORE_LIST_MAX - rows.length;
    const page =
      storeType === 0
        ? await listStoresOfRetailer(db, retailerId, { limit, cursor })
        : await listDistributionCentres(db, retailerId, { limit, cursor });
    for (const item of page.items) rows.push(toAddressRow(storeType, item));
    cursor = page.cursor;
  } while (cursor && rows.length < STORE_LIST_MAX);
  return rows;
}

/** One address of the retailer (SPEC 7 replenishment/stores get); 404 STORE.NOT_FOUND otherwise. */
export async function getAddressOf(
  db: Db,
  actor: Actor,
  input: { customerId: string; storeType: StoreType; storeId: string },
): Promise<AddressRow> {
  requirePermission(actor, 'ordering', 'cardOrdering');
  await requireRetailer(db, actor, input.customerId);
  return requireAddress(db, input.customerId, input.storeType, input.storeId);
}
