import type { Db } from '../platform/db/client.ts';
import { countTransactionRows } from './transaction-entity.ts';
import { type Bucket, bucketsOf, JOB_PAGE_ROWS, layoutOf, type Plan, rowsQuery, totalOf } from './transaction-query.ts';
import { type DayCounts, type HourCounts, readDays, readHours } from './transaction-summary-entity.ts';

/**
 * Counts the rows of a counted plan in [from, to) (ADR 032), in parallel: 1 Query of the range's daily
 * summaries, 1 Query of the hourly summaries of each edge day, and for each end of the range that is
 * not on a whole UTC hour (a zone offset like +05:30, or asOf) 1 Query counting that part hour's rows
 * (Select COUNT: at most an hour of one partition). Answers the buckets, newest first, to locate a page.
 */
export async function countRange(db: Db, customerId: string, plan: Plan, range: { from: number; to: number }) {
  const layout = layoutOf(range);
  const [days, hours, partCounts] = await Promise.all([
    layout.days.length ? readDays(db, customerId, plan.dim, ...layout.days) : Promise.resolve(new Map<string, DayCounts>()),
    readHours(db, customerId, plan.dim, layout.edgeDays),
    Promise.all(layout.parts.map((part) => countRows(db, plan, part.from, part.to))),
  ]);
  const buckets = bucketsOf(layout, plan.combos, days, hours, partCounts);
  return { layout, days, hours, partCounts, buckets, total: totalOf(buckets) };
}
export type Counted = Awaited<ReturnType<typeof countRange>>;

/** The counted range's buckets again, with the hours of `days` read (1 Query a day) so a page lies in hours. */
export async function refineDays(db: Db, customerId: string, plan: Plan, counted: Counted, days: string[]): Promise<Bucket[]> {
  const more = await readHours(db, customerId, plan.dim, days);
  const hours = new Map<string, HourCounts>([...counted.hours, ...more]);
  return bucketsOf(counted.layout, plan.combos, counted.days, hours, counted.partCounts);
}

/** The matching rows of a source in [from, to) (Select COUNT, following pages: bounded by the span). */
export function countRows(db: Db, plan: Pick<Plan, 'source' | 'residual'>, from: number, to: number): Promise<number> {
  return countTransactionRows(db, { ...rowsQuery(plan, from, to), Limit: JOB_PAGE_ROWS });
}
