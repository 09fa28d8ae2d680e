import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { customerKeys } from '../customers/customer-entity.ts';
import { queryAll, queryPage } from '../db/batch.ts';
import type { Db } from '../db/client.ts';
import type { LineOutcome } from '../import/rejection.ts';
import { putRecords, stripKeys } from './bulk-put.ts';
import { Bool, Id } from './fields.ts';
import { productKey } from './product.ts';

/**
 * The products a retailer may order (checked unless the ordering setting disableRetailerProductCheck is
 * set, SPEC 6). `airs`: the product is shipped to the retailer's stores automatically (the AIRS column).
 * Access patterns:
 * - is a product allowed for a retailer:  pk=RETAILER#<retailerId>, sk=PRODUCT#<productId>
 * - a retailer's products:               pk=RETAILER#<retailerId>, sk begins_with PRODUCT#  (one Query)
 */
export const RetailerProductImport = z.object({ retailerId: Id, productId: Id, airs: Bool.default(false) });
export type RetailerProductImport = z.infer<typeof RetailerProductImport>;
export type RetailerProduct = RetailerProductImport & { createdAt: string; updatedAt: string };

export const retailerProductKeys = {
  pk: (retailerId: string) => `RETAILER#${retailerId}`,
  sk: (productId: string) => `PRODUCT#${productId}`,
  skPrefix: 'PRODUCT#',
};
const key = (retailerId: string, productId: string) => ({ pk: retailerProductKeys.pk(retailerId), sk: retailerProductKeys.sk(productId) });

export async function getRetailerProduct(db: Db, retailerId: string, productId: string): Promise<RetailerProduct | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: key(retailerId, productId) }));
  return res.Item ? stripKeys<RetailerProduct>(res.Item) : null;
}

const byRetailer = (retailerId: string) => ({
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
  ExpressionAttributeValues: { ':pk': retailerProductKeys.pk(retailerId), ':p': retailerProductKeys.skPrefix },
});

/** One page of a retailer's products, by product id. */
export async function listRetailerProducts(db: Db, retailerId: string, page: { limit: number; cursor?: Record<string, unknown> }) {
  const res = await queryPage(db, { ...byRetailer(retailerId), Limit: page.limit }, page.cursor);
  return { items: res.items.map((item) => stripKeys<RetailerProduct>(item)), cursor: res.cursor };
}

/** All of a retailer's products (one call for a few thousand). */
export async function allRetailerProducts(db: Db, retailerId: string) {
  const res = await queryAll(db, byRetailer(retailerId));
  return { items: res.items.map((item) => stripKeys<RetailerProduct>(item)), calls: res.calls };
}

export function putRetailerProducts(db: Db, records: readonly RetailerProductImport[], now: Date): Promise<LineOutcome[]> {
  return putRecords(
    db,
    records,
    {
      key: (r) => key(r.retailerId, r.productId),
      requires: (r) => [
        { key: { pk: customerKeys.pk(r.retailerId), sk: customerKeys.roleSk('retailer') }, reason: `retailerId: no retailer '${r.retailerId}'` },
        { key: productKey(r.productId), reason: `productId: no product '${r.productId}'` },
      ],
      item: (r, existing, at) => ({
        type: 'retailerProduct',
        ...r,
        createdAt: (existing?.createdAt as string | undefined) ?? at,
        updatedAt: at,
      }),
    },
    now,
  );
}
