import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import type { Db } from '../platform/db/client.ts';
import type { LineOutcome } from './record-outcome.ts';
import { batchGet } from '../platform/db/batch.ts';
import { entity, getMany, getOne, listAll, listPage } from '../platform/db/entity.ts';
import { onIndex, onPartition, type PageRequest, projectionOf, queryAll } from '../platform/db/query.ts';
import { transactOptimistically, type TxItem } from '../platform/db/transact.ts';
import { versionBump, versionedValue } from '../platform/db/versioned-list.ts';
import { customerKeys } from '../customers/index.ts';
import { putRecords } from './bulk-put.ts';
import { Cents, Ean, Id, Int, statusField, Text } from './fields.ts';

/** A money amount read like faceValue: at most two decimals, kept in the currency's main unit. */
const MainUnit = z.pipe(
  Cents,
  z.transform((cents) => cents / 100),
);
/** ISO 4217 alphabetic code, any case in the file, kept upper case (ADR 037: the format, not the list). */
const CurrencyCode = z.pipe(
  z.string().check(z.trim(), z.regex(/^[A-Za-z]{3}$/, 'an ISO 4217 code such as EUR')),
  z.transform((code) => code.toUpperCase()),
);

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
    faceValue: z.optional(MainUnit),
    status: z._default(statusField(PRODUCT_STATUSES, PRODUCT_STATUS_LABELS), 'active'),
    // The connect fields (SPEC 3 Product (connect), ADR 037), all optional so older files stay valid.
    /** The lowest and highest value a variable-value card may be loaded with (main unit, like faceValue). */
    minValue: z.optional(MainUnit),
    maxValue: z.optional(MainUnit),
    /** The end-customer sales price (main unit). */
    esp: z.optional(MainUnit),
    currency: z.optional(CurrencyCode),
    /** e.g. PIN, POSA, digital, physical. */
    productType: z.optional(Text(64)),
    /** The provider customer whose content the card sells; must exist (a providers import line). */
    contentProviderId: z.optional(Id),
    category: z.optional(Text(100)),
  })
  .check(
    z.refine((p) => p.minimum === undefined || p.maximum === undefined || p.minimum <= p.maximum, {
      message: 'must not be below minimum',
      path: ['maximum'],
    }),
    z.refine((p) => p.minValue === undefined || p.maxValue === undefined || p.minValue <= p.maxValue, {
      message: 'must not be below minValue',
      path: ['maxValue'],
    }),
  );
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
export const listProducts = (db: Db, page: PageRequest) => listPage(db, products, onIndex('gsi1', productKeys.gsi1pk), page);

/** A product's record attributes (not its keys, index keys and type). */
const productRecord = projectionOf([...Object.keys(ProductImport.shape), 'createdAt', 'updatedAt']);

/**
 * The catalogue snapshot (ADR 029): every product record packed into a few items, `pk=CATALOGUE,
 * sk=PAGE#<nnn>`, up to 200 products each as ONE JSON string in name order (≤ ~300 KB even at the longest
 * fields; page 0 carries the version `v`). The products step and order submit read the whole catalogue on
 * every request: one Query of a few strings instead of one item of ~20 attributes per product. The product
 * items stay the truth; each products import rebuilds the snapshot from them (rebuildCatalogue).
 *
 * The request paths read it from the process's copy (`currentProducts`, ADR 072): one GetItem of
 * `pk=VERSION#CATALOGUE, sk=VERSION` (0.5 RCU), moved by every rebuild in its transaction, instead of the
 * whole snapshot per request (~476 RCU at 20,000 products of the longest fields).
 */
const CATALOGUE_PK = 'CATALOGUE';
const CATALOGUE_VERSION = { pk: 'VERSION#CATALOGUE', sk: 'VERSION' };
const PAGE_SIZE = 200;
const pageSk = (page: number) => `PAGE#${String(page).padStart(3, '0')}`;
const cataloguePages = entity<{ v?: number; products: string }>();

/** The snapshot's products in name order, with the number of calls; null before the first rebuild. */
async function readSnapshot(db: Db, consistent = false) {
  const res = await queryAll(db, { ...onPartition(CATALOGUE_PK), ...(consistent ? { ConsistentRead: true } : {}) });
  if (res.items.length === 0) return { products: null, v: 0, pages: 0, calls: res.calls };
  const pages = res.items.map((item) => cataloguePages.read(item));
  return {
    products: pages.flatMap((page) => JSON.parse(page.products) as Product[]),
    v: pages[0]!.v ?? 0,
    pages: pages.length,
    calls: res.calls,
  };
}

/**
 * The whole catalogue in name order: the snapshot (one Query); on a table no products import has
 * rebuilt it for yet, the catalogue index (gsi1 PRODUCTS, one Query page per ~1 MB).
 */
export async function allProducts(db: Db): Promise<{ items: Product[]; calls: number }> {
  const snapshot = await readSnapshot(db);
  if (snapshot.products) return { items: snapshot.products, calls: snapshot.calls };
  const res = await listAll(db, products, { ...onIndex('gsi1', productKeys.gsi1pk), ...productRecord });
  return { items: res.items, calls: snapshot.calls + res.calls };
}

