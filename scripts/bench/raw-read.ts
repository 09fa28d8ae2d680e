import type { TransactionFilter } from '@portal/core/transaction';
import { type Db, queryPage } from '@portal/backend/platform/db';
import { planOf, rangeOf, rowsQuery, stretchesOf } from '@portal/backend/transaction';

/**
 * The raw Query read of a transaction filter's rows (scripts/bench/export.ts, report.ts): the Query pages
 * the export reads, without parsing or writing: the rate a reader of these rows cannot beat. `limit` is
 * the page's Limit (the export's JOB_PAGE_ROWS, or more for full 1 MB pages; undefined = none, which on
 * DynamoDB Local re-reads the remaining range per page: ADR 033's 2026-11-25 addendum).
 */
export type RawRead = { items: number; calls: number; seconds: number; rate: number; limit: number | undefined; when: string };

export async function rawRead(
  db: Db,
  filter: TransactionFilter,
  zone: string,
  asOf: number,
  limit: number | undefined,
  when: string,
): Promise<RawRead> {
  const plan = planOf(filter);
  const { from, to } = rangeOf(filter, zone, asOf);
  let cursor: Record<string, unknown> | undefined;
  let items = 0;
  let calls = 0;
  const started = performance.now();
  // A ledger's rows one day key after another, newest first (ADR 074), as the export reads them.
  for (const stretch of stretchesOf(plan.source, { from, to }, { legacy: false }))
    for (const source of stretch.partitions)
      do {
        const query = rowsQuery({ source, residual: plan.residual }, stretch.from, stretch.to);
        const res = await queryPage(db, { ...query, ...(limit ? { Limit: limit } : {}) }, cursor);
        items += res.items.length;
        calls += 1;
        cursor = res.cursor;
      } while (cursor);
  const seconds = (performance.now() - started) / 1000;
  return { items, calls, seconds, rate: items / seconds, limit, when };
}

/** Every `--raw-limits` entry read once (`none` = no Limit), printed as it finishes. */
export async function rawReads(
  db: Db,
  filter: TransactionFilter,
  zone: string,
  asOf: number,
  limits: string,
  when: string,
): Promise<RawRead[]> {
  const out: RawRead[] = [];
  for (const l of limits.split(',')) {
    const r = await rawRead(db, filter, zone, asOf, l === 'none' ? undefined : Number(l), when);
    console.log(
      `raw Query read (${when}, Limit ${r.limit ?? 'none'}): ${r.items} items in ${r.seconds.toFixed(1)} s = ${Math.round(r.rate)} items/s, ${r.calls} Queries`,
    );
    out.push(r);
  }
  return out;
}

export const fastest = (reads: readonly RawRead[]) => reads.reduce((best, r) => (r.rate > best.rate ? r : best));

export const describeRaw = (raw: RawRead, all: readonly RawRead[]) =>
  `raw Query read (the base): ${raw.items} items in ${raw.seconds.toFixed(1)} s = ${Math.round(raw.rate)} items/s (${raw.calls} Queries, Limit ${raw.limit ?? 'none'}, ${raw.when}; all: ${all.map((r) => `${r.when}/${r.limit ?? 'none'} ${Math.round(r.rate)}`).join(', ')})`;
