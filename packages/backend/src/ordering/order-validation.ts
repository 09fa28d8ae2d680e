import { Messages, quantityRule } from '@portal/core/shared';
import type { OrderSubmitInput } from '@portal/core/ordering';
import type { Product } from '../masterdata/index.ts';
import type { StoredPosition } from './order-entity.ts';

export type Issue = { path: string; message: string };

export const PRODUCT_NOT_AVAILABLE = 'Product not available';
export const PRODUCT_TWICE = 'Product ordered twice';
/** The basket line's product was deallocated from the store (or replaced by a product change) from today (ADR 087). */
export const PRODUCT_NOT_ALLOCATED = 'Product no longer allocated to this store';

/**
 * Checks an order's positions (SPEC 5 Order): every position names an active catalogue product by its
 * inventoryProductId that the retailer may order (unless the retailer product check is off), no product
 * comes twice, and every amount passes core's quantityRule ('Minimum', 'Maximum', 'PU'). Answers the
 * positions to store, or the issues with the field paths the basket shows them at. `offeredBefore`: what the
 * retailer offered before allocation, so a product taken away by allocation says so (ADR 087).
 */
export function checkPositions(
  positions: OrderSubmitInput['positions'],
  catalogue: readonly Product[],
  allowed: ReadonlySet<string> | null,
  offeredBefore: ReadonlySet<string> = new Set(),
): { positions: StoredPosition[]; issues: Issue[] } {
  const byInventoryId = new Map<string, Product>();
  for (const p of catalogue) if (p.status === 'active') byInventoryId.set(p.inventoryProductId, p);
  const issues: Issue[] = [];
  const out: StoredPosition[] = [];
  const seen = new Set<string>();
  positions.forEach((position, i) => {
    const product = byInventoryId.get(position.inventoryProductId);
    if (!product || (allowed && !allowed.has(product.productId))) {
      const deallocated = product !== undefined && offeredBefore.has(product.productId);
      issues.push({ path: `positions.${i}.inventoryProductId`, message: deallocated ? PRODUCT_NOT_ALLOCATED : PRODUCT_NOT_AVAILABLE });
      return;
    }
    if (seen.has(product.productId)) {
      issues.push({ path: `positions.${i}.inventoryProductId`, message: PRODUCT_TWICE });
      return;
    }
    seen.add(product.productId);
    const problem = quantityRule(product, position.amount);
    if (problem) {
      issues.push({ path: `positions.${i}.amount`, message: problem });
      return;
    }
    out.push({
      productId: product.productId,
      inventoryProductId: product.inventoryProductId,
      ean: product.ean,
      name: product.name,
      amount: position.amount,
    });
  });
  return { positions: out, issues };
}

export const ORDER_INVALID = Messages.orderInvalid;
