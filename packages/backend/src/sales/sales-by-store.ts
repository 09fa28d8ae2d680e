import { addDays } from '@portal/core/shared';
import type { Db } from '../platform/db/client.ts';
import {
  monthOf,
  nextMonthStart,
  salesOfRetailerByStore,
  type SalesRange,
  type SalesRow,
  splitRange,
  weekOf,
} from '../masterdata/index.ts';

/**
 * A retailer's sales per store (salesOfRetailerByStore) with its Queries in parallel: the range is cut
 * into the pieces that read takes one Query each for (a week of day figures, a whole month), and the
 * pieces are read at once. Same calls and rows as one call over the whole range, a fraction of the
 * latency (5 sequential round trips for 28 days otherwise). At most ~20 pieces for 400 days.
 * Beside sales-totals.ts: both are one read of the retailer's rollups (ADR 014) shaped for one answer.
 */
export async function salesByStoreInParallel(db: Db, retailerId: string, range: SalesRange, grain: 'day' | 'month'): Promise<SalesRow[]> {
  const { dayRanges, months } = splitRange(range.from, range.to, grain);
  const pieces: { from: string; to: string; grain: 'day' | 'month' }[] = [];
  for (const [from, to] of dayRanges) {
    for (let monday = weekOf(from); monday <= to; monday = addDays(monday, 7)) {
      const sunday = addDays(monday, 6);
      pieces.push({ from: monday < from ? from : monday, to: sunday > to ? to : sunday, grain: 'day' });
    }
  }
  if (months) {
    for (let month = months[0]; month <= months[1]; month = monthOf(nextMonthStart(month))) {
      pieces.push({ from: `${month}-01`, to: addDays(nextMonthStart(month), -1), grain: 'month' });
    }
  }
  const results = await Promise.all(
    pieces.map((piece) => salesOfRetailerByStore(db, retailerId, { ...range, from: piece.from, to: piece.to }, piece.grain)),
  );
  return results.flatMap((r) => r.rows);
}
