import { describe, expect, it } from 'vitest';
import {
  addQuantity,
  type Basket,
  type BasketProduct,
  emptyBasket,
  enterQuantity,
  isOrderValid,
  lineProblem,
  lineText,
  orderPositions,
  orderProblems,
  orderTotal,
  parseQuantity,
  quantityOf,
  removeLine,
  rewriteLine,
  setQuantity,
} from './basket.ts';

type Product = BasketProduct & { inventoryProductId: number };
const cards: Product = { id: 'p1', inventoryProductId: 101, minimum: 10, maximum: 100, packagingUnit: 10 };
const pins: Product = { id: 'p2', inventoryProductId: 102, packagingUnit: 5 };
const loose: Product = { id: 'p3', inventoryProductId: 103 };

describe('setQuantity', () => {
  it('adds a line with its validity', () => {
    const basket = setQuantity(emptyBasket(), cards, 20);
    expect(basket).toEqual([{ product: cards, qty: 20, isValid: true }]);
  });

  it('replaces the quantity of an existing line and keeps line order', () => {
    let basket = setQuantity(emptyBasket(), cards, 20);
    basket = setQuantity(basket, pins, 5);
    basket = setQuantity(basket, cards, 25);
    expect(basket.map((l) => [l.product.id, l.qty, l.isValid])).toEqual([
      ['p1', 25, false],
      ['p2', 5, true],
    ]);
  });

  it('does not change the basket it was given', () => {
    const before = setQuantity(emptyBasket(), cards, 20);
    const snapshot = structuredClone(before);
    setQuantity(before, cards, 30);
    setQuantity(before, pins, 5);
    removeLine(before, 'p1');
    expect(before).toEqual(snapshot);
  });

  it('removes the line for 0, null and NaN', () => {
    const basket = setQuantity(setQuantity(emptyBasket(), cards, 20), pins, 5);
    expect(setQuantity(basket, cards, 0).map((l) => l.product.id)).toEqual(['p2']);
    expect(setQuantity(basket, cards, null).map((l) => l.product.id)).toEqual(['p2']);
    expect(setQuantity(basket, cards, Number.NaN).map((l) => l.product.id)).toEqual(['p2']);
  });

  it('keeps negative and fractional quantities as invalid lines', () => {
    expect(setQuantity(emptyBasket(), loose, -3)).toEqual([{ product: loose, qty: -3, isValid: false }]);
    expect(setQuantity(emptyBasket(), loose, 1.5)).toEqual([{ product: loose, qty: 1.5, isValid: false }]);
  });

  it('marks quantities off the packaging unit invalid', () => {
    const [line] = setQuantity(emptyBasket(), pins, 7);
    expect(line?.isValid).toBe(false);
    expect(lineProblem(line!)).toBe('PU');
  });
});

describe('addQuantity', () => {
  it('adds to the current quantity, starting from 0', () => {
    let basket = addQuantity(emptyBasket(), pins, 5);
    basket = addQuantity(basket, pins, 10);
    expect(quantityOf(basket, 'p2')).toBe(15);
    expect(basket).toHaveLength(1);
  });

  it('removes the line when the sum reaches 0', () => {
    const basket = addQuantity(addQuantity(emptyBasket(), pins, 5), pins, -5);
    expect(basket).toEqual([]);
  });

  it('revalidates after adding', () => {
    const basket = addQuantity(addQuantity(emptyBasket(), cards, 5), cards, 5);
    expect(basket[0]?.isValid).toBe(true);
  });
});

describe('removeLine', () => {
  it('removes only the given product', () => {
    const basket = setQuantity(setQuantity(emptyBasket(), cards, 20), pins, 5);
    expect(removeLine(basket, 'p1').map((l) => l.product.id)).toEqual(['p2']);
    expect(removeLine(basket, 'nope')).toEqual(basket);
  });
});

describe('orderTotal and isOrderValid', () => {
  // 20 cards (valid), 7 pins (off their unit of 5), 3 loose (valid)
  const mixed: Basket<Product> = setQuantity(setQuantity(setQuantity(emptyBasket<Product>(), cards, 20), pins, 7), loose, 3);

  it('sums valid lines only', () => {
    expect(orderTotal(mixed)).toBe(23); // 20 + 3; the 7 pins are off their unit of 5
    expect(orderTotal(emptyBasket())).toBe(0);
  });

  it('is invalid when empty or when any line is invalid', () => {
    expect(isOrderValid(emptyBasket())).toBe(false);
    expect(isOrderValid(mixed)).toBe(false);
    expect(isOrderValid(setQuantity(mixed, pins, 10))).toBe(true);
  });
});

