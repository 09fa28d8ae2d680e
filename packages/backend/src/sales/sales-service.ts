import { RETAILER, STORE } from '@portal/core/shared';
import type {
  SalesAnswer,
  SalesGroup,
  SalesNotes,
  SalesQuery,
  SalesTransaction,
  SalesTransactionsPage,
  SalesTransactionsQuery,
} from '@portal/core/sales';
import type * as z from '@portal/core/zod';
import { queryPage } from '../platform/db/query.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../errors.ts';
import {
  findProductsByEan,
  getStore,
  grainFor,
  groupSales,
  type Product,
  salesKeys,
  salesOfRetailer,
  salesOfStore,
  type SalesRange,
  type SalesRow,
  type Store,
} from '../masterdata/index.ts';
import { type Actor, requirePermission, requireStrongAuthentication, requireRetailer } from '../access/index.ts';
import { getCustomerRole } from '../customers/index.ts';
import { salesByStoreInParallel } from './sales-by-store.ts';
import { namesByKey, productNames, storeNames } from './sales-labels.ts';
import { withEveryPeriod } from './sales-periods.ts';
import { checkSalesQuery } from './sales-range.ts';
import { retailerTotals } from './sales-totals.ts';

export type SalesDeps = { db: Db; now: () => Date };

type Scope = {
  retailerId: string;
  /** The store of the store filter (checked to be the retailer's). */
  store: Store | null;
  /** The products of the EAN filter; null without one, empty for an EAN no product carries. */
  products: Product[] | null;
};

/** Per function: retailerSales and a strong session (SPEC 6; ADR 006: sales needs the higher standard). */
function requireSalesAccess(actor: Actor): void {
  requirePermission(actor, 'ordering', 'retailerSales');
  requireStrongAuthentication(actor);
}

/**
 * Per object: the retailer is one the actor may act for (else 404 RETAILER.NOT_FOUND), the store of the
 * store filter is that retailer's (else 404 STORE.NOT_FOUND, as for an unknown store), and the EAN names
 * products (an unknown EAN is not an error: it has no sales). The three reads run in parallel (1 GetItem,
 * + 1 GetItem for a store, + 1 Query on gsi2 for an EAN); nothing of them is answered before the checks.
 */
const existingRetailer = <R>(role: R | null): R => {
  if (!role) throw new AppError('not_found', RETAILER.NOT_FOUND, 'Retailer not found.');
  return role;
};

async function scopeOf(db: Db, actor: Actor | null, query: { customerId: string; storeId?: string; ean?: string }): Promise<Scope> {
  const [retailer, store, products] = await Promise.all([
    // null: the caller checked the actor's scope already (an export job, when it was created).
    actor ? requireRetailer(db, actor, query.customerId) : getCustomerRole(db, query.customerId, 'retailer').then(existingRetailer),
    query.storeId ? getStore(db, query.storeId) : null,
    query.ean ? findProductsByEan(db, query.ean).then((res) => res.items) : null,
  ]);
  if (query.storeId && (!store || store.retailerId !== retailer.customerId)) {
    throw new AppError('not_found', STORE.NOT_FOUND, 'Store not found.');
  }
  return { retailerId: retailer.customerId, store, products };
}

const rangeOf = (query: { startDate: string; endDate: string }, scope: Scope): SalesRange => ({
  from: query.startDate,
  to: query.endDate,
  ...(scope.products ? { productIds: new Set(scope.products.map((p) => p.productId)) } : {}),
});

/** An EAN filter that matches no product: there is nothing to read. */
const matchesNothing = (scope: Scope) => scope.products !== null && scope.products.length === 0;

/**
 * Sales of a retailer (SPEC 3 Sales, SPEC 7 sales): needs retailerSales, a strong session and a retailer
 * the actor may act for (a foreign retailer or store answers 404). Served from the rollups (ADR 014).
 *
 * DynamoDB calls per request (besides the session and account reads of the API):
 * - checks: 1 GetItem (retailer role) [+ 1 GetItem store filter] [+ 1 Query gsi2 EAN filter], in parallel;
 * - sales: group by day/week 1 Query (retailer days, or the store's week buckets); month/product ≤ 3;
 *   without store and EAN filter, day/week/month read the same items projected to their totals
 *   (sales-totals.ts: same Queries, a fraction of the bytes);
 *   group by store 1 gsi1 Query per week touched (5 for 28 days) or per whole month, in parallel;
 *   labels: product 1 BatchGetItem (≤ 100 products) or 1 catalogue Query; store 1 BatchGetItem
 *   (≤ 100 stores) or the retailer's store list (1 Query per ~1 MB); day/week/month none;
 * - transactions: the day-grain read (1 Query with a store filter, else 1 gsi1 Query per week touched),
 *   + 1 BatchGetItem for the names of the page (≤ 100 stores and products);
 * - notes: 1 GetItem + 2 Queries with Limit 1, in parallel.
 */
/** The rows of a range at a grain, from the one rollup that serves the query. */
async function readRows(db: Db, scope: Scope, range: SalesRange, grain: 'day' | 'month', perStore: boolean): Promise<SalesRow[]> {
  if (scope.store) return (await salesOfStore(db, scope.store.storeId, range, grain)).rows;
  if (perStore) return salesByStoreInParallel(db, scope.retailerId, range, grain);
  return (await salesOfRetailer(db, scope.retailerId, range, grain)).rows;
}

/**
 * A retailer's sales answer (SPEC 3 Sales) once the caller's permission is checked: the query's rules,
 * the retailer's object scope, the figures from the rollups and their labels. The ordering portal's
 * `sales` and the connect Sales section (connect-sales-service.ts) both answer with it: one source, so
 * the two portals can never disagree on a retailer's figures.
 */
