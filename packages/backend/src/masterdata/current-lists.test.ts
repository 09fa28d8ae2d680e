import type { Backend } from '@portal/backend';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, importOk } from '../../../../tests/support/test-backend.ts';
import { countCalls } from '../platform/db/call-counter.ts';
import { currentProducts } from './product.ts';
import { divisions } from './reference-lists.ts';

/**
 * The divisions list and the catalogue for requests (ADR 072): read from the process's copy while their
 * version has not moved (1 GetItem), read whole again at once after an import moved it. Both are read from
 * the table with a consistent read, so no settle time applies (the clock stays still here).
 */
const now = new Date('2026-11-21T10:00:00Z');
let backend: Backend;
beforeAll(async () => {
  backend = await createTestBackend(() => now);
  await importOk(backend, 'retailers', [{ customerId: 'CL-R1', name: 'Alpha' }]);
  await importOk(backend, 'divisions', [{ divisionId: 'CL-D1', customerId: 'CL-R1', name: 'North' }]);
  await importOk(backend, 'products', [
    { productId: 'CL-1', inventoryProductId: 'CL-I1', ean: '4099000000017', sku: 'S1', name: 'Beta card', company: 'B' },
  ]);
});

async function counted<T>(run: () => Promise<T>) {
  const counter = countCalls(backend.db, 'countCurrentLists');
  try {
    return await counter.counted(run);
  } finally {
    counter.stop();
  }
}

describe('lists kept per process until their version moves', () => {
  it('divisions: one GetItem while unchanged, the new line at once after an import', async () => {
    const ids = async () => (await divisions.current(backend.db, now)).map((d) => d.divisionId);
    expect(await ids()).toEqual(['CL-D1']);
    expect(await counted(ids)).toEqual({ result: ['CL-D1'], calls: 1 });
    await importOk(backend, 'divisions', [{ divisionId: 'CL-D2', customerId: 'CL-R1', name: 'South' }]);
    expect(await counted(ids)).toEqual({ result: ['CL-D1', 'CL-D2'], calls: 2 });
    expect((await counted(ids)).calls).toBe(1);
  });

  it('the catalogue: one GetItem while unchanged, a products import seen at once', async () => {
    const names = async () => (await currentProducts(backend.db, now)).items.map((p) => p.name);
    expect(await names()).toEqual(['Beta card']);
    expect((await counted(() => currentProducts(backend.db, now))).result.calls).toBe(1);
    await importOk(backend, 'products', [
      { productId: 'CL-2', inventoryProductId: 'CL-I2', ean: '4099000000024', sku: 'S2', name: 'Alpha card', company: 'A' },
    ]);
    // The version moved: the copy is loaded again (the version item, which names the build, then its pages).
    expect(await counted(names)).toEqual({ result: ['Alpha card', 'Beta card'], calls: 2 });
    expect((await counted(names)).calls).toBe(1);
  });
});
