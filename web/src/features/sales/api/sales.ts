import type { Portal } from '@portal/core/shared';
import { AddressList } from '@portal/core/ordering';
import { SalesAnswer, SalesNotes, SalesTransactionsPage } from '@portal/core/sales';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';
import { usePortal } from '../../../lib/portal.ts';
import { usePortalRead } from '../../../lib/use-portal-read.ts';
import { useSalesAnswer } from '../../../lib/use-sales-answer.ts';
import type { SalesQueryParams, SalesTransactionsQueryParams } from '../model/sales-filter.ts';
import { salesKeys } from './keys.ts';

/**
 * The sales calls (SPEC 7 sales, ADR 015): the statistic, its transactions (paged) and notes, and the
 * retailer's stores for the store filter. Answers are parsed with core's contracts.
 */

export async function fetchSales(portal: Portal, query: SalesQueryParams): Promise<SalesAnswer> {
  return readJson(await api({ portal }).sales.$get({ query }), SalesAnswer);
}

/** The statistic for a query, with the query it answers (useSalesAnswer). */
export function useSales(query: SalesQueryParams | null) {
  const portal = usePortal();
  return useSalesAnswer(query ? salesKeys.statistic(portal, query) : null, fetchSales);
}

export async function fetchTransactions(portal: Portal, query: SalesTransactionsQueryParams): Promise<SalesTransactionsPage> {
  return readJson(await api({ portal }).sales.transactions.$get({ query }), SalesTransactionsPage);
}

export function useSalesTransactions(query: SalesTransactionsQueryParams | null) {
  const portal = usePortal();
  return useSWR(
    query ? salesKeys.transactions(portal, query) : null,
    ([, p, q]) => fetchTransactions(p, JSON.parse(q) as SalesTransactionsQueryParams),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
}

export async function fetchNotes(portal: Portal, customerId: string): Promise<SalesNotes> {
  return readJson(await api({ portal }).sales.notes.$get({ query: { customerId } }), SalesNotes);
}

export function useSalesNotes(customerId: string | null) {
  return usePortalRead(customerId || null, salesKeys.notes, fetchNotes, { revalidateOnFocus: false });
}

/**
 * The retailer's stores for the store filter (GET replenishment/stores, store type 0: sales are booked
 * per store). Quiet: a user with retailerSales but without cardOrdering may not list addresses, and then
 * the filter simply offers 'All stores' — no alert, no access dialog.
 */
export async function fetchSalesStores(portal: Portal, customerId: string): Promise<AddressList> {
  const quiet = { portal, notify: false, authDialog: false };
  return readJson(await api(quiet).replenishment.stores.$get({ query: { customerId } }), AddressList, quiet);
}

export function useSalesStores(customerId: string | null) {
  return usePortalRead(customerId || null, salesKeys.stores, fetchSalesStores, { revalidateOnFocus: false, shouldRetryOnError: false });
}
