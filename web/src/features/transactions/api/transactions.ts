import { Transaction, TransactionPage } from '@portal/core/transaction';
import { MasterData } from '@portal/core/masterdata';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';
import { resource, segment, useResourceGet } from '../../../lib/resource-client.ts';
import type { TransactionQueryParams } from '../model/transaction-filter.ts';
import { listQuery, transactionKeys } from './keys.ts';

/**
 * The Transactions section's calls (ADR 032 for the list's paging; ADR 036 for the screen), on the typed
 * client (ADR 057). Master data goes through the connect resource client (ADR 030). The list is a page with
 * more than the client's `pageOf` answer (`asOf`, `complete`, `scannedThrough`), so it is read here with its
 * own contract, under the resource client's key scope (a resource write drops it too), and so is the detail:
 * the screen shows their failures in place (field issues at the fields, "not found" in the dialog), without a snack.
 */

export const masterData = resource((c) => c['master-data'], MasterData);
const quiet = { portal: 'connect', notify: false } as const;

/** GET /api/transactions?<query>: one page of the filter, newest first. */
export async function fetchTransactionPage(query: TransactionQueryParams): Promise<TransactionPage> {
  return readJson(await api(quiet).transactions.$get({ query: listQuery(query) }), TransactionPage, quiet);
}

/**
 * A page of the list; null = nothing to ask yet (no customer, a filter with problems). The previous page
 * stays shown while the next loads. Not re-read on focus: the user refreshes (a new `asOf`) when wanted.
 */
export function useTransactionPage(query: TransactionQueryParams | null) {
  return useSWR(query ? transactionKeys.page(query) : null, () => fetchTransactionPage(query!), {
    keepPreviousData: true,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

/** GET /api/transactions/:key: one transaction with every field (the dialog says what went wrong). */
export async function fetchTransaction(key: string): Promise<Transaction> {
  return readJson(await api(quiet).transactions[':key'].$get({ param: { key: segment(key) } }), Transaction, quiet);
}

/** The open detail; undefined = none open. */
export const useTransaction = (key: string | undefined) =>
  useSWR(key ? transactionKeys.detail(key) : null, () => fetchTransaction(key!), { revalidateOnFocus: false, shouldRetryOnError: false });

/** GET /api/master-data: the customers the user may act for, transaction types, currencies. */
export const useMasterData = () => useResourceGet(masterData);
