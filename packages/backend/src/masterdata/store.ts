import { STORE_STATUS_LABELS, STORE_STATUSES, type StoreStatus } from '@portal/core';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { customerKeys } from '../customers/customer-entity.ts';
import { batchGet, getFrom, queryPage } from '../db/batch.ts';
import type { Db } from '../db/client.ts';
import type { LineOutcome } from '../import/rejection.ts';
import { putRecords, stripKeys } from './bulk-put.ts';
import { Id, statusField, Text } from './fields.ts';

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
  retailerId: Id,
  name: Text(),
  street: Text(),
  postalCode: Text(20),
  city: Text(),
  customerStoreId: Text(64).optional(),
  status: statusField(STORE_STATUSES, STORE_STATUS_LABELS).default('active'),
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

export async function getStore(db: Db, storeId: string): Promise<Store | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: storeKey(storeId) }));
  return res.Item ? stripKeys<Store>(res.Item) : null;
}

/** Many stores by id in BatchGetItem calls of 100; unknown ids are missing from the map. */
export async function getStores(db: Db, storeIds: readonly string[]): Promise<Map<string, Store>> {
  const items = await batchGet(db, storeIds.map(storeKey));
  const out = new Map<string, Store>();
  for (const id of storeIds) {
    const item = getFrom(items, storeKey(id));
    if (item) out.set(id, stripKeys<Store>(item));
  }
  return out;
}

/** One page of a retailer's stores sorted by name, optionally only those with one status. */
export async function listStoresOfRetailer(
  db: Db,
  retailerId: string,
  page: { limit: number; cursor?: Record<string, unknown>; status?: StoreStatus },
) {
  const res = await queryPage(
    db,
    page.status
      ? {
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk',
          ExpressionAttributeValues: { ':pk': storeKeys.gsi2pk(retailerId, page.status) },
          Limit: page.limit,
        }
      : {
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': storeKeys.gsi1pk(retailerId) },
          Limit: page.limit,
        },
    page.cursor,
  );
  return { items: res.items.map((item) => stripKeys<Store>(item)), cursor: res.cursor };
}

/** Imports store lines: the retailer must exist; a store cannot move to another retailer. */
export function putStores(db: Db, records: readonly StoreImport[], now: Date): Promise<LineOutcome[]> {
  return putRecords(
    db,
    records,
    {
      key: (r) => storeKey(r.storeId),
      requires: (r) => [
        { key: { pk: customerKeys.pk(r.retailerId), sk: customerKeys.roleSk('retailer') }, reason: `retailerId: no retailer '${r.retailerId}'` },
      ],
      refuse: (r, existing) =>
        existing && existing.retailerId !== r.retailerId
          ? `retailerId: store '${r.storeId}' belongs to retailer '${String(existing.retailerId)}'; stores do not move between retailers`
          : null,
      item: (r, existing, at) => ({
        gsi1pk: storeKeys.gsi1pk(r.retailerId),
        gsi1sk: storeKeys.byName(r.name, r.storeId),
        gsi2pk: storeKeys.gsi2pk(r.retailerId, r.status),
        gsi2sk: storeKeys.byName(r.name, r.storeId),
        type: 'store',
        ...r,
        address: formatAddress(r),
        createdAt: (existing?.createdAt as string | undefined) ?? at,
        updatedAt: at,
      }),
    },
    now,
  );
}
