import { randomBytes } from 'node:crypto';
import type { OrderStatus } from '@portal/core/shared';
import type { AddressRow, StoreType } from '@portal/core/ordering';
import type { Item } from '../platform/db/batch.ts';
import { entity, skStartsWith } from '../platform/db/entity.ts';
import { countAll, onPartition, type PageRequest, queryAll, queryPage } from '../platform/db/query.ts';
import type { Db } from '../platform/db/client.ts';
import type { TxItem } from '../platform/db/transact.ts';
import { locationPk, locationOfStoreType } from '../masterdata/index.ts';

/**
 * Portal orders (SPEC 3 Order / Order to submit), in the single table (ADR 003):
 *
 * | Item | pk | sk | gsi1 | gsi2 |
 * | header | ORDER#<orderId> | ORDER | RETAILER#<rid>#ORDERS / <orderedAt>#<orderId> | ORDERS#<STORE#id or DC#id> / <orderedAt>#<orderId> |
 * | positions chunk | ORDER#<orderId> | POS#<nnnn> (100 positions each) | - | - |
 * | idempotency | IDEM#<username lower>#<key> | ORDER_SUBMIT (TTL expiresAt 24 h) | - | - |
 *
 * Access patterns:
 * - one order with its positions:      Query pk = ORDER#<id> (header + chunks, 1 call)
 * - a retailer's orders by time:       gsi1 gsi1pk = RETAILER#<rid>#ORDERS, gsi1sk BETWEEN <from> AND <to>
 *                                     (`retailerOrdersBetween`, `countRetailerOrdersBetween`: the orders report)
 * - a location's orders by time:       gsi2 gsi2pk = ORDERS#<location pk>, gsi2sk BETWEEN <from> AND <to>
 * - a submission already made?         GetItem IDEM#<username>#<key> / ORDER_SUBMIT
 * The lists read headers only (they carry quantityOrdered and positionCount), never the positions.
 */
export const POSITIONS_PER_CHUNK = 100;

export type StoredPosition = { productId: string; inventoryProductId: string; ean: string; name: string; amount: number };

export type OrderHeader = {
  orderId: string;
  retailerId: string;
  status: OrderStatus;
  reference: string | null;
  orderedAt: string;
  orderedBy: string;
  orderedByUsername: string;
  storeType: StoreType;
  storeId: string;
  storeName: string;
  /** The delivery address as it was when the order was placed. */
  address: AddressRow;
  quantityOrdered: number;
  positionCount: number;
  /** The actor's calendar date of the order (the `po` day of the location summary). */
  orderDay: string;
};

export type StoredOrder = OrderHeader & { positions: StoredPosition[] };

export const orderKeys = {
  pk: (orderId: string) => `ORDER#${orderId}`,
  headerSk: 'ORDER',
  chunkSk: (n: number) => `POS#${String(n).padStart(4, '0')}`,
  retailerGsi1pk: (retailerId: string) => `RETAILER#${retailerId}#ORDERS`,
  locationGsi2pk: (storeType: StoreType, storeId: string) => `ORDERS#${locationPk(locationOfStoreType(storeType, storeId))}`,
  byTime: (orderedAt: string, orderId: string) => `${orderedAt}#${orderId}`,
  idempotency: (username: string, key: string) => ({ pk: `IDEM#${username.trim().toLowerCase()}#${key}`, sk: 'ORDER_SUBMIT' }),
};

const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford: no I, L, O, U

/** A readable, unique order id: O-<YYYYMMDD>-<6 random base32 characters> (30 bits per day). */
export function newOrderId(day: string): string {
  const bytes = randomBytes(6);
  let suffix = '';
  for (const b of bytes) suffix += BASE32[b & 31];
  return `O-${day.replaceAll('-', '')}-${suffix}`;
}

