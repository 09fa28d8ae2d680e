import { STORE_STATUS_LABELS, STORE_STATUSES, type StoreStatus } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import type { Item, Key } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import type { LineOutcome } from './record-outcome.ts';
import { entity, getMany, getOne, listPage } from '../platform/db/entity.ts';
import { onIndex, type PageRequest } from '../platform/db/query.ts';
import { putRecords, retailerRequired } from './bulk-put.ts';
import { Id, statusField, Text } from './fields.ts';

/** The fields a store shares with a distribution centre (distribution-centre.ts): all but the id. */
export const locationFields = {
  retailerId: Id,
  name: Text(),
  street: Text(),
  postalCode: Text(20),
  city: Text(),
  customerStoreId: z.optional(Text(64)),
  status: z._default(statusField(STORE_STATUSES, STORE_STATUS_LABELS), 'active'),
};
type LocationImport = z.infer<z.ZodMiniObject<typeof locationFields>>;

/**
 * Stores of a retailer (SPEC 3 Store; statuses SPEC 4). A store's id is unique across retailers and a
 * store stays with its retailer: its sales rollups are the retailer's (ADR 014). The store's partition
 * also holds its sales and shipment rollups (sales.ts, shipment.ts, location-summary.ts).
 * Access patterns:
 * - get by id:                          pk=STORE#<storeId>, sk=STORE
 * - stores of a retailer, by name:      gsi1 gsi1pk=RETAILER#<retailerId>#STORES, gsi1sk=<name lower>#<storeId>
 * - ... with one status (e.g. active):  gsi2 gsi2pk=RETAILER#<retailerId>#STORES#<status>, gsi2sk=<name lower>#<storeId>
 */
export const StoreImport = z.object({
  storeId: Id,
  ...locationFields,
  /** The division of the store's retailer it belongs to: it inherits the division's product allocation (ADR 087). */
  divisionId: z.optional(Id),
});
export type StoreImport = z.infer<typeof StoreImport>;

export type Store = StoreImport & {
  /** Street, postal code and city in one line (SPEC 3 Store.address). */
  address: string;
  createdAt: string;
  updatedAt: string;
};

export const storeKeys = {
  pk: (storeId: string) => `STORE#${storeId}`,
  sk: 'STORE',
  gsi1pk: (retailerId: string) => `RETAILER#${retailerId}#STORES`,
  gsi2pk: (retailerId: string, status: StoreStatus) => `RETAILER#${retailerId}#STORES#${status}`,
  byName: (name: string, storeId: string) => `${name.toLowerCase()}#${storeId}`,
};

export const storeKey = (storeId: string) => ({ pk: storeKeys.pk(storeId), sk: storeKeys.sk });

export const formatAddress = (s: Pick<StoreImport, 'street' | 'postalCode' | 'city'>) => `${s.street}, ${s.postalCode} ${s.city}`;

export const stores = entity<Store>();

export const getStore = (db: Db, storeId: string) => getOne(db, stores, storeKey(storeId));

/** Many stores by id in BatchGetItem calls of 100; unknown ids are missing from the map. */
export const getStores = (db: Db, storeIds: readonly string[]) => getMany(db, stores, storeIds, storeKey);

/** One page of a retailer's stores sorted by name, optionally only those with one status. */
export async function listStoresOfRetailer(db: Db, retailerId: string, page: PageRequest & { status?: StoreStatus }) {
  const index = page.status ? onIndex('gsi2', storeKeys.gsi2pk(retailerId, page.status)) : onIndex('gsi1', storeKeys.gsi1pk(retailerId));
  return listPage(db, stores, index, page);
}

/**
 * Imports store or distribution-centre lines: the retailer must exist, and a location cannot move to
 * another retailer (`moved` gives the reason). `indexes` are the item's index keys and type.
 */
export function putLocations<T extends LocationImport>(
  db: Db,
  records: readonly T[],
  spec: { key(record: T): Key; moved(record: T, owner: string): string; indexes(record: T): Item },
  now: Date,
): Promise<LineOutcome[]> {
  return putRecords(
    db,
    records,
    {
      key: spec.key,
      requires: (r) => [retailerRequired(r.retailerId)],
      refuse: (r, existing) => (existing && existing.retailerId !== r.retailerId ? spec.moved(r, String(existing.retailerId)) : null),
      item: (r) => ({ ...spec.indexes(r), ...r, address: formatAddress(r) }),
    },
    now,
  );
}

export function putStores(db: Db, records: readonly StoreImport[], now: Date): Promise<LineOutcome[]> {
  return putLocations(
    db,
    records,
    {
      key: (r) => storeKey(r.storeId),
      moved: (r, owner) => `retailerId: store '${r.storeId}' belongs to retailer '${owner}'; stores do not move between retailers`,
      indexes: (r) => ({
        gsi1pk: storeKeys.gsi1pk(r.retailerId),
        gsi1sk: storeKeys.byName(r.name, r.storeId),
        gsi2pk: storeKeys.gsi2pk(r.retailerId, r.status),
        gsi2sk: storeKeys.byName(r.name, r.storeId),
        type: 'store',
      }),
    },
    now,
  );
}
