import type { Portal } from '@portal/core/shared';
import { KeyScope } from '../../../lib/query-keys.ts';
import type { SalesQueryParams, SalesTransactionsQueryParams } from '../model/sales-filter.ts';

/** The sales feature's SWR keys (session-bound: `[scope, portal, ...]`, so a logout drops them). */
export const salesKeys = {
  statistic: (portal: Portal, query: SalesQueryParams) => [KeyScope.sales, portal, JSON.stringify(query)] as const,
  transactions: (portal: Portal, query: SalesTransactionsQueryParams) =>
    [KeyScope.salesTransactions, portal, JSON.stringify(query)] as const,
  notes: (portal: Portal, customerId: string) => [KeyScope.salesNotes, portal, customerId] as const,
  stores: (portal: Portal, customerId: string) => [KeyScope.salesStores, portal, customerId] as const,
};
