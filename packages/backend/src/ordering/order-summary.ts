import { emptyFigures, type Figures, lastOrderOf, type Summary, type WeekBucket } from '../masterdata/index.ts';

/**
 * A portal order in the location summary (ADR 014): per ordered product `po` = the order day (the
 * actor's calendar date) and `poq` = the quantity ordered that day (added to when the day already has
 * an order), and `s` recounted as the sales on days on or after the (new) last order — the later of the
 * shipment day `o` and `po`, as lastOrderOf decides. `weeks` are the location's week buckets from the
 * week of `day` on (the new last order is never before `day`). Returns the new products map; pure.
 */
export function applyOrderToSummary(
  summary: Summary,
  weeks: readonly WeekBucket[],
  day: string,
  quantities: ReadonlyMap<string, number>,
): Record<string, Figures> {
  const products = structuredClone(summary.products);
  for (const [productId, quantity] of quantities) {
    const f = (products[productId] ??= emptyFigures());
    // Another actor's zone may already be a day ahead: the later day stays the last portal order.
    if (f.po && f.po > day) continue;
    if (f.po === day) f.poq = (f.poq ?? 0) + quantity;
    else {
      f.po = day;
      f.poq = quantity;
    }
    const since = lastOrderOf(f)!.date;
    let s = 0;
    for (const week of weeks) {
      for (const [date, cells] of Object.entries(week.days ?? {})) {
        const q = cells[productId]?.[0];
        if (q !== undefined && date >= since) s += q;
      }
    }
    f.s = s;
  }
  return products;
}
