import { beforeEach, describe, expect, it } from 'vitest';
import {
  choosableColumns,
  columnChoiceStore,
  defaultColumnsFor,
  shownColumns,
  storeColumns,
  storedColumns,
  toggleColumn,
} from './column-choice.ts';
import { PRODUCT_COLUMNS, visibleColumns } from './product-table.ts';

const all = visibleColumns({ showStockWarning: true, showAirsColumn: true });
const withoutStock = visibleColumns({ showAirsColumn: false });

beforeEach(() => columnChoiceStore.set([]));

describe('products table columns (ADR 017)', () => {
  it('offers every figure but the name and the suggested quantity (always shown)', () => {
    expect(all).toHaveLength(PRODUCT_COLUMNS.length);
    expect(choosableColumns(all)).toHaveLength(PRODUCT_COLUMNS.length - 2);
    expect(choosableColumns(all)).not.toContain('name');
    expect(choosableColumns(all)).not.toContain('suggestedQuantity');
  });

  it('shows PU, sales of the last 4 weeks, last order and stock warning by default, where the settings allow them', () => {
    expect(shownColumns(all, null)).toEqual(['packagingUnit', 'salesLast4Weeks', 'lastOrder', 'stockWarning']);
    expect(shownColumns(withoutStock, null)).toEqual(['packagingUnit', 'salesLast4Weeks', 'lastOrder']);
  });

  it('shows the price in the PU place where the brand names its price (ADR 089), and toggles from those defaults', () => {
    const priced = defaultColumnsFor('MSRP');
    expect(shownColumns(all, null, priced)).toEqual(['salesLast4Weeks', 'lastOrder', 'stockWarning', 'faceValueCents']);
    expect(toggleColumn(null, 'ean', true, priced)).toEqual(['ean', 'salesLast4Weeks', 'lastOrder', 'stockWarning', 'faceValueCents']);
    expect(defaultColumnsFor(undefined)).toEqual(shownColumns(all, null));
  });

  it('toggles a column in catalogue order, starting from the defaults', () => {
    const withEan = toggleColumn(null, 'ean', true);
    expect(shownColumns(all, withEan)[0]).toBe('ean');
    expect(shownColumns(all, toggleColumn(withEan, 'packagingUnit', false))).not.toContain('packagingUnit');
    expect(toggleColumn(null, 'name', true)).not.toContain('name');
  });

  it('never shows a column a setting hides, whatever was stored', () => {
    expect(shownColumns(withoutStock, ['stockWarning', 'airs', 'ean'])).toEqual(['ean']);
  });

  it('remembers the choice per portal and user, and forgets it on reset', () => {
    storeColumns('ordering', 'demo.retailer', ['ean']);
    storeColumns('ordering', 'other', ['sku']);
    expect(storedColumns(columnChoiceStore.get(), 'ordering', 'Demo.Retailer')).toEqual(['ean']);
    expect(storedColumns(columnChoiceStore.get(), 'connect', 'demo.retailer')).toBeNull();
    storeColumns('ordering', 'demo.retailer', null);
    expect(storedColumns(columnChoiceStore.get(), 'ordering', 'demo.retailer')).toBeNull();
    expect(storedColumns(columnChoiceStore.get(), 'ordering', 'other')).toEqual(['sku']);
  });
});