export async function retailerSalesAnswer(db: Db, actor: Actor | null, input: SalesQuery): Promise<SalesAnswer> {
  const query = checkSalesQuery(input);
  const { groupBy } = query;
  // By day, week or month over the whole assortment the retailer items' totals are enough (the
  // default view). That read needs nothing from the checks, so it runs beside them — one round trip
  // less; its result is used only once the checks have passed (a 404 does not wait for it).
  const totalsOnly = !query.storeId && !query.ean && (groupBy === 'day' || groupBy === 'week' || groupBy === 'month');
  const totals = totalsOnly ? retailerTotals(db, query.customerId, { from: query.startDate, to: query.endDate }, grainFor(groupBy)) : null;
  totals?.catch(() => undefined);
  const scope = await scopeOf(db, actor, query);
  // Time groupings answer every period of the range, zero where nothing sold (sales-periods.ts).
  const answer = (sales: SalesGroup[], totalSales: SalesAnswer['totalSales']): SalesAnswer => {
    const all = withEveryPeriod(sales, query, (key) => ({ key, label: key, quantity: 0, amountCents: 0 }));
    return { sales: all, totalSales, resultCount: all.length };
  };
  if (matchesNothing(scope)) return answer([], { quantity: 0, amountCents: 0 });

  const rows = totals ? (await totals).rows : await readRows(db, scope, rangeOf(query, scope), grainFor(groupBy), groupBy === 'store');
  const grouped = groupSales(rows, groupBy);
  const keys = grouped.sales.map((g) => g.key);
  if (groupBy === 'store') {
    // Stores by name and by the customer store ID users know them by (not the internal id, the key).
    const stores = scope.store
      ? new Map([[scope.store.storeId, { name: scope.store.name, customerStoreId: scope.store.customerStoreId ?? null }]])
      : await storeNames(db, scope.retailerId, keys);
    const sales = grouped.sales.map((g) => {
      const store = stores.get(g.key);
      return { ...g, label: store?.name ?? g.key, customerStoreId: store?.customerStoreId ?? null };
    });
    return answer(sales, grouped.totalSales);
  }
  let labels: Map<string, string> | null = null;
  if (groupBy === 'product') {
    labels = scope.products ? new Map(scope.products.map((p) => [p.productId, p.name])) : await productNames(db, keys);
  }
  // day: the date; week: its Monday's date; month: YYYY-MM — the key itself. A store or product whose
  // item is gone keeps its id as label.
  return answer(
    grouped.sales.map((g) => ({ ...g, label: labels?.get(g.key) ?? g.key })),
    grouped.totalSales,
  );
}

export function createSalesService(deps: SalesDeps) {
  const { db } = deps;

  return {
    async sales(actor: Actor, input: SalesQuery): Promise<SalesAnswer> {
      requireSalesAccess(actor);
      return retailerSalesAnswer(db, actor, input);
    },

    async transactions(actor: Actor, input: z.infer<typeof SalesTransactionsQuery>): Promise<SalesTransactionsPage> {
      requireSalesAccess(actor);
      const query = checkSalesQuery(input);
      const scope = await scopeOf(db, actor, query);
      const page = { index: query.index, maxResults: query.results };
      if (matchesNothing(scope)) return { items: [], ...page, totalCount: 0 };

      const rows = await readRows(db, scope, rangeOf(query, scope), 'day', true);
      // Newest day first, then store and product (by id, so the order is stable and needs no names).
      rows.sort((a, b) =>
        a.date! !== b.date!
          ? a.date! < b.date!
            ? 1
            : -1
          : a.storeId! !== b.storeId!
            ? a.storeId! < b.storeId!
              ? -1
              : 1
            : a.productId < b.productId
              ? -1
              : a.productId > b.productId
                ? 1
                : 0,
      );
      const start = query.index * query.results;
      const slice = rows.slice(start, start + query.results);
      const { stores, products } = await namesByKey(
        db,
        [...new Set(slice.map((r) => r.storeId!))],
        [...new Set(slice.map((r) => r.productId))],
      );
      const items: SalesTransaction[] = slice.map((r) => ({
        date: r.date!,
        storeId: r.storeId!,
        storeName: String(stores.get(r.storeId!)?.name ?? r.storeId),
        productId: r.productId,
        ean: String(products.get(r.productId)?.ean ?? ''),
        productName: String(products.get(r.productId)?.name ?? r.productId),
        quantity: r.quantity,
        amountCents: r.amountCents,
      }));
      return { items, ...page, totalCount: rows.length };
    },

    async notes(actor: Actor, customerId: string): Promise<SalesNotes> {
      requireSalesAccess(actor);
      const retailerId = customerId.trim();
      // The retailer's day items sorted by date: the first and the last one are the earliest and latest
      // days with sales. One Query of one item each way, whatever the history.
      const edge = (forward: boolean) =>
        queryPage(db, {
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :d)',
          ExpressionAttributeValues: { ':pk': salesKeys.retailerPk(retailerId), ':d': 'D#' },
          ProjectionExpression: 'sk',
          ScanIndexForward: forward,
          Limit: 1,
        }).then((res) => (res.items[0] ? String(res.items[0].sk).slice(2) : null));
      const [, earliestSalesDay, latestSalesDay] = await Promise.all([requireRetailer(db, actor, retailerId), edge(true), edge(false)]);
      return { latestSalesDay, earliestSalesDay, timezone: actor.timezone };
    },
  };
}

export type SalesService = ReturnType<typeof createSalesService>;
