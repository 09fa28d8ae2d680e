import { Messages } from '../shared/messages.ts';
import { numericRule, type QuantityConstraints, type QuantityProblem, quantityRule } from '../shared/validation.ts';

/**
 * The order basket (SPEC 3 "Basket line", SPEC 4 "Basket and order"). A basket is an immutable list of
 * lines; every operation returns a new basket and leaves its input untouched. Lines keep the order in
 * which products were first added. A line's `isValid` is computed from the product's quantity
 * constraints whenever the line is written.
 *
 * Decision: setting a quantity to 0 (or to a non-number, e.g. a cleared input) removes the line, so an
 * all-cleared basket is "empty" ('Please enter at least one value') rather than "invalid". Negative and
 * fractional quantities stay in the basket as invalid lines so the user sees the problem.
 *
 * Typed quantities go through `enterQuantity`: the text is never rewritten into another number. Text
 * that is not a whole number (`10.5`, `1e3`, `-10`, `abc`) stays as typed in the line's `entry`, and
 * the line is invalid with 'Value must be numeric', so the order cannot be submitted.
 */
type ProductId = string | number;

export interface BasketProduct extends QuantityConstraints {
  id: ProductId;
}

export interface BasketLine<P extends BasketProduct = BasketProduct> {
  product: P;
  /** The quantity; 0 while `entry` holds text that is not a whole number. */
  qty: number;
  isValid: boolean;
  /** The text as typed when it is not a whole number (the line is then invalid); absent otherwise. */
  entry?: string;
}

export type Basket<P extends BasketProduct = BasketProduct> = readonly BasketLine<P>[];

export const emptyBasket = <P extends BasketProduct = BasketProduct>(): Basket<P> => [];

export type LineProblem = QuantityProblem | typeof Messages.numeric;

/** The problem of a line ('Value must be numeric' | 'Minimum' | 'Maximum' | 'PU'), or null when it is valid. */
export const lineProblem = (line: Pick<BasketLine, 'product' | 'qty' | 'entry'>): LineProblem | null =>
  line.entry != null ? Messages.numeric : quantityRule(line.product, line.qty);

/**
 * Reads a typed quantity (SPEC 5 'Value must be numeric'): blank is null, digits only are their number,
 * anything else is NaN — `10.5`, `1e3`, `-10`, `1,5`, `abc` and numbers beyond safe integers are never
 * read as some other number.
 */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const qty = numericRule(trimmed) === null ? Number(trimmed) : Number.NaN;
  return Number.isSafeInteger(qty) ? qty : Number.NaN;
}

/** What a quantity field shows for a line: the text as typed, else the quantity ('' without a line). */
export const lineText = (line: Pick<BasketLine, 'qty' | 'entry'> | undefined): string =>
  line == null ? '' : (line.entry ?? String(line.qty));

const makeLine = <P extends BasketProduct>(product: P, qty: number): BasketLine<P> => ({
  product,
  qty,
  isValid: quantityRule(product, qty) === null,
});

const clears = (qty: number): boolean => Number.isNaN(qty) || qty === 0;

/** Sets the quantity of `product`'s line (adding the line if needed); 0/null/NaN removes it. */
export function setQuantity<P extends BasketProduct>(basket: Basket<P>, product: P, qty: number | null | undefined): Basket<P> {
  if (qty == null || clears(qty)) return removeLine(basket, product.id);
  const line = makeLine(product, qty);
  const index = basket.findIndex((l) => l.product.id === product.id);
  if (index === -1) return [...basket, line];
  return basket.map((l, i) => (i === index ? line : l));
}

/**
 * Sets `product`'s line from the text typed into its quantity field: blank or 0 removes the line, a
 * whole number sets it (validated by the quantity rule), anything else keeps the text as an invalid line.
 */
export function enterQuantity<P extends BasketProduct>(basket: Basket<P>, product: P, text: string): Basket<P> {
  const qty = parseQuantity(text);
  if (qty === null || !Number.isNaN(qty)) return setQuantity(basket, product, qty);
  const line: BasketLine<P> = { product, qty: 0, isValid: false, entry: text.trim() };
  const index = basket.findIndex((l) => l.product.id === product.id);
  if (index === -1) return [...basket, line];
  return basket.map((l, i) => (i === index ? line : l));
}

/** Writes `line` again for `product` (e.g. fresh product data): typed text stays text, a quantity a quantity. */
export const rewriteLine = <P extends BasketProduct>(basket: Basket<P>, product: P, line: Pick<BasketLine, 'qty' | 'entry'>): Basket<P> =>
  line.entry != null ? enterQuantity(basket, product, line.entry) : setQuantity(basket, product, line.qty);

/** Adds `qty` to `product`'s current quantity (0 when absent); a resulting 0 removes the line. */
export function addQuantity<P extends BasketProduct>(basket: Basket<P>, product: P, qty: number): Basket<P> {
  return setQuantity(basket, product, quantityOf(basket, product.id) + qty);
}

/** Removes the line of `productId` (no change when there is none). */
export function removeLine<P extends BasketProduct>(basket: Basket<P>, productId: ProductId): Basket<P> {
  return basket.some((l) => l.product.id === productId) ? basket.filter((l) => l.product.id !== productId) : basket;
}

/** The quantity in the basket for `productId`, 0 when absent. */
export const quantityOf = (basket: Basket, productId: ProductId): number => basket.find((l) => l.product.id === productId)?.qty ?? 0;

/** The order total: the sum of the quantities of valid lines only. */
export const orderTotal = (basket: Basket): number => basket.reduce((sum, line) => (line.isValid ? sum + line.qty : sum), 0);

/** An order is valid only if the basket is non-empty and every line is valid. */
export const isOrderValid = (basket: Basket): boolean => basket.length > 0 && basket.every((l) => l.isValid);

type OrderProblem = typeof Messages.selectLocation | typeof Messages.atLeastOneValue | typeof Messages.orderInvalid;

/**
 * Everything that blocks submitting, in display order: 'Please select a location' (no location),
 * 'Please enter at least one value' (empty basket), 'Your order is invalid' (some line invalid).
 * Empty when the order can be submitted.
 */
export function orderProblems<L>(input: { basket: Basket; location: L | null | undefined }): OrderProblem[] {
  const problems: OrderProblem[] = [];
  if (input.location == null) problems.push(Messages.selectLocation);
  if (input.basket.length === 0) problems.push(Messages.atLeastOneValue);
  else if (!input.basket.every((l) => l.isValid)) problems.push(Messages.orderInvalid);
  return problems;
}

/** The positions of the order to submit (SPEC 3: inventoryProductId, amount), in basket order. */
export function orderPositions<P extends BasketProduct & { inventoryProductId: ProductId }>(
  basket: Basket<P>,
): { inventoryProductId: P['inventoryProductId']; amount: number }[] {
  return basket.map((line) => ({ inventoryProductId: line.product.inventoryProductId, amount: line.qty }));
}
