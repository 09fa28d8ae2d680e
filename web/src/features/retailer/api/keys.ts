import type { Portal } from '@portal/core/shared';
import { KeyScope } from '../../../lib/query-keys.ts';

/** The retailer feature's SWR keys (session-bound: portal second, so a logout drops them). */
export const retailerKeys = {
  page: (portal: Portal, query: { search: string; index: number }) => [KeyScope.retailers, portal, query.search, query.index] as const,
  /** The restore's look-up of a remembered retailer's id (one full-size page, not a page the list shows). */
  lookup: (portal: Portal, id: string) => [KeyScope.retailerRestore, portal, id] as const,
};
