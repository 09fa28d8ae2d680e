import { TRANSACTION, type TransactionFilter } from '@portal/core/transaction';
import { type Actor, requirePermission, maySeeSaleOf } from '../access/index.ts';
import { getCustomer } from '../customers/index.ts';
import { transactionTypes } from '../masterdata/index.ts';
import { AppError } from '../errors.ts';
import {
  bookingCustomerNames,
  checkRange,
  countTransactions,
  FACT_ATTRIBUTES as A,
  readRows,
  type RowReader,
} from '../transaction/index.ts';
import type { ExportColumn } from '../platform/jobs/file-columns.ts';
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

/** A row as the file lists it: the stored facts, and the customer's and the type's names. */
type FileRow = {
  at: string;
  transactionId: string;
  customerId: string;
  customerName: string | null;
  storeId: string | null;
  terminalId: string | null;
  type: string | null;
  typeName: string | null;
  resultCode: string | null;
  result: string | null;
  serial: string | null;
  ean: string | null;
  amount: number | null;
  currency: string | null;
  productId: string | null;
  productName: string | null;
};
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The stored attributes the columns list and nothing else, each item mapped straight to its file row (ADR 134):
 * no index keys sent or parsed, no detail key encoded, one object per row. Rows are written without a schema
 * (ADR 018's unchecked step): a value of another type than its column's is left empty.
 */
const fileRows = (typeNames: ReadonlyMap<string, string>): RowReader<FileRow> => ({
  projection: Object.values(A),
  ofItem: (item) => {
    const type = text(item[A.type]);
    const amount = item[A.amount];
    return {
      at: text(item[A.at]) ?? '',
      transactionId: text(item[A.transactionId]) ?? '',
      customerId: text(item[A.customerId]) ?? '',
      customerName: null,
      storeId: text(item[A.storeId]),
      terminalId: text(item[A.terminalId]),
      type,
      typeName: type === null ? null : (typeNames.get(type) ?? type),
      resultCode: text(item[A.resultCode]),
      result: text(item[A.result]),
      serial: text(item[A.serial]),
      ean: text(item[A.ean]),
      amount: typeof amount === 'number' ? amount : null,
      currency: text(item[A.currency]),
      productId: text(item[A.productId]),
      productName: text(item[A.productName]),
    };
  },
});

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
    for await (const page of readRows(db, filter, timeZone, asOf, fileRows(typeNames))) {
      const names = await namesOf(page.map((t) => t.customerId));
      for (const row of page) row.customerName = names.get(row.customerId) ?? null;
      yield page;
    }
  },
  fileStem: (filter) => `transactions_${filter.customerId}_${filter.startDate}_${filter.endDate}`.replace(/[^A-Za-z0-9._-]/g, '-'),
};