/** The catalogue as `allProducts` reads it, kept per process until a rebuild moves its version (read consistently). */
const catalogueCopy = versionedValue(
  CATALOGUE_VERSION,
  async (db) => {
    const snapshot = await readSnapshot(db, true);
    if (snapshot.products) return { value: snapshot.products, calls: snapshot.calls };
    const res = await listAll(db, products, { ...onIndex('gsi1', productKeys.gsi1pk), ...productRecord });
    return { value: res.items, calls: snapshot.calls + res.calls };
  },
  { settleMs: 0 },
);

/**
 * The whole catalogue in name order for a request (products step, order submit, product list, sales labels):
 * from the process's copy while the catalogue's version has not moved (1 GetItem), else as `allProducts`.
 */
export async function currentProducts(db: Db, now: Date): Promise<{ items: Product[]; calls: number }> {
  const read = await catalogueCopy(db, now);
  return { items: read.value, calls: read.calls };
}

/**
 * Rewrites the snapshot from the product items after an import wrote `written`: the products it lists
 * (or, before the first rebuild, those of the catalogue index) plus the written ones, read strongly
 * consistent by key and packed in name order. Conditioned on the version read, so of concurrent imports
 * the last one to commit has read every earlier one's items; an import that fails before this point is
 * made good by importing the file again (puts are idempotent).
 */
async function rebuildCatalogue(db: Db, written: readonly string[], now: Date): Promise<void> {
  await transactOptimistically(
    db,
    async () => {
      const snapshot = await readSnapshot(db, true);
      const known = snapshot.products
        ? snapshot.products.map((p) => p.productId)
        : (await queryAll(db, { ...onIndex('gsi1', productKeys.gsi1pk), ...projectionOf(['productId']) })).items.map((i) =>
            String(i.productId),
          );
      const items = [...(await batchGet(db, [...new Set([...known, ...written])].map(productKey))).values()];
      const sorted = items
        .sort((a, b) => (String(a.gsi1sk) < String(b.gsi1sk) ? -1 : String(a.gsi1sk) > String(b.gsi1sk) ? 1 : 0))
        .map((item) => products.read(item));
      const pages = Math.max(1, Math.ceil(sorted.length / PAGE_SIZE));
      const transaction: TxItem[] = [];
      for (let page = 0; page < pages; page += 1) {
        const packed = JSON.stringify(sorted.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE));
        const Item = {
          pk: CATALOGUE_PK,
          sk: pageSk(page),
          type: 'catalogue',
          products: packed,
          ...(page === 0 ? { v: snapshot.v + 1 } : {}),
        };
        if (page > 0) transaction.push({ Put: { TableName: db.table, Item } });
        else if (snapshot.v === 0)
          transaction.push({ Put: { TableName: db.table, Item, ConditionExpression: 'attribute_not_exists(pk)' } });
        else
          transaction.push({
            Put: { TableName: db.table, Item, ConditionExpression: 'v = :v', ExpressionAttributeValues: { ':v': snapshot.v } },
          });
      }
      for (let page = pages; page < snapshot.pages; page += 1) {
        transaction.push({ Delete: { TableName: db.table, Key: { pk: CATALOGUE_PK, sk: pageSk(page) } } });
      }
      transaction.push(versionBump(db, CATALOGUE_VERSION, now));
      return { transaction, result: undefined };
    },
    // Imports are batch jobs: a lost race after 16 cycles gives up with the condition failure itself.
    { maxAttempts: 16, capMs: 2000, busy: (error) => error },
  );
}

/** The products with an EAN (normally one). */
export const findProductsByEan = async (db: Db, ean: string, page: PageRequest = { limit: 25 }) =>
  listPage(db, products, onIndex('gsi2', productKeys.gsi2pk(ean.trim())), page);

export async function putProducts(db: Db, records: readonly ProductImport[], now: Date): Promise<LineOutcome[]> {
  const outcomes = await putRecords(
    db,
    records,
    {
      key: (r) => productKey(r.productId),
      requires: (r) =>
        r.contentProviderId
          ? [
              {
                key: { pk: customerKeys.pk(r.contentProviderId), sk: customerKeys.roleSk('provider') },
                reason: `contentProviderId: no provider '${r.contentProviderId}'`,
              },
            ]
          : [],
      // The provider sales rollups attribute a product's sales to its provider when they are imported
      // (masterdata/sales.ts): moving a product to another provider would leave its past sales behind.
      refuse: (r, existing) =>
        typeof existing?.contentProviderId === 'string' && existing.contentProviderId !== r.contentProviderId
          ? `contentProviderId: product '${r.productId}' belongs to provider '${existing.contentProviderId}' (a product's content provider cannot change)`
          : null,
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
  const written = records.filter((_, i) => typeof outcomes[i] === 'string').map((r) => r.productId);
  if (written.length) await rebuildCatalogue(db, written, now);
  return outcomes;
}
