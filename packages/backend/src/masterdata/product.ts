import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import type { Db } from '../platform/db/client.ts';
import type { LineOutcome } from './record-outcome.ts';
import { entity, getMany, getOne, listAll, listPage } from '../platform/db/entity.ts';
import { onIndex, type PageRequest, projectionOf } from '../platform/db/query.ts';
import { putRecords } from './bulk-put.ts';
import { Cents, Ean, Id, Int, statusField, Text } from './fields.ts';

/**
 * Products (SPEC 3 Product (ordering) and the product table columns). `productId` is the article number;
 * orders name products by `inventoryProductId` (SPEC 3 Order to submit); `minimum`, `maximum` and
 * `packagingUnit` are the order quantity rules of core's `quantityRule` (SPEC 5).
 * Access patterns:
 * - get by id:           pk=PRODUCT#<productId>, sk=PRODUCT
 * - all, sorted by name: gsi1 gsi1pk=PRODUCTS, gsi1sk=<name lower>#<productId>  (the catalogue: hundreds)
 * - by EAN (sales filter): gsi2 gsi2pk=EAN#<ean>, gsi2sk=PRODUCT#<productId>
 */
export const ProductImport = z
  .object({
    productId: Id,
    inventoryProductId: Id,
    ean: Ean,
    sku: Text(64),
    name: Text(),
    /** The brand (SPEC: company / Brand column). */
    company: Text(),
    bundleSize: z._default(Int(1, 100_000), 1),
    packagingUnit: z._default(Int(1, 100_000), 1),
    minimum: z.optional(Int(0, 10_000_000)),
    maximum: z.optional(Int(1, 10_000_000)),
    couponType: z.optional(Text(64)),
    /** The coupon face value in the currency's main unit (at most two decimals). */
    faceValue: z.optional(z.pipe(Cents, z.transform((cents) => cents / 100))),
    status: z._default(statusField(PRODUCT_STATUSES, PRODUCT_STATUS_LABELS), 'active'),
  })
  .check(z.refine((p) => p.minimum === undefined || p.maximum === undefined || p.minimum <= p.maximum, {
    message: 'must not be below minimum',
    path: ['maximum'],
  }));
export type ProductImport = z.infer<typeof ProductImport>;
export type Product = ProductImport & { createdAt: string; updatedAt: string };

export const productKeys = {
  pk: (productId: string) => `PRODUCT#${productId}`,
  sk: 'PRODUCT',
  gsi1pk: 'PRODUCTS',
  gsi1sk: (name: string, productId: string) => `${name.toLowerCase()}#${productId}`,
  gsi2pk: (ean: string) => `EAN#${ean}`,
  gsi2sk: (productId: string) => `PRODUCT#${productId}`,
};
export const productKey = (productId: string) => ({ pk: productKeys.pk(productId), sk: productKeys.sk });

const products = entity<Product>();

export const getProduct = (db: Db, productId: string) => getOne(db, products, productKey(productId));

export const getProducts = (db: Db, productIds: readonly string[]) => getMany(db, products, productIds, productKey);

/** One page of the catalogue sorted by name. */
export const listProducts = (db: Db, page: PageRequest) =>
  listPage(db, products, onIndex('gsi1', productKeys.gsi1pk), page);

/** A product's record attributes (not its keys, index keys and type): what the whole catalogue reads. */
const productRecord = projectionOf([...Object.keys(ProductImport.shape), 'createdAt', 'updatedAt']);

/** The whole catalogue (one Query page per ~1 MB, i.e. one call for a few thousand products). */
export const allProducts = (db: Db) => listAll(db, products, { ...onIndex('gsi1', productKeys.gsi1pk), ...productRecord });

/** The products with an EAN (normally one). */
export const findProductsByEan = async (db: Db, ean: string, page: PageRequest = { limit: 25 }) =>
  listPage(db, products, onIndex('gsi2', productKeys.gsi2pk(ean.trim())), page);

export function putProducts(db: Db, records: readonly ProductImport[], now: Date): Promise<LineOutcome[]> {
  return putRecords(
    db,
    records,
    {
      key: (r) => productKey(r.productId),
      item: (r) => ({
        gsi1pk: productKeys.gsi1pk,
        gsi1sk: productKeys.gsi1sk(r.name, r.productId),
        gsi2pk: productKeys.gsi2pk(r.ean),
        gsi2sk: productKeys.gsi2sk(r.productId),
        type: 'product',
        ...r,
      }),
    },
    now,
  );
}