describe('orderProblems', () => {
  const valid = setQuantity(emptyBasket(), cards, 20);
  const invalid = setQuantity(emptyBasket(), cards, 15);

  it('is empty for a valid basket with a location', () => {
    expect(orderProblems({ basket: valid, location: { storeId: 1 } })).toEqual([]);
  });

  it('asks for a location', () => {
    expect(orderProblems({ basket: valid, location: null })).toEqual(['Please select a location']);
  });

  it('asks for at least one value when the basket is empty', () => {
    expect(orderProblems({ basket: emptyBasket(), location: 'store-1' })).toEqual(['Please enter at least one value']);
  });

  it('calls the order invalid when a line is invalid', () => {
    expect(orderProblems({ basket: invalid, location: 'store-1' })).toEqual(['Your order is invalid']);
  });

  it('lists every problem in display order', () => {
    expect(orderProblems({ basket: emptyBasket(), location: undefined })).toEqual([
      'Please select a location',
      'Please enter at least one value',
    ]);
    expect(orderProblems({ basket: invalid, location: null })).toEqual(['Please select a location', 'Your order is invalid']);
  });
});

describe('orderPositions', () => {
  it('maps lines to inventory product ids and amounts', () => {
    const basket = setQuantity(setQuantity(emptyBasket<Product>(), cards, 20), pins, 10);
    expect(orderPositions(basket)).toEqual([
      { inventoryProductId: 101, amount: 20 },
      { inventoryProductId: 102, amount: 10 },
    ]);
  });
});

describe('typed quantities (ADR 017: never rewrite what is typed)', () => {
  it('reads digits only; anything else is not a number', () => {
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('  ')).toBeNull();
    expect(parseQuantity(' 20 ')).toBe(20);
    expect(parseQuantity('007')).toBe(7);
    for (const text of ['10.5', '1e3', '-10', '1,5', 'abc', '+5', '12 3', '99999999999999999999']) {
      expect(parseQuantity(text), text).toBeNaN();
    }
  });

  it('keeps non-numeric text as typed in an invalid line that blocks the order', () => {
    for (const text of ['10.5', '1e3', '-10', 'abc']) {
      const basket = enterQuantity(emptyBasket<Product>(), cards, text);
      expect(basket).toEqual([{ product: cards, qty: 0, isValid: false, entry: text }]);
      expect(lineText(basket[0])).toBe(text);
      expect(lineProblem(basket[0]!)).toBe('Value must be numeric');
      expect(isOrderValid(basket)).toBe(false);
      expect(orderProblems({ basket, location: 'store-1' })).toEqual(['Your order is invalid']);
      expect(orderTotal(basket)).toBe(0);
    }
  });

  it('sets whole numbers through the quantity rule and clears on blank or 0', () => {
    let basket = enterQuantity(emptyBasket<Product>(), cards, '10.5');
    basket = enterQuantity(basket, cards, '20');
    expect(basket).toEqual([{ product: cards, qty: 20, isValid: true }]);
    expect(lineProblem(enterQuantity(basket, cards, '15')[0]!)).toBe('PU');
    expect(lineProblem(enterQuantity(basket, cards, '5')[0]!)).toBe('Minimum');
    expect(lineProblem(enterQuantity(basket, cards, '110')[0]!)).toBe('Maximum');
    expect(enterQuantity(basket, cards, '')).toEqual([]);
    expect(enterQuantity(basket, cards, '0')).toEqual([]);
  });

  it('rewrites a line for fresh product data without losing the typed text', () => {
    const fresh = { ...cards, maximum: 200 };
    const [typed] = enterQuantity(emptyBasket<Product>(), cards, '1e3');
    expect(rewriteLine(emptyBasket<Product>(), fresh, typed!)).toEqual([{ product: fresh, qty: 0, isValid: false, entry: '1e3' }]);
    const [number] = setQuantity(emptyBasket<Product>(), cards, 150);
    expect(rewriteLine(emptyBasket<Product>(), fresh, number!)[0]!.isValid).toBe(true);
  });
});
