// The transaction domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { bookingCustomerNames } from './booking-customer-names.ts';
export {
  DAY_KEYS_MIGRATION,
  FACT_ATTRIBUTES,
  markerPut,
  providerLedgerOf,
  transactionItems,
  transactionKeys,
  type RowReader,
  type TransactionRecord,
  transactionsOfSerial,
} from './transaction-entity.ts';
export { TransactionImport, writeTransactions } from './transaction-import.ts';
export { JOB_PAGE_ROWS, planOf, rangeOf, rowsQuery, stretchesOf } from './transaction-query.ts';
export { countTransactions, readRows, transactionRows } from './transaction-rows.ts';
export { checkRange } from './transaction-service.ts';
export { countChanges } from './transaction-summary-entity.ts';
