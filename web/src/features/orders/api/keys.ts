import type { StoreType } from '@portal/core/ordering';
import type { Portal } from '@portal/core/shared';
import { KeyScope } from '../../../lib/query-keys.ts';
import type { OrdersQueryParams } from '../model/orders-filter.ts';

/** The orders feature's SWR keys (session-bound: `[scope, portal, ...]`, so a logout drops them). */
export const ordersKeys = {
  list: (portal: Portal, query: OrdersQueryParams) => [KeyScope.orders, portal, JSON.stringify(query)] as const,
  order: (portal: Portal, orderId: string) => [KeyScope.order, portal, orderId] as const,
  addresses: (portal: Portal, customerId: string, storeType: StoreType) => [KeyScope.addresses, portal, customerId, storeType] as const,
};
