import type { BrandSettings } from '@portal/core/shared';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../errors.ts';
import { DEFAULT_BRAND_ID, getBrand, getBrandIdForHost } from './brand-entity.ts';
import { BRAND } from '@portal/core/shared';

/** Brand settings change rarely and are read on every page load: keep them a minute per process. */
const CACHE_MS = 60_000;
/** Hosts remembered as having no brand; a flood of made-up Host headers clears the map rather than growing it. */
const MISSING_CACHE_SIZE = 1_000;

export function createBrandService(db: Db, now: () => Date) {
  const cache = new Map<string, { brand: BrandSettings; until: number }>();
  /** Hosts without any brand (a stage before its brands are imported), remembered as long as a brand is. */
  const unbranded = new Map<string, number>();

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

    /** The host's brand, null on a stage without any brand (other failures are thrown, never read as "no brand"). */
    async forHostIfAny(rawHost: string | undefined): Promise<BrandSettings | null> {
      try {
        return await this.forHost(rawHost);
      } catch (error) {
        if (error instanceof AppError && error.code === BRAND.NOT_FOUND) return null;
        throw error;
      }
    },

    /**
     * Whether the host's brand asks for its terms of use to be accepted (customFields.termsOfUseRequired,
     * ADR 086): the route policy's first, cached question, so the terms service loads only for such a brand.
     * A stage without any brand asks nothing.
     */
    async requiresTerms(rawHost: string | undefined): Promise<boolean> {
      if ((unbranded.get(rawHost ?? '') ?? 0) > now().getTime()) return false;
      try {
        return (await this.forHost(rawHost)).customFields.termsOfUseRequired === true;
      } catch (error) {
        if (!(error instanceof AppError && error.code === BRAND.NOT_FOUND)) throw error;
        if (unbranded.size >= MISSING_CACHE_SIZE) unbranded.clear();
        unbranded.set(rawHost ?? '', now().getTime() + CACHE_MS);
        return false;
      }
    },
  };
}

export type BrandService = ReturnType<typeof createBrandService>;
