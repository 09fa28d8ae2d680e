import { addDays, dateRange, defaultOrderRange, lastDays, ORDER_HISTORY_SPAN_DAYS, REQUEST } from '@portal/core/shared';
import type { OrdersPage, OrdersQuery } from '@portal/core/ordering';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../errors.ts';
import { listAll } from '../platform/db/entity.ts';
import { onIndex, queryAll } from '../platform/db/query.ts';
import { distributionCentreKeys, distributionCentres, storeKeys, stores } from '../masterdata/index.ts';
import { type Actor, requirePermission, requireRetailer } from '../access/index.ts';
import { requireAddress } from './location.ts';
import { todayOf } from '../platform/time.ts';
import { orderRow } from './order-detail.ts';
import { orderKeys, type OrderHeader, readHeader } from './order-entity.ts';
import { shipmentLinesOfOrders } from './order-shipments.ts';

/**
 * The order range in UTC instants: startDate and endDate are calendar days in the actor's zone, both
 * inclusive; the default is the last year ending today (SPEC 4: orders default to the `year` preset).
 * Only one given: the other is a year away from it (the end at most today).
 */
export function orderRange(query: Pick<OrdersQuery, 'startDate' | 'endDate'>, now: Date, timezone: string) {
  if (!query.startDate && !query.endDate) return defaultOrderRange(now, timezone);
  const today = todayOf(now, timezone);
  // A year is ORDER_HISTORY_SPAN_DAYS calendar dates, both ends included, as the `year` preset (ADR 004 addendum).
  const endDate = query.endDate ?? [addDays(query.startDate!, ORDER_HISTORY_SPAN_DAYS - 1), today].sort()[0]!;
  const startDate = query.startDate ?? lastDays(endDate, ORDER_HISTORY_SPAN_DAYS)[0];
  if (endDate < startDate) {
    throw new AppError('input', REQUEST.VALIDATION_FAILED, 'The request has invalid fields', {
      issues: [{ path: 'endDate', message: 'The end date must not be before the start date' }],
    });
  }
  return dateRange(startDate, endDate, timezone);
}

const locationKey = (o: Pick<OrderHeader, 'storeType' | 'storeId'>) => `${o.storeType}#${o.storeId}`;

/**
 * The orders list (SPEC 3 Order list and filters, SPEC 7 replenishment/orders list), newest first.
 * Reads headers only, from the retailer's index (gsi1) or, with a store filter, the location's (gsi2),
 * by orderedAt within the range. Orders whose delivery address is deleted NOW are hidden unless
 * `deleted` is set: the retailer's deleted stores come from the store status index (gsi2, 1 Query) and,
 * when DC orders are in the range, its distribution centres (gsi1, 1 Query). Shipped quantities are read
 * for the page only (order-shipments.ts: 1 Query per location on the page, in parallel).
 * Calls for a page: 1 role GetItem (+1 store GetItem with a store filter) + 1 Query per ~1 MB of headers
 * in the range (~1,000 orders) + 1 (+1) status Query + 1 per distinct location on the page.
 */
export async function listOrders(db: Db, actor: Actor, query: OrdersQuery, now: Date): Promise<OrdersPage & { calls: number }> {
  requirePermission(actor, 'ordering', 'cardOrdering');
  const range = orderRange(query, now, actor.timezone);
  let calls = 1;
  await requireRetailer(db, actor, query.customerId);
  let headers: OrderHeader[];
  const between = { ':from': range.startInstant, ':to': range.endInstant };
  if (query.storeId) {
    const storeType = query.storeType ?? 0;
    const address = await requireAddress(db, query.customerId, storeType, query.storeId);
    calls += 1;
    if (!query.deleted && address.status === 'deleted') headers = [];
    else {
      const res = await queryAll(db, {
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': orderKeys.locationGsi2pk(storeType, query.storeId), ...between },
        ScanIndexForward: false,
      });
      calls += res.calls;
      headers = res.items.map(readHeader);
    }
  } else {
    const res = await queryAll(db, {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': orderKeys.retailerGsi1pk(query.customerId), ...between },
      ScanIndexForward: false,
    });
    calls += res.calls;
    headers = res.items.map(readHeader);
    if (query.storeType !== undefined) headers = headers.filter((h) => h.storeType === query.storeType);
    if (!query.deleted && headers.length) {
      const deleted = await deletedLocations(
        db,
        query.customerId,
        headers.some((h) => h.storeType === 1),
      );
      calls += deleted.calls;
      headers = headers.filter((h) => !deleted.keys.has(locationKey(h)));
    }
  }
  const start = query.index * query.results;
  const page = headers.slice(start, start + query.results);
  const shipped = await shipmentLinesOfOrders(db, page);
  calls += shipped.calls;
  return {
    items: page.map((h) => orderRow(h, shipped.lines.get(h.orderId) ?? [])),
    index: query.index,
    maxResults: query.results,
    totalCount: headers.length,
    calls,
  };
}

/** The retailer's deleted stores (status index) and, when asked, deleted distribution centres. */
async function deletedLocations(db: Db, retailerId: string, withCentres: boolean) {
  const [deletedStores, centres] = await Promise.all([
    listAll(db, stores, { ...onIndex('gsi2', storeKeys.gsi2pk(retailerId, 'deleted')), ProjectionExpression: 'storeId' }),
    // Every centre of the retailer (no status index), 1,000 per page.
    withCentres
      ? listAll(db, distributionCentres, { ...onIndex('gsi1', distributionCentreKeys.gsi1pk(retailerId)), Limit: 1000 })
      : Promise.resolve({ items: [], calls: 0 }),
  ]);
  const deletedCentres = centres.items.filter((dc) => dc.status === 'deleted');
  const keys = new Set<string>([
    ...deletedStores.items.map((s) => `0#${s.storeId}`),
    ...deletedCentres.map((dc) => `1#${dc.distributionCentreId}`),
  ]);
  return { keys, calls: deletedStores.calls + centres.calls };
}
