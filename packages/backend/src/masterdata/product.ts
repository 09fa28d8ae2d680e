import { maxKeys, PRICE_ATTRIBUTE_PREFIX, PriceAttributePrefix, PRODUCT_STATUS_LABELS, PRODUCT_STATUSES } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import type { Db } from '../platform/db/client.ts';
import type { LineOutcome } from './record-outcome.ts';
import { randomUUID } from 'node:crypto';
import { batchDelete, batchGet, batchPut } from '../platform/db/batch.ts';
import { cancellationCodes } from '../platform/db/conditions.ts';
import { entity, getItem, getMany, getOne, listAll, listPage } from '../platform/db/entity.ts';
import { onIndex, onPartition, type PageRequest, projectionOf, queryAll } from '../platform/db/query.ts';
import { fullJitter, transactWrite, type TxItem } from '../platform/db/transact.ts';
import { versionedValue } from '../platform/db/versioned-list.ts';
import { customerKeys } from '../customers/index.ts';
import { putRecords } from './bulk-put.ts';
import { CalendarDay, Cents, Ean, Id, Int, statusField, Text } from './fields.ts';

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

/** Scheduled price changes a price list holds, and brands with their own prices per product (ADR 089: the snapshot's page size). */
export const PRICE_LIMITS = { changes: 4, brands: 3 };

/**
 * A price's scheduled changes (ADR 089): from the day `from` on (midnight in the brand's price time zone) the
 * face value is this one. Given as a JSON array of `{from, faceValue}` or, in a CSV cell, as text
 * `2026-12-01:14.99; 2027-01-01:15.49`. Kept in day order; a day twice is refused.
 */
const PriceChanges = z.pipe(
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(';')
            .map((part) => part.trim())
            .filter(Boolean)
            .map((part) => {
              const [from, faceValue] = part.split(':').map((text) => text.trim());
              return { from, faceValue };
            })
        : value,
    z.array(z.object({ from: CalendarDay, faceValue: MainUnit })).check(
      z.maxLength(PRICE_LIMITS.changes),
      z.refine((changes) => new Set(changes.map((c) => c.from)).size === changes.length, 'a day twice'),
    ),
  ),
  z.transform((changes) => changes.sort((a, b) => (a.from < b.from ? -1 : 1))),
);

/** One price list: the face value, and its scheduled changes. */
const PriceList = z.object({ faceValue: z.optional(MainUnit), faceValueChanges: z.optional(PriceChanges) });

/** A catalogue attribute carrying a brand's price: `<prefix>faceValue` or `<prefix>faceValueChanges` (ADR 089). */
const BRAND_PRICE_ATTRIBUTE = /^(.+?)(faceValue|faceValueChanges)$/;

/**
 * Moves a line's brand price attributes (`us_faceValue`, `us_faceValueChanges`: the prefix a brand's
 * priceAttributePrefix names) into `brandPrices` by prefix, so one catalogue carries every brand's prices
 * (ADR 089). A price attribute with a prefix no brand could name, or a bad value, is an error of its column.
 */
const gatherBrandPrices = z.transform((line: unknown, ctx) => {
  if (typeof line !== 'object' || line === null || Array.isArray(line)) return line;
  const fields: Record<string, unknown> = {};
  const prices: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(line)) {
    const match = BRAND_PRICE_ATTRIBUTE.exec(key);
    if (!match) {
      fields[key] = value;
      continue;
    }
    const [, prefix = '', field = ''] = match;
    if (!PRICE_ATTRIBUTE_PREFIX.test(prefix)) {
      ctx.issues.push({
        code: 'custom',
        input: key,
        path: [key],
        message: `a brand's prefix is lower-case letters or digits ending in _ (us_${field})`,
      });
      continue;
    }
    const parsed = PriceList.safeParse({ [field]: value });
    if (parsed.success) prices[prefix] = { ...prices[prefix], ...parsed.data };
    else
      for (const issue of parsed.error.issues)
        ctx.issues.push({ code: 'custom', input: value, path: [key, ...issue.path.slice(1)], message: issue.message });
  }
  if (Object.keys(prices).length) fields.brandPrices = prices;
  return fields;
});

/**
 * Products (SPEC 3 Product (ordering) and the product table columns). `productId` is the article number;
 * orders name products by `inventoryProductId` (SPEC 3 Order to submit); `minimum`, `maximum` and
 * `packagingUnit` are the order quantity rules of core's `quantityRule` (SPEC 5).
 * Access patterns:
 * - get by id:           pk=PRODUCT#<productId>, sk=PRODUCT
 * - all, sorted by name: gsi1 gsi1pk=PRODUCTS, gsi1sk=<name lower>#<productId>  (the catalogue: hundreds)
 * - by EAN (sales filter): gsi2 gsi2pk=EAN#<ean>, gsi2sk=PRODUCT#<productId>
 */
