import { addDays } from '@portal/core/shared';
import type { StoreType } from '@portal/core/ordering';
import { mapLimit } from '../platform/db/batch.ts';
import { queryAll } from '../platform/db/query.ts';
import type { Db } from '../platform/db/client.ts';
import { locationOfStoreType, type ShipmentLine, shipmentKeys, shipmentLines } from '../masterdata/index.ts';

/**
 * What was shipped against portal orders: shipment lines (shipment.ts) may carry the `orderId` they
 * deliver. Read at read time from the location's shipment index (gsi1 SHIPMENTS#<location>, sorted by
 * date) from the day before the earliest order asked for (a shipment is not dated before its order; a
 * day of margin for time zones), filtered to the orders' ids: ONE Query per location (per ~1 MB of its
 * later shipment lines; per 100 orders of one location, the limit of an IN list).
 */
export type OrderRef = { orderId: string; storeType: StoreType; storeId: string; orderedAt: string };

export async function shipmentLinesOfOrders(
  db: Db,
  orders: readonly OrderRef[],
): Promise<{ lines: Map<string, ShipmentLine[]>; calls: number }> {
  const byLocation = new Map<string, OrderRef[]>();
  for (const order of orders) {
    const key = `${order.storeType}#${order.storeId}`;
    byLocation.set(key, [...(byLocation.get(key) ?? []), order]);
  }
  const groups: OrderRef[][] = [];
  for (const list of byLocation.values()) for (let i = 0; i < list.length; i += 100) groups.push(list.slice(i, i + 100));
  const lines = new Map<string, ShipmentLine[]>(orders.map((o) => [o.orderId, []]));
  let calls = 0;
  await mapLimit(groups, 8, async (group) => {
    const first = group[0]!;
    const from = addDays(group.reduce((min, o) => (o.orderedAt < min ? o.orderedAt : min), first.orderedAt).slice(0, 10), -1);
    const ids = Object.fromEntries(group.map((o, i) => [`:o${i}`, o.orderId]));
    const res = await queryAll(db, {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk >= :from',
      FilterExpression: `orderId IN (${Object.keys(ids).join(', ')})`,
      ExpressionAttributeValues: {
        ':pk': shipmentKeys.gsi1pk(locationOfStoreType(first.storeType, first.storeId)),
        ':from': from,
        ...ids,
      },
    });
    calls += res.calls;
    for (const item of res.items) {
      const line = shipmentLines.read(item);
      if (line.orderId !== undefined) lines.get(line.orderId)?.push(line);
    }
  });
  return { lines, calls };
}

/** Shipped = every line that is not cancelled (submitted and pending ones are on their way). */
export const shippedQuantity = (lines: readonly Pick<ShipmentLine, 'quantity' | 'status'>[]): number =>
  lines.reduce((sum, l) => (l.status === 'cancelled' ? sum : sum + l.quantity), 0);
