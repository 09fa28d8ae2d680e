import type { ConnectSalesQuery } from '@portal/core/sales';
import type { SalesAnswer } from '@portal/core/sales';
import { PROVIDER, REQUEST } from '@portal/core/shared';
import { type Actor, requirePermission, maySeeSaleOf } from '../access/index.ts';
import { getCustomerRole } from '../customers/index.ts';
import { AppError } from '../errors.ts';
import { findProductsByEan, salesOfProvider, groupSales, type SalesRow } from '../masterdata/index.ts';
import type { Db } from '../platform/db/client.ts';
import { productNames, storeLabelsByKey } from './sales-labels.ts';
import { withEveryPeriod } from './sales-periods.ts';
import { checkSalesQuery } from './sales-range.ts';
import { retailerSalesAnswer } from './sales-service.ts';

export type ConnectSalesDeps = { db: Db };

const invalid = (path: string, message: string) =>
  new AppError('input', REQUEST.VALIDATION_FAILED, 'The request has invalid fields', { issues: [{ path, message }] });

/**
 * The connect Sales section (ADR 037). Needs salesReporting.sales (the section's
 * permission, ADR 031) — not ordering's retailerSales and strong session.
 * - a retailer: exactly the ordering portal's answer (retailerSalesAnswer: same rollups, same checks —
 *   a retailer the caller may not act for answers 404 RETAILER.NOT_FOUND like an unknown one);
 * - a provider: the provider rollups (provider-sales.ts): 1 GetItem (the provider role, checked with
 *   ADR 015's rule: another customer's provider answers 404 PROVIDER.NOT_FOUND like an unknown one)
 *   [+ 1 Query gsi2 for an EAN filter], then one Query per week touched, in parallel, and the labels
 *   (products: 1 BatchGetItem ≤ 100 or the catalogue; stores: 1 BatchGetItem per 100 stores).
 */
/**
 * The connect sales answer of a query (rules below). `actor` null: the caller checked the actor's
 * scope already (an export job did when it was created, export/sales-source.ts).
 */
export async function connectSalesAnswer(db: Db, actor: Actor | null, input: ConnectSalesQuery): Promise<SalesAnswer> {
  const { customerType, ...rest } = input;
  if (customerType === 'retailer') return retailerSalesAnswer(db, actor, rest);
  const query = checkSalesQuery(rest);
  if (query.storeId) throw invalid('storeId', "A content provider's sales cannot be filtered by store");
  if (query.ean && query.groupBy === 'store') throw invalid('ean', "A content provider's sales by store cannot be filtered by EAN");
  const [provider, products] = await Promise.all([
    getCustomerRole(db, query.customerId, 'provider'),
    query.ean ? findProductsByEan(db, query.ean).then((res) => res.items) : null,
  ]);
  // The provider's rollups are the sales of its products wherever sold: the sale rule of ADR 063 by the provider.
  if (!provider || (actor && !maySeeSaleOf(actor, { provider })))
    throw new AppError('not_found', PROVIDER.NOT_FOUND, 'Content provider not found.');

  const perStore = query.groupBy === 'store';
  const { rows } =
    products && products.length === 0
      ? { rows: [] }
      : await salesOfProvider(
          db,
          provider.customerId,
          { from: query.startDate, to: query.endDate, ...(products ? { productIds: new Set(products.map((p) => p.productId)) } : {}) },
          perStore,
        );
  const salesRows: SalesRow[] = rows.map((r) => ({
    date: r.date,
    month: r.month,
    productId: r.productId ?? '',
    ...(r.storeId ? { storeId: r.storeId } : {}),
    quantity: r.quantity,
    amountCents: r.amountCents,
  }));
  const grouped = groupSales(salesRows, query.groupBy);
  const keys = grouped.sales.map((g) => g.key);
  let sales;
  if (perStore) {
    const stores = await storeLabelsByKey(db, keys);
    sales = grouped.sales.map((g) => ({
      ...g,
      label: stores.get(g.key)?.name ?? g.key,
      customerStoreId: stores.get(g.key)?.customerStoreId ?? null,
    }));
  } else {
    const labels = query.groupBy === 'product' ? await productNames(db, keys) : null;
    sales = grouped.sales.map((g) => ({ ...g, label: labels?.get(g.key) ?? g.key }));
  }
  const all = withEveryPeriod(sales, query, (key) => ({ key, label: key, quantity: 0, amountCents: 0 }));
  return { sales: all, totalSales: grouped.totalSales, resultCount: all.length };
}

export function createConnectSalesService({ db }: ConnectSalesDeps) {
  return {
    async sales(actor: Actor, input: ConnectSalesQuery): Promise<SalesAnswer> {
      requirePermission(actor, 'salesReporting', 'sales');
      return connectSalesAnswer(db, actor, input);
    },
  };
}
export type ConnectSalesService = ReturnType<typeof createConnectSalesService>;
