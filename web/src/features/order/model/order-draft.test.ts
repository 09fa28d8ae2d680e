import { enterQuantity, setQuantity } from '@portal/core/ordering';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetSession, setSession } from '../../../lib/session.ts';
import { signedIn } from '../../../test/fixtures.ts';
import {
  afterSubmit,
  checkoutKey,
  clearDraft,
  draftFor,
  draftStore,
  emptyDraft,
  fingerprintOf,
  type OrderBasket,
  type OrderDraft,
  parseDraftState,
  refreshBasket,
  restoreBasket,
  updateBasket,
  withCheckoutKey,
  withLocation,
} from './order-draft.ts';
import { buildOrderInput } from './submit.ts';
import { address, product } from './test-products.ts';

const p1 = product();
const p2 = product({ id: 'P2', inventoryProductId: 'INV-P2', name: 'Gift Card 50', packagingUnit: 10, minimum: 10 });

const basketOf = (...lines: [typeof p1, number][]): OrderBasket => lines.reduce<OrderBasket>((b, [p, q]) => setQuantity(b, p, q), []);

const draft = (over: Partial<OrderDraft> = {}): OrderDraft => ({
  ...emptyDraft,
  retailerId: 'R1',
  location: address(),
  basket: basketOf([p1, 10], [p2, 7]),
  ...over,
});

describe('basket persistence', () => {
  it('survives a round trip through sessionStorage text, validity recomputed', () => {
    const state = { ordering: draft({ reference: 'PO-1' }), connect: emptyDraft };
    const restored = parseDraftState(JSON.stringify(state));
    expect(restored).toEqual(state);
    expect(restored.ordering.basket.map((l) => l.isValid)).toEqual([true, false]);
  });

  it('keeps a typed non-number (10.5) as typed and invalid through a reload and a product refresh', () => {
    const typed = draft({ basket: enterQuantity(basketOf([p1, 10]), p2, '10.5') });
    const restored = parseDraftState(JSON.stringify({ ordering: typed, connect: emptyDraft })).ordering;
    expect(restored.basket[1]).toEqual({ product: p2, qty: 0, isValid: false, entry: '10.5' });
    expect(refreshBasket(restored.basket, [p1, p2])).toBe(restored.basket);
  });

  it('does not trust a stored isValid flag', () => {
    const lines = [{ product: p2, qty: 7, isValid: true }];
    expect(restoreBasket(lines)[0]?.isValid).toBe(false);
    const tampered = JSON.stringify({ ordering: { ...draft(), basket: lines }, connect: emptyDraft });
    expect(parseDraftState(tampered).ordering.basket[0]?.isValid).toBe(false);
  });

  it('reads an unreadable or foreign value as an empty draft', () => {
    expect(parseDraftState(null).ordering).toEqual(emptyDraft);
    expect(parseDraftState('{oops').ordering).toEqual(emptyDraft);
    expect(parseDraftState(JSON.stringify({ ordering: { basket: 3 } })).ordering).toEqual(emptyDraft);
  });

  it('drops zero quantities and duplicate lines on restore', () => {
    const basket = restoreBasket([
      { product: p1, qty: 0 },
      { product: p2, qty: 10 },
      { product: p2, qty: 20 },
    ]);
    expect(basket.map((l) => [l.product.id, l.qty])).toEqual([['P2', 20]]);
  });
});

describe('location and retailer', () => {
  it('keeps the basket for the same location and starts a new one for another', () => {
    const d = draft();
    expect(withLocation(d, 'R1', address({ name: 'renamed' })).basket).toBe(d.basket);
    const other = withLocation(d, 'R1', address({ storeId: 'S2' }));
    expect(other.basket).toEqual([]);
    expect(other.location?.storeId).toBe('S2');
    expect(withLocation(d, 'R1', address({ storeType: 0 })).basket).toEqual([]);
  });

  it('reads a draft of another retailer as empty', () => {
    expect(draftFor(draft(), 'R2')).toEqual({ ...emptyDraft, retailerId: 'R2' });
    expect(withLocation(draft(), 'R2', address()).basket).toEqual([]);
  });

  it('a successful submit clears location, basket, reference and key', () => {
    const done = afterSubmit(draft({ reference: 'x', checkout: { key: 'k'.repeat(20), fingerprint: 'f' } }));
    expect(done).toEqual({ ...emptyDraft, retailerId: 'R1' });
  });

  it('takes fresh product data into the basket and drops products no longer offered', () => {
    const basket = basketOf([p1, 10], [p2, 7]);
    const relaxed = { ...p2, minimum: 1, packagingUnit: 1 };
    const next = refreshBasket(basket, [relaxed]);
    expect(next.map((l) => [l.product.id, l.qty, l.isValid])).toEqual([['P2', 7, true]]);
    expect(refreshBasket(basket, [p1, p2])).toBe(basket);
  });
});

describe('idempotency key', () => {
  const input = buildOrderInput('R1', address(), basketOf([p1, 10]), '');

  it('keeps the key while the order is unchanged and makes a new one when it changes', () => {
    let n = 0;
    const gen = () => `key-${String(++n).padStart(16, '0')}`;
    const first = withCheckoutKey(draft(), input, gen);
    expect(withCheckoutKey(first, input, gen)).toBe(first);
    const changed = withCheckoutKey(first, { ...input, reference: 'PO-2' }, gen);
    expect(changed.checkout?.key).not.toBe(first.checkout?.key);
    expect(fingerprintOf(input)).not.toBe(fingerprintOf({ ...input, positions: [{ inventoryProductId: 'INV-P1', amount: 15 }] }));
  });

  describe('in the store', () => {
    beforeEach(() => draftStore.set({ ordering: emptyDraft, connect: emptyDraft }));

    it('is kept across submits until success, then cleared', () => {
      updateBasket('ordering', 'R1', () => basketOf([p1, 10]));
      const a = checkoutKey('ordering', input);
      expect(checkoutKey('ordering', input)).toBe(a);
      expect(parseDraftState(JSON.stringify(draftStore.get())).ordering.checkout?.key).toBe(a);
      clearDraft('ordering');
      expect(draftStore.get().ordering.checkout).toBeNull();
      expect(checkoutKey('ordering', input)).not.toBe(a);
    });

    it('is per portal', () => {
      const a = checkoutKey('ordering', input);
      expect(checkoutKey('connect', input)).not.toBe(a);
      expect(checkoutKey('ordering', input)).toBe(a);
    });

    it('ends with the portal session', () => {
      setSession('ordering', signedIn());
      updateBasket('ordering', 'R1', () => basketOf([p1, 10]));
      updateBasket('connect', 'R1', () => basketOf([p1, 10]));
      resetSession('ordering');
      expect(draftStore.get().ordering).toEqual(emptyDraft);
      expect(draftStore.get().connect.basket).toHaveLength(1);
    });
  });
});
