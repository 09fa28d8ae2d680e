import { TRANSACTION, type TransactionFilter } from '@portal/core/transaction';
import { type Actor, requirePermission, maySeeSaleOf } from '../access/index.ts';
import { getCustomer } from '../customers/index.ts';
import { transactionTypes } from '../masterdata/index.ts';
import { AppError } from '../errors.ts';
import { bookingCustomerNames, countTransactions, transactionRows, checkRange } from '../transaction/index.ts';
import type { ExportColumn, ExportRow } from '../platform/jobs/file-columns.ts';
import type { ExportSource } from './export-source.ts';

/**
 * The Transactions export (ADR 033): the list's filter, every row of it newest first, a column
 * per filter field plus amount, currency, product, store and customer; times in the user's zone.
 * Permission payment.transactionExport (ADR 031); the customer must be one the user may act for, else
 * 404 exactly like the list answers an unknown customer.
 */
export const TRANSACTION_COLUMNS: readonly ExportColumn[] = [
  { key: 'at', header: 'Date', kind: 'datetime' },
  { key: 'transactionId', header: 'Transaction ID', kind: 'text' },
  { key: 'customerId', header: 'Customer ID', kind: 'text' },
  { key: 'customerName', header: 'Customer', kind: 'text' },
  { key: 'storeId', header: 'Store', kind: 'text' },
  { key: 'terminalId', header: 'Terminal ID', kind: 'text' },
  { key: 'type', header: 'Type', kind: 'text', labelKey: 'typeName' },
  { key: 'resultCode', header: 'Result code', kind: 'text' },
  { key: 'result', header: 'Result', kind: 'text', labels: 'transactionResult' },
  { key: 'serial', header: 'Serial number', kind: 'text' },
  { key: 'ean', header: 'EAN', kind: 'text' },
  { key: 'amount', header: 'Amount', kind: 'amount', currencyKey: 'currency' },
  { key: 'currency', header: 'Currency', kind: 'text' },
  { key: 'productId', header: 'Product ID', kind: 'text' },
  { key: 'productName', header: 'Product', kind: 'text' },
];

const customerNotFound = () => new AppError('not_found', TRANSACTION.CUSTOMER_NOT_FOUND, 'Customer not found.');

export const transactionSource: ExportSource<TransactionFilter> = {
  kind: 'transactions',
  columns: TRANSACTION_COLUMNS,
  requirePermission: (actor: Actor) => requirePermission(actor, 'payment', 'transactionExport'),
  async requireScope(actor, filter, db) {
    checkRange(filter.startDate, filter.endDate);
    const customer = await getCustomer(db, filter.customerId);
    if (!customer || !maySeeSaleOf(actor, { customer })) throw customerNotFound();
  },
  count: (filter, { db, timeZone, asOf }) => countTransactions(db, filter, timeZone, asOf),
  async *rows(filter, { db, timeZone, asOf }) {
    // The customers' names (a provider's ledger lists other customers' sales too, ADR 056) and the
    // transaction types' names (master data, one Query): the screen's words.
    const [customer, types] = await Promise.all([getCustomer(db, filter.customerId), transactionTypes.all(db)]);
    const namesOf = bookingCustomerNames(db, new Map([[filter.customerId, customer?.name ?? null]]));
    const typeNames = new Map(types.map((type) => [type.transactionTypeId, type.name]));
    for await (const page of transactionRows(db, filter, timeZone, asOf)) {
      const names = await namesOf(page.map((t) => t.customerId));
      yield page.map((t): ExportRow => ({
        ...t,
        customerName: names.get(t.customerId) ?? null,
        typeName: typeNames.get(t.type) ?? t.type,
      }));
    }
  },
  fileStem: (filter) => `transactions_${filter.customerId}_${filter.startDate}_${filter.endDate}`.replace(/[^A-Za-z0-9._-]/g, '-'),
};
