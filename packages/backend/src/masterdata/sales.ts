import { addDays } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import { batchGet, getFrom, type Item, type Key, mapLimit } from '../platform/db/batch.ts';
import { entity, listAll } from '../platform/db/entity.ts';
import { onIndex } from '../platform/db/query.ts';
import type { Db } from '../platform/db/client.ts';
import { transactOptimistically, type TxItem } from '../platform/db/transact.ts';
import { CalendarDay, Cents, Ean, Id, Int, monthOf, nextMonthStart, weekOf } from './fields.ts';
import {
  emptyFigures,
  type Figures,
  isUnpacked,
  lastOrderOf,
  readSummary,
  summaryKey,
  summaryPut,
  weekBucketEntity,
  weekBucketItem,
} from './location-summary.ts';
import { storeKeys } from './store.ts';
import { ROLLUP_SHARDS, storeShard } from './rollup-shards.ts';
import { providerSalesKeys, providerWeeksOf } from './provider-sales.ts';

/**
 * Sales per store, product and day (ADR 014). The imported figure of a store x product x day is the truth
 * and is REPLACED by a re-import; every rollup moves by the difference, in the same transaction.
 *
 * Items (all written only inside transactions; see writeSales):
 * - week bucket (the raw day figures):  pk=STORE#<storeId>, sk=W#<monday>
 *     days: { <date>: { <productId>: [quantity, amountCents] } }
 *     gsi1 gsi1pk=SALESW#<retailerId>#<monday>#<shard>, gsi1sk=<storeId> (a retailer's stores in a week)
 * - store month:                        pk=STORE#<storeId>, sk=M#<yyyy-mm>
 *     q, a (totals), products: { <productId>: [q, a] }
 *     gsi1 gsi1pk=SALESM#<retailerId>#<yyyy-mm>#<shard>, gsi1sk=<storeId> (a retailer's stores in a month)
 *     <shard> = storeShard(storeId), 0..ROLLUP_SHARDS-1 (ADR 072): one import of a 20,000-store retailer writes
 *     ~20,000 buckets on its week's key; spread over the shards each stays under 1,000 WCU/s
 * - retailer day / month:               pk=RSALES#<retailerId>, sk=D#<date> | M#<yyyy-mm>
 *     q, a, products: { <productId>: [q, a] }, v (version)
 * - provider weeks (per retailer):      pk=PSALES#<providerId>, sk=W#<monday>#<retailerId>#<productId> (provider-sales.ts,
 *     ADR 037, ADR 072): the figures of the products whose content provider is the provider, per day, one item
 *     per product; per day x store in the provider store week, sk=S#<monday>#<retailerId>#<storeId>; written
 *     only for cells that name their product's provider (`providerId`)
 * - the location summary of location-summary.ts (per product totals, first day, since last order, stock)
 * Access patterns (reads never touch raw history beyond the asked range and never scan):
 * - products step of a store:   location-summary.ts locationProductFigures (1 Query)
 * - a store's days in a range:  pk=STORE#<id>, sk BETWEEN W#<monday of from> AND W#<monday of to>
 * - a store's months:           pk=STORE#<id>, sk BETWEEN M#<from> AND M#<to>
 * - a retailer's days / months: pk=RSALES#<id>, sk BETWEEN D#<from> AND D#<to> | M#.. AND M#..
 * - a retailer's stores:        gsi1 gsi1pk=SALESW#<id>#<monday>#<shard> per week and shard | SALESM#<id>#<month>#<shard>
 *                                per month and shard, all shards of a week or month in parallel (scatter-gather), and
 *                                the unsharded key of items written before ADR 072 (a re-import moves them)
 */
export { ROLLUP_SHARDS, storeShard };