const ProductFields = z
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
    /** Its scheduled changes (ADR 089). */
    faceValueChanges: z.optional(PriceChanges),
    /** Brands' own prices by attribute prefix (`us_faceValue` → `brandPrices.us_.faceValue`, ADR 089). */
    brandPrices: z.optional(z.record(PriceAttributePrefix, PriceList).check(maxKeys(PRICE_LIMITS.brands))),
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
/** An import line: the product's fields, its brand price attributes gathered first. */
export const ProductImport = z.pipe(gatherBrandPrices, ProductFields);
export type ProductImport = z.infer<typeof ProductImport>;
export type PriceList = z.infer<typeof PriceList>;
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
const productRecord = projectionOf([...Object.keys(ProductFields.shape), 'createdAt', 'updatedAt']);

/**
 * The catalogue snapshot (ADR 029): every product record packed into a few items, up to 100 products each as
 * ONE JSON string in name order (≤ ~370 KB even at the longest fields: cataloguePaging). The products step and order submit
 * read the whole catalogue: one Query of a few strings instead of one item of ~20 attributes per product. The
 * product items stay the truth; each products import rebuilds the snapshot from them (rebuildCatalogue).
 *
 * A rebuild writes its pages under its own build id, `pk=CATALOGUE#<build>, sk=PAGE#<nnn>`, outside any
 * transaction, then flips `pk=VERSION#CATALOGUE, sk=VERSION` to that build (`build`, `pages`, `v` moved)
 * conditioned on the version it read, then deletes the pages of the build before: so a catalogue of any size
 * rebuilds (one transaction of every page held ~2,600 products of the longest fields: 4 MB, ADR
 * 102). A reader reads the version item, then the pages of its build; pages deleted under it (a
 * rebuild flipped meanwhile) are noticed by their count and read again from the new build. Pages written
 * before the build ids (`pk=CATALOGUE, sk=PAGE#<nnn>`, `v` on page 0) are read while no build was flipped,
 * and their products are kept by the next rebuild (code of before may still write them during a deploy).
 *
 * The request paths read it from the process's copy (`currentProducts`, ADR 072): one GetItem of the version
 * item (0.5 RCU), moved by every rebuild, instead of the whole snapshot per request (~476 RCU at 20,000
 * products of the longest fields).
 */
const LEGACY_PK = 'CATALOGUE';
const CATALOGUE_VERSION = { pk: 'VERSION#CATALOGUE', sk: 'VERSION' };
/**
 * Products per page: 100 products of the longest fields with the most prices (3 brands, 4 changes each:
 * ~3.7 KB at 3-byte characters) make ≤ ~370 KB, under DynamoDB's 400 KB (ADR 089; lowered by a test to build
 * a catalogue of many pages quickly).
 */
export const cataloguePaging = { size: 100 };
const pageSk = (page: number) => `PAGE#${String(page).padStart(3, '0')}`;
const buildPk = (build: string) => `CATALOGUE#${build}`;
const cataloguePages = entity<{ v?: number; products: string }>();

type Snapshot = { products: Product[] | null; v: number; build: string | null; pages: number; calls: number };

/** The pages of one partition, in page order, unpacked. */
async function readPages(db: Db, pk: string, consistent: boolean) {
  const res = await queryAll(db, { ...onPartition(pk), ...(consistent ? { ConsistentRead: true } : {}) });
  return { pages: res.items.map((item) => cataloguePages.read(item)), calls: res.calls };
}

/** The snapshot's products in name order, with the number of calls; products null before the first rebuild. */
async function readSnapshot(db: Db, consistent = false, known?: Record<string, unknown>): Promise<Snapshot> {
  let calls = 0;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    // A version item the caller already read serves the first attempt; a stale one is caught by its page count.
    const reuse = attempt === 0 && known !== undefined;
    const head = reuse ? known : await getItem(db, CATALOGUE_VERSION, { consistent: true });
    if (!reuse) calls += 1;
    const v = typeof head?.v === 'number' ? head.v : 0;
    if (typeof head?.build !== 'string') {
      const legacy = await readPages(db, LEGACY_PK, consistent);
      calls += legacy.calls;
      const products = legacy.pages.length ? legacy.pages.flatMap((page) => parseProducts(page.products)) : null;
      return { products, v, build: null, pages: legacy.pages.length, calls };
    }
    const read = await readPages(db, buildPk(head.build), true);
    calls += read.calls;
    // Fewer pages than flipped: a later rebuild deleted them under this read; its build is read instead.
    if (read.pages.length === head.pages)
      return {
        products: read.pages.flatMap((page) => parseProducts(page.products)),
        v,
        build: head.build,
        pages: read.pages.length,
        calls,
      };
  }
  throw new Error('The catalogue kept changing while it was read');
}

