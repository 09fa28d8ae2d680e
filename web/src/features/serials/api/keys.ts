import { KeyScope } from '../../../lib/query-keys.ts';
import { queryString, resourcePath } from '../../../lib/resource-client.ts';

/**
 * SWR keys of the Serial Numbers section: the connect resource client's shape `[scope, portal, route, kind,
 * url]` (lib/resource-client.ts), so a lookup sits with the connect resources (a logout drops it) and one
 * list of serials, in the order asked, is one key.
 */
export const serialKeys = {
  lookup: (serials: readonly string[]) =>
    [KeyScope.resource, 'connect', 'serial-numbers', 'get', lookupUrl(serials)] as const,
};

/** GET /api/serial-numbers?serials=a,b,c */
export const lookupUrl = (serials: readonly string[]) => resourcePath('serial-numbers') + queryString({ serials: serials.join(',') });
