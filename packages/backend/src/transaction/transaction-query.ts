import type { TransactionFilter } from '@portal/core/transaction';
import { addDays, startOfDayInZone } from '@portal/core/shared';
import { transactionKeys, ATTRIBUTE } from './transaction-entity.ts';
import {
  ALL,
  type ComboFilter,
  countOf,
  type DayCounts,
  eanDim,
  type HourCounts,
  SLOT_MS,
  type SlotCounts,
  terminalDim,
} from './transaction-summary-entity.ts';

/**
 * The planner of the transaction list (ADR 032), pure: which partition a filter reads, the residual
 * condition DynamoDB applies, the UTC range of the user's days, and where a page lies in the range's
 * counts. transaction-service.ts runs the reads it names.
 */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** Rows a request examines at most where no summary counts the filter (serial; terminal and EAN together). */
export const TRANSACTION_SCAN_BOUND = 5_000;

export const iso = (ms: number) => new Date(ms).toISOString();
export const utcDay = (ms: number) => iso(ms).slice(0, 10);
const floorHour = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;
const ceilHour = (ms: number) => Math.ceil(ms / HOUR_MS) * HOUR_MS;

/** The UTC instants [from, to) of the user's calendar days, `to` capped by asOf (rows at asOf included). */
export function rangeOf(
  filter: Pick<TransactionFilter, 'startDate' | 'endDate'>,
  timeZone: string,
  asOf?: number,
): { from: number; to: number } {
  const from = startOfDayInZone(filter.startDate, timeZone);
  const end = startOfDayInZone(addDays(filter.endDate, 1), timeZone);
  return { from, to: Math.max(from, asOf === undefined ? end : Math.min(end, asOf + 1)) };
}

/** A partition of the table or of an index, sorted by `<atISO>#<id>`. */
export type Partition = { index?: 'gsi1' | 'gsi2' | 'gsi3'; pk: string };
/** Where a plan's rows come from: one index partition, or a ledger's day keys `TXN#<ledger>#<day>` (ADR 074). */
export type Source = Partition | { ledgerId: string };

/**
 * The access plan of a filter:
 * - `counted`: a summary dimension counts every row the filter can match (type, result code and result
 *   are parts of the counted combination), so totals are exact and a page is located by counts;
 * - `bounded`: a serial (gsi1, across customers), or terminal and EAN together (the terminal's index,
 *   EAN as the residual): at most TRANSACTION_SCAN_BOUND rows are examined per request.
 * `residual` is the FilterExpression of what the partition does not already select.
 */
export type Plan = {
  mode: 'counted' | 'bounded';
  source: Source;
  /** The summary dimension of a counted plan. */
  dim: string;
  combos: ComboFilter;
  residual: Residual;
};
export type Residual = { expression?: string; names: Record<string, string>; values: Record<string, unknown> };

export function planOf(filter: TransactionFilter): Plan {
  const combos: ComboFilter = { type: filter.type, resultCode: filter.resultCode, result: filter.result };
  const c = filter.customerId;
  const conditions: [Condition, string | undefined][] = [
    ['type', filter.type],
    ['resultCode', filter.resultCode],
    ['result', filter.result],
  ];
  let mode: Plan['mode'] = 'counted';
  let source: Source;
  let dim = ALL;
  if (filter.serial) {
    mode = 'bounded';
    source = { index: 'gsi1', pk: transactionKeys.serial(filter.serial) };
    // The serial index holds booking rows only (ADR 056): the ledger's are those booked for it or listed in it.
    conditions.push(['ledger', c], ['terminalId', filter.terminalId], ['ean', filter.ean]);
  } else if (filter.terminalId) {
    source = { index: 'gsi2', pk: transactionKeys.terminal(c, filter.terminalId) };
    dim = terminalDim(filter.terminalId);
    if (filter.ean) {
      mode = 'bounded';
      conditions.push(['ean', filter.ean]);
    }
  } else if (filter.ean) {
    source = { index: 'gsi3', pk: transactionKeys.ean(c, filter.ean) };
    dim = eanDim(filter.ean);
  } else {
    source = { ledgerId: c };
  }
  return { mode, source, dim, combos, residual: residualOf(conditions) };
}

/** A filter field, or `ledger`: the row is booked for the customer or listed in its ledger (ADR 056). */
type Condition = keyof typeof ATTRIBUTE | 'ledger';

