import { addDays } from '@portal/core/shared';
import type { Item } from '../platform/db/batch.ts';
import { type Entity, entity } from '../platform/db/entity.ts';
import { queryAll } from '../platform/db/query.ts';
import type { Db } from '../platform/db/client.ts';
import type { TxItem } from '../platform/db/transact.ts';
import { distributionCentreKeys } from './distribution-centre.ts';
import { daysBetween, weekOf } from './fields.ts';
import { storeKeys } from './store.ts';

/**
 * The per-location rollup summary (ADR 014): one item per delivery address (a store, or a distribution
 * centre for store type 1) holding, per product, the running figures the products step needs. It is
 * also the location's lock: every write of the location's sales or shipments reads it first, and commits
 * in a transaction conditioned on its version `v` being unchanged (optimistic locking), so the figures
 * always equal a recomputation from the raw lines (tested against one).
 *
 * Its sort key sorts right after the location's week buckets (`W#<monday>`), so ONE Query
 * `sk BETWEEN W#<monday 4 weeks ago> AND W~SUMMARY` reads the last weeks and the summary together.
 */
export type LocationType = 'store' | 'dc';
export type Location = { type: LocationType; id: string };

export const SUMMARY_SK = 'W~SUMMARY';
export const locationPk = (location: Location) =>
  location.type === 'store' ? storeKeys.pk(location.id) : distributionCentreKeys.pk(location.id);
export const summaryKey = (location: Location) => ({ pk: locationPk(location), sk: SUMMARY_SK });
/** Store type of SPEC 3 "Order to submit": 0 = store, 1 = distribution centre. */
export const locationOfStoreType = (storeType: 0 | 1, id: string): Location => ({ type: storeType === 0 ? 'store' : 'dc', id });

/**
 * A product's running figures at a location, with short names (the item holds one per product):
 * - q, a:   sold quantity and amount (cents) over every recorded day
 * - f:      the first day with a sales line ("calculated since")
 * - o, oq:  the last order: the latest day with a non-cancelled shipment, and the quantity shipped that day
 * - po, poq: the same for orders placed in the portal (kept by the order service; the later of o and po counts)
 * - s:      sold on days on or after the last order (every day when there is none)
 * - sh, pe: shipped quantity (status submitted) and pending quantity (status pending)
 * - fs:     the first day with a submitted shipment; ss: sold on days on or after it (stock = sh - ss)
 */
export type Figures = {
  q: number;
  a: number;
  f?: string;
  o?: string;
  oq: number;
  po?: string;
  poq?: number;
  s: number;
  sh: number;
  pe: number;
  fs?: string;
  ss: number;
};
export const emptyFigures = (): Figures => ({ q: 0, a: 0, oq: 0, s: 0, sh: 0, pe: 0, ss: 0 });

export type Summary = { v: number; products: Record<string, Figures> };

/** A week bucket's day figures: { <date>: { <productId>: [quantity, amountCents] } } (sales.ts writes them). */
export type DayCells = Record<string, Record<string, readonly number[]>>;
/** A location's week bucket (pk=<location>, sk=W#<monday>) as the figures read it. */
export type WeekBucket = { days?: DayCells };

/**
 * The rollup maps (a week bucket's `days`, a summary's `products`) are stored PACKED: one JSON string
 * attribute, not a DynamoDB Map (ADR 029). A Map of ~2,000 day cells is ~10,000 AttributeValues that
 * DynamoDB and the SDK (un)marshal one by one; a string is one value and JSON.parse is native.
 */
export const pack = (value: object): string => JSON.stringify(value);

/**
 * A packed rollup map read back; a Map attribute (items written before ADR 029, read as an object) is
 * accepted as it is until a write of its location replaces it (a re-import of the sales does).
 */
export function unpack<T extends object>(stored: unknown): T | undefined {
  return typeof stored === 'string' ? (JSON.parse(stored) as T) : (stored as T | undefined);
}
/** Whether an item's rollup map is still a Map (written before ADR 029), so a re-import rewrites it. */
export const isUnpacked = (stored: unknown): boolean => stored !== undefined && typeof stored !== 'string';

/** Week buckets (sales.ts's record type `T`) read with their day figures unpacked. */
export function weekBucketEntity<T extends WeekBucket>(): Entity<T> {
  const buckets = entity<T>();
  return { read: (item) => ({ ...buckets.read(item), days: unpack<DayCells>(item.days) }) };
}
export const weekBuckets = weekBucketEntity<WeekBucket>();
/** The summary: `products` packed, or a Map written before ADR 029. */
const summaries = entity<{ v: number; products?: string | Record<string, Figures> }>();
/** A week bucket item to put: its day figures packed. */
export const weekBucketItem = <T extends WeekBucket>(item: T) => ({ ...item, days: pack(item.days ?? {}) });

