import { queryAll } from '../platform/db/query.ts';
import type { Db } from '../platform/db/client.ts';
import { monthOf, type Grain, salesKeys, type SalesRow, splitRange } from '../masterdata/index.ts';

/**
 * A retailer's sales per day (or whole month) WITHOUT the per-product split: the same retailer day and
 * month items and the same Queries as salesOfRetailer (1 for day grain, ≤ 3 for month grain), but
 * projected to their totals (`q`, `a`). Grouping by day, week or month without an EAN or store filter
 * needs nothing else, and reading ~30 bytes instead of a product map per item (~200 products x 28 days
 * for a 28-day range of a large retailer) takes most of the unmarshalling off the request (ADR 014
 * "if unmarshalling ever dominates read latency").
 * Rows carry an empty productId: they are only for groupSales by day, week or month.
 */
export async function retailerTotals(db: Db, retailerId: string, range: { from: string; to: string }, grain: Grain) {
  const { dayRanges, months } = splitRange(range.from, range.to, grain);
  const bounds: [string, string][] = dayRanges.map(([a, b]) => [`D#${a}`, `D#${b}`]);
  if (months) bounds.push([`M#${months[0]}`, `M#${months[1]}`]);
  const results = await Promise.all(
    bounds.map(([a, b]) =>
      queryAll(db, {
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
        ExpressionAttributeValues: { ':pk': salesKeys.retailerPk(retailerId), ':a': a, ':b': b },
        ProjectionExpression: 'sk, q, a',
      }),
    ),
  );
  const rows: SalesRow[] = [];
  for (const item of results.flatMap((r) => r.items)) {
    const sk = String(item.sk);
    const value = sk.slice(2);
    const figures = { productId: '', quantity: Number(item.q ?? 0), amountCents: Number(item.a ?? 0) };
    rows.push(sk.startsWith('D#') ? { ...figures, date: value, month: monthOf(value) } : { ...figures, month: value });
  }
  return { rows, calls: results.reduce((n, r) => n + r.calls, 0) };
}
