import * as z from '../shared/zod.ts';
import { DEFAULT_PAGE_SIZE_ORDERING, SUGGESTED_ORDER_FACTOR } from '../shared/constants.ts';
import { CalendarDay, Id, pageOf, QueryFlag, QueryInt } from '../shared/schemas.ts';
import { ORDER_STATUSES, STORE_STATUSES } from '../shared/statuses.ts';
import { calendarDateInZone } from '../shared/date-presets.ts';

/**
 * Wire contracts of the ordering portal (SPEC 3 Store, Address, Order, Order to submit, Product table
 * columns; SPEC 7 replenishment calls; the sales contracts are in sales/). The API validates its input with the
 * input schemas and the web parses every answer with the answer schemas, so both ends share one shape.
 * Amounts travel as integer cents; the web formats them in the user's currency (money.ts).
 */

/** The most positions one order may carry (the catalogue's size with room to spare). */
const ORDER_MAX_POSITIONS = 500;

// --- Addresses (stores and distribution centres) ----------------------------------------------------

/** SPEC 6 showStoreList: stores are store type 0, distribution centres store type 1. */
export const StoreType = z.union([z.literal(0), z.literal(1)]);
export type StoreType = z.infer<typeof StoreType>;
export const QueryStoreType = z.pipe(
  z.enum(['0', '1']),
  z.transform((v): StoreType => (v === '0' ? 0 : 1)),
);

const LocationStatus = z.enum(STORE_STATUSES);

/** SPEC 3 Address (display): Name, Street, Postal code, City, Customer store ID. */
export const AddressRow = z.object({
  storeId: z.string(),
  storeType: StoreType,
  retailerId: z.string(),
  name: z.string(),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  /** Street, postal code and city in one line (SPEC 3 Store). */
  address: z.string(),
  customerStoreId: z.nullable(z.string()),
  status: LocationStatus,
});
export type AddressRow = z.infer<typeof AddressRow>;

/** Locked and deleted stores cannot be chosen as a delivery address. */
export const isSelectableAddress = (address: Pick<AddressRow, 'status'>): boolean => address.status === 'active';

export const AddressesQuery = z.object({ customerId: Id, search: z.optional(z.string().check(z.trim(), z.maxLength(100))) });
export const AddressList = z.object({ items: z.array(AddressRow), storeType: StoreType, totalCount: z.number().check(z.int()) });
export type AddressList = z.infer<typeof AddressList>;

// --- Products step ---------------------------------------------------------------------------------

export const ProductsQuery = z.object({ customerId: Id, storeId: Id, storeType: QueryStoreType });

/** One row of the products step (SPEC 3 Product (ordering) and Product table columns). */
export const ProductRow = z.object({
  /** Article no. */
  id: z.string(),
  inventoryProductId: z.string(),
  ean: z.string(),
  sku: z.string(),
  name: z.string(),
  /** Brand. */
  company: z.string(),
  bundleSize: z.number().check(z.int()),
  /** PU. */
  packagingUnit: z.number().check(z.int()),
  minimum: z.nullable(z.number().check(z.int())),
  maximum: z.nullable(z.number().check(z.int())),
  couponType: z.nullable(z.string()),
  /** Coupon face value in cents: the host brand's price in force today (ADR 089). */
  faceValueCents: z.nullable(z.number().check(z.int())),
  /** The next scheduled change of that price: from this day (midnight in the brand's price time zone, ADR 089). */
  nextFaceValue: z.optional(z.object({ from: CalendarDay, cents: z.number().check(z.int()) })),
  /** Single item amount in cents: the average amount of one sold item, null before any sale. */
  singleItemAmountCents: z.nullable(z.number().check(z.int())),
  salesLast4Weeks: z.number().check(z.int()),
  salesSinceLastOrder: z.number().check(z.int()),
  averagePerMonth: z.number(),
  calculatedSince: z.nullable(CalendarDay),
  lastOrder: z.nullable(z.object({ date: CalendarDay, quantity: z.number().check(z.int()) })),
  /** Cards on hand (shipped minus sold since the first shipment), null when unknown. */
  stock: z.nullable(z.number().check(z.int())),
  stockWarning: z.boolean(),
  /** AIRS: the product is shipped automatically to this retailer. */
  airs: z.boolean(),
  suggestedQuantity: z.number().check(z.int()),
});
export type ProductRow = z.infer<typeof ProductRow>;

export const ProductsAnswer = z.object({
  location: AddressRow,
  items: z.array(ProductRow),
  /** The host brand's heading of the price column (ADR 089); absent: the catalogue's translated "Coupon face value". */
  priceLabel: z.optional(z.string()),
});
export type ProductsAnswer = z.infer<typeof ProductsAnswer>;

/**
 * The suggested order quantity (ADR 015): the demand of the last 4 weeks times 1.3, less the cards still
 * on hand, rounded UP to whole packaging units, then raised to the minimum and capped at the maximum
 * (both taken as whole packaging units, so the result always passes the basket's quantity rule). Nothing
 * is suggested (0) when there is no demand left to cover, or when no multiple of the PU lies within
 * [minimum, maximum].
 */