export const SalesImport = z
  .object({
    storeId: Id,
    /** The product by article number, or by EAN (`ean`); one of the two. */
    productId: z.optional(Id),
    ean: z.optional(Ean),
    date: CalendarDay,
    quantity: Int(0, 10_000_000),
    /** The day's sales amount in the currency's main unit (at most two decimals). */
    amount: Cents,
  })
  .check(z.refine((r) => r.productId || r.ean, { message: 'productId or ean is required', path: ['productId'] }));
export type SalesImport = z.infer<typeof SalesImport>;

export const salesKeys = {
  week: (storeId: string, monday: string): Key => ({ pk: storeKeys.pk(storeId), sk: `W#${monday}` }),
  month: (storeId: string, month: string): Key => ({ pk: storeKeys.pk(storeId), sk: `M#${month}` }),
  retailerPk: (retailerId: string) => `RSALES#${retailerId}`,
  retailerDay: (retailerId: string, date: string): Key => ({ pk: `RSALES#${retailerId}`, sk: `D#${date}` }),
  retailerMonth: (retailerId: string, month: string): Key => ({ pk: `RSALES#${retailerId}`, sk: `M#${month}` }),
  weekGsi1pk: (retailerId: string, monday: string, storeId: string) => `SALESW#${retailerId}#${monday}#${storeShard(storeId)}`,
  monthGsi1pk: (retailerId: string, month: string, storeId: string) => `SALESM#${retailerId}#${month}#${storeShard(storeId)}`,
  /** Every key a week's or month's buckets may be on: the shards, and the unsharded key of before ADR 072. */
  weekGsi1pks: (retailerId: string, monday: string) => rollupKeys(`SALESW#${retailerId}#${monday}`),
  monthGsi1pks: (retailerId: string, month: string) => rollupKeys(`SALESM#${retailerId}#${month}`),
};

function rollupKeys(base: string): string[] {
  return [base, ...Array.from({ length: ROLLUP_SHARDS }, (_, shard) => `${base}#${shard}`)];
}

/** One store x product x day figure to write; `index` is the caller's position for the outcome. */
export type SalesCell = {
  storeId: string;
  retailerId: string;
  productId: string;
  date: string;
  quantity: number;
  amountCents: number;
  index: number;
  /** The product's content provider (ADR 037), when it has one: the cell moves that provider's figures too. */
  providerId?: string | undefined;
};

type Pair = [number, number];
type DayCells = Record<string, Record<string, Pair>>;

/** Totals and figures per product: a store month, a retailer day or a retailer month. */
type Rollup = { retailerId: string; q: number; a: number; products?: Record<string, Pair> };
/** A week bucket: the store's day figures of one week. */
type SalesWeek = { storeId: string; retailerId: string; week: string; days?: DayCells };
type SalesMonth = Rollup & { storeId: string; month: string };
/** A retailer day (date) or month (month), with its lock version. */
type RetailerSales = Rollup & { v: number } & ({ date: string } | { date?: undefined; month: string });
const salesWeeks = weekBucketEntity<SalesWeek>();
const salesMonths = entity<SalesMonth>();
const retailerSales = entity<RetailerSales>();

/** The items a write cycle changes, keys and all (they are put back whole). */
type WeekItem = Item & { days: DayCells };
type RollupItem = Item & { q: number; a: number; products: Record<string, Pair>; changed?: boolean };
type RetailerRollupItem = RollupItem & { seen: number };

/** Transaction limits: 100 items and 4 MB; stay below with a margin. */
const MAX_ITEMS = 100;
const MAX_BYTES = 3_500_000;

type Entry = { date: string; productId: string; quantity: number; amountCents: number; indices: number[]; providerId?: string | undefined };
type StoreCells = Map<string, Map<string, Entry>>; // week -> "date|productId" -> entry

class TooBig extends Error {}

const epochWeek = (monday: string) => Math.round(Date.parse(`${monday}T00:00:00Z`) / (7 * 86_400_000));

