import * as z from '../shared/zod.ts';
import { DEFAULT_PAGE_SIZE_ORDERING } from '../shared/constants.ts';
import { CalendarDay, Id, pageOf, QueryInt } from '../shared/schemas.ts';

/** Wire contracts of the retailer sales screens (SPEC 3 Sales; SPEC 7 sales calls; ADR 015). */

// --- Sales -----------------------------------------------------------------------------------------

export const SALES_GROUP_BY = ['day', 'week', 'month', 'store', 'product'] as const;
export const SalesGroupBy = z.enum(SALES_GROUP_BY);
export type SalesGroupBy = z.infer<typeof SalesGroupBy>;

/** The longest range one sales request may ask for, in days, both ends included (SPEC 3 Sales request). */
export const SALES_MAX_RANGE_DAYS = 400;

/** SPEC 3 Sales request (ean, startDate, endDate, customerId, storeId, groupBy); at most 400 days. */
export const SalesQuery = z.object({
  customerId: Id,
  startDate: CalendarDay,
  endDate: CalendarDay,
  ean: z.optional(z.string().check(z.trim(), z.regex(/^\d{8,14}$/, 'Value must be an EAN of 8 to 14 digits'))),
  storeId: z.optional(Id),
  groupBy: z._default(SalesGroupBy, 'day'),
});
export type SalesQuery = z.infer<typeof SalesQuery>;

/** One group: `key` is the day, the Monday of the week, the month (YYYY-MM), the store id or the product id. */
export const SalesGroup = z.object({
  key: z.string(),
  label: z.string(),
  quantity: z.number().check(z.int()),
  amountCents: z.number().check(z.int()),
  /** Store groups only: the customer store ID users know the store by (null when it has none). */
  customerStoreId: z.optional(z.nullable(z.string())),
});
export type SalesGroup = z.infer<typeof SalesGroup>;

/** SPEC 3 Sales response: sales, totalSales, resultCount. */
export const SalesAnswer = z.object({
  sales: z.array(SalesGroup),
  totalSales: z.object({ quantity: z.number().check(z.int()), amountCents: z.number().check(z.int()) }),
  resultCount: z.number().check(z.int()),
});
export type SalesAnswer = z.infer<typeof SalesAnswer>;

/** The Transactions tab (ADR 015): the sales lines (store × product × day) behind the statistic, paged. */
export const SalesTransactionsQuery = z.extend(z.omit(SalesQuery, { groupBy: true }), {
  index: QueryInt(0, 100_000, 0),
  results: QueryInt(1, 1000, DEFAULT_PAGE_SIZE_ORDERING),
});
export const SalesTransaction = z.object({
  date: CalendarDay,
  storeId: z.string(),
  storeName: z.string(),
  productId: z.string(),
  ean: z.string(),
  productName: z.string(),
  quantity: z.number().check(z.int()),
  amountCents: z.number().check(z.int()),
});
export type SalesTransaction = z.infer<typeof SalesTransaction>;
export const SalesTransactionsPage = pageOf(SalesTransaction);
export type SalesTransactionsPage = z.infer<typeof SalesTransactionsPage>;

/** The Notes tab (ADR 015): how fresh and how complete the figures are. */
export const SalesNotes = z.object({
  /** The latest day with sales of this retailer, null when it has none. */
  latestSalesDay: z.nullable(CalendarDay),
  /** The earliest day with sales of this retailer, null when it has none. */
  earliestSalesDay: z.nullable(CalendarDay),
  /** The time zone the days are counted in. */
  timezone: z.string(),
});
export type SalesNotes = z.infer<typeof SalesNotes>;
