import { addDays } from '@portal/core/shared';
import type { SalesGroupBy } from '@portal/core/sales';
import { monthOf, nextMonthStart, weekOf } from '../masterdata/index.ts';

type Group = { key: string; quantity: number; amountCents: number };

/**
 * Every period of a range at a time grouping, oldest first, as the group keys the rollups use: each day,
 * the Monday of each ISO week touched, each month (YYYY-MM) touched. The range's days are the user's
 * calendar days (the web derives them in the user's time zone, SPEC 4 presets), so this is calendar
 * arithmetic only. Store and product groupings have no periods (null).
 */
export function periodsOf(startDate: string, endDate: string, groupBy: SalesGroupBy): string[] | null {
  const keys: string[] = [];
  if (groupBy === 'day') for (let d = startDate; d <= endDate; d = addDays(d, 1)) keys.push(d);
  else if (groupBy === 'week') for (let w = weekOf(startDate); w <= endDate; w = addDays(w, 7)) keys.push(w);
  else if (groupBy === 'month') {
    for (let m = monthOf(startDate); m <= monthOf(endDate); m = monthOf(nextMonthStart(m))) keys.push(m);
  } else return null;
  return keys;
}

/**
 * The groups of a time grouping with every period of the range present (zero where nothing sold), so a
 * chart or a spreadsheet sees the gaps instead of losing them (ADR 017). Other groupings as given.
 */
export function withEveryPeriod<G extends Group>(
  groups: readonly G[],
  range: { startDate: string; endDate: string; groupBy: SalesGroupBy },
  empty: (key: string) => G,
): G[] {
  const keys = periodsOf(range.startDate, range.endDate, range.groupBy);
  if (!keys) return [...groups];
  const byKey = new Map(groups.map((g) => [g.key, g]));
  return keys.map((key) => byKey.get(key) ?? empty(key));
}