/**
 * Writes sales figures: each cell REPLACES its store x product x day figure (a later cell for the same
 * day wins). Outcome per cell: 'created' when the day had no figure for the product, else 'updated'.
 *
 * How (ADR 014): cells are grouped per retailer, then into transactions of up to ~100 items covering some
 * stores over two weeks. Each transaction is an optimistic read-compute-write cycle:
 * 1. read the stores' summaries (their versions are the stores' locks), then
 * 2. read the week buckets, store months, retailer days and retailer months involved;
 * 3. compute the new day figures and, from the differences to what was read, the new rollups;
 * 4. TransactWriteItems: every written item as a Put, each summary conditioned on its version, each
 *    retailer item on its own version. If anything changed since the reads, the transaction fails and
 *    the cycle runs again on fresh reads. So a re-import never double counts, concurrent imports never
 *    lose an update, and a crash leaves either all or nothing of a transaction.
 * Retailers are processed in parallel (`concurrency`); one retailer's transactions run one after another.
 */
export async function writeSales(db: Db, cells: readonly SalesCell[], now: Date, options: { concurrency?: number } = {}) {
  const outcomes: ('created' | 'updated')[] = new Array(cells.length);
  const byRetailer = new Map<string, Map<string, StoreCells>>();
  for (const cell of cells) {
    let stores = byRetailer.get(cell.retailerId);
    if (!stores) byRetailer.set(cell.retailerId, (stores = new Map()));
    let weeks = stores.get(cell.storeId);
    if (!weeks) stores.set(cell.storeId, (weeks = new Map()));
    const monday = weekOf(cell.date);
    let entries = weeks.get(monday);
    if (!entries) weeks.set(monday, (entries = new Map()));
    const id = `${cell.date}|${cell.productId}`;
    const entry = entries.get(id);
    if (entry) {
      entry.quantity = cell.quantity;
      entry.amountCents = cell.amountCents;
      entry.providerId = cell.providerId;
      entry.indices.push(cell.index);
    } else {
      entries.set(id, {
        date: cell.date,
        productId: cell.productId,
        quantity: cell.quantity,
        amountCents: cell.amountCents,
        indices: [cell.index],
        providerId: cell.providerId,
      });
    }
  }
  const at = now.toISOString();
  await mapLimit([...byRetailer], options.concurrency ?? 4, async ([retailerId, stores]) => {
    for (const group of planGroups(stores)) {
      await writeGroup(db, retailerId, group, at, outcomes);
    }
  });
  return outcomes;
}

/** Groups a retailer's cells into transactions: two-week blocks, stores added while the item count fits. */
function planGroups(stores: Map<string, StoreCells>): Map<string, StoreCells>[] {
  const blocks = new Map<number, Map<string, StoreCells>>();
  for (const [storeId, weeks] of stores) {
    for (const [monday, entries] of weeks) {
      const block = Math.floor(epochWeek(monday) / 2);
      let inBlock = blocks.get(block);
      if (!inBlock) blocks.set(block, (inBlock = new Map()));
      let storeWeeks = inBlock.get(storeId);
      if (!storeWeeks) inBlock.set(storeId, (storeWeeks = new Map()));
      storeWeeks.set(monday, entries);
    }
  }
  const groups: Map<string, StoreCells>[] = [];
  for (const block of [...blocks.keys()].sort((a, b) => a - b)) {
    let group = new Map<string, StoreCells>();
    const days = new Set<string>();
    const months = new Set<string>();
    const providerProducts = new Set<string>();
    let storeItems = 0;
    for (const [storeId, weeks] of [...blocks.get(block)!].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const storeDays = new Set<string>();
      const storeMonths = new Set<string>();
      const storeProviderWeeks = new Set<string>();
      const storeProviderProducts = new Set<string>();
      for (const [monday, entries] of weeks) {
        for (const e of entries.values()) {
          storeDays.add(e.date);
          storeMonths.add(monthOf(e.date));
          if (e.providerId) storeProviderWeeks.add(`${e.providerId}|${monday}`);
          if (e.providerId) storeProviderProducts.add(`${e.providerId}|${monday}|${e.productId}`);
        }
      }
      let items = weeks.size + storeMonths.size + 1;
      const unionDays = new Set([...days, ...storeDays]).size;
      const unionMonths = new Set([...months, ...storeMonths]).size;
      const unionProviderProducts = new Set([...providerProducts, ...storeProviderProducts]).size;
      // Each provider week of the store moves the store's own provider item, and each product its product
      // item shared by the group's stores (provider-sales.ts, ADR 072).
      items += storeProviderWeeks.size;
      if (group.size > 0 && storeItems + items + unionDays + unionMonths * 2 + unionProviderProducts > MAX_ITEMS) {
        groups.push(group);
        group = new Map();
        days.clear();
        months.clear();
        providerProducts.clear();
        storeItems = 0;
      }
      group.set(storeId, weeks);
      storeItems += items;
      for (const d of storeDays) days.add(d);
      for (const m of storeMonths) months.add(m);
      for (const pp of storeProviderProducts) providerProducts.add(pp);
    }
    if (group.size) groups.push(group);
  }
  return groups;
}

