import { quantityOf, setQuantity } from '@portal/core/ordering';
import { describe, expect, it } from 'vitest';
import type { OrderBasket } from './order-draft.ts';
import {
  applyQuantity,
  applySuggested,
  filterProducts,
  nextSort,
  PRODUCT_COLUMNS,
  sortProducts,
  suggestedChanges,
  visibleColumns,
} from './product-table.ts';
import { product } from './test-products.ts';

const a = product({ id: 'A10', name: 'Card A10', company: 'Zeta', salesLast4Weeks: 5, calculatedSince: null, suggestedQuantity: 0 });
const b = product({ id: 'A2', name: 'card b', company: 'alpha', salesLast4Weeks: 50, lastOrder: { date: '2026-02-01', quantity: 5 } });
const c = product({
  id: 'A3',
  name: 'Card C',
  company: 'Beta',
  salesLast4Weeks: 5,
  couponType: 'POSA',
  lastOrder: { date: '2025-12-01', quantity: 5 },
  suggestedQuantity: 20,
});
const rows = [a, b, c];
const ids = (list: readonly { id: string }[]) => list.map((r) => r.id);

describe('sorting', () => {
  it('sorts strings naturally and case-insensitively', () => {
    expect(ids(sortProducts(rows, { column: 'id', direction: 'asc' }))).toEqual(['A2', 'A3', 'A10']);
    expect(ids(sortProducts(rows, { column: 'company', direction: 'desc' }))).toEqual(['A10', 'A3', 'A2']);
  });

  it('sorts numbers numerically and keeps ties in catalogue order', () => {
    expect(ids(sortProducts(rows, { column: 'salesLast4Weeks', direction: 'asc' }))).toEqual(['A10', 'A3', 'A2']);
    expect(ids(sortProducts(rows, { column: 'salesLast4Weeks', direction: 'desc' }))).toEqual(['A2', 'A10', 'A3']);
  });

  it('puts empty values last in both directions', () => {
    expect(ids(sortProducts(rows, { column: 'lastOrder', direction: 'asc' }))).toEqual(['A3', 'A2', 'A10']);
    expect(ids(sortProducts(rows, { column: 'lastOrder', direction: 'desc' }))).toEqual(['A2', 'A3', 'A10']);
    expect(ids(sortProducts(rows, { column: 'couponType', direction: 'desc' }))).toEqual(['A3', 'A10', 'A2']);
  });

  it('without a sort keeps the catalogue order and never mutates its input', () => {
    const copy = [...rows];
    expect(ids(sortProducts(rows, null))).toEqual(['A10', 'A2', 'A3']);
    sortProducts(rows, { column: 'name', direction: 'desc' });
    expect(rows).toEqual(copy);
  });

  it('cycles a header: ascending, descending, off', () => {
    const asc = nextSort(null, 'name');
    expect(asc).toEqual({ column: 'name', direction: 'asc' });
    expect(nextSort(asc, 'name')).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSort({ column: 'name', direction: 'desc' }, 'name')).toBeNull();
    expect(nextSort({ column: 'name', direction: 'desc' }, 'ean')).toEqual({ column: 'ean', direction: 'asc' });
  });
});

describe('filtering', () => {
  it('matches every word, case-insensitively, in id, EAN, name, brand, SKU and coupon type', () => {
    expect(ids(filterProducts(rows, 'card'))).toEqual(['A10', 'A2', 'A3']);
    expect(ids(filterProducts(rows, 'CARD  beta'))).toEqual(['A3']);
    expect(ids(filterProducts(rows, 'posa'))).toEqual(['A3']);
    expect(ids(filterProducts(rows, 'a10'))).toEqual(['A10']);
    expect(ids(filterProducts(rows, '   '))).toEqual(['A10', 'A2', 'A3']);
    expect(filterProducts(rows, 'nothing')).toEqual([]);
  });
});

describe('columns', () => {
  it('shows stock warning and AIRS only with their settings', () => {
    expect(visibleColumns({})).not.toContain('stockWarning');
    expect(visibleColumns({})).not.toContain('airs');
    expect(visibleColumns({ showStockWarning: true, showAirsColumn: true })).toEqual([...PRODUCT_COLUMNS]);
    expect(visibleColumns(undefined)).toHaveLength(PRODUCT_COLUMNS.length - 2);
  });
});

describe('apply-on', () => {
  const empty: OrderBasket = [];

  it('"this product" sets only that product', () => {
    const basket = applyQuantity(empty, b, '10', 'product', rows);
    expect(basket.map((l) => [l.product.id, l.qty])).toEqual([['A2', 10]]);
  });

  it('"all products" sets every listed product, each validated on its own', () => {
    const x = product({ id: 'X', packagingUnit: 4, minimum: 4 });
    const basket = applyQuantity(empty, b, '10', 'all', [b, c, x]);
    expect(basket.map((l) => [l.product.id, l.qty, l.isValid])).toEqual([
      ['A2', 10, true],
      ['A3', 10, true],
      ['X', 10, false],
    ]);
    expect(quantityOf(basket, 'A10')).toBe(0);
  });

  it('"all products" includes the edited product even when it is not listed', () => {
    expect(applyQuantity(empty, a, '5', 'all', [c]).map((l) => l.product.id)).toEqual(['A3', 'A10']);
  });

  it('a cleared quantity removes the line(s)', () => {
    const full = applyQuantity(empty, a, '5', 'all', rows);
    expect(applyQuantity(full, a, '', 'product', rows)).toHaveLength(2);
    expect(applyQuantity(full, a, '', 'all', rows)).toEqual([]);
  });
});

describe('suggested quantities', () => {
  it('sets every product with a suggestion above 0 and leaves other lines alone', () => {
    const start = setQuantity([] as OrderBasket, a, 30);
    expect(suggestedChanges(start, rows)).toBe(2);
    const basket = applySuggested(start, rows);
    expect(basket.map((l) => [l.product.id, l.qty])).toEqual([
      ['A10', 30],
      ['A2', 15],
      ['A3', 20],
    ]);
    expect(suggestedChanges(basket, rows)).toBe(0);
  });
});

describe('quantity text (ADR 017)', () => {
  it('keeps 10.5, 1e3, -10 and abc as typed, on every product "all products" reaches', () => {
    for (const text of ['10.5', '1e3', '-10', 'abc', '2,5']) {
      expect(applyQuantity([] as OrderBasket, b, text, 'product', rows)).toEqual([{ product: b, qty: 0, isValid: false, entry: text }]);
      expect(applyQuantity([] as OrderBasket, b, text, 'all', rows).map((l) => [l.product.id, l.entry])).toEqual([
        ['A10', text],
        ['A2', text],
        ['A3', text],
      ]);
    }
  });
});
