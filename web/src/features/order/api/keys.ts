import type { StoreType } from '@portal/core/ordering';
import type { Portal } from '@portal/core/shared';
import { mutate } from 'swr';
import { invalidateScope, KeyScope } from '../../../lib/query-keys.ts';

interface Location {
  customerId: string;
  storeType: StoreType;
  storeId: string;
}

/** The order stepper's SWR keys (session-bound: `[scope, portal, ...]`, so a logout drops them). */
export const orderKeys = {
  addresses: (portal: Portal, q: { customerId: string; storeType: StoreType; search: string }) =>
    [KeyScope.addresses, portal, q.customerId, q.storeType, q.search] as const,
  address: (portal: Portal, q: Location) => [KeyScope.address, portal, q.customerId, q.storeType, q.storeId] as const,
  products: (portal: Portal, q: Location) => [KeyScope.products, portal, q.customerId, q.storeType, q.storeId] as const,
  order: (portal: Portal, orderId: string) => [KeyScope.order, portal, orderId] as const,
  orderPdf: (portal: Portal, orderId: string) => [KeyScope.orderPdf, portal, orderId] as const,
  /** The submit mutation (no cached data). */
  submit: (portal: Portal) => [KeyScope.orderSubmit, portal] as const,
};

/**
 * After a submit: the new order goes into the cache, and the order lists (another screen) read new data
 * on their next visit.
 */
export async function putSubmittedOrder<O extends { orderId: string }>(portal: Portal, order: O): Promise<void> {
  await mutate(orderKeys.order(portal, order.orderId), order, { revalidate: false });
  await invalidateScope(KeyScope.orders, portal);
}
