import type { Backend } from '@portal/backend';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { testEan } from '../../../../tests/support/ean.ts';
import { createTestBackend, importOk, importProviderSalesWorld } from '../../../../tests/support/test-backend.ts';
import { itemSize } from '../platform/db/capacity-recorder.ts';
import { getItem } from '../platform/db/entity.ts';
import { queryAll } from '../platform/db/query.ts';
import { pack } from './location-summary.ts';
import { providerSalesKeys, salesOfProvider } from './provider-sales.ts';
import { groupSales, ROLLUP_SHARDS, salesKeys, salesOfRetailerByStore, storeShard } from './sales.ts';

/**
 * The sales rollups' keys at a retailer's scale (ADR 072): the week and month index keys spread over
 * ROLLUP_SHARDS shards per retailer, the provider's store figures one item per store (the retailer week item
 * no longer grows with the stores), and the reads of items written before ADR 072 (unsharded, `s` per retailer).
 */
const MONDAY = '2026-11-09';
const PROVIDER_EAN = '4099000000017';
let backend: Backend;

let sale: Awaited<ReturnType<typeof importProviderSalesWorld>>;

beforeAll(async () => {
  backend = await createTestBackend(() => new Date('2026-11-21T10:00:00Z'));
  sale = await importProviderSalesWorld(backend, 'SK', PROVIDER_EAN, 60);
});

const PRODUCTS = 120;
const productWeek = async (productId = 'SK-1') =>
  (await getItem(backend.db, providerSalesKeys.productWeek('SK-P', MONDAY, 'SK-R', productId)))!;
const providerItems = async () =>
  (
    await queryAll(backend.db, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :w)',
      ExpressionAttributeValues: { ':pk': 'PSALES#SK-P', ':w': `W#${MONDAY}#SK-R` },
    })
  ).items;

