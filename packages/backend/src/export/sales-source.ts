import type { ConnectSalesQuery } from '@portal/core/sales';
import { type Actor, requirePermission } from '../access/index.ts';
import { connectSalesAnswer } from '../sales/index.ts';
import type { ExportColumn, ExportRow } from '../platform/jobs/file-columns.ts';
import type { ExportSource } from './export-source.ts';

/**
 * The connect Sales export (ADR 037): the groups of the section's query — every day,
 * week or month of the range (zeros included), or every product or store — exactly as the screen lists
 * them (the same answer: connectSalesAnswer). Permission salesReporting.salesExport (ADR 031); the
 * customer must be one the user may act for, else 404 exactly like the list. A sales answer is at most a
 * few thousand groups (400 days, or the stores and products that sold), so it is one page.
 */
export const SALES_COLUMNS: readonly ExportColumn[] = [
  { key: 'key', header: 'Group', kind: 'text' },
  { key: 'label', header: 'Name', kind: 'text' },
  { key: 'customerStoreId', header: 'Customer store ID', kind: 'text' },
  { key: 'quantity', header: 'Quantity', kind: 'number' },
  // Sales amounts are imported in the currency's main unit with two decimals (ADR 014).
  { key: 'amount', header: 'Amount', kind: 'amount' },
];

export const salesSource: ExportSource<ConnectSalesQuery> = {
  kind: 'sales',
  columns: SALES_COLUMNS,
  requirePermission: (actor: Actor) => requirePermission(actor, 'salesReporting', 'salesExport'),
  async requireScope(actor, filter, db) {
    // The answer itself checks the query and the customer (404 like the list); its figures are not kept.
    await connectSalesAnswer(db, actor, filter);
  },
  count: async (filter, { db }) => (await connectSalesAnswer(db, null, filter)).resultCount,
  async *rows(filter, { db }) {
    const answer = await connectSalesAnswer(db, null, filter);
    yield answer.sales.map((g): ExportRow => ({
      key: g.key,
      label: g.label,
      customerStoreId: g.customerStoreId ?? null,
      quantity: g.quantity,
      amount: g.amountCents,
    }));
  },
  fileStem: (filter) =>
    `sales_${filter.customerType}_${filter.customerId}_${filter.startDate}_${filter.endDate}_${filter.groupBy}`.replace(
      /[^A-Za-z0-9._-]/g,
      '-',
    ),
};
