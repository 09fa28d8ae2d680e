import { IDEMPOTENCY_HEADER, type Portal } from '@portal/core/shared';
import { AddressList, AddressRow, OrderDetail, type OrderSubmitInput, ProductsAnswer, type StoreType } from '@portal/core/ordering';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';
import { usePortalRead } from '../../../lib/use-portal-read.ts';
import { orderKeys, putSubmittedOrder } from './keys.ts';

/**
 * The order stepper's calls (SPEC 7 replenishment). Keys are session-bound (`[name, portal, ...]`) so a
 * logout drops them.
 */

// --- Delivery addresses ----------------------------------------------------------------------------

export interface AddressQuery {
  customerId: string;
  storeType: StoreType;
  search: string;
}

/**
 * The retailer's delivery addresses: its stores (GET stores?customerId, store type 0) with the setting
 * showStoreList, otherwise its distribution centres (GET retailers/:id/distribution-centers, type 1).
 */
export async function fetchAddresses(portal: Portal, q: AddressQuery): Promise<AddressList> {
  const search = q.search ? { search: q.search } : {};
  const client = api({ portal }).replenishment;
  const res =
    q.storeType === 0
      ? await client.stores.$get({ query: { customerId: q.customerId, ...search } })
      : await client.retailers[':id']['distribution-centers'].$get({ param: { id: q.customerId }, query: search });
  return readJson(res, AddressList);
}

export function useAddresses(q: AddressQuery | null) {
  return usePortalRead(q, orderKeys.addresses, fetchAddresses, { keepPreviousData: true, shouldRetryOnError: false });
}

export interface LocationQuery {
  customerId: string;
  storeType: StoreType;
  storeId: string;
}

/** GET stores/:id?customerId&storeType: one delivery address (a link or reload on another location). */
export async function fetchAddress(portal: Portal, q: LocationQuery): Promise<AddressRow> {
  const res = await api({ portal }).replenishment.stores[':id'].$get({
    param: { id: q.storeId },
    query: { customerId: q.customerId, storeType: q.storeType === 1 ? '1' : '0' },
  });
  return readJson(res, AddressRow);
}

export function useAddress(q: LocationQuery | null) {
  return usePortalRead(q, orderKeys.address, fetchAddress, { shouldRetryOnError: false });
}

// --- Products --------------------------------------------------------------------------------------

/** GET products?customerId&storeId&storeType: the products step's rows and the location. */
export async function fetchProducts(portal: Portal, q: LocationQuery): Promise<ProductsAnswer> {
  const res = await api({ portal }).replenishment.products.$get({
    query: { customerId: q.customerId, storeId: q.storeId, storeType: q.storeType === 1 ? '1' : '0' },
  });
  return readJson(res, ProductsAnswer);
}

export function useProducts(q: LocationQuery | null) {
  return usePortalRead(q, orderKeys.products, fetchProducts, { shouldRetryOnError: false, revalidateOnFocus: false });
}

// --- Orders ----------------------------------------------------------------------------------------

/**
 * POST orders with the checkout's Idempotency-Key: 201 with the new order, 200 with the same order on
 * a replay. No generic snack: the check step shows 'Your order could not be created.' and the server's
 * field issues itself (401/403 still open the auth dialog). The new order is put into the cache.
 */
export async function submitOrder(portal: Portal, input: OrderSubmitInput, key: string): Promise<OrderDetail> {
  const options = { portal, notify: false };
  const res = await api(options).replenishment.orders.$post({
    json: input,
    header: { [IDEMPOTENCY_HEADER.toLowerCase()]: key },
  });
  const order = await readJson(res, OrderDetail, options);
  await putSubmittedOrder(portal, order);
  return order;
}

/** GET orders/:id. */
export async function fetchOrder(portal: Portal, orderId: string): Promise<OrderDetail> {
  return readJson(await api({ portal }).replenishment.orders[':id'].$get({ param: { id: orderId } }), OrderDetail);
}

export function useOrder(orderId: string | undefined) {
  return usePortalRead(orderId || null, orderKeys.order, fetchOrder, { shouldRetryOnError: false });
}

/**
 * GET orders/:id/pdf as a Blob. The API needs the portal header, so a plain link cannot fetch it: the
 * PDF is fetched through the API client and shown from an object URL.
 */
export async function fetchOrderPdf(portal: Portal, orderId: string): Promise<Blob> {
  const res = await api({ portal }).replenishment.orders[':id'].pdf.$get({ param: { id: orderId }, query: {} });
  const blob = await res.blob();
  return blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
}
