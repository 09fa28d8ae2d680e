import { BrandSettings } from '@portal/core';
import useSWR from 'swr';
import { requestJson } from '../../../lib/api-client.ts';
import { PUBLIC_KEY_PREFIX } from '../../../lib/auth.ts';
import { apiPaths } from '../../../lib/paths.ts';

/**
 * GET brand: the brand of the host the portal is served from (name, layout, footer links, custom
 * fields). Public and session-independent, so it survives logout. A failure is not alerted: the shell
 * falls back to a neutral name.
 */
export const brandKey = [PUBLIC_KEY_PREFIX, 'brand'] as const;

export const fetchBrand = () =>
  requestJson(apiPaths.brand, BrandSettings, { notify: false, authDialog: false });

export function useBrand(): BrandSettings | undefined {
  const { data } = useSWR(brandKey, fetchBrand, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
  return data;
}