function residualOf(conditions: [Condition, string | undefined][]): Residual {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  for (const [field, value] of conditions) {
    if (value === undefined) continue;
    values[`:f_${field}`] = value;
    if (field === 'ledger') {
      parts.push(`(#f_customerId = :f_ledger OR #f_providerId = :f_ledger)`);
      names['#f_customerId'] = ATTRIBUTE.customerId;
      names['#f_providerId'] = ATTRIBUTE.providerId;
      continue;
    }
    parts.push(`#f_${field} = :f_${field}`);
    names[`#f_${field}`] = ATTRIBUTE[field];
  }
  return { ...(parts.length ? { expression: parts.join(' AND ') } : {}), names, values };
}

/**
 * The Limit of every Query page that follows a long range to its end (a job's rows, and Select COUNT of
 * rows): a little more than fit in DynamoDB's 1 MB page (~2,130 rows of ~470 B), so on AWS the pages are
 * the same 1 MB pages as without a Limit. Without a Limit DynamoDB Local (SQLite) reads the whole remaining
 * key range on every page before cutting it at 1 MB, which made long ranges quadratic: a page of a 90-day
 * range cost 52-79 s against 0.2 s with this Limit; 2,500 read 1.6-1.8x faster than 1,000 (twice the calls)
 * and than 4,000 (rows read and dropped). ADR 033, 2026-11-25 addendum.
 */
export const JOB_PAGE_ROWS = 2500;

/** A Query of a partition's rows in [from, to), newest first, with the residual condition. */
export function rowsQuery(plan: { source: Partition; residual: Residual }, from: number, to: number) {
  const { source, residual } = plan;
  const pkName = source.index ? `${source.index}pk` : 'pk';
  const skName = source.index ? `${source.index}sk` : 'sk';
  return {
    ...(source.index ? { IndexName: source.index } : {}),
    // [from, to): every sort key is `<atISO>#<id>`, so `sk <= iso(to)` leaves out the rows at `to` itself.
    KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
    ...(residual.expression ? { FilterExpression: residual.expression } : {}),
    ExpressionAttributeNames: { '#pk': pkName, '#sk': skName, ...residual.names },
    ExpressionAttributeValues: { ':pk': source.pk, ':from': iso(from), ':to': iso(to), ...residual.values },
    ScanIndexForward: false,
  };
}

/**
 * A stretch of a range and the partitions holding its rows, read one after another newest first: an index
 * source is one stretch; a ledger's range is one stretch per UTC day, its day key (ADR 074) and, while rows
 * may wait in the ledger's key of before ADR 074 (`legacy`), that key too (its rows of the day merged in).
 */
export type Stretch = Span & { partitions: Partition[] };

/** The stretches of [from, to), newest first; for a ledger only the UTC days in `days` when given (days the counts say have rows). */
export function stretchesOf(source: Source, range: Span, options: { legacy: boolean; days?: ReadonlySet<string> }): Stretch[] {
  if (range.from >= range.to) return [];
  if (!('ledgerId' in source)) return [{ ...range, partitions: [source] }];
  const out: Stretch[] = [];
  for (let start = Math.floor((range.to - 1) / DAY_MS) * DAY_MS; start + DAY_MS > range.from; start -= DAY_MS) {
    const day = utcDay(start);
    if (options.days && !options.days.has(day)) continue;
    const partitions: Partition[] = [{ pk: transactionKeys.pk(source.ledgerId, day) }];
    if (options.legacy) partitions.push({ pk: transactionKeys.legacyPk(source.ledgerId) });
    out.push({ from: Math.max(range.from, start), to: Math.min(range.to, start + DAY_MS), partitions });
  }
  return out;
}

/** The UTC days of some buckets (a bucket lies in one day, a part of a range in at most two). */
export function daysOfBuckets(buckets: readonly Bucket[]): Set<string> {
  const days = new Set<string>();
  for (const b of buckets) for (let at = b.from; at < b.to; at = Math.floor(at / DAY_MS) * DAY_MS + DAY_MS) days.add(utcDay(at));
  return days;
}

/**
 * Each stretch's share of a page, from the counted buckets (each lies in one stretch): the rows of the page
 * it holds (`take`) and the matching rows before them in it (`skip`, in the first only). Stretches holding
 * none of the page are left out.
 */
export function pageShares(stretches: readonly Stretch[], buckets: readonly Bucket[], skip: number, take: number) {
  const shares: { stretch: Stretch; skip: number; take: number }[] = [];
  let skipping = skip;
  let taking = take;
  for (const stretch of stretches) {
    const rows = totalOf(buckets.filter((b) => b.from >= stretch.from && b.to <= stretch.to));
    const skipped = Math.min(skipping, rows);
    const taken = Math.min(taking, rows - skipped);
    skipping -= skipped;
    taking -= taken;
    if (taken > 0) shares.push({ stretch, skip: skipped, take: taken });
  }
  return shares;
}