async function writeGroup(db: Db, retailerId: string, group: Map<string, StoreCells>, at: string, outcomes: ('created' | 'updated')[]) {
  const written = await transactOptimistically<[number, 'created' | 'updated'][]>(
    db,
    async () => {
      try {
        const plan = await planGroup(db, retailerId, group, at);
        return { transaction: plan.transaction, result: plan.outcomes };
      } catch (error) {
        const halves = error instanceof TooBig ? halvesOf(group) : undefined;
        if (!halves) throw error;
        // Each half is its own transaction (and reads again).
        for (const half of halves) await writeGroup(db, retailerId, half, at, outcomes);
        return { transaction: null, result: [] };
      }
    },
    // A lost race after 16 cycles gives up with the condition failure itself.
    { maxAttempts: 16, capMs: 2000, busy: (error) => error },
  );
  for (const [index, outcome] of written) outcomes[index] = outcome;
}

/**
 * A group too big for one transaction, in two: along its stores, or one store's cells along its products
 * (a store selling more of its providers' products than one transaction's items, ADR 072): each half is
 * computed from fresh reads, so the store's items are right after the second. Undefined: one cell.
 */
function halvesOf(group: Map<string, StoreCells>): [Map<string, StoreCells>, Map<string, StoreCells>] | undefined {
  const stores = [...group];
  if (stores.length > 1) {
    const half = Math.ceil(stores.length / 2);
    return [new Map(stores.slice(0, half)), new Map(stores.slice(half))];
  }
  const [storeId, weeks] = stores[0] ?? [];
  if (!storeId || !weeks) return undefined;
  const products = [...new Set([...weeks.values()].flatMap((entries) => [...entries.values()].map((e) => e.productId)))].sort();
  if (products.length < 2) return undefined;
  const first = new Set(products.slice(0, Math.ceil(products.length / 2)));
  const part = (inFirst: boolean): Map<string, StoreCells> => {
    const cells: StoreCells = new Map();
    for (const [monday, entries] of weeks) {
      const kept = [...entries].filter(([, e]) => first.has(e.productId) === inFirst);
      if (kept.length) cells.set(monday, new Map(kept));
    }
    return new Map([[storeId, cells]]);
  };
  return [part(true), part(false)];
}

const add = (map: Record<string, Pair>, productId: string, dq: number, da: number) => {
  const pair = map[productId] ?? [0, 0];
  map[productId] = [pair[0] + dq, pair[1] + da];
};

/**
 * The items a group's computation starts from, besides the summaries it locks. A store without a summary
 * has no sales items yet (every write of them writes the summary too), so a first load reads only the
 * retailer's items.
 */
