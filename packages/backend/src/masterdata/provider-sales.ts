import { addDays } from '@portal/core/shared';
import type { Item, Key } from '../platform/db/batch.ts';
import { mapLimit } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { queryAll } from '../platform/db/query.ts';
import type { TxItem } from '../platform/db/transact.ts';
import { monthOf, weekOf } from './fields.ts';
import { pack, unpack } from './location-summary.ts';

/**
 * The sales of a content provider (ADR 037): the sales lines of the products whose contentProviderId is
 * the provider, across every retailer and store. Written by the sales import next to the retailer rollups
 * (masterdata/sales.ts writeSales, the same transactions), one item per provider x RETAILER x week:
 *
 *   pk=PSALES#<providerId>, sk=W#<monday>#<retailerId>
 *     d: packed { <date>: { <productId>: [quantity, amountCents] } }   (per day and product)
 *     s: packed { <date>: { <storeId>: [quantity, amountCents] } }     (per day and store)
 *     v: lock version
 *
 * Keyed by retailer so that only that retailer's transactions (which run one after another, ADR 014)
 * write it: imports of different retailers never contend for a provider's item. A product's sales are
 * attributed to the provider the product had when the line was imported; the products import refuses to
 * move a product to another provider (product.ts), so the attribution cannot go stale.
 *
 * Reads: a provider's range is one Query per week touched (begins_with W#<monday>#), in parallel; each
 * answers one item per retailer that sold the provider's products that week. The calls grow with the
 * range (≤ 58 weeks for the longest, 400 days) and the pages with the retailers, never with history.
 * Size: `s` holds a retailer's stores x 7 days (~25 bytes each): under DynamoDB's 400 KB item limit up to
 * ~2,000 stores per retailer.
 */
export const providerSalesKeys = {
  pk: (providerId: string) => `PSALES#${providerId}`,
  week: (providerId: string, monday: string, retailerId: string): Key => ({ pk: `PSALES#${providerId}`, sk: `W#${monday}#${retailerId}` }),
};

type Pair = [number, number];
type Cells = Record<string, Record<string, Pair>>;

/** A provider week item while a write cycle computes it. */
export type ProviderWeek = {
  key: Key;
  providerId: string;
  retailerId: string;
  week: string;
  d: Cells;
  s: Cells;
  /** The version read (0: the item does not exist yet). */
  seen: number;
  changed: boolean;
};

/** The item as read (or a new one) for a write cycle. */
export function providerWeekOf(stored: Item | undefined, key: Key, providerId: string, retailerId: string, week: string): ProviderWeek {
  return {
    key,
    providerId,
    retailerId,
    week,
    d: unpack<Cells>(stored?.d) ?? {},
    s: unpack<Cells>(stored?.s) ?? {},
    seen: typeof stored?.v === 'number' ? stored.v : 0,
    changed: false,
  };
}

/** Moves a provider week by one cell's difference (a day's figure of a store and product). */
export function addToProviderWeek(item: ProviderWeek, cell: { date: string; productId: string; storeId: string }, dq: number, da: number) {
  const add = (cells: Cells, id: string) => {
    const day = (cells[cell.date] ??= {});
    const pair = day[id] ?? [0, 0];
    day[id] = [pair[0] + dq, pair[1] + da];
  };
  add(item.d, cell.productId);
  add(item.s, cell.storeId);
  item.changed = true;
}

/** The transaction Put of a changed provider week, conditioned on the version read. */
export function providerWeekPut(db: Db, item: ProviderWeek, at: string): TxItem {
  return {
    Put: {
      TableName: db.table,
      Item: {
        ...item.key,
        type: 'providerSalesWeek',
        providerId: item.providerId,
        retailerId: item.retailerId,
        week: item.week,
        d: pack(item.d),
        s: pack(item.s),
        v: item.seen + 1,
        updatedAt: at,
      },
      ConditionExpression: item.seen === 0 ? 'attribute_not_exists(pk)' : 'v = :v',
      ...(item.seen === 0 ? {} : { ExpressionAttributeValues: { ':v': item.seen } }),
    },
  };
}

/** A provider's sales figure of one day: per product, or per store (`perStore`). */
export type ProviderSalesRow = {
  date: string;
  month: string;
  retailerId: string;
  productId?: string;
  storeId?: string;
  quantity: number;
  amountCents: number;
};

/**
 * A provider's day figures in [from, to]: per product (d), or per store (s) when `perStore`. One Query per
 * week touched, at most 8 at a time; `productIds` keeps only those products (an EAN filter; per product only).
 */
export async function salesOfProvider(
  db: Db,
  providerId: string,
  range: { from: string; to: string; productIds?: ReadonlySet<string> },
  perStore: boolean,
): Promise<{ rows: ProviderSalesRow[]; calls: number }> {
  const weeks: string[] = [];
  for (let monday = weekOf(range.from); monday <= range.to; monday = addDays(monday, 7)) weeks.push(monday);
  const field = perStore ? 's' : 'd';
  const results = await mapLimit(weeks, 8, (monday) =>
    queryAll(db, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :w)',
      ExpressionAttributeValues: { ':pk': providerSalesKeys.pk(providerId), ':w': `W#${monday}#` },
      ProjectionExpression: `retailerId, ${field}`,
    }),
  );
  const rows: ProviderSalesRow[] = [];
  for (const item of results.flatMap((r) => r.items)) {
    const retailerId = String(item.retailerId);
    for (const [date, cells] of Object.entries(unpack<Cells>(item[field]) ?? {})) {
      if (date < range.from || date > range.to) continue;
      for (const [id, [quantity, amountCents]] of Object.entries(cells)) {
        if (!perStore && range.productIds && !range.productIds.has(id)) continue;
        rows.push({ date, month: monthOf(date), retailerId, ...(perStore ? { storeId: id } : { productId: id }), quantity, amountCents });
      }
    }
  }
  return { rows, calls: results.reduce((n, r) => n + r.calls, 0) };
}
