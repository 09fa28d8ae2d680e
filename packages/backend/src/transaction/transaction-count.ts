import type { Db } from '../platform/db/client.ts';
import { legacyRowsReadable } from './transaction-entity.ts';
import { countStretchRows } from './transaction-read.ts';
import {
  bucketsOf,
  type CountsRead,
  isSlotted,
  JOB_PAGE_ROWS,
  layoutOf,
  type Plan,
  type Source,
  type Span,
  stretchesOf,
  spanKey,
  totalOf,
  utcDay,
} from './transaction-query.ts';
import { ALL, type DayCounts, readDays, readHours, readSlots } from './transaction-summary-entity.ts';

/**
 * Counts the rows of a counted plan in [from, to) (ADR 032, ADR 071), in parallel: 1 Query of the range's
 * daily summaries, 1 Query of the hourly summaries of each edge day, and for each end of the range that is
 * not on a whole UTC hour (a zone offset like +05:30, or asOf): in ALL, 1 Query of that hour's slots (its
 * day's hours tell whether they are complete) and 1 Query counting the rows of a part of a slot (asOf's;
 * Select COUNT: at most ten seconds of rows); in a terminal or EAN dimension, 1 Query counting the part's
 * rows (at most an hour of that dimension). A part whose hour was written before ADR 071 is counted from
 * its rows afterwards. Answers the buckets, newest first, to locate a page.
 */
export async function countRange(db: Db, customerId: string, plan: Plan, range: Span) {
  const layout = layoutOf(range, plan.dim === ALL);
  const hours = layout.parts.flatMap((p) => (p.hour === null ? [] : [p.hour]));
  const toCount = layout.parts.flatMap((p) => (p.hour === null ? [p] : p.edges));
  const [days, hourCounts, slots, spans] = await Promise.all([
    layout.days.length ? readDays(db, customerId, plan.dim, ...layout.days) : Promise.resolve(new Map<string, DayCounts>()),
    readHours(db, customerId, plan.dim, [...layout.edgeDays, ...hours.map(utcDay)]),
    readSlots(db, customerId, plan.dim, hours),
    countSpans(db, plan, toCount),
  ]);
  // Parts in hours without complete slots (written before ADR 071) are counted from their rows, as before.
  const unslotted = layout.parts.filter((p) => p.hour !== null && !isSlotted(hourCounts, p.hour));
  for (const [key, count] of await countSpans(db, plan, unslotted)) spans.set(key, count);
  return recount({ layout, plan, read: { days, hours: hourCounts, slots, spans } });
}
export type Counted = ReturnType<typeof recount>;

function recount({ layout, plan, read }: { layout: ReturnType<typeof layoutOf>; plan: Plan; read: CountsRead }) {
  const buckets = bucketsOf(layout, plan.combos, read);
  return { layout, plan, read, buckets, total: totalOf(buckets) };
}

/**
 * The counted range's buckets again with more read: the hours of `days` (1 Query a day) so a page lies in
 * hours, or the slots of `hours` (1 Query an hour) so its first row lies in ten seconds (ADR 071).
 */
export async function refine(db: Db, customerId: string, counted: Counted, more: { days?: string[]; hours?: number[] }): Promise<Counted> {
  const { read, plan } = counted;
  const [hours, slots] = await Promise.all([
    readHours(db, customerId, plan.dim, more.days ?? []),
    readSlots(db, customerId, plan.dim, more.hours ?? []),
  ]);
  return recount({ ...counted, read: { ...read, hours: new Map([...read.hours, ...hours]), slots: new Map([...read.slots, ...slots]) } });
}

async function countSpans(db: Db, plan: Plan, spans: readonly Span[]): Promise<Map<string, number>> {
  return new Map(
    await Promise.all(spans.map(async (span): Promise<[string, number]> => [spanKey(span), await countRows(db, plan, span.from, span.to)])),
  );
}

/**
 * The matching rows of a source in [from, to) (Select COUNT, following pages: bounded by the span): for a ledger
 * each UTC day's key the span touches (a part of the range: one, or two across midnight), ADR 074.
 */
export async function countRows(db: Db, plan: Pick<Plan, 'source' | 'residual'>, from: number, to: number): Promise<number> {
  const stretches = stretchesOf(plan.source, { from, to }, { legacy: await mayHoldLegacyRows(db, plan.source) });
  return countStretchRows(db, plan.residual, stretches, JOB_PAGE_ROWS);
}

/** Whether a source's rows may still wait in the ledger's key of before ADR 074 (index partitions never moved). */
export const mayHoldLegacyRows = async (db: Db, source: Source): Promise<boolean> => 'ledgerId' in source && (await legacyRowsReadable(db));
