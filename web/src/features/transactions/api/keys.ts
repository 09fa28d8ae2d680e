import type { Portal } from '@portal/core/shared';
import { api } from '../../../lib/api.ts';
import { type PredictListRead, sendPredictedRead } from '../../../lib/predicted-reads.ts';
import { queryOf, resourceKey, segment } from '../../../lib/resource-client.ts';
import { type TransactionQueryParams, transactionQuery, viewFromParams } from '../model/transaction-filter.ts';

/**
 * SWR keys of the Transactions section: the resource client's shape `[scope, portal, route, kind, path]`
 * (lib/resource-client.ts), so the list sits with the connect resources (a logout or a resource write
 * drops it) and one query, written in name order, is one key.
 */
export const transactionKeys = {
  page: (query: TransactionQueryParams) =>
    resourceKey('connect', 'transactions', 'list', api().transactions.$path({ query: listQuery(query) })),
  detail: (key: string) =>
    resourceKey('connect', 'transactions', 'get', api().transactions[':key'].$path({ param: { key: segment(key) } })),
};

type ListQuery = Parameters<ReturnType<typeof api>['transactions']['$get']>[0]['query'];
/** The list's query for the typed client, names in order; transactionQuery checked it against the contract. */
export const listQuery = (query: TransactionQueryParams) => queryOf(query) as ListQuery;

/**
 * The list read the screen makes first for a URL (ADR 147): its own view and query functions (viewFromParams,
 * transactionQuery) and its SWR key's path, so the prediction cannot drift from the screen. Here, beside the key, so
 * the data layer's import of it finds the screen's chunk the section's page already downloaded (no request more).
 */
export const predictListRead: PredictListRead = (search, start) => {
  const query = transactionQuery(viewFromParams(search, start.today, start.customerId));
  return query ? transactionKeys.page(query)[4] : undefined;
};
export const sendFirstListRead = (portal: Portal, search: string) => sendPredictedRead(portal, search, predictListRead);
