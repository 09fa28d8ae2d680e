import type { BrandSettings } from '@portal/core/shared';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../errors.ts';
import { DEFAULT_BRAND_ID, getBrand, getBrandIdForHost } from './brand-entity.ts';
import { BRAND } from '@portal/core/shared';

/** Brand settings change rarely and are read on every page load: keep them a minute per process. */
const CACHE_MS = 60_000;

export function createBrandService(db: Db, now: () => Date) {
  const cache = new Map<string, { brand: BrandSettings; until: number }>();

  return {
    async forHost(rawHost: string | undefined): Promise<BrandSettings> {
      const host = (rawHost ?? '').split(':')[0]!.toLowerCase();
      const hit = cache.get(host);
      if (hit && hit.until > now().getTime()) return hit.brand;
      const brandId = (host && (await getBrandIdForHost(db, host))) || DEFAULT_BRAND_ID;
      const brand = (await getBrand(db, brandId)) ?? (await getBrand(db, DEFAULT_BRAND_ID));
      if (!brand) throw new AppError('not_found', BRAND.NOT_FOUND, 'No brand is configured for this host');
      cache.set(host, { brand, until: now().getTime() + CACHE_MS });
      return brand;
    },
  };
}

export type BrandService = ReturnType<typeof createBrandService>;