// --- Counting and locating a page (counted plans) -----------------------------------------------------

/**
 * A stretch of the range with an exact count of matching rows: a UTC day, an hour, a ten-second slot
 * (ADR 071), or a part at either end of the range (a zone whose offset is not whole hours, or asOf),
 * counted by reading its rows. Buckets are listed newest first.
 */
export type Bucket = { from: number; to: number; count: number; day?: string };
export type Span = { from: number; to: number };

/** The first and last UTC day of a range's whole hours; none when it has no whole hour. */
type DaySpan = readonly [] | readonly [first: string, last: string];
const NO_DAYS: DaySpan = [];

/**
 * A part of the range no hour item counts. Where the plan's dimension has slots (ALL, ADR 071) a part lies
 * in one hour (`hour`), counted from that hour's slots and, for the sub-slot edges (`edges`, asOf's), from
 * their rows; else (`hour` null) from its rows. A part in an hour written before ADR 071 is counted from
 * its rows too.
 */
export type Part = Span & { hour: number | null; edges: Span[] };

export type Layout = {
  /** Newest first: the parts after the whole hours, then those before them. */
  parts: Part[];
  days: DaySpan;
  edgeDays: string[];
  fromHour: number;
  toHour: number;
};

const floorSlot = (ms: number) => Math.floor(ms / SLOT_MS) * SLOT_MS;
const ceilSlot = (ms: number) => Math.ceil(ms / SLOT_MS) * SLOT_MS;

/** A part of a slotted dimension: split at the hour (a range shorter than two hours may cross one), with its sub-slot edges. */
function slottedParts(span: Span): Part[] {
  const cut = ceilHour(span.from);
  const pieces =
    span.from < cut && cut < span.to
      ? [
          { from: cut, to: span.to },
          { from: span.from, to: cut },
        ]
      : [span];
  return pieces.map((piece) => {
    const bottom = ceilSlot(piece.from);
    const top = floorSlot(piece.to);
    const edges =
      bottom >= top
        ? [piece]
        : [...(top < piece.to ? [{ from: top, to: piece.to }] : []), ...(piece.from < bottom ? [{ from: piece.from, to: bottom }] : [])];
    return { ...piece, hour: floorHour(piece.from), edges };
  });
}

/** What counting a range needs: its whole hours [fromHour, toHour), the days of those, the parts. */
export function layoutOf(range: Span, slotted: boolean): Layout {
  const fromHour = ceilHour(range.from);
  const toHour = floorHour(range.to);
  const partsOf = (spans: Span[]): Part[] => spans.flatMap((span) => (slotted ? slottedParts(span) : [{ ...span, hour: null, edges: [] }]));
  if (fromHour >= toHour) return { parts: partsOf([range]), days: NO_DAYS, edgeDays: [], fromHour, toHour };
  const parts = partsOf([
    ...(toHour < range.to ? [{ from: toHour, to: range.to }] : []),
    ...(range.from < fromHour ? [{ from: range.from, to: fromHour }] : []),
  ]);
  const firstDay = utcDay(fromHour);
  const lastDay = utcDay(toHour - 1);
  const edgeDays = [
    ...new Set([fromHour % DAY_MS ? firstDay : null, toHour % DAY_MS ? lastDay : null].filter((d): d is string => d !== null)),
  ];
  return { parts, days: [firstDay, lastDay] satisfies DaySpan, edgeDays, fromHour, toHour };
}

/** What the counting read: daily, hourly and slot counts, and the rows counted of some spans (`spanKey`). */
export type CountsRead = {
  days: Map<string, DayCounts>;
  hours: Map<string, HourCounts>;
  slots: Map<number, SlotCounts>;
  spans: Map<string, number>;
};
export const spanKey = (span: Span) => `${span.from}:${span.to}`;

const dayStart = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const hourOfDay = (ms: number) => new Date(ms).getUTCHours();

/** Whether an hour's slots count every row the hour counts (ADR 071); an hour without rows has nothing to count. */
export function isSlotted(hours: Map<string, HourCounts>, hour: number): boolean {
  const day = hours.get(utcDay(hour));
  const h = hourOfDay(hour);
  return day !== undefined && (!day.has(h) || day.slotted.has(h));
}

