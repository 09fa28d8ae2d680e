import type { OrderDetail, OrderRow } from '@portal/core/ordering';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../errors.ts';
import { getCustomerRole } from '../customers/index.ts';
import type { ShipmentLine } from '../masterdata/index.ts';
import { type Actor, requirePermission, mayActFor } from '../access/index.ts';
import { getOrder, type OrderHeader, type StoredOrder } from './order-entity.ts';
import { shipmentLinesOfOrders, shippedQuantity } from './order-shipments.ts';
import { ORDER } from '@portal/core/ordering';

export const orderNotFound = () => new AppError('not_found', ORDER.NOT_FOUND, 'Order not found.');

const compareKeys = (a: readonly string[], b: readonly string[]): number => {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return 0;
};

/** The list row of an order header and the shipment lines delivering it. */
export function orderRow(header: OrderHeader, lines: readonly ShipmentLine[]): OrderRow {
  return {
    orderId: header.orderId,
    retailerId: header.retailerId,
    reference: header.reference,
    orderedAt: header.orderedAt,
    orderedBy: header.orderedBy,
    status: header.status,
    storeType: header.storeType,
    storeId: header.storeId,
    storeName: header.storeName,
    quantityOrdered: header.quantityOrdered,
    quantityShipped: shippedQuantity(lines),
    positionCount: header.positionCount,
  };
}

/** The order detail (SPEC 3 Order with positions) from the stored order and its shipment lines. */
export function orderDetail(order: StoredOrder, lines: readonly ShipmentLine[]): OrderDetail {
  return {
    ...orderRow(order, lines),
    address: order.address,
    positions: order.positions.map((p) => ({
      productId: p.productId,
      inventoryProductId: p.inventoryProductId,
      ean: p.ean,
      name: p.name,
      amount: p.amount,
      quantityOrdered: p.amount,
      quantityShipped: shippedQuantity(lines.filter((l) => l.productId === p.productId)),
    })),
    shipments: [...lines]
      .sort((a, b) => compareKeys([a.date, a.shipmentId, a.productId], [b.date, b.shipmentId, b.productId]))
      .map((l) => ({ shipmentId: l.shipmentId, date: l.date, productId: l.productId, quantity: l.quantity, status: l.status })),
  };
}

/**
 * One order the actor may see: cardOrdering, and the order's retailer one the actor may act for; a
 * missing order and another retailer's answer the same 404. Calls: 1 Query (the order's partition),
 * then the retailer role GetItem and the shipment Query in parallel = 3.
 */
export async function readOrderOf(
  db: Db,
  actor: Actor,
  orderId: string,
): Promise<{ order: StoredOrder; detail: OrderDetail; retailerName: string }> {
  requirePermission(actor, 'ordering', 'cardOrdering');
  const order = await getOrder(db, orderId);
  if (!order) throw orderNotFound();
  const [role, shipped] = await Promise.all([getCustomerRole(db, order.retailerId, 'retailer'), shipmentLinesOfOrders(db, [order])]);
  if (!role || !mayActFor(actor, role)) throw orderNotFound();
  return { order, detail: orderDetail(order, shipped.lines.get(order.orderId) ?? []), retailerName: role.name };
}