export function suggestedQuantity(input: {
  salesLast4Weeks: number;
  stock: number | null;
  packagingUnit: number;
  minimum: number | null;
  maximum: number | null;
}): number {
  const pu = Number.isInteger(input.packagingUnit) && input.packagingUnit > 0 ? input.packagingUnit : 1;
  const need = SUGGESTED_ORDER_FACTOR * Math.max(0, input.salesLast4Weeks) - Math.max(0, input.stock ?? 0);
  // Float products like 1.3 × 10 = 13.000000000000002 must not round up a whole unit.
  const units = Math.ceil(Math.round(need * 1e6) / 1e6 / pu);
  if (units <= 0) return 0;
  const low = Math.ceil(Math.max(1, input.minimum ?? 1) / pu);
  const high = input.maximum == null ? Number.POSITIVE_INFINITY : Math.floor(input.maximum / pu);
  if (low > high) return 0;
  return Math.min(Math.max(units, low), high) * pu;
}

/**
 * The stock warning (ADR 015): cards on hand are known and cover less than two weeks of the last 4
 * weeks' sales (stock < half of them), or none are left while the product sells.
 */
export function hasStockWarning(input: { stock: number | null; salesLast4Weeks: number }): boolean {
  if (input.stock === null) return false;
  if (input.salesLast4Weeks <= 0) return false;
  return input.stock <= 0 || input.stock < input.salesLast4Weeks / 2;
}

// --- Orders ----------------------------------------------------------------------------------------

/** SPEC 3 Order to submit: positions (inventoryProductId, amount), storeType, storeId; reference optional. */
export const OrderSubmitInput = z.object({
  customerId: Id,
  storeType: StoreType,
  storeId: Id,
  reference: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  positions: z
    .array(z.object({ inventoryProductId: Id, amount: z.number().check(z.int()) }))
    .check(z.minLength(1, 'Please enter at least one value'), z.maxLength(ORDER_MAX_POSITIONS)),
});
export type OrderSubmitInput = z.infer<typeof OrderSubmitInput>;

const OrderStatusSchema = z.enum(ORDER_STATUSES);

export const OrderPosition = z.object({
  productId: z.string(),
  inventoryProductId: z.string(),
  ean: z.string(),
  name: z.string(),
  /** The quantity ordered (SPEC 3 positions: amount = quantityOrdered). */
  amount: z.number().check(z.int()),
  quantityOrdered: z.number().check(z.int()),
  quantityShipped: z.number().check(z.int()),
});
export type OrderPosition = z.infer<typeof OrderPosition>;

/** SPEC 3 Order (list): Order ID, Reference, Ordered at, Ordered by, Status, Quantity ordered, Quantity shipped. */
export const OrderRow = z.object({
  orderId: z.string(),
  retailerId: z.string(),
  reference: z.nullable(z.string()),
  orderedAt: z.string(),
  orderedBy: z.string(),
  status: OrderStatusSchema,
  storeType: StoreType,
  storeId: z.string(),
  storeName: z.string(),
  quantityOrdered: z.number().check(z.int()),
  quantityShipped: z.number().check(z.int()),
  positionCount: z.number().check(z.int()),
});
export type OrderRow = z.infer<typeof OrderRow>;
export const OrdersPage = pageOf(OrderRow);
export type OrdersPage = z.infer<typeof OrdersPage>;

const OrderShipment = z.object({
  shipmentId: z.string(),
  date: CalendarDay,
  productId: z.string(),
  quantity: z.number().check(z.int()),
  status: z.string(),
});

export const OrderDetail = z.extend(OrderRow, {
  address: AddressRow,
  positions: z.array(OrderPosition),
  shipments: z.array(OrderShipment),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

/** Filters of the orders list (SPEC 3): startDate, endDate, storeId, storeType, deleted; paged. */
export const OrdersQuery = z.object({
  customerId: Id,
  startDate: z.optional(CalendarDay),
  endDate: z.optional(CalendarDay),
  storeId: z.optional(Id),
  storeType: z.optional(QueryStoreType),
  /** Include orders of delivery addresses that have since been deleted (ADR 015). */
  deleted: QueryFlag,
  index: QueryInt(0, 100_000, 0),
  results: QueryInt(1, 1000, DEFAULT_PAGE_SIZE_ORDERING),
});
export type OrdersQuery = z.infer<typeof OrdersQuery>;

/**
 * The file name of an order's PDF, the same on the server (Content-Disposition) and in the web's download:
 * `Order-<orderId>-<ordered date in the user's zone>.pdf`. Only characters every file system takes; an
 * unknown zone names the UTC date rather than failing the download.
 */
export function orderPdfFileName(order: { orderId: string; orderedAt: string }, timeZone: string): string {
  let day: string;
  try {
    day = calendarDateInZone(new Date(order.orderedAt), timeZone);
  } catch {
    day = order.orderedAt.slice(0, 10);
  }
  return `Order-${order.orderId}-${day}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_');
}
