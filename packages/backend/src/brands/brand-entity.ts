import { BrandSettings, isValidTimeZone, PriceAttributePrefix, upgradeLegacyBrand } from '@portal/core/shared';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '@portal/core/zod';
import type { Db } from '../platform/db/client.ts';
import { entity, getOne } from '../platform/db/entity.ts';

/**
 * Brand settings, keyed by host (SPEC 3). Access patterns:
 * - get brand:        pk=BRAND#<id>, sk=BRAND
 * - brand of a host:  pk=HOST#<host lower>, sk=HOST  -> brandId
 */
/**
 * A brand as imported: host names at most 253 characters each (DNS); the price settings checked (ADR 089) —
 * a prefix a product import can recognise, a time zone the runtime knows — so a typo is a line error, not
 * prices that silently never apply. A brand file in the former one-language shape reads as English.
 */
export const BrandInput = z.preprocess(
  upgradeLegacyBrand,
  z.extend(BrandSettings, {
    hosts: z._default(z.array(z.string().check(z.minLength(1), z.maxLength(253))).check(z.maxLength(50)), []),
    customFields: z.extend(BrandSettings.shape.customFields, {
      priceAttributePrefix: z.optional(PriceAttributePrefix),
      priceChangeTimeZone: z.optional(
        z.string().check(z.maxLength(64), z.refine(isValidTimeZone, 'an IANA time zone such as America/Los_Angeles')),
      ),
    }),
  }),
);
export type BrandInput = z.infer<typeof BrandInput>;

export const DEFAULT_BRAND_ID = 'default';

const brandKey = (id: string) => ({ pk: `BRAND#${id}`, sk: 'BRAND' });
const hostKey = (host: string) => ({ pk: `HOST#${host.toLowerCase()}`, sk: 'HOST' });

/**
 * An item is at most 4 languages × (20 links × 2.1 KB + 2.5 KB) ≈ 180 KB, below the 400 KB item; one read per
 * host a minute per process (brand-service's cache). Items from before per-language texts read as English.
 */
const brands = entity({ schema: z.preprocess(upgradeLegacyBrand, BrandSettings) });
const brandHosts = entity({ schema: z.object({ brandId: z.string() }) });

export const getBrand = (db: Db, id: string): Promise<BrandSettings | null> => getOne(db, brands, brandKey(id));

export async function getBrandIdForHost(db: Db, host: string): Promise<string | null> {
  return (await getOne(db, brandHosts, hostKey(host)))?.brandId ?? null;
}

/** Writes the brand and its host mappings in one transaction (re-import overwrites, never duplicates). */
export async function putBrand(db: Db, brand: BrandInput): Promise<void> {
  const { hosts, ...settings } = brand;
  await db.doc.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: db.table, Item: { ...brandKey(brand.id), type: 'brand', ...settings } } },
        ...hosts.map((host) => ({
          Put: { TableName: db.table, Item: { ...hostKey(host), type: 'brandHost', brandId: brand.id } },
        })),
      ],
    }),
  );
}