function keysToRead(retailerId: string, group: Map<string, StoreCells>, summaries: Awaited<ReturnType<typeof batchGet>>): Key[] {
  const keys: Key[] = [];
  const days = new Set<string>();
  const months = new Set<string>();
  for (const [storeId, weeks] of group) {
    const known = getFrom(summaries, summaryKey({ type: 'store', id: storeId })) !== undefined;
    const storeMonths = new Set<string>();
    for (const [monday, entries] of weeks) {
      if (known) keys.push(salesKeys.week(storeId, monday));
      for (const e of entries.values()) {
        days.add(e.date);
        storeMonths.add(monthOf(e.date));
        if (e.providerId) keys.push(providerSalesKeys.productWeek(e.providerId, monday, retailerId, e.productId));
        if (e.providerId && known) keys.push(providerSalesKeys.storeWeek(e.providerId, monday, retailerId, storeId));
      }
    }
    for (const m of storeMonths) {
      if (known) keys.push(salesKeys.month(storeId, m));
      months.add(m);
    }
  }
  for (const d of days) keys.push(salesKeys.retailerDay(retailerId, d));
  for (const m of months) keys.push(salesKeys.retailerMonth(retailerId, m));
  return keys;
}

/** One read-compute cycle for a group: the transaction items (all Puts) and the outcomes it implies. */
async function planGroup(db: Db, retailerId: string, group: Map<string, StoreCells>, at: string) {
  const locations = [...group.keys()].map((id) => ({ type: 'store' as const, id }));
  // 1. The locks first: anything written after this read changes a version we condition on.
  const summaries = await batchGet(db, locations.map(summaryKey));
  // 2. Everything else the computation starts from.
  const items = await batchGet(db, keysToRead(retailerId, group, summaries));

  const transaction: TxItem[] = [];
  const outcomes: [number, 'created' | 'updated'][] = [];
  const retailerDays = new Map<string, RetailerRollupItem>();
  const retailerMonths = new Map<string, RetailerRollupItem>();
  const providerWeeks = providerWeeksOf(retailerId, (key) => getFrom(items, key));
  const retailerItem = (cache: Map<string, RetailerRollupItem>, key: Key, fields: Record<string, unknown>) => {
    let item = cache.get(key.sk);
    if (!item) {
      const stored = getFrom(items, key);
      const read = stored && retailerSales.read(stored);
      item =
        stored && read
          ? { ...stored, q: read.q, a: read.a, products: structuredClone(read.products ?? {}), seen: read.v }
          : { ...key, ...fields, retailerId, q: 0, a: 0, products: {}, seen: 0 };
      cache.set(key.sk, item);
    }
    return item;
  };

  for (const [storeId, weeks] of group) {
    const location = { type: 'store' as const, id: storeId };
    const summaryItem = getFrom(summaries, summaryKey(location));
    const summary = readSummary(summaryItem);
    const changedWeeks = new Map<string, WeekItem>();
    const storeMonths = new Map<string, RollupItem>();
    for (const [monday, entries] of weeks) {
      const key = salesKeys.week(storeId, monday);
      const stored = getFrom(items, key);
      // A bucket written before ADR 072 is on the unsharded index key: its next write moves it to its shard.
      const week: WeekItem = stored
        ? {
            ...stored,
            gsi1pk: salesKeys.weekGsi1pk(retailerId, monday, storeId),
            days: structuredClone(salesWeeks.read(stored).days ?? {}),
          }
        : {
            ...key,
            type: 'salesWeek',
            storeId,
            retailerId,
            week: monday,
            gsi1pk: salesKeys.weekGsi1pk(retailerId, monday, storeId),
            gsi1sk: storeId,
            days: {},
          };
      const dayCells = week.days;
      // A bucket still stored as a Map (before ADR 029) is rewritten packed, so a re-import migrates it.
      if (stored && isUnpacked(stored.days)) changedWeeks.set(monday, week);
      for (const e of entries.values()) {
        const prev = dayCells[e.date]?.[e.productId];
        outcomes.push([e.indices[0]!, prev ? 'updated' : 'created']);
        for (const index of e.indices.slice(1)) outcomes.push([index, 'updated']);
        if (prev && prev[0] === e.quantity && prev[1] === e.amountCents) continue;
        const dq = e.quantity - (prev?.[0] ?? 0);
        const da = e.amountCents - (prev?.[1] ?? 0);
        (dayCells[e.date] ??= {})[e.productId] = [e.quantity, e.amountCents];
        changedWeeks.set(monday, week);
        if (e.providerId) providerWeeks.add(e.providerId, monday, { date: e.date, productId: e.productId, storeId }, dq, da);

        const f: Figures = (summary.products[e.productId] ??= emptyFigures());
        if (!prev && (!f.f || e.date < f.f)) f.f = e.date;
        f.q += dq;
        f.a += da;
        const lastOrder = lastOrderOf(f);
        if (!lastOrder || e.date >= lastOrder.date) f.s += dq;
        if (f.fs && e.date >= f.fs) f.ss += dq;

        const month = monthOf(e.date);
        let storeMonth = storeMonths.get(month);
        if (!storeMonth) {
          const monthKey = salesKeys.month(storeId, month);
          const storedMonth = getFrom(items, monthKey);
          const read = storedMonth && salesMonths.read(storedMonth);
          storeMonth =
            storedMonth && read
              ? {
                  ...storedMonth,
                  gsi1pk: salesKeys.monthGsi1pk(retailerId, month, storeId),
                  q: read.q,
                  a: read.a,
                  products: structuredClone(read.products ?? {}),
                }
              : {
                  ...monthKey,
                  type: 'salesMonth',
                  storeId,
                  retailerId,
                  month,
                  gsi1pk: salesKeys.monthGsi1pk(retailerId, month, storeId),
                  gsi1sk: storeId,
                  q: 0,
                  a: 0,
                  products: {},
                };
          storeMonths.set(month, storeMonth);
        }
        for (const rollup of [
          storeMonth,
          retailerItem(retailerDays, salesKeys.retailerDay(retailerId, e.date), { type: 'retailerSalesDay', date: e.date }),
          retailerItem(retailerMonths, salesKeys.retailerMonth(retailerId, month), { type: 'retailerSalesMonth', month }),
        ]) {
          rollup.q += dq;
          rollup.a += da;
          add(rollup.products, e.productId, dq, da);
          rollup.changed = true;
        }
      }
    }
    if (changedWeeks.size === 0) continue;
    transaction.push(summaryPut(db, location, summary.v, summary.products, retailerId, at));
    for (const week of changedWeeks.values())
      transaction.push({ Put: { TableName: db.table, Item: weekBucketItem({ ...week, updatedAt: at }) } });
    for (const month of storeMonths.values()) {
      const { changed: _c, ...item } = month;
      transaction.push({ Put: { TableName: db.table, Item: { ...item, updatedAt: at } } });
    }
  }
  for (const item of [...retailerDays.values(), ...retailerMonths.values()]) {
    if (!item.changed) continue;
    const { changed: _c, seen, ...rest } = item;
    transaction.push({
      Put: {
        TableName: db.table,
        Item: { ...rest, v: seen + 1, updatedAt: at },
        ConditionExpression: seen === 0 ? 'attribute_not_exists(pk)' : 'v = :v',
        ...(seen === 0 ? {} : { ExpressionAttributeValues: { ':v': seen } }),
      },
    });
  }
  transaction.push(...providerWeeks.puts(db, at));
  if (transaction.length > MAX_ITEMS || JSON.stringify(transaction).length > MAX_BYTES) throw new TooBig();
  return { transaction, outcomes };
}

