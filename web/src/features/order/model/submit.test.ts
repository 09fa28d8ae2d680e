import { OrderSubmitInput, setQuantity } from '@portal/core/ordering';
import { describe, expect, it } from 'vitest';
import type { OrderBasket } from './order-draft.ts';
import { buildOrderInput, sortIssues } from './submit.ts';
import { address, product } from './test-products.ts';

const p1 = product();
const p2 = product({ id: 'P2', inventoryProductId: 'INV-P2' });
const basket = setQuantity(setQuantity([] as OrderBasket, p1, 10), p2, 20);

describe('order to submit', () => {
  it('sends customer, store, positions in basket order and a trimmed reference', () => {
    const input = buildOrderInput('R1', address({ storeType: 0, storeId: 'S9' }), basket, '  PO-7 ');
    expect(input).toEqual({
      customerId: 'R1',
      storeType: 0,
      storeId: 'S9',
      reference: 'PO-7',
      positions: [
        { inventoryProductId: 'INV-P1', amount: 10 },
        { inventoryProductId: 'INV-P2', amount: 20 },
      ],
    });
    expect(OrderSubmitInput.safeParse(input).success).toBe(true);
  });

  it('leaves an empty reference out', () => {
    expect('reference' in buildOrderInput('R1', address(), basket, '   ')).toBe(false);
  });
});

describe('server issues', () => {
  it('places position issues at their line, reference issues at the field, the rest above', () => {
    const sorted = sortIssues(
      [
        { path: 'positions.1.amount', message: 'PU' },
        { path: 'positions.1', message: 'Maximum' },
        { path: 'positions.0.inventoryProductId', message: 'unknown product' },
        { path: 'positions.5.amount', message: 'PU' },
        { path: 'reference', message: 'too long' },
        { path: 'storeId', message: 'locked' },
      ],
      basket,
    );
    expect(Object.fromEntries(sorted.byProduct)).toEqual({ P2: ['PU', 'Maximum'], P1: ['unknown product'] });
    expect(sorted.reference).toEqual(['too long']);
    expect(sorted.other).toEqual(['PU', 'locked']);
    expect(sortIssues(undefined, basket).other).toEqual([]);
  });
});