const parseProducts = (packed: string): Product[] => JSON.parse(packed) as Product[];

/**
 * The whole catalogue in name order: the snapshot (the version item and one Query); on a table no products
 * import has rebuilt it for yet, the catalogue index (gsi1 PRODUCTS, one Query page per ~1 MB).
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
  async (db, head) => {
    const snapshot = await readSnapshot(db, true, head);
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

/** The product ids a rebuild starts from: the snapshot's, any pages of before the build ids, or the index's. */
async function knownProducts(db: Db, snapshot: Snapshot): Promise<string[]> {
  const legacy = snapshot.build ? (await readPages(db, LEGACY_PK, true)).pages.flatMap((page) => parseProducts(page.products)) : [];
  if (snapshot.products) return [...snapshot.products, ...legacy].map((p) => p.productId);
  const index = await queryAll(db, { ...onIndex('gsi1', productKeys.gsi1pk), ...projectionOf(['productId']) });
  return index.items.map((i) => String(i.productId));
}

/**
 * Rewrites the snapshot from the product items after an import wrote `written`: the products it lists
 * (or, before the first rebuild, those of the catalogue index) plus the written ones, read strongly
 * consistent by key and packed in name order under a new build. The flip is conditioned on the version
 * read, so of concurrent imports the last one to flip has read every earlier one's items (a lost flip
 * deletes its pages and rebuilds on fresh reads); an import that fails before this point is made good by
 * importing the file again (puts are idempotent).
 */
async function rebuildCatalogue(db: Db, written: readonly string[], now: Date): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    const snapshot = await readSnapshot(db, true);
    const known = await knownProducts(db, snapshot);
    const items = [...(await batchGet(db, [...new Set([...known, ...written])].map(productKey))).values()];
    const sorted = items
      .sort((a, b) => (String(a.gsi1sk) < String(b.gsi1sk) ? -1 : String(a.gsi1sk) > String(b.gsi1sk) ? 1 : 0))
      .map((item) => products.read(item));
    const build = randomUUID();
    const size = cataloguePaging.size;
    const pages = Array.from({ length: Math.max(1, Math.ceil(sorted.length / size)) }, (_, page) => ({
      pk: buildPk(build),
      sk: pageSk(page),
      type: 'catalogue',
      products: JSON.stringify(sorted.slice(page * size, (page + 1) * size)),
    }));
    await batchPut(db, pages);
    const flip: TxItem = {
      Update: {
        TableName: db.table,
        Key: CATALOGUE_VERSION,
        UpdateExpression: 'SET build = :build, pages = :pages, changedAt = :at, #type = :type ADD v :one',
        ConditionExpression: snapshot.v === 0 ? 'attribute_not_exists(v)' : 'v = :seen',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':build': build,
          ':pages': pages.length,
          ':at': now.getTime(),
          ':type': 'listVersion',
          ':one': 1,
          ...(snapshot.v === 0 ? {} : { ':seen': snapshot.v }),
        },
      },
    };
    try {
      await transactWrite(db, [flip]);
    } catch (error) {
      await batchDelete(
        db,
        pages.map(({ pk, sk }) => ({ pk, sk })),
      );
      // Imports are batch jobs: a lost race after 16 rebuilds gives up with the condition failure itself.
      if (!cancellationCodes(error).includes('ConditionalCheckFailed') || attempt >= 15) throw error;
      await fullJitter(attempt, 2_000);
      continue;
    }
    // The pages of before: the last build's, and any of before the build ids (a reader of them reads again).
    const before = snapshot.build;
    const legacy = await queryAll(db, { ...onPartition(LEGACY_PK), ...projectionOf(['pk', 'sk']), ConsistentRead: true });
    await batchDelete(db, [
      ...(before ? Array.from({ length: snapshot.pages }, (_, page) => ({ pk: buildPk(before), sk: pageSk(page) })) : []),
      ...legacy.items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })),
    ]);
    return;
  }
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