/** The slot buckets of [from, to) (whole slots) of one hour, newest first. */
function slotBuckets(slots: SlotCounts | undefined, combos: ComboFilter, from: number, to: number): Bucket[] {
  const out: Bucket[] = [];
  for (let at = to - SLOT_MS; at >= from; at -= SLOT_MS) {
    const count = countOf(slots?.get(at), combos);
    if (count) out.push({ from: at, to: at + SLOT_MS, count });
  }
  return out;
}

/** A part's buckets: its slots and its edges' rows, or its rows when its hour has no complete slots. */
function partBuckets(part: Part, combos: ComboFilter, read: CountsRead): Bucket[] {
  const counted = (span: Span): Bucket[] => {
    const count = read.spans.get(spanKey(span)) ?? 0;
    return count ? [{ ...span, count }] : [];
  };
  const top = floorSlot(part.to);
  const bottom = ceilSlot(part.from);
  if (part.hour === null || bottom >= top || !isSlotted(read.hours, part.hour)) return counted(part);
  return [
    ...(top < part.to ? counted({ from: top, to: part.to }) : []),
    ...slotBuckets(read.slots.get(part.hour), combos, bottom, top),
    ...(part.from < bottom ? counted({ from: part.from, to: bottom }) : []),
  ];
}

/** The buckets of one UTC day's hours within [fromHour, toHour), newest first: an hour's slots where they were read and are complete. */
function hourBuckets(day: string, combos: ComboFilter, read: CountsRead, fromHour: number, toHour: number): Bucket[] {
  const out: Bucket[] = [];
  const start = dayStart(day);
  const hours = read.hours.get(day);
  for (let h = 23; h >= 0; h -= 1) {
    const from = start + h * HOUR_MS;
    if (from < fromHour || from >= toHour) continue;
    const slots = read.slots.get(from);
    if (slots && isSlotted(read.hours, from)) out.push(...slotBuckets(slots, combos, from, from + HOUR_MS));
    else {
      const count = countOf(hours?.get(h), combos);
      if (count) out.push({ from, to: from + HOUR_MS, count });
    }
  }
  return out;
}

/**
 * The range's buckets, newest first: the parts at the end, then each day (hour or slot buckets for the days
 * whose hours were read, else one day bucket), then the parts at the start.
 */
export function bucketsOf(layout: Layout, combos: ComboFilter, read: CountsRead): Bucket[] {
  const parts = (after: boolean) =>
    layout.parts.filter((p) => p.from >= layout.toHour === after).flatMap((p) => partBuckets(p, combos, read));
  if (layout.days.length === 0) return layout.parts.flatMap((p) => partBuckets(p, combos, read));
  const [firstDay, lastDay] = layout.days;
  const out: Bucket[] = parts(true);
  for (let day = lastDay; day >= firstDay; day = utcDay(dayStart(day) - DAY_MS)) {
    if (read.hours.has(day) || layout.edgeDays.includes(day)) out.push(...hourBuckets(day, combos, read, layout.fromHour, layout.toHour));
    else {
      const count = countOf(read.days.get(day), combos);
      if (count) out.push({ from: dayStart(day), to: dayStart(day) + DAY_MS, count, day });
    }
  }
  out.push(...parts(false));
  return out;
}

export const totalOf = (buckets: readonly Bucket[]) => buckets.reduce((n, b) => n + b.count, 0);

/** The bucket holding position `at` (0 = newest) and how many matching rows are newer than it. */
export function locate(buckets: readonly Bucket[], at: number): { bucket: Bucket; before: number } {
  let before = 0;
  for (const bucket of buckets) {
    if (at < before + bucket.count) return { bucket, before };
    before += bucket.count;
  }
  throw new RangeError(`position ${at} is past the range's ${before} rows`);
}

/**
 * The UTC days a page [start, end) falls into, whose hours are read to narrow it to hours. Always the
 * page's days, even when they are edge days whose hours the count already read: one Query a day of small
 * items, so every page costs the same calls wherever its rows lie (ADR 032).
 */
export function daysToRefine(buckets: readonly Bucket[], start: number, end: number): string[] {
  return [...new Set([locate(buckets, start).bucket.from, locate(buckets, end - 1).bucket.from].map(utcDay))];
}

/** The hour whose slots narrow the page's first row to ten seconds (ADR 071): read on every page, like the days. */
export const hourToRefine = (buckets: readonly Bucket[], start: number): number => floorHour(locate(buckets, start).bucket.from);
