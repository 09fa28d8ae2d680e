import type { AddressRow, StoreType } from '@portal/core/ordering';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../errors.ts';
import { type Actor, retailerOrNotFound } from '../access/index.ts';
import { customerKeys, customerRoles } from '../customers/index.ts';
import { batchGet, getFrom } from '../platform/db/batch.ts';
import {
  type DistributionCentre,
  distributionCentreKey,
  distributionCentres,
  getDistributionCentre,
  type Location,
  locationOfStoreType,
  getStore,
  type Store,
  storeKey,
  stores,
} from '../masterdata/index.ts';
import { STORE } from '@portal/core/shared';

/**
 * A delivery address of the ordering portal (SPEC 3 Store / Address, SPEC 6 showStoreList): a store
 * (store type 0) or a distribution centre (store type 1) of one retailer, as the wire's AddressRow.
 */
export function toAddressRow(storeType: StoreType, location: Store | DistributionCentre): AddressRow {
  // A store's id or a distribution centre's (storeType 0 or 1; each record holds only its own id field).
  const storeId = 'storeId' in location ? location.storeId : location.distributionCentreId;
  return {
    storeId,
    storeType,
    retailerId: location.retailerId,
    name: location.name,
    street: location.street,
    postalCode: location.postalCode,
    city: location.city,
    address: location.address,
    customerStoreId: location.customerStoreId ?? null,
    status: location.status,
  };
}

/** One GetItem: the store or distribution centre with the store's division (ADR 087), or null. */
export async function getLocation(
  db: Db,
  storeType: StoreType,
  storeId: string,
): Promise<{ address: AddressRow; divisionId: string | null } | null> {
  const store = storeType === 0 ? await getStore(db, storeId) : null;
  const found = store ?? (storeType === 0 ? null : await getDistributionCentre(db, storeId));
  return found ? { address: toAddressRow(storeType, found), divisionId: store?.divisionId ?? null } : null;
}

/** One GetItem: the store or distribution centre, or null. */
export async function getAddress(db: Db, storeType: StoreType, storeId: string): Promise<AddressRow | null> {
  return (await getLocation(db, storeType, storeId))?.address ?? null;
}

/** The address when it exists and belongs to the retailer; anything else 404 (ids of others cannot be probed). */
export function addressOfRetailer(address: AddressRow | null, retailerId: string): AddressRow {
  if (!address || address.retailerId !== retailerId) throw new AppError('not_found', STORE.NOT_FOUND, 'Store not found.');
  return address;
}

/** One GetItem: the address when it exists and belongs to the retailer, else 404 (`addressOfRetailer`). */
export async function requireAddress(db: Db, retailerId: string, storeType: StoreType, storeId: string): Promise<AddressRow> {
  return addressOfRetailer(await getAddress(db, storeType, storeId), retailerId);
}

/**
 * The retailer check and the delivery address in ONE BatchGetItem instead of two GetItems (the products
 * step and order submit, ADR 029): 404 unless the retailer exists, the actor may act for it
 * (`requireRetailer`) and the address is one of its own (`addressOfRetailer`), in that order. With the
 * store's division (ADR 087: its allocation inherits the division's; a distribution centre has none).
 */
export async function requireRetailerAddress(
  db: Db,
  actor: Actor,
  retailerId: string,
  storeType: StoreType,
  storeId: string,
): Promise<{ address: AddressRow; divisionId: string | null }> {
  const roleKey = { pk: customerKeys.pk(retailerId), sk: customerKeys.roleSk('retailer') };
  const addressKey = storeType === 0 ? storeKey(storeId) : distributionCentreKey(storeId);
  const items = await batchGet(db, [roleKey, addressKey]);
  const role = getFrom(items, roleKey);
  retailerOrNotFound(actor, role && customerRoles.read(role));
  const found = getFrom(items, addressKey);
  const location = found && (storeType === 0 ? stores.read(found) : distributionCentres.read(found));
  const address = addressOfRetailer(location ? toAddressRow(storeType, location) : null, retailerId);
  return { address, divisionId: location && 'divisionId' in location ? (location.divisionId ?? null) : null };
}

export const locationOfAddress = (address: Pick<AddressRow, 'storeType' | 'storeId'>): Location =>
  locationOfStoreType(address.storeType, address.storeId);
