import type { Transaction, TransactionFilter } from '@portal/core/transaction';
import type { Db } from '../platform/db/client.ts';
import { JOB_PAGE_ROWS, type Plan, planOf, rangeOf, type Span, stretchesOf, utcDay } from './transaction-query.ts';
import { countRange, countRows, mayHoldLegacyRows } from './transaction-count.ts';
import { stretchRowsAhead } from './transaction-read.ts';
import { apiRows, type RowReader } from './transaction-entity.ts';
import { ALL, countOf, readDays } from './transaction-summary-entity.ts';

/**
 * How many day keys a job reads at once: separate partitions, so each has its own 3,000 RCU/s (one Query of
 * ≤ 1 MB = 128 RCU at a time per key); two keep DynamoDB busy while the job formats (ADR 099).
 */
export const JOB_PARALLEL_STRETCHES = 2;

/**
 * The whole filtered result for jobs (the export, ADR 033): every matching row of the filter's days in
 * the user's zone, newest first, one Query page (JOB_PAGE_ROWS examined) at a time. No bound: it runs in
 * a job, not a request. Every filter the partition does not select is a FilterExpression, so DynamoDB
 * sends only matching rows. `asOf` (optional) leaves out rows after that instant, like the list's stable
 * paging. A ledger's rows are read day key by day key, newest first (ADR 074), only the days whose daily
 * counts hold a matching row (1 Query of the range's daily items first): a 400-day range of a few busy days
 * queries those days, not 400 keys.
 */
export const transactionRows = (db: Db, filter: TransactionFilter, timeZone: string, asOf?: number): AsyncGenerator<Transaction[]> =>
  readRows(db, filter, timeZone, asOf, apiRows);

/**
 * The same rows through `reader`: a job that lists some of a row's facts reads only those attributes and maps
 * each item straight to its own row (the export, ADR 134).
 */
export async function* readRows<T extends Pick<Transaction, 'at' | 'transactionId'>>(
  db: Db,
  filter: TransactionFilter,
  timeZone: string,
  asOf: number | undefined,
  reader: RowReader<T>,
): AsyncGenerator<T[]> {
  const plan = planOf(filter);
  const range = rangeOf(filter, timeZone, asOf);
  if (range.from >= range.to) return;
  const [legacy, days] = await Promise.all([mayHoldLegacyRows(db, plan.source), daysWithRows(db, plan, range)]);
  // Days of a few rows are handed on together (up to a page's rows): a consumer's per-page reads (a report's
  // cards) do not multiply with the days.
  let batch: T[] = [];
  // Two day keys at a time, each a page ahead of the caller (ADR 099).
  const stretches = stretchesOf(plan.source, range, { legacy, days });
  for await (const rows of stretchRowsAhead(db, plan.residual, stretches, JOB_PAGE_ROWS, JOB_PARALLEL_STRETCHES, reader)) {
    batch.push(...rows);
    if (batch.length < JOB_PAGE_ROWS) continue;
    yield batch;
    batch = [];
  }
  if (batch.length) yield batch;
}

/** The UTC days of a ledger's range whose daily counts hold a row the plan matches; undefined for an index partition (read whole). */
async function daysWithRows(db: Db, plan: Plan, range: Span): Promise<Set<string> | undefined> {
  if (!('ledgerId' in plan.source)) return undefined;
  const counts = await readDays(db, plan.source.ledgerId, ALL, utcDay(range.from), utcDay(range.to - 1));
  return new Set([...counts].filter(([, day]) => countOf(day, plan.combos) > 0).map(([day]) => day));
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