// ---------------------------------------------------------------------------------------------------
// Reads

/** A sales figure as the reads return it: a day (date set) or a whole month (date absent). */
export type SalesRow = {
  storeId?: string;
  productId: string;
  month: string;
  date?: string;
  quantity: number;
  amountCents: number;
};

/**
 * How a range is read: `day` needs every day (group by day or week); `month` may take whole months from
 * the month rollups and only the partial months at the edges from day figures (group by month, store,
 * product or totals), which keeps long ranges to a few calls.
 */
export type Grain = 'day' | 'month';
export type SalesRange = { from: string; to: string; productIds?: ReadonlySet<string> };

/** Splits [from, to] into the whole months inside it and the day ranges around them. */
export function splitRange(from: string, to: string, grain: Grain): { dayRanges: [string, string][]; months: [string, string] | null } {
  if (from > to) return { dayRanges: [], months: null };
  if (grain === 'day') return { dayRanges: [[from, to]], months: null };
  const firstFull = from.endsWith('-01') ? monthOf(from) : monthOf(nextMonthStart(monthOf(from)));
  const lastFull = nextMonthStart(monthOf(to)) === addDays(to, 1) ? monthOf(to) : monthOf(addDays(`${monthOf(to)}-01`, -1));
  if (firstFull > lastFull) return { dayRanges: [[from, to]], months: null };
  const dayRanges: [string, string][] = [];
  if (from < `${firstFull}-01`) dayRanges.push([from, addDays(`${firstFull}-01`, -1)]);
  const afterLast = nextMonthStart(lastFull);
  if (afterLast <= to) dayRanges.push([afterLast, to]);
  return { dayRanges, months: [firstFull, lastFull] };
}