/** The header and chunk items of an order (Puts conditioned on the order id being new). */
export function orderItems(db: Db, order: StoredOrder): TxItem[] {
  const { positions, ...header } = order;
  const items: Record<string, unknown>[] = [
    {
      pk: orderKeys.pk(order.orderId),
      sk: orderKeys.headerSk,
      gsi1pk: orderKeys.retailerGsi1pk(order.retailerId),
      gsi1sk: orderKeys.byTime(order.orderedAt, order.orderId),
      gsi2pk: orderKeys.locationGsi2pk(order.storeType, order.storeId),
      gsi2sk: orderKeys.byTime(order.orderedAt, order.orderId),
      type: 'order',
      ...header,
    },
  ];
  for (let start = 0, n = 0; start < positions.length; start += POSITIONS_PER_CHUNK, n += 1) {
    items.push({
      pk: orderKeys.pk(order.orderId),
      sk: orderKeys.chunkSk(n),
      type: 'orderPositions',
      orderId: order.orderId,
      positions: positions.slice(start, start + POSITIONS_PER_CHUNK),
    });
  }
  return items.map((Item) => ({
    Put: { TableName: db.table, Item, ConditionExpression: 'attribute_not_exists(pk)' },
  }));
}

const orderHeaders = entity<OrderHeader>();
const positionChunks = entity<{ orderId: string; positions: StoredPosition[] }>();

/** The header fields of a stored header item (keys and any other attribute dropped). */
export function readHeader(item: Item): OrderHeader {
  const h = orderHeaders.read(item);
  return {
    orderId: h.orderId,
    retailerId: h.retailerId,
    status: h.status,
    reference: h.reference,
    orderedAt: h.orderedAt,
    orderedBy: h.orderedBy,
    orderedByUsername: h.orderedByUsername,
    storeType: h.storeType,
    storeId: h.storeId,
    storeName: h.storeName,
    address: h.address,
    quantityOrdered: h.quantityOrdered,
    positionCount: h.positionCount,
    orderDay: h.orderDay,
  };
}

/** One order with its positions: ONE Query of its partition; null when unknown. */
export async function getOrder(db: Db, orderId: string, consistent = false): Promise<StoredOrder | null> {
  const res = await queryAll(db, { ...onPartition(orderKeys.pk(orderId)), ConsistentRead: consistent });
  const header = res.items.find((item) => item.sk === orderKeys.headerSk);
  if (!header) return null;
  const positions = res.items
    .filter((item) => skStartsWith(item, 'POS#'))
    .sort((a, b) => (String(a.sk) < String(b.sk) ? -1 : 1))
    .flatMap((item) => positionChunks.read(item).positions);
  return { ...readHeader(header), positions };
}

/**
 * A retailer's orders placed in [from, to) (ISO instants), as the index key condition. gsi1sk is
 * `<orderedAt>#<orderId>`: every key of an instant sorts after the bare instant, so the upper bound (the
 * exclusive end instant) leaves out orders placed exactly at it.
 */
const retailerOrdersInput = (retailerId: string, from: string, to: string) => ({
  IndexName: 'gsi1' as const,
  KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
  ExpressionAttributeValues: { ':pk': orderKeys.retailerGsi1pk(retailerId), ':from': from, ':to': to },
});

/** One page of a retailer's order headers placed in [from, to), newest first (1 Query). */
export async function retailerOrdersBetween(
  db: Db,
  retailerId: string,
  from: string,
  to: string,
  page: PageRequest,
): Promise<{ items: OrderHeader[]; cursor: Record<string, unknown> | undefined }> {
  const res = await queryPage(
    db,
    { ...retailerOrdersInput(retailerId, from, to), ScanIndexForward: false, Limit: page.limit },
    page.cursor,
  );
  return { items: res.items.map(readHeader), cursor: res.cursor };
}

/** How many orders a retailer placed in [from, to) (Select COUNT, 1 Query per ~1 MB of keys). */
export const countRetailerOrdersBetween = (db: Db, retailerId: string, from: string, to: string): Promise<number> =>
  countAll(db, retailerOrdersInput(retailerId, from, to));
