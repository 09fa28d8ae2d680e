import { createHash } from 'node:crypto';
import { Messages, IDEMPOTENCY } from '@portal/core/shared';
import { isSelectableAddress, type OrderDetail, type OrderSubmitInput, ORDER } from '@portal/core/ordering';
import type { Db } from '../platform/db/client.ts';
import { idempotencyPut, readIdempotency } from '../platform/db/idempotency.ts';
import { transactOptimistically, type TxItem } from '../platform/db/transact.ts';
import { AppError } from '../errors.ts';
import { readSummaryAndWeeks, summaryPut, currentProducts, allRetailerProducts } from '../masterdata/index.ts';
import { type Actor, requirePermission, requireRetailer } from '../access/index.ts';
import { addressOfRetailer, getLocation, locationOfAddress } from './location.ts';
import { allocatedAtStore } from '../allocation/index.ts';
import { offeredProducts } from './products-step.ts';
import { todayOf } from '../platform/time.ts';
import { orderDetail, orderNotFound } from './order-detail.ts';
import { getOrder, newOrderId, orderItems, orderKeys, type StoredOrder } from './order-entity.ts';
import { shipmentLinesOfOrders } from './order-shipments.ts';
import { applyOrderToSummary } from './order-summary.ts';
import { checkPositions } from './order-validation.ts';

/** What a submit answers: the order, and whether this call created it (false: an idempotent replay). */
export type SubmitResult = { order: OrderDetail; created: boolean };

/**
 * Write cycles before giving up when the location's summary keeps moving (other orders for the same
 * address or an import). Full jitter spreads competing writers apart; the ~10 s budget lets a burst of
 * dozens of simultaneous orders for ONE address drain (ADR 015) — a rare case, since orders of different
 * addresses never compete.
 */
const MAX_ATTEMPTS = 24;

/**
 * The request as the idempotency key binds it: what the order says, positions in product order (a
 * reordered basket is the same order), an empty reference as none. Its SHA-256 is stored with the key.
 */
export function requestHash(input: OrderSubmitInput): string {
  const canonical = {
    customerId: input.customerId,
    storeType: input.storeType,
    storeId: input.storeId,
    reference: input.reference?.trim() || null,
    positions: input.positions
      .map((p) => [p.inventoryProductId, p.amount] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1])),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

type IdempotencyRecord = { hash: string; orderId: string };

/** The submission already made under the user's key (absent or expired: null). */
async function readSubmission(db: Db, username: string, key: string, now: Date): Promise<IdempotencyRecord | null> {
  const item = await readIdempotency<{ orderId: string }>(db, orderKeys.idempotency(username, key), now);
  return item && { hash: item.hash, orderId: item.orderId };
}

/** The answer to a key already used: the same request gets its order back, another one 409. */
async function replay(db: Db, record: IdempotencyRecord, hash: string): Promise<SubmitResult> {
  if (record.hash !== hash) {
    throw new AppError('conflict', IDEMPOTENCY.KEY_REUSED, 'This idempotency key was already used for another order.');
  }
  const order = await getOrder(db, record.orderId, true);
  if (!order) throw orderNotFound();
  const shipped = await shipmentLinesOfOrders(db, [order]);
  return { order: orderDetail(order, shipped.lines.get(order.orderId) ?? []), created: false };
}

/**
 * Submits an order (SPEC 3 Order to submit, SPEC 5 Order rules, SPEC 7 replenishment/orders create).
 *
 * Checks, in this order, before anything is written: cardOrdering (403); the retailer (404); a key
 * already used (same request: the stored order, created false; another request: 409); the location
 * exists and is the retailer's (404 STORE.NOT_FOUND) and is active (400 ORDER.LOCATION_NOT_SELECTABLE);
 * each position (400 ORDER.INVALID with `positions.<i>.<field>` issues).
 *
 * Then ONE TransactWriteItems: the order header and position chunks (new id), the idempotency record
 * (absent or expired; TTL 24 h) and the location summary with the order as last portal order (`po`,
 * `poq`, `s` recounted; conditioned on the version read). A failed condition means: the key was taken
 * meanwhile (a concurrent identical submit: answer its order) or the summary moved (retry the cycle).
 * Calls: 5 parallel reads (role, key, location, catalogue, retailer products) + the store's allocation
 * (1 BatchGetItem, ADR 087) + 1 Query (summary and this week's buckets) + 1 TransactWriteItems = 8 when
 * nothing races. A product no longer allocated to the store answers its own issue (PRODUCT_NOT_ALLOCATED).
 */