/** The day the "since last order" figure counts from: the later of the shipment and portal orders. */
export function lastOrderOf(f: Figures): { date: string; quantity: number } | null {
  if (f.po && (!f.o || f.po > f.o)) return { date: f.po, quantity: f.poq ?? 0 };
  if (f.o && f.po === f.o) return { date: f.o, quantity: f.oq + (f.poq ?? 0) };
  return f.o ? { date: f.o, quantity: f.oq } : null;
}

/** The summary item read for a write cycle (its products a copy to change), or the empty one of version 0. */
export function readSummary(item: Item | undefined): Summary {
  if (!item) return { v: 0, products: {} };
  const { v, products } = summaries.read(item);
  // A packed map parses into a fresh object; a Map (before ADR 029) is copied before it is changed.
  const figures = typeof products === 'string' ? unpack<Record<string, Figures>>(products) : structuredClone(products);
  return { v, products: figures ?? {} };
}

/**
 * The summary as a transaction Put: created if absent, else only if its version is still the one read.
 * Written with the next version, so any other write of this location in between fails this one.
 */
export function summaryPut(
  db: Db,
  location: Location,
  seen: number,
  products: Record<string, Figures>,
  retailerId: string,
  now: string,
): TxItem {
  return {
    Put: {
      TableName: db.table,
      Item: {
        ...summaryKey(location),
        type: 'locationSummary',
        locationType: location.type,
        locationId: location.id,
        retailerId,
        v: seen + 1,
        products: pack(products),
        updatedAt: now,
      },
      ConditionExpression: seen === 0 ? 'attribute_not_exists(pk)' : 'v = :v',
      ...(seen === 0 ? {} : { ExpressionAttributeValues: { ':v': seen } }),
    },
  };
}

/** What the products step shows per product (SPEC 3 product table columns), for one location. */
export type ProductFigures = {
  productId: string;
  /** Sold in the 28 days ending yesterday (SPEC 9 "Sales column period: last 4 weeks"). */
  salesLast4Weeks: number;
  salesSinceLastOrder: number;
  /** Sold since `calculatedSince` per month of 30.4375 days (at least one month). */
  averagePerMonth: number;
  calculatedSince: string | null;
  lastOrder: { date: string; quantity: number } | null;
  totalSold: number;
  totalAmountCents: number;
  shipped: number;
  pending: number;
  /** Shipped minus sold since the first submitted shipment; null before any. */
  stock: number | null;
};

const DAYS_PER_MONTH = 365.25 / 12;

/** Combines the summary with the day figures of the last weeks (week items) into the products step's figures. */
export function productFigures(summary: Summary, weeks: readonly WeekBucket[], today: string): Map<string, ProductFigures> {
  const from = addDays(today, -28);
  const recent = new Map<string, number>();
  for (const week of weeks) {
    for (const [date, cells] of Object.entries(week.days ?? {})) {
      if (date < from || date >= today) continue;
      for (const [productId, [q = 0]] of Object.entries(cells)) recent.set(productId, (recent.get(productId) ?? 0) + q);
    }
  }
  const out = new Map<string, ProductFigures>();
  for (const [productId, f] of Object.entries(summary.products)) {
    const months = f.f ? Math.max(1, daysBetween(f.f, today) / DAYS_PER_MONTH) : 1;
    out.set(productId, {
      productId,
      salesLast4Weeks: recent.get(productId) ?? 0,
      salesSinceLastOrder: f.s,
      averagePerMonth: f.f ? f.q / months : 0,
      calculatedSince: f.f ?? null,
      lastOrder: lastOrderOf(f),
      totalSold: f.q,
      totalAmountCents: f.a,
      shipped: f.sh,
      pending: f.pe,
      stock: f.fs ? f.sh - f.ss : null,
    });
  }
  return out;
}

/**
 * A location's summary and its week buckets from the week of `fromDay` on: ONE Query (they are adjacent
 * in the partition, the summary sorting last). `consistent` for the write paths that lock on it.
 */
export async function readSummaryAndWeeks(db: Db, location: Location, fromDay: string, consistent = false) {
  const res = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': locationPk(location), ':from': `W#${weekOf(fromDay)}`, ':to': SUMMARY_SK },
    // What the figures and the write cycles use: the weeks' days, the summary's version and products.
    ProjectionExpression: 'sk, #v, products, days',
    ExpressionAttributeNames: { '#v': 'v' },
    ...(consistent ? { ConsistentRead: true } : {}),
  });
  const summary = readSummary(res.items.find((item) => item.sk === SUMMARY_SK));
  const weeks = res.items.filter((item) => item.sk !== SUMMARY_SK).map((item) => weekBuckets.read(item));
  return { summary, weeks, calls: res.calls };
}

/**
 * The products step's read for one location: ONE Query (the last five week buckets and the summary are
 * adjacent in the partition). `today` is the location's calendar date.
 */
export async function locationProductFigures(db: Db, location: Location, today: string) {
  const { summary, weeks, calls } = await readSummaryAndWeeks(db, location, addDays(today, -28));
  return { figures: productFigures(summary, weeks, today), calls };
}
