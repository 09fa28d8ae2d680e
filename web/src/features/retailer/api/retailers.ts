import { DEFAULT_PAGE_SIZE_ORDERING, type Portal } from '@portal/core/shared';
import { RetailersPage } from '@portal/core/ordering';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';
import { usePortal } from '../../../lib/portal.ts';
import { retailerKeys } from './keys.ts';

/** The retailer selection's page size (SPEC 9 default page size, ordering). */
export const RETAILER_PAGE_SIZE = DEFAULT_PAGE_SIZE_ORDERING;

export interface RetailerQuery {
  search: string;
  /** Zero-based page index. */
  index: number;
}

/**
 * GET replenishment/retailers?search&index&resultsPerPage: the retailers the user may act for, paged. The guard's
 * restore and the selection list read the first page under one SWR key (`retailerKeys.page`), so SWR shares it.
 */
export async function fetchRetailers(portal: Portal, query: RetailerQuery, pageSize: number = RETAILER_PAGE_SIZE): Promise<RetailersPage> {
  const res = await api({ portal }).replenishment.retailers.$get({
    query: {
      ...(query.search ? { search: query.search } : {}),
      index: String(query.index),
      resultsPerPage: String(pageSize),
    },
  });
  return readJson(res, RetailersPage);
}

/** One page of retailers; the previous page stays on screen while the next one loads. */
export function useRetailers(query: RetailerQuery) {
  const portal = usePortal();
  return useSWR(retailerKeys.page(portal, query), ([, p]) => fetchRetailers(p, query), {
    keepPreviousData: true,
    shouldRetryOnError: false,
  });
}