const wanted = (range: SalesRange, productId: string) => !range.productIds || range.productIds.has(productId);

function rowsOfWeek(item: SalesWeek, range: SalesRange, from: string, to: string, withStore: boolean): SalesRow[] {
  const rows: SalesRow[] = [];
  for (const [date, cells] of Object.entries(item.days ?? {})) {
    if (date < from || date > to) continue;
    for (const [productId, [quantity, amountCents]] of Object.entries(cells)) {
      if (!wanted(range, productId)) continue;
      rows.push({ ...(withStore ? { storeId: item.storeId } : {}), productId, month: monthOf(date), date, quantity, amountCents });
    }
  }
  return rows;
}

function rowsOfRollup(item: Rollup, range: SalesRange, extra: { storeId?: string; date?: string; month: string }): SalesRow[] {
  return Object.entries(item.products ?? {})
    .filter(([productId]) => wanted(range, productId))
    .map(([productId, [quantity, amountCents]]) => ({ ...extra, productId, quantity, amountCents }));
}

/** A store's sales in a range: week buckets for the days, store months for whole months (grain month). */
export async function salesOfStore(db: Db, storeId: string, range: SalesRange, grain: Grain) {
  const { dayRanges, months } = splitRange(range.from, range.to, grain);
  const rows: SalesRow[] = [];
  let calls = 0;
  for (const [from, to] of dayRanges) {
    const res = await listAll(db, salesWeeks, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
      ExpressionAttributeValues: { ':pk': storeKeys.pk(storeId), ':a': `W#${weekOf(from)}`, ':b': `W#${weekOf(to)}` },
    });
    calls += res.calls;
    for (const item of res.items) rows.push(...rowsOfWeek(item, range, from, to, true));
  }
  if (months) {
    const res = await listAll(db, salesMonths, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
      ExpressionAttributeValues: { ':pk': storeKeys.pk(storeId), ':a': `M#${months[0]}`, ':b': `M#${months[1]}` },
    });
    calls += res.calls;
    for (const item of res.items) rows.push(...rowsOfRollup(item, range, { storeId, month: item.month }));
  }
  return { rows, calls };
}

