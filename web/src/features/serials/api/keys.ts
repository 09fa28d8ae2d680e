import { api } from '../../../lib/api.ts';
import { resourceKey } from '../../../lib/resource-client.ts';

/**
 * SWR keys of the Serial Numbers section: the connect resource client's shape `[scope, portal, route, kind,
 * path]` (lib/resource-client.ts), so a lookup sits with the connect resources (a logout drops it) and one
 * list of serials, in the order asked, is one key.
 */
export const serialKeys = {
  lookup: (serials: readonly string[]) =>
    resourceKey('connect', 'serial-numbers', 'get', api()['serial-numbers'].$path({ query: lookupQuery(serials) })),
};

/** GET /api/serial-numbers?serials=a,b,c */
export const lookupQuery = (serials: readonly string[]) => ({ serials: serials.join(',') });
