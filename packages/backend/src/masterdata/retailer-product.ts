import * as z from '@portal/core/zod';
import type { Db } from '../platform/db/client.ts';
import type { LineOutcome } from './record-outcome.ts';
import { entity, getOne, listAll, listPage } from '../platform/db/entity.ts';
import { type PageRequest, projectionOf } from '../platform/db/query.ts';
import { putRecords, retailerRequired } from './bulk-put.ts';
import { Bool, Id } from './fields.ts';
import { productKey } from './product.ts';

/**
 * The products a retailer may order (checked unless the ordering setting disableRetailerProductCheck is
 * set, SPEC 6). `airs`: the product is shipped to the retailer's stores automatically (the AIRS column).
 * Access patterns:
 * - is a product allowed for a retailer:  pk=RETAILER#<retailerId>, sk=PRODUCT#<productId>
 * - a retailer's products:               pk=RETAILER#<retailerId>, sk begins_with PRODUCT#  (one Query)
 */
export const RetailerProductImport = z.object({ retailerId: Id, productId: Id, airs: z._default(Bool, false) });
export type RetailerProductImport = z.infer<typeof RetailerProductImport>;
export type RetailerProduct = RetailerProductImport & { createdAt: string; updatedAt: string };

export const retailerProductKeys = {
  pk: (retailerId: string) => `RETAILER#${retailerId}`,
  sk: (productId: string) => `PRODUCT#${productId}`,
  skPrefix: 'PRODUCT#',
};
const key = (retailerId: string, productId: string) => ({ pk: retailerProductKeys.pk(retailerId), sk: retailerProductKeys.sk(productId) });

const retailerProducts = entity<RetailerProduct>();

export const getRetailerProduct = (db: Db, retailerId: string, productId: string) =>
  getOne(db, retailerProducts, key(retailerId, productId));

const byRetailer = (retailerId: string) => ({
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
  ExpressionAttributeValues: { ':pk': retailerProductKeys.pk(retailerId), ':p': retailerProductKeys.skPrefix },
});

/** One page of a retailer's products, by product id. */
export const listRetailerProducts = (db: Db, retailerId: string, page: PageRequest) =>
  listPage(db, retailerProducts, byRetailer(retailerId), page);

/** A retailer product's record attributes (not its keys and type): what reading all of them fetches. */
const retailerProductRecord = projectionOf([...Object.keys(RetailerProductImport.shape), 'createdAt', 'updatedAt']);

/** All of a retailer's products (one call for a few thousand). */
export const allRetailerProducts = (db: Db, retailerId: string) =>
  listAll(db, retailerProducts, { ...byRetailer(retailerId), ...retailerProductRecord });

export function putRetailerProducts(db: Db, records: readonly RetailerProductImport[], now: Date): Promise<LineOutcome[]> {
  return putRecords(
    db,
    records,
    {
      key: (r) => key(r.retailerId, r.productId),
      requires: (r) => [retailerRequired(r.retailerId), { key: productKey(r.productId), reason: `productId: no product '${r.productId}'` }],
      item: (r) => ({ type: 'retailerProduct', ...r }),
    },
    now,
  );
}
