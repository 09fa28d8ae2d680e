import { BrandSettings } from '@portal/core/shared';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';
import { brandKeys } from './keys.ts';

/**
 * GET brand: the brand of the host the portal is served from (name, layout, footer links, custom
 * fields). Public and session-independent, so it survives logout. A failure is not alerted: the shell
 * falls back to a neutral name.
 */
const quiet = { notify: false, authDialog: false };
export const fetchBrand = async () => readJson(await api(quiet).brand.$get(), BrandSettings, quiet);

export function useBrand(): BrandSettings | undefined {
  const { data } = useSWR(brandKeys.brand, fetchBrand, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
  return data;
}
