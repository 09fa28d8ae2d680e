import type { Portal } from '@portal/core/shared';
import useSWR, { type SWRConfiguration } from 'swr';
import type { KeyScope } from './query-keys.ts';

/**
 * A sales statistic for a query (the retailer's and connect's Sales, ADR 015 and ADR 037); a null key = nothing to
 * ask (the filter has a problem). The answer comes with the query it answers, read back from the key: while a new
 * one loads, the previous answer stays on screen with its own grouping.
 */
export function useSalesAnswer<Q, A>(
  key: readonly [KeyScope, Portal, string] | null,
  read: (portal: Portal, query: Q) => Promise<A>,
  options: SWRConfiguration = {},
) {
  return useSWR(
    key,
    async ([, portal, query]) => {
      const asked = JSON.parse(query) as Q;
      return { query: asked, answer: await read(portal, asked) };
    },
    { keepPreviousData: true, revalidateOnFocus: false, ...options },
  );
}
