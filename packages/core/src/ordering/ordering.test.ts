import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasStockWarning, orderPdfFileName, OrderSubmitInput, suggestedQuantity } from './ordering.ts';
import { quantityRule } from '../shared/validation.ts';

const base = { salesLast4Weeks: 0, stock: null, packagingUnit: 1, minimum: null, maximum: null };

describe('suggestedQuantity (ADR 015)', () => {
  it('covers 1.3 × the last 4 weeks, rounded up to the packaging unit', () => {
    expect(suggestedQuantity({ ...base, salesLast4Weeks: 40, packagingUnit: 10 })).toBe(60); // 52 -> 60
    expect(suggestedQuantity({ ...base, salesLast4Weeks: 10, packagingUnit: 1 })).toBe(13);
    expect(suggestedQuantity({ ...base, salesLast4Weeks: 7, packagingUnit: 5 })).toBe(10); // 9.1 -> 10
  });

  it('does not round a float artefact up by a whole unit (1.3 × 10 = 13.000000000000002)', () => {
    expect(suggestedQuantity({ ...base, salesLast4Weeks: 10, packagingUnit: 13 })).toBe(13);
  });

  it('subtracts the cards still on hand; negative stock counts as none', () => {
    expect(suggestedQuantity({ ...base, salesLast4Weeks: 40, stock: 20, packagingUnit: 10 })).toBe(40); // 32 -> 40
    expect(suggestedQuantity({ ...base, salesLast4Weeks: 40, stock: 60, packagingUnit: 10 })).toBe(0);
    expect(suggestedQuantity({ ...base, salesLast4Weeks: 10, stock: -5 })).toBe(13);
  });

  it('suggests nothing without demand', () => {
    expect(suggestedQuantity({ ...base, salesLast4Weeks: 0, packagingUnit: 10, minimum: 10 })).toBe(0);
  });

  it('raises to the minimum and caps at the maximum, both in whole packaging units', () => {
    expect(suggestedQuantity({ ...base, salesLast4Weeks: 2, packagingUnit: 10, minimum: 25 })).toBe(30);
    expect(suggestedQuantity({ ...base, salesLast4Weeks: 1000, packagingUnit: 10, maximum: 405 })).toBe(400);
  });

  it('suggests nothing when no multiple of the packaging unit lies within [minimum, maximum]', () => {
    expect(suggestedQuantity({ ...base, salesLast4Weeks: 50, packagingUnit: 10, minimum: 11, maximum: 19 })).toBe(0);
  });

  it('treats a missing or broken packaging unit as 1', () => {
    expect(suggestedQuantity({ ...base, salesLast4Weeks: 10, packagingUnit: 0 })).toBe(13);
  });

  it('always passes the basket quantity rule, and is the least such quantity covering the need (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.option(fc.integer({ min: -100, max: 3000 })),
        fc.integer({ min: 1, max: 50 }),
        fc.option(fc.integer({ min: 1, max: 500 })),
        fc.option(fc.integer({ min: 1, max: 5000 })),
        (sales, stock, pu, minimum, maximum) => {
          const input = { salesLast4Weeks: sales, stock, packagingUnit: pu, minimum, maximum };
          const q = suggestedQuantity(input);
          if (q === 0) return;
          const rule = { packagingUnit: pu, minimum: minimum ?? undefined, maximum: maximum ?? undefined };
          expect(quantityRule(rule, q)).toBeNull();
          const need = 1.3 * sales - Math.max(0, stock ?? 0);
          expect(need).toBeGreaterThan(0);
          // One packaging unit less would either not cover the need or fall below the minimum.
          const atMaximum = maximum !== null && q + pu > maximum;
          if (!atMaximum) expect(q).toBeGreaterThanOrEqual(Math.round(need * 1e6) / 1e6);
          expect(q - pu < need || q - pu < Math.max(1, minimum ?? 1)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('hasStockWarning (ADR 015)', () => {
  it('warns when the stock covers less than two weeks of the last 4 weeks, or is used up while selling', () => {
    expect(hasStockWarning({ stock: 9, salesLast4Weeks: 20 })).toBe(true);
    expect(hasStockWarning({ stock: 10, salesLast4Weeks: 20 })).toBe(false);
    expect(hasStockWarning({ stock: 0, salesLast4Weeks: 1 })).toBe(true);
    expect(hasStockWarning({ stock: -3, salesLast4Weeks: 1 })).toBe(true);
  });

  it('does not warn without known stock or without sales', () => {
    expect(hasStockWarning({ stock: null, salesLast4Weeks: 100 })).toBe(false);
    expect(hasStockWarning({ stock: 0, salesLast4Weeks: 0 })).toBe(false);
  });
});

describe('OrderSubmitInput', () => {
  it('needs at least one position', () => {
    const res = OrderSubmitInput.safeParse({ customerId: 'R-1', storeType: 0, storeId: 'S-1', positions: [] });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toBe('Please enter at least one value');
  });

  it('accepts an order without a reference', () => {
    const input = { customerId: 'R-1', storeType: 1, storeId: 'DC-1', positions: [{ inventoryProductId: 'INV-1', amount: 10 }] };
    expect(OrderSubmitInput.parse(input)).toEqual(input);
  });
});

describe('orderPdfFileName', () => {
  it('names the order and its date in the user zone, with file-system-safe characters only', () => {
    expect(orderPdfFileName({ orderId: 'O-20261121-ABC123', orderedAt: '2026-11-20T23:30:00.000Z' }, 'Europe/Berlin')).toBe(
      'Order-O-20261121-ABC123-2026-11-21.pdf',
    );
    expect(orderPdfFileName({ orderId: 'O-20261121-ABC123', orderedAt: '2026-11-20T23:30:00.000Z' }, 'America/Los_Angeles')).toBe(
      'Order-O-20261121-ABC123-2026-11-20.pdf',
    );
    expect(orderPdfFileName({ orderId: 'a/b "c"', orderedAt: '2026-11-20T10:00:00.000Z' }, 'Mars/Base')).toBe(
      'Order-a_b__c_-2026-11-20.pdf',
    );
  });
});
