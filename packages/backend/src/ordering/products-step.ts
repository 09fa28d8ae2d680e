import { hasStockWarning, type ProductRow, type ProductsAnswer, type StoreType, suggestedQuantity } from '@portal/core/ordering';
import type { Db } from '../platform/db/client.ts';
import {
  locationProductFigures,
  type ProductFigures,
  currentProducts,
  type Product,
  allRetailerProducts,
  type RetailerProduct,
} from '../masterdata/index.ts';
import { type Actor, requirePermission } from '../access/index.ts';
import { locationOfAddress, requireRetailerAddress } from './location.ts';
import { todayOf } from '../platform/time.ts';
import { allocatedAtStore } from '../allocation/index.ts';
import { consumerPrice, type PriceSettings, priceViewOf, type PriceView } from './brand-prices.ts';

/**
 * The products the retailer may order: active catalogue products, and — unless the actor's ordering
 * setting disableRetailerProductCheck is set (SPEC 6) — only those of the retailer's product list. The
 * retailer's list also says which are AIRS products. Keyed by product id, in catalogue (name) order.
 */
export function offeredProducts(
  catalogue: readonly Product[],
  retailerProducts: readonly RetailerProduct[],
  checkRetailerProducts: boolean,
): { product: Product; airs: boolean }[] {
  const allowed = new Map(retailerProducts.map((rp) => [rp.productId, rp]));
  return catalogue
    .filter((p) => p.status === 'active' && (!checkRetailerProducts || allowed.has(p.productId)))
    .map((product) => ({ product, airs: allowed.get(product.productId)?.airs === true }));
}

/** One row of the products step from the product, its AIRS flag, its figures at the location and the brand's price view. */
export function productRow(product: Product, airs: boolean, figures: ProductFigures | undefined, prices: PriceView): ProductRow {
  const salesLast4Weeks = figures?.salesLast4Weeks ?? 0;
  const stock = figures?.stock ?? null;
  const minimum = product.minimum ?? null;
  const maximum = product.maximum ?? null;
  return {
    id: product.productId,
    inventoryProductId: product.inventoryProductId,
    ean: product.ean,
    sku: product.sku,
    name: product.name,
    company: product.company,
    bundleSize: product.bundleSize,
    packagingUnit: product.packagingUnit,
    minimum,
    maximum,
    couponType: product.couponType ?? null,
    ...consumerPrice(product, prices),
    singleItemAmountCents: figures && figures.totalSold > 0 ? Math.round(figures.totalAmountCents / figures.totalSold) : null,
    salesLast4Weeks,
    salesSinceLastOrder: figures?.salesSinceLastOrder ?? 0,
    averagePerMonth: Math.round((figures?.averagePerMonth ?? 0) * 100) / 100,
    calculatedSince: figures?.calculatedSince ?? null,
    lastOrder: figures?.lastOrder ?? null,
    stock,
    stockWarning: hasStockWarning({ stock, salesLast4Weeks }),
    airs,
    suggestedQuantity: suggestedQuantity({ salesLast4Weeks, stock, packagingUnit: product.packagingUnit, minimum, maximum }),
  };
}

const byName = (a: ProductRow, b: ProductRow) => a.name.localeCompare(b.name, 'en') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The products step of one location (SPEC 2 order location/{id}, SPEC 3 product table columns, SPEC 7
 * replenishment/products), with the number of DynamoDB calls it made (for the benchmark). Four reads,
 * all in parallel and independent of the history's length and of the number of products (ADR 014, 029):
 * the retailer role and the store/centre in one BatchGetItem, the location Query (summary + last 5 week
 * buckets, packed), the retailer's products Query, the catalogue snapshot Query — each one page ≤ ~1 MB.
 * Then the store's allocation (ADR 087 rule 8): one call once the store's division is known (a GetItem while the
 * process holds the customer's items, ADR 108); a product no longer allocated from today is not offered,
 * one allocated by a change is. Prices are the host brand's (ADR 089): its prefixed attributes, in force by the
 * day in its price time zone, its column label.
 */
export async function productsStepWithCalls(
  db: Db,
  actor: Actor,
  input: { customerId: string; storeType: StoreType; storeId: string },
  now: Date,
  brand: PriceSettings = {},
): Promise<{ answer: ProductsAnswer; calls: number }> {
  requirePermission(actor, 'ordering', 'cardOrdering');
  const today = todayOf(now, actor.timezone);
  const prices = priceViewOf(brand, actor.timezone, now);
  const location = locationOfAddress(input);
  // Every read at once; nothing is answered before the retailer and the location have been checked.
  const [{ address, divisionId }, figures, retailerProducts, catalogue] = await Promise.all([
    requireRetailerAddress(db, actor, input.customerId, input.storeType, input.storeId),
    locationProductFigures(db, location, today),
    allRetailerProducts(db, input.customerId),
    currentProducts(db, now),
  ]);
  const check = !actor.access.modules.ordering.settings.disableRetailerProductCheck;
  const offered = offeredProducts(catalogue.items, retailerProducts.items, check);
  const allocation = await allocatedAtStore(
    db,
    { customerId: input.customerId, storeId: input.storeId, divisionId },
    offered.map(({ product }) => product.productId),
    now,
    { cached: true }, // the customer's and division's items from the process's copy (ADR 108)
  );
  const airs = new Map(offered.map((o) => [o.product.productId, o.airs]));
  const items = catalogue.items
    .filter((p) => p.status === 'active' && allocation.allocated.has(p.productId))
    .map((product) => productRow(product, airs.get(product.productId) ?? false, figures.figures.get(product.productId), prices))
    .sort(byName);
  return {
    answer: { location: address, items, ...(brand.priceLabel ? { priceLabel: brand.priceLabel } : {}) },
    calls: 1 + figures.calls + retailerProducts.calls + catalogue.calls + allocation.calls,
  };
}
