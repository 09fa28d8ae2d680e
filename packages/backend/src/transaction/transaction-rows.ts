import type { Transaction, TransactionFilter } from '@portal/core/transaction';
import type { Db } from '../platform/db/client.ts';
import { transactionRowsPage } from './transaction-entity.ts';
import { JOB_PAGE_ROWS, planOf, rangeOf, rowsQuery } from './transaction-query.ts';
import { countRange, countRows } from './transaction-count.ts';

/**
 * The whole filtered result for jobs (the export, ADR 033): every matching row of the filter's days in
 * the user's zone, newest first, one Query page (JOB_PAGE_ROWS examined) at a time. No bound: it runs in
 * a job, not a request. Every filter the partition does not select is a FilterExpression, so DynamoDB
 * sends only matching rows. `asOf` (optional) leaves out rows after that instant, like the list's stable
 * paging.
 */
export async function* transactionRows(db: Db, filter: TransactionFilter, timeZone: string, asOf?: number): AsyncGenerator<Transaction[]> {
  const plan = planOf(filter);
  const { from, to } = rangeOf(filter, timeZone, asOf);
  if (from >= to) return;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await transactionRowsPage(db, { ...rowsQuery(plan, from, to), Limit: JOB_PAGE_ROWS }, cursor);
    cursor = page.cursor;
    if (page.rows.length) yield page.rows;
  } while (cursor);
}

/**
 * How many rows `transactionRows` yields: from the summaries where they count the filter (a few calls
 * whatever the history), else by counting the rows (Select COUNT, unbounded: a job's count).
 */
export async function countTransactions(db: Db, filter: TransactionFilter, timeZone: string, asOf?: number): Promise<number> {
  const plan = planOf(filter);
  const range = rangeOf(filter, timeZone, asOf);
  if (range.from >= range.to) return 0;
  if (plan.mode === 'counted') return (await countRange(db, filter.customerId, plan, range)).total;
  return countRows(db, plan, range.from, range.to);
}
