import { addDays, startOfDayInZone } from '@portal/core/shared';
import type { ExportColumn, ExportRow } from '../platform/jobs/file-columns.ts';
import { getProducts, type Product } from '../masterdata/index.ts';
import { countRetailerOrdersBetween, getOrder, type OrderHeader, retailerOrdersBetween, type StoredPosition } from '../ordering/index.ts';
import { mapLimit } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { FACE_VALUE_COLUMNS, faceValueOf } from './report-sources-face-value.ts';

/**
 * The orders report: the customer's ordering-portal orders placed in the period (calendar days in the
 * report's zone), newest first, every order whatever its delivery address's status now (a report is a
 * record; the list hides deleted addresses). Headers come from the retailer's order index (gsi1
 * `RETAILER#<id>#ORDERS` by orderedAt, order-entity.ts): ~1 Query per 1,000 orders. The value of an
 * order (its positions × the products' face values) needs its positions, one Query per order (8 at a
 * time), so it is read only when the report has the amount or currency column.
 */
export const ORDER_COLUMNS: readonly ExportColumn[] = [
  { key: 'orderId', header: 'Order ID', kind: 'text' },
  { key: 'createdAt', header: 'Ordered', kind: 'datetime' },
  { key: 'status', header: 'Status', kind: 'text', labels: 'orderStatus' },
  { key: 'type', header: 'Delivery to', kind: 'text', labels: 'deliveryTo' },
  { key: 'storeId', header: 'Store', kind: 'text' },
  { key: 'positions', header: 'Positions', kind: 'number' },
  { key: 'quantity', header: 'Quantity', kind: 'number' },
  ...FACE_VALUE_COLUMNS,
];
const VALUE_COLUMNS = new Set(FACE_VALUE_COLUMNS.map((c) => c.key));
export const needsOrderValue = (columns: readonly ExportColumn[]) => columns.some((c) => VALUE_COLUMNS.has(c.key));

export type OrderPeriod = { customerId: string; dateFrom: string; dateUntil: string; timeZone: string; asOf?: number };
const VALUE_READS_AT_ONCE = 8;
/**
 * Headers per page: about a 1 MB page, and a Limit keeps DynamoDB Local from reading the whole rest of
 * the key range for every page (as transaction-rows.ts does for the export).
 */
const ORDER_PAGE_ROWS = 1000;

/** The instants of the period: orders at or after its first local midnight, before the end (or asOf). */
function periodRange(period: OrderPeriod) {
  const from = startOfDayInZone(period.dateFrom, period.timeZone);
  const end = startOfDayInZone(addDays(period.dateUntil, 1), period.timeZone);
  const to = period.asOf === undefined ? end : Math.min(end, period.asOf + 1);
  return { empty: to <= from, from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

const locationType = (header: OrderHeader) => (header.storeType === 1 ? 'distribution centre' : 'store');

/**
 * The face value of the positions (minor units of the products' one currency); null when a position's
 * product has no face value, or the products name different currencies.
 */
function orderValue(
  positions: readonly StoredPosition[],
  products: ReadonlyMap<string, Product | undefined>,
): { amount: number | null; currency: string | null } {
  let amount = 0;
  let currency: string | null = null;
  for (const position of positions) {
    const value = faceValueOf(products.get(position.productId));
    if (value.amount === null) return { amount: null, currency };
    if (currency !== null && currency !== value.currency) return { amount: null, currency: null };
    currency = value.currency;
    amount += position.amount * value.amount;
  }
  return { amount: positions.length ? amount : null, currency };
}

/** Every order row of the period, newest first, one index page (~1 MB of headers) at a time. */
export async function* orderRows(db: Db, period: OrderPeriod, options: { withValue: boolean }): AsyncGenerator<ExportRow[]> {
  const { empty, from, to } = periodRange(period);
  if (empty) return;
  const products = new Map<string, Product | undefined>();
  let cursor: Record<string, unknown> | undefined;
  do {
    const res = await retailerOrdersBetween(db, period.customerId, from, to, { limit: ORDER_PAGE_ROWS, cursor });
    cursor = res.cursor;
    const headers = res.items;
    if (headers.length === 0) continue;
    let positions: (readonly StoredPosition[])[] = [];
    if (options.withValue) {
      positions = await mapLimit(headers, VALUE_READS_AT_ONCE, async (h) => (await getOrder(db, h.orderId))?.positions ?? []);
      const unknown = [...new Set(positions.flat().map((p) => p.productId))].filter((id) => !products.has(id));
      if (unknown.length) {
        const found = await getProducts(db, unknown);
        for (const id of unknown) products.set(id, found.get(id));
      }
    }
    yield headers.map((h, i): ExportRow => ({
      orderId: h.orderId,
      createdAt: h.orderedAt,
      status: h.status,
      type: locationType(h),
      storeId: h.storeId,
      positions: h.positionCount,
      quantity: h.quantityOrdered,
      ...(options.withValue ? orderValue(positions[i]!, products) : { amount: null, currency: null }),
    }));
  } while (cursor);
}

/** How many orders the period has (Select COUNT on the same key range). */
export async function countOrderRows(db: Db, period: OrderPeriod): Promise<number> {
  const { empty, from, to } = periodRange(period);
  if (empty) return 0;
  return countRetailerOrdersBetween(db, period.customerId, from, to);
}
