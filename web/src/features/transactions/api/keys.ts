import { KeyScope } from '../../../lib/query-keys.ts';
import { queryString, resourcePath } from '../../../lib/resource-client.ts';

/**
 * SWR keys of the Transactions section: the resource client's shape `[scope, portal, route, kind, url]`
 * (lib/resource-client.ts), so the list sits with the connect resources (a logout or a resource write
 * drops it) and one query, written in name order, is one key.
 */
export const transactionKeys = {
  page: (query: Record<string, string>) =>
    [KeyScope.resource, 'connect', 'transactions', 'list', resourcePath('transactions') + queryString(query)] as const,
  detail: (key: string) => [KeyScope.resource, 'connect', 'transactions', 'get', resourcePath('transactions', key)] as const,
};