export async function submitOrder(
  deps: { db: Db; now: () => Date },
  actor: Actor,
  input: OrderSubmitInput,
  idempotencyKey: string,
): Promise<SubmitResult> {
  const { db } = deps;
  requirePermission(actor, 'ordering', 'cardOrdering');
  const hash = requestHash(input);
  const [, existing, found, catalogue, retailerProducts] = await Promise.all([
    requireRetailer(db, actor, input.customerId),
    readSubmission(db, actor.username, idempotencyKey, deps.now()),
    getLocation(db, input.storeType, input.storeId),
    currentProducts(db, deps.now()),
    allRetailerProducts(db, input.customerId),
  ]);
  if (existing) return replay(db, existing, hash);
  const address = addressOfRetailer(found?.address ?? null, input.customerId);
  if (!isSelectableAddress(address)) {
    throw new AppError('input', ORDER.LOCATION_NOT_SELECTABLE, Messages.selectLocation, {
      issues: [{ path: 'storeId', message: Messages.selectLocation }],
    });
  }
  // What the products step offers (ADR 087 rule 8): the offer with the store's allocation from today.
  const check = !actor.access.modules.ordering.settings.disableRetailerProductCheck;
  const offer = offeredProducts(catalogue.items, retailerProducts.items, check).map(({ product }) => product.productId);
  const where = { customerId: input.customerId, storeId: input.storeId, divisionId: found?.divisionId ?? null };
  const { allocated } = await allocatedAtStore(db, where, offer, deps.now());
  const { positions, issues } = checkPositions(input.positions, catalogue.items, allocated, new Set(offer));
  if (issues.length) throw new AppError('input', ORDER.INVALID, Messages.orderInvalid, { issues });

  const location = locationOfAddress(address);
  const quantities = new Map(positions.map((p) => [p.productId, p.amount]));
  return transactOptimistically<SubmitResult>(
    db,
    async () => {
      const now = deps.now();
      const day = todayOf(now, actor.timezone);
      const order: StoredOrder = {
        orderId: newOrderId(day),
        retailerId: input.customerId,
        status: 'created',
        reference: input.reference?.trim() || null,
        orderedAt: now.toISOString(),
        orderedBy: actor.displayName,
        orderedByUsername: actor.username,
        storeType: address.storeType,
        storeId: address.storeId,
        storeName: address.name,
        address,
        quantityOrdered: positions.reduce((sum, p) => sum + p.amount, 0),
        positionCount: positions.length,
        orderDay: day,
        positions,
      };
      // The summary (the location's lock) and the week buckets from this week on, in one Query.
      const { summary, weeks } = await readSummaryAndWeeks(db, location, day, true);
      const products = applyOrderToSummary(summary, weeks, day, quantities);
      const transaction: TxItem[] = [
        ...orderItems(db, order),
        idempotencyPut(
          db,
          orderKeys.idempotency(actor.username, idempotencyKey),
          { type: 'idempotency', username: actor.username, hash, orderId: order.orderId, createdAt: order.orderedAt },
          now,
        ),
        summaryPut(db, location, summary.v, products, input.customerId, order.orderedAt),
      ];
      return { transaction, result: { order: orderDetail(order, []), created: true } };
    },
    {
      maxAttempts: MAX_ATTEMPTS,
      capMs: 800,
      lost: async () => {
        const taken = await readSubmission(db, actor.username, idempotencyKey, deps.now());
        return taken && replay(db, taken, hash);
      },
      busy: () =>
        new AppError('conflict', ORDER.BUSY, 'The order could not be saved because the location changed meanwhile. Please submit again.'),
    },
  );
}