describe('the sales rollups at a retailer scale', () => {
  it("spreads a retailer's week and month buckets over the shards, by store", async () => {
    await importOk(
      backend,
      'sales',
      Array.from({ length: 40 }, (_, n) => sale(`SK-S${n}`, MONDAY, 1)),
    );
    const buckets = await queryAll(backend.db, {
      KeyConditionExpression: 'pk = :pk AND sk = :sk',
      ExpressionAttributeValues: { ':pk': 'STORE#SK-S7', ':sk': `W#${MONDAY}` },
    });
    expect(buckets.items[0]!.gsi1pk).toBe(`SALESW#SK-R#${MONDAY}#${storeShard('SK-S7')}`);
    const shards = new Set(Array.from({ length: 40 }, (_, n) => storeShard(`SK-S${n}`)));
    expect(shards.size).toBeGreaterThanOrEqual(ROLLUP_SHARDS - 1);
    const unsharded = await queryAll(backend.db, {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `SALESW#SK-R#${MONDAY}` },
    });
    expect(unsharded.items).toEqual([]);
    expect(salesKeys.weekGsi1pks('SK-R', MONDAY)).toHaveLength(ROLLUP_SHARDS + 1);
    const { rows } = await salesOfRetailerByStore(backend.db, 'SK-R', { from: MONDAY, to: MONDAY }, 'day');
    expect(rows).toHaveLength(40);
  });

  it("keeps the provider's items small whatever the stores; one store item per store", async () => {
    const before = itemSize(await productWeek());
    await importOk(
      backend,
      'sales',
      Array.from({ length: 20 }, (_, n) => sale(`SK-S${40 + n}`, MONDAY, 2)),
    );
    expect(itemSize(await productWeek())).toBe(before);
    expect(await getItem(backend.db, providerSalesKeys.week('SK-P', MONDAY, 'SK-R'))).toBeUndefined();
    const stores = await queryAll(backend.db, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':pk': `PSALES#SK-P#${storeShard('SK-S7')}`, ':s': `S#${MONDAY}#SK-R#` },
    });
    const onShard = Array.from({ length: 60 }, (_, n) => `SK-S${n}`).filter((s) => storeShard(s) === storeShard('SK-S7'));
    expect(stores.items.map((i) => i.storeId).sort()).toEqual(onShard.sort());
    expect(Math.max(...stores.items.map(itemSize))).toBeLessThan(400);
  });

  it("keeps the provider's items small whatever its products: a store selling more of them than one transaction holds", async () => {
    await importOk(
      backend,
      'products',
      Array.from({ length: PRODUCTS }, (_, n) => ({
        productId: `SK-M${n}`,
        inventoryProductId: `SK-MI${n}`,
        ean: testEan('471', n),
        sku: 'S',
        name: `Card ${n}`,
        company: 'C',
        contentProviderId: 'SK-P',
      })),
    );
    await importOk(
      backend,
      'sales',
      Array.from({ length: PRODUCTS }, (_, n) => ({
        storeId: 'SK-S3',
        productId: `SK-M${n}`,
        date: MONDAY,
        quantity: n + 1,
        amount: n + 1,
      })),
    );
    const items = await providerItems();
    expect(items.length).toBe(PRODUCTS + 1);
    expect(Math.max(...items.map(itemSize))).toBeLessThan(400);
    const { rows } = await salesOfProvider(backend.db, 'SK-P', { from: MONDAY, to: MONDAY }, false);
    const of = (productId: string) => rows.filter((r) => r.productId === productId).map((r) => r.quantity);
    expect(of('SK-M0')).toEqual([1]);
    expect(of(`SK-M${PRODUCTS - 1}`)).toEqual([PRODUCTS]);
    const store = await salesOfProvider(backend.db, 'SK-P', { from: MONDAY, to: MONDAY }, true);
    expect(store.rows.filter((r) => r.storeId === 'SK-S3').map((r) => r.quantity)).toEqual([1 + (PRODUCTS * (PRODUCTS + 1)) / 2]);
  });

  it('reads the figures of before ADR 072 with the new ones: a retailer week with `s`, a bucket on the unsharded key', async () => {
    const legacyMonday = '2026-11-02';
    const put = (Item: Record<string, unknown>) => backend.db.doc.send(new PutCommand({ TableName: backend.db.table, Item }));
    await put({
      ...providerSalesKeys.week('SK-P', legacyMonday, 'SK-R'),
      type: 'providerSalesWeek',
      providerId: 'SK-P',
      retailerId: 'SK-R',
      week: legacyMonday,
      d: pack({ [legacyMonday]: { 'SK-1': [3, 75] } }),
      s: pack({ [legacyMonday]: { 'SK-S0': [3, 75] } }),
      v: 1,
    });
    await put({
      pk: 'STORE#SK-S0',
      sk: `W#${legacyMonday}`,
      type: 'salesWeek',
      storeId: 'SK-S0',
      retailerId: 'SK-R',
      week: legacyMonday,
      gsi1pk: `SALESW#SK-R#${legacyMonday}`,
      gsi1sk: 'SK-S0',
      days: pack({ [legacyMonday]: { 'SK-1': [3, 75] } }),
    });
    const byStore = await salesOfRetailerByStore(backend.db, 'SK-R', { from: legacyMonday, to: legacyMonday }, 'day');
    expect(byStore.rows).toEqual([
      { storeId: 'SK-S0', productId: 'SK-1', month: '2026-11', date: legacyMonday, quantity: 3, amountCents: 75 },
    ]);
    // A sale of another store that week: the old store figures stay, the new one is the store's own item.
    await importOk(backend, 'sales', [sale('SK-S1', legacyMonday, 1)]);
    const provider = await salesOfProvider(backend.db, 'SK-P', { from: legacyMonday, to: legacyMonday }, true);
    expect(provider.rows.map((r) => [r.storeId, r.quantity]).sort()).toEqual([
      ['SK-S0', 3],
      ['SK-S1', 1],
    ]);
    // Per product: the retailer week's `d` and the product item written since, added by the answer's grouping.
    const products = await salesOfProvider(backend.db, 'SK-P', { from: legacyMonday, to: legacyMonday }, false);
    expect(
      groupSales(
        products.rows.map((r) => ({ ...r, productId: r.productId ?? '' })),
        'product',
      ).sales,
    ).toEqual([{ key: 'SK-1', quantity: 4, amountCents: 75 + 2500 }]);
  });
});