/** A retailer's sales per day (or whole month) and product, from the retailer rollups. */
export async function salesOfRetailer(db: Db, retailerId: string, range: SalesRange, grain: Grain) {
  const { dayRanges, months } = splitRange(range.from, range.to, grain);
  const rows: SalesRow[] = [];
  let calls = 0;
  const ranges: [string, string, string][] = dayRanges.map(([a, b]) => [`D#${a}`, `D#${b}`, 'day']);
  if (months) ranges.push([`M#${months[0]}`, `M#${months[1]}`, 'month']);
  for (const [a, b] of ranges) {
    const res = await listAll(db, retailerSales, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
      ExpressionAttributeValues: { ':pk': salesKeys.retailerPk(retailerId), ':a': a, ':b': b },
    });
    calls += res.calls;
    for (const item of res.items) {
      rows.push(
        ...rowsOfRollup(item, range, item.date !== undefined ? { date: item.date, month: monthOf(item.date) } : { month: item.month }),
      );
    }
  }
  return { rows, calls };
}

/**
 * A retailer's sales per store (for group by store): the week buckets of the retailer's stores through
 * gsi1, one Query per week touched and shard (and the unsharded key of before ADR 072), and for grain month
 * the store months, the same per whole month; a week's or month's Queries run in parallel.
 * The answer has a row per store and product, so its size (and its pages) grows with the stores that sold.
 */
export async function salesOfRetailerByStore(db: Db, retailerId: string, range: SalesRange, grain: Grain) {
  const { dayRanges, months } = splitRange(range.from, range.to, grain);
  const rows: SalesRow[] = [];
  let calls = 0;
  for (const [from, to] of dayRanges) {
    for (let monday = weekOf(from); monday <= to; monday = addDays(monday, 7)) {
      for (const res of await mapLimit(salesKeys.weekGsi1pks(retailerId, monday), ROLLUP_SHARDS + 1, (pk) =>
        listAll(db, salesWeeks, onIndex('gsi1', pk)),
      )) {
        calls += res.calls;
        for (const item of res.items) rows.push(...rowsOfWeek(item, range, from, to, true));
      }
    }
  }
  if (months) {
    for (let month = months[0]; month <= months[1]; month = monthOf(nextMonthStart(month))) {
      for (const res of await mapLimit(salesKeys.monthGsi1pks(retailerId, month), ROLLUP_SHARDS + 1, (pk) =>
        listAll(db, salesMonths, onIndex('gsi1', pk)),
      )) {
        calls += res.calls;
        for (const item of res.items) rows.push(...rowsOfRollup(item, range, { storeId: item.storeId, month }));
      }
    }
  }
  return { rows, calls };
}

export type GroupBy = 'day' | 'week' | 'month' | 'store' | 'product';
export type SalesGroup = { key: string; quantity: number; amountCents: number };

/** The grain a grouping needs. */
export const grainFor = (groupBy: GroupBy): Grain => (groupBy === 'day' || groupBy === 'week' ? 'day' : 'month');

/**
 * Groups rows (SPEC 3 Sales response: sales, totalSales, resultCount): one entry per day, ISO week (its
 * Monday), month, store or product, sorted by key; totals over all rows.
 */
export function groupSales(rows: readonly SalesRow[], groupBy: GroupBy) {
  const groups = new Map<string, SalesGroup>();
  let quantity = 0;
  let amountCents = 0;
  for (const row of rows) {
    let key: string;
    if (groupBy === 'day' || groupBy === 'week') {
      if (!row.date) throw new Error(`group by ${groupBy} needs day figures (grain 'day')`);
      key = groupBy === 'day' ? row.date : weekOf(row.date);
    } else if (groupBy === 'month') key = row.month;
    else if (groupBy === 'store') {
      if (!row.storeId) throw new Error('group by store needs rows with a store');
      key = row.storeId;
    } else key = row.productId;
    const group = groups.get(key) ?? { key, quantity: 0, amountCents: 0 };
    group.quantity += row.quantity;
    group.amountCents += row.amountCents;
    groups.set(key, group);
    quantity += row.quantity;
    amountCents += row.amountCents;
  }
  const sales = [...groups.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { sales, totalSales: { quantity, amountCents }, resultCount: sales.length };
}
