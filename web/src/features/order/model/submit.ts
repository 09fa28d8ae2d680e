import { type AddressRow, orderPositions, type OrderSubmitInput } from '@portal/core/ordering';
import type { OrderBasket } from './order-draft.ts';

/** The order to submit (SPEC 3): customerId, storeType, storeId, the optional reference, positions. */
export function buildOrderInput(
  customerId: string,
  location: Pick<AddressRow, 'storeId' | 'storeType'>,
  basket: OrderBasket,
  reference: string,
): OrderSubmitInput {
  const trimmed = reference.trim();
  return {
    customerId,
    storeType: location.storeType,
    storeId: location.storeId,
    ...(trimmed ? { reference: trimmed } : {}),
    positions: orderPositions(basket),
  };
}

export interface SortedIssues {
  /** Issues of one position, by the product id of its basket line. */
  byProduct: Map<string, string[]>;
  /** Issues of the reference field. */
  reference: string[];
  /** Everything else (shown above the lines). */
  other: string[];
}

/**
 * Places the server's field issues (`positions.3.amount`, `reference`, ...) next to what they are about.
 * Positions are sent in basket order, so position N is basket line N.
 */
export function sortIssues(issues: readonly { path: string; message: string }[] | undefined, basket: OrderBasket): SortedIssues {
  const sorted: SortedIssues = { byProduct: new Map(), reference: [], other: [] };
  for (const issue of issues ?? []) {
    const position = /^positions\.(\d+)(?:\.|$)/.exec(issue.path);
    const line = position ? basket[Number(position[1])] : undefined;
    if (line) {
      const id = String(line.product.id);
      sorted.byProduct.set(id, [...(sorted.byProduct.get(id) ?? []), issue.message]);
    } else if (issue.path === 'reference') {
      sorted.reference.push(issue.message);
    } else {
      sorted.other.push(issue.message);
    }
  }
  return sorted;
}
