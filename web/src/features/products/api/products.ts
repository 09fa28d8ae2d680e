import { ProductPage } from '@portal/core/product';
import type { Portal } from '@portal/core/shared';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';
import { usePortal } from '../../../lib/portal.ts';
import { KeyScope } from '../../../lib/query-keys.ts';

/**
 * GET /api/products (ADR 037): one page of the connect product list and its filter options. The answer
 * carries `facets` beside the page, so it is read with its own schema rather than the resource client's
 * plain page; cached like the resource client's lists (5 minutes, SPEC 9).
 */
export async function fetchProducts(portal: Portal, query: Record<string, string>): Promise<ProductPage> {
  return readJson(await api({ portal }).products.$get({ query }), ProductPage);
}

export const productKeys = {
  page: (portal: Portal, query: Record<string, string>) => [KeyScope.connectProducts, portal, JSON.stringify(query)] as const,
};

export function useProducts(query: Record<string, string>) {
  const portal = usePortal();
  return useSWR(productKeys.page(portal, query), ([, p, q]) => fetchProducts(p, JSON.parse(q) as Record<string, string>), {
    keepPreviousData: true,
    revalidateOnFocus: false,
    dedupingInterval: 300_000,
  });
}
