import { batchGet, getFrom, type Item } from '../platform/db/batch.ts';
import { queryAll } from '../platform/db/query.ts';
import type { Db } from '../platform/db/client.ts';
import { allProducts, productKey, storeKey, storeKeys } from '../masterdata/index.ts';

/**
 * Names for the keys of a sales answer, in a small fixed number of calls whatever the size of the answer:
 * up to 100 ids are read with one BatchGetItem; more ids are read as a list (the retailer's stores through
 * gsi1, the catalogue through gsi1 PRODUCTS: one Query per ~1 MB, i.e. one for a few thousand items).
 */
export const BATCH_GET_LIMIT = 100;

/** A store as the sales answer names it: its name and the customer store ID users know it by (SPEC 3 Store). */
export type StoreLabel = { name: string; customerStoreId: string | null };
export type ProductName = { name: string; ean: string };

/** Reads store and product items by key in as few BatchGetItems as possible (one for up to 100 keys). */
export async function namesByKey(db: Db, storeIds: readonly string[], productIds: readonly string[]) {
  const items = await batchGet(db, [...storeIds.map(storeKey), ...productIds.map(productKey)], {
    projection: ['name', 'ean', 'storeId', 'productId', 'retailerId', 'customerStoreId'],
  });
  const stores = new Map<string, Item>();
  const products = new Map<string, Item>();
  for (const id of storeIds) {
    const item = getFrom(items, storeKey(id));
    if (item) stores.set(id, item);
  }
  for (const id of productIds) {
    const item = getFrom(items, productKey(id));
    if (item) products.set(id, item);
  }
  return { stores, products };
}

const storeLabel = (item: Item): StoreLabel => ({
  name: String(item.name),
  customerStoreId: typeof item.customerStoreId === 'string' && item.customerStoreId !== '' ? item.customerStoreId : null,
});

/** Labels of stores of one retailer: one BatchGetItem up to 100 stores, else the retailer's store list. */
export async function storeNames(db: Db, retailerId: string, storeIds: readonly string[]): Promise<Map<string, StoreLabel>> {
  const out = new Map<string, StoreLabel>();
  if (storeIds.length === 0) return out;
  if (storeIds.length <= BATCH_GET_LIMIT) {
    const { stores } = await namesByKey(db, storeIds, []);
    for (const [id, item] of stores) out.set(id, storeLabel(item));
    return out;
  }
  const wanted = new Set(storeIds);
  const res = await queryAll(db, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': storeKeys.gsi1pk(retailerId) },
    ProjectionExpression: 'storeId, #n, customerStoreId',
    ExpressionAttributeNames: { '#n': 'name' },
  });
  for (const item of res.items) {
    const id = String(item.storeId);
    if (wanted.has(id)) out.set(id, storeLabel(item));
  }
  return out;
}

/** Names of products: one BatchGetItem up to 100 products, else the catalogue. */
export async function productNames(db: Db, productIds: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (productIds.length === 0) return out;
  if (productIds.length <= BATCH_GET_LIMIT) {
    const { products } = await namesByKey(db, [], productIds);
    for (const [id, item] of products) out.set(id, String(item.name));
    return out;
  }
  const wanted = new Set(productIds);
  const { items } = await allProducts(db);
  for (const product of items) if (wanted.has(product.productId)) out.set(product.productId, product.name);
  return out;
}

/**
 * Labels of stores of any retailers (a provider's sales by store, ADR 037): BatchGetItems of 100 stores
 * each — as many as the stores that sold, which the answer lists anyway.
 */
export async function storeLabelsByKey(db: Db, storeIds: readonly string[]): Promise<Map<string, StoreLabel>> {
  const { stores } = await namesByKey(db, storeIds, []);
  return new Map([...stores].map(([id, item]) => [id, storeLabel(item)]));
}
