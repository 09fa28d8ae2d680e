import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES } from '@portal/core';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { batchGet, getFrom, queryAll, queryPage } from '../db/batch.ts';
import type { Db } from '../db/client.ts';
import type { LineOutcome } from '../import/rejection.ts';
import { putRecords, stripKeys } from './bulk-put.ts';
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
    bundleSize: Int(1, 100_000).default(1),
    packagingUnit: Int(1, 100_000).default(1),
    minimum: Int(0, 10_000_000).optional(),
    maximum: Int(1, 10_000_000).optional(),
    couponType: Text(64).optional(),
    /** The coupon face value in the currency's main unit (at most two decimals). */
    faceValue: Cents.transform((cents) => cents / 100).optional(),
    status: statusField(PRODUCT_STATUSES, PRODUCT_STATUS_LABELS).default('active'),
  })
  .refine((p) => p.minimum === undefined || p.maximum === undefined || p.minimum <= p.maximum, {
    message: 'must not be below minimum',
    path: ['maximum'],
  });
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

export async function getProduct(db: Db, productId: string): Promise<Product | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: productKey(productId) }));
  return res.Item ? stripKeys<Product>(res.Item) : null;
}

export async function getProducts(db: Db, productIds: readonly string[]): Promise<Map<string, Product>> {
  const items = await batchGet(db, productIds.map(productKey));
  const out = new Map<string, Product>();
  for (const id of productIds) {
    const item = getFrom(items, productKey(id));
    if (item) out.set(id, stripKeys<Product>(item));
  }
  return out;
}

/** One page of the catalogue sorted by name. */
export async function listProducts(db: Db, page: { limit: number; cursor?: Record<string, unknown> }) {
  const res = await queryPage(
    db,
    { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': productKeys.gsi1pk }, Limit: page.limit },
    page.cursor,
  );
  return { items: res.items.map((item) => stripKeys<Product>(item)), cursor: res.cursor };
}

/** The whole catalogue (one Query page per ~1 MB, i.e. one call for a few thousand products). */
export async function allProducts(db: Db): Promise<{ items: Product[]; calls: number }> {
  const res = await queryAll(db, { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': productKeys.gsi1pk } });
  return { items: res.items.map((item) => stripKeys<Product>(item)), calls: res.calls };
}

/** The products with an EAN (normally one). */
export async function findProductsByEan(db: Db, ean: string, page: { limit: number; cursor?: Record<string, unknown> } = { limit: 25 }) {
  const res = await queryPage(
    db,
    { IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': productKeys.gsi2pk(ean.trim()) }, Limit: page.limit },
    page.cursor,
  );
  return { items: res.items.map((item) => stripKeys<Product>(item)), cursor: res.cursor };
}

export function putProducts(db: Db, records: readonly ProductImport[], now: Date): Promise<LineOutcome[]> {
  return putRecords(
    db,
    records,
    {
      key: (r) => productKey(r.productId),
      item: (r, existing, at) => ({
        gsi1pk: productKeys.gsi1pk,
        gsi1sk: productKeys.gsi1sk(r.name, r.productId),
        gsi2pk: productKeys.gsi2pk(r.ean),
        gsi2sk: productKeys.gsi2sk(r.productId),
        type: 'product',
        ...r,
        createdAt: (existing?.createdAt as string | undefined) ?? at,
        updatedAt: at,
      }),
    },
    now,
  );
}
