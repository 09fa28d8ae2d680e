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

/** The pages being read now: the guard's restore and the selection list ask for the same first page at once. */
const reading = new Map<string, Promise<RetailersPage>>();

/**
 * GET replenishment/retailers?search&index&resultsPerPage: the retailers the user may act for, paged. Two
 * callers asking for the same page while it is read share the one request (a deep link's guard restores the
 * chosen retailer from the first page the selection list shows, in the same render).
 */
export function fetchRetailers(portal: Portal, query: RetailerQuery, pageSize: number = RETAILER_PAGE_SIZE): Promise<RetailersPage> {
  const id = JSON.stringify([portal, query.search, query.index, pageSize]);
  const shared = reading.get(id);
  if (shared) return shared;
  const read = readRetailers(portal, query, pageSize).finally(() => reading.delete(id));
  reading.set(id, read);
  return read;
}

async function readRetailers(portal: Portal, query: RetailerQuery, pageSize: number): Promise<RetailersPage> {
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
