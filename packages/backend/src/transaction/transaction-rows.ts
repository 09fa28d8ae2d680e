import type { Transaction, TransactionFilter } from '@portal/core/connect';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../platform/db/client.ts';
import { transactionOfItem } from './transaction-entity.ts';
import { planOf, rangeOf, rowsQuery } from './transaction-query.ts';
import { countRange, countRows } from './transaction-count.ts';

/**
 * Rows a job's Query page examines: a little more than fit in DynamoDB's 1 MB page (~2,130 rows of
 * ~470 B), so on AWS the pages are the same 1 MB pages as without a Limit. Without a Limit DynamoDB Local
 * (SQLite) reads the whole remaining key range on every page before cutting it at 1 MB: a page of a
 * 90-day range cost 52-79 s against 0.2 s with this Limit; 2,500 read 1.6-1.8x faster than 1,000 (twice
 * the calls) and than 4,000 (rows read and dropped). ADR 033, 2026-11-25 addendum.
 */
export const JOB_PAGE_ROWS = 2500;

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
    const res = await db.doc.send(new QueryCommand({ TableName: db.table, ...rowsQuery(plan, from, to), Limit: JOB_PAGE_ROWS, ExclusiveStartKey: cursor }));
    cursor = res.LastEvaluatedKey;
    const items = (res.Items ?? []).map(transactionOfItem);
    if (items.length) yield items;
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
