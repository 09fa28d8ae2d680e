import { describe, expect, it } from 'vitest';
import { cataloguePaging, PRICE_LIMITS, ProductImport } from './product.ts';

/**
 * The catalogue snapshot packs `cataloguePaging.size` products into one item (ADR 029/072): a page of the
 * longest products, with the most brand prices and scheduled changes (ADR 089), must stay under DynamoDB's
 * 400 KB item limit. Names of 3-byte characters are the worst case the import lets in.
 */
const wide = (n: number) => '€'.repeat(n);
const most = 999_999_999.99;
const changes = Array.from({ length: PRICE_LIMITS.changes }, (_, i) => `2027-01-${10 + i}:${most}`).join('; ');
const prefixes = Array.from({ length: PRICE_LIMITS.brands }, (_, i) => `${String.fromCharCode(97 + i).repeat(15)}_`);

describe('the catalogue snapshot page', () => {
  it('holds the longest products with the most prices under 400 KB', () => {
    const product = ProductImport.parse({
      productId: 'A'.repeat(64),
      inventoryProductId: 'I'.repeat(64),
      ean: '4012345100013',
      sku: wide(64),
      name: wide(200),
      company: wide(200),
      bundleSize: 100_000,
      packagingUnit: 100_000,
      minimum: 10_000_000,
      maximum: 10_000_000,
      couponType: wide(64),
      faceValue: most,
      faceValueChanges: changes,
      minValue: most,
      maxValue: most,
      esp: most,
      currency: 'EUR',
      productType: wide(64),
      contentProviderId: 'P'.repeat(64),
      category: wide(100),
      ...Object.fromEntries(
        prefixes.flatMap((prefix) => [
          [`${prefix}faceValue`, most],
          [`${prefix}faceValueChanges`, changes],
        ]),
      ),
    });
    expect(Object.keys(product.brandPrices ?? {})).toHaveLength(PRICE_LIMITS.brands);
    const at = new Date('2026-11-29T00:00:00Z').toISOString();
    const page = JSON.stringify(Array.from({ length: cataloguePaging.size }, () => ({ ...product, createdAt: at, updatedAt: at })));
    // The page item's keys and type are under 100 bytes.
    expect(Buffer.byteLength(page) + 100).toBeLessThan(400 * 1024);
  });
});
