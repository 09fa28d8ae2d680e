import { api } from '../../../lib/api.ts';
import { queryOf, resourceKey, segment } from '../../../lib/resource-client.ts';
import type { TransactionQueryParams } from '../model/transaction-filter.ts';

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
