import { describe, expect, it } from 'vitest';
import { type Product, emptyFigures } from '../masterdata/index.ts';
import { newOrderId } from './order-entity.ts';
import { requestHash } from './order-submit.ts';
import { applyOrderToSummary } from './order-summary.ts';
import { checkPositions } from './order-validation.ts';

const product = (n: number, extra: Partial<Product> = {}): Product => ({
  productId: `P-${n}`,
  inventoryProductId: `I-${n}`,
  ean: '4000000000000',
  sku: 'x',
  name: `Card ${n}`,
  company: 'Brand',
  bundleSize: 1,
  packagingUnit: 1,
  status: 'active',
  createdAt: '',
  updatedAt: '',
  ...extra,
});

describe('checkPositions', () => {
  const catalogue = [product(1, { packagingUnit: 5, minimum: 10, maximum: 50 }), product(2), product(3, { status: 'locked' })];

  it('resolves inventory ids to the stored positions', () => {
    const out = checkPositions(
      [
        { inventoryProductId: 'I-1', amount: 15 },
        { inventoryProductId: 'I-2', amount: 1 },
      ],
      catalogue,
      new Set(['P-1', 'P-2']),
    );
    expect(out.issues).toEqual([]);
    expect(out.positions.map((p) => [p.productId, p.amount])).toEqual([
      ['P-1', 15],
      ['P-2', 1],
    ]);
  });

  it('names each problem at its field', () => {
    const out = checkPositions(
      [
        { inventoryProductId: 'I-1', amount: 55 },
        { inventoryProductId: 'I-2', amount: 1 },
        { inventoryProductId: 'I-3', amount: 1 },
        { inventoryProductId: 'I-2', amount: 1 },
        { inventoryProductId: 'I-1', amount: 5 },
      ],
      catalogue,
      new Set(['P-1', 'P-3']),
    );
    expect(out.issues).toEqual([
      { path: 'positions.0.amount', message: 'Maximum' },
      { path: 'positions.1.inventoryProductId', message: 'Product not available' },
      { path: 'positions.2.inventoryProductId', message: 'Product not available' },
      { path: 'positions.3.inventoryProductId', message: 'Product not available' },
      { path: 'positions.4.inventoryProductId', message: 'Product ordered twice' },
    ]);
    // Without the retailer product check every active product is allowed.
    expect(checkPositions([{ inventoryProductId: 'I-2', amount: 1 }], catalogue, null).issues).toEqual([]);
    expect(checkPositions([{ inventoryProductId: 'I-1', amount: 12 }], catalogue, null).issues).toEqual([
      { path: 'positions.0.amount', message: 'PU' },
    ]);
  });
});

describe('applyOrderToSummary', () => {
  const weeks = [{ days: { '2026-11-16': { 'P-1': [4, 400] }, '2026-11-21': { 'P-1': [2, 200] }, '2026-11-22': { 'P-1': [1, 100] } } }];

  it('makes the order the last order and counts sales from its day', () => {
    const summary = { v: 3, products: { 'P-1': { ...emptyFigures(), q: 50, o: '2026-11-10', oq: 20, s: 7 } } };
    const out = applyOrderToSummary(
      summary,
      weeks,
      '2026-11-21',
      new Map([
        ['P-1', 30],
        ['P-2', 5],
      ]),
    );
    expect(out['P-1']).toMatchObject({ po: '2026-11-21', poq: 30, s: 3, o: '2026-11-10', oq: 20, q: 50 });
    expect(out['P-2']).toMatchObject({ po: '2026-11-21', poq: 5, s: 0 });
    // The summary read stays untouched.
    expect(summary.products['P-1'].s).toBe(7);
    const again = applyOrderToSummary({ v: 4, products: out }, weeks, '2026-11-21', new Map([['P-1', 10]]));
    expect(again['P-1']).toMatchObject({ po: '2026-11-21', poq: 40, s: 3 });
  });

  it('keeps a later last order (shipment or portal order)', () => {
    const summary = { v: 1, products: { 'P-1': { ...emptyFigures(), o: '2026-11-22', oq: 8, s: 1, po: '2026-11-22', poq: 2 } } };
    const out = applyOrderToSummary(summary, weeks, '2026-11-21', new Map([['P-1', 30]]));
    expect(out['P-1']).toMatchObject({ po: '2026-11-22', poq: 2, s: 1 });
  });
});

describe('order ids and request hashes', () => {
  it('makes readable unique ids', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newOrderId('2026-11-21')));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^O-20261121-[0-9A-HJKMNP-TV-Z]{6}$/);
  });

  it('hashes the request canonically', () => {
    const base = {
      customerId: 'R-1',
      storeType: 0 as const,
      storeId: 'S-1',
      positions: [
        { inventoryProductId: 'I-1', amount: 5 },
        { inventoryProductId: 'I-2', amount: 1 },
      ],
    };
    const reordered = { ...base, reference: '', positions: [...base.positions].reverse() };
    expect(requestHash(reordered)).toBe(requestHash(base));
    expect(requestHash({ ...base, reference: 'x' })).not.toBe(requestHash(base));
    expect(requestHash({ ...base, positions: [{ inventoryProductId: 'I-1', amount: 10 }] })).not.toBe(requestHash(base));
  });
});
