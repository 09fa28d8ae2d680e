import type { Backend } from '@portal/backend';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEan } from '../../../../tests/support/ean.ts';
import { createTestBackend, importOk } from '../../../../tests/support/test-backend.ts';
import { queryAll } from '../platform/db/query.ts';
import { allProducts, cataloguePaging, currentProducts } from './product.ts';

/**
 * The catalogue snapshot's rebuild outside one transaction (ADR 102): the pages of a new build are
 * written first, the version item flipped to it, the build before deleted; a catalogue of more pages than a
 * transaction holds (100 items) rebuilds, and the pages of before the build ids are read and then replaced.
 */
const PRODUCTS = 130;
let backend: Backend;
const now = new Date('2026-11-28T10:00:00Z');
const product = (n: number) => ({
  productId: `CT-${String(n).padStart(3, '0')}`,
  inventoryProductId: `CT-I${n}`,
  ean: testEan('472', n),
  sku: 'S',
  name: `Card ${String(n).padStart(3, '0')}`,
  company: 'C',
});
const partition = async (pk: string) =>
  (await queryAll(backend.db, { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }))
    .items;

const pageSize = cataloguePaging.size;
beforeAll(async () => {
  backend = await createTestBackend(() => now);
  cataloguePaging.size = 1;
});
afterAll(() => {
  cataloguePaging.size = pageSize;
});

describe('the catalogue snapshot past one transaction', () => {
  it('reads the pages of before the build ids, then rebuilds a catalogue of more pages than a transaction holds', async () => {
    // A snapshot as written before the build ids: pages on `CATALOGUE`, the version item without a build.
    await importOk(backend, 'products', [product(0), product(1)]);
    const head = (await partition('VERSION#CATALOGUE'))[0];
    for (const item of await partition(`CATALOGUE#${String(head?.build)}`))
      await backend.db.doc.send(new PutCommand({ TableName: backend.db.table, Item: { ...item, pk: 'CATALOGUE' } }));
    await backend.db.doc.send(new PutCommand({ TableName: backend.db.table, Item: { pk: 'VERSION#CATALOGUE', sk: 'VERSION', v: 9 } }));
    const read = await allProducts(backend.db);
    expect(read.items.map((p) => p.productId)).toEqual(['CT-000', 'CT-001']);
    // The version item (no build: none) and the pages of before.
    expect(read.calls).toBe(2);

    await importOk(
      backend,
      'products',
      Array.from({ length: PRODUCTS - 2 }, (_, n) => product(n + 2)),
    );
    const flipped = (await partition('VERSION#CATALOGUE'))[0];
    expect(flipped).toMatchObject({ v: 10, pages: PRODUCTS });
    expect(await partition(`CATALOGUE#${String(flipped?.build)}`)).toHaveLength(PRODUCTS);
    expect(await partition('CATALOGUE')).toEqual([]);
    const all = await allProducts(backend.db);
    expect(all.items.map((p) => p.productId)).toEqual(Array.from({ length: PRODUCTS }, (_, n) => product(n).productId));
    expect((await currentProducts(backend.db, now)).items).toEqual(all.items);

    // Another rebuild: the build before is deleted; the readers follow the version.
    await importOk(backend, 'products', [{ ...product(5), name: 'Card zzz' }]);
    const next = (await partition('VERSION#CATALOGUE'))[0];
    expect(await partition(`CATALOGUE#${String(flipped?.build)}`)).toEqual([]);
    expect(next).toMatchObject({ v: 11, pages: PRODUCTS });
    expect((await currentProducts(backend.db, now)).items.at(-1)?.name).toBe('Card zzz');
  });
});
