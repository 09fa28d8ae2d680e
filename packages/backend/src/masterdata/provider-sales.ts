import { addDays } from '@portal/core/shared';
import type { Item, Key } from '../platform/db/batch.ts';
import { mapLimit } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { queryAll } from '../platform/db/query.ts';
import type { TxItem } from '../platform/db/transact.ts';
import { monthOf, weekOf } from './fields.ts';
import { ROLLUP_SHARDS, storeShard } from './rollup-shards.ts';
import { pack, unpack } from './location-summary.ts';

/**
 * The sales of a content provider (ADR 037): the sales lines of the products whose contentProviderId is
 * the provider, across every retailer and store. Written by the sales import next to the retailer rollups
 * (masterdata/sales.ts writeSales, the same transactions), one item per provider x retailer x week x PRODUCT
 * and one per provider x retailer x week x STORE:
 *
 *   pk=PSALES#<providerId>, sk=W#<monday>#<retailerId>#<productId>    (ADR 102)
 *     d: packed { <date>: { <productId>: [quantity, amountCents] } }   (the one product, ≤ 7 days: ~200 bytes)
 *     v: lock version
 *   pk=PSALES#<providerId>#<shard>, sk=S#<monday>#<retailerId>#<storeId>   (ADR 072; <shard> = storeShard)
 *     s: packed { <date>: { <storeId>: [quantity, amountCents] } }     (the one store, ≤ 7 days: ~200 bytes)
 *     v: lock version
 *   pk=PSALES#<providerId>, sk=W#<monday>#<retailerId>   (the retailer week: items written before ADR
 *     102 only, no longer written; migration 2 moves them to the items above)
 *     d: per day and product, s: per day and store (both maps of the whole retailer's week), v
 *
 * Keyed by retailer so that only that retailer's transactions (which run one after another, ADR 014)
 * write it: imports of different retailers never contend for a provider's item. A product's sales are
 * attributed to the provider the product had when the line was imported; the products import refuses to
 * move a product to another provider (product.ts), so the attribution cannot go stale.
 *
 * Reads: a provider's range is one Query per week touched (begins_with W#<monday>#), in parallel; it answers
 * the product items of every retailer that sold the provider's products that week (and the retailer weeks
 * of before, whose `d` adds to them); per store, one more Query per week and shard (begins_with S#<monday>#,
 * ROLLUP_SHARDS keys): one item per store that sold them, so a week of a 20,000-store retailer (~5 MB) is
 * read from 8 keys, not one. The calls grow with the range (≤ 58 weeks for the longest, 400 days) and the
 * pages with the retailers, products and stores, never with history.
 * Size: the figures were one map per retailer and week (stores x 7 days x ~25 bytes: past DynamoDB's 400 KB
 * at ~2,000 stores; products x 7 x 25 bytes: at ~2,300 products; rewritten whole by every transaction of the
 * retailer); a product item and a store item hold one product's or one store's week, whatever the retailer's
 * or the provider's size, and a transaction rewrites only those it moves.
 */
export const providerSalesKeys = {
  pk: (providerId: string) => `PSALES#${providerId}`,
  week: (providerId: string, monday: string, retailerId: string): Key => ({ pk: `PSALES#${providerId}`, sk: `W#${monday}#${retailerId}` }),
  productWeek: (providerId: string, monday: string, retailerId: string, productId: string): Key => ({
    pk: `PSALES#${providerId}`,
    sk: `W#${monday}#${retailerId}#${productId}`,
  }),
  storeWeek: (providerId: string, monday: string, retailerId: string, storeId: string): Key => ({
    pk: `PSALES#${providerId}#${storeShard(storeId)}`,
    sk: `S#${monday}#${retailerId}#${storeId}`,
  }),
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

const addTo = (cells: Cells, date: string, id: string, dq: number, da: number) => {
  const day = (cells[date] ??= {});
  const pair = day[id] ?? [0, 0];
  day[id] = [pair[0] + dq, pair[1] + da];
};

/**
 * Moves a provider's figures by one cell's difference (a day's figure of a store and product): the product
 * week's (`item`, sk W#…#<product>) and the store week's (`store`, sk S#…).
 */
export function addToProviderWeek(
  item: ProviderWeek,
  store: ProviderWeek,
  cell: { date: string; productId: string; storeId: string },
  dq: number,
  da: number,
) {
  addTo(item.d, cell.date, cell.productId, dq, da);
  addTo(store.s, cell.date, cell.storeId, dq, da);
  item.changed = true;
  store.changed = true;
}

/** Which of a provider's week items: one product's (`d`) or one store's (`s`). */
export type ProviderWeekOf = { productId: string } | { storeId: string };

/** The transaction Put of a changed product week or store week, conditioned on the version read. */
export function providerWeekPut(db: Db, item: ProviderWeek, at: string, of: ProviderWeekOf): TxItem {
  const cells = 'storeId' in of ? { storeId: of.storeId, s: pack(item.s) } : { productId: of.productId, d: pack(item.d) };
  return {
    Put: {
      TableName: db.table,
      Item: {
        ...item.key,
        type: 'storeId' in of ? 'providerSalesStoreWeek' : 'providerSalesProductWeek',
        providerId: item.providerId,
        retailerId: item.retailerId,
        week: item.week,
        ...cells,
        v: item.seen + 1,
        updatedAt: at,
      },
      ConditionExpression: item.seen === 0 ? 'attribute_not_exists(pk)' : 'v = :v',
      ...(item.seen === 0 ? {} : { ExpressionAttributeValues: { ':v': item.seen } }),
    },
  };
}

/**
 * The provider items a write cycle of one retailer moves (the product weeks and the store weeks), read
 * through `stored` (the cycle's batch read), and their transaction Puts.
 */
export function providerWeeksOf(retailerId: string, stored: (key: Key) => Item | undefined) {
  const weeks = new Map<string, { of: ProviderWeekOf; item: ProviderWeek }>();
  const itemOf = (key: Key, providerId: string, monday: string, of: ProviderWeekOf) => {
    const id = `${key.pk}|${key.sk}`;
    let entry = weeks.get(id);
    if (!entry) weeks.set(id, (entry = { of, item: providerWeekOf(stored(key), key, providerId, retailerId, monday) }));
    return entry.item;
  };
  return {
    /** Moves the provider's figures by one cell's difference. */
    add(providerId: string, monday: string, cell: { date: string; productId: string; storeId: string }, dq: number, da: number) {
      const { productId, storeId } = cell;
      const product = itemOf(providerSalesKeys.productWeek(providerId, monday, retailerId, productId), providerId, monday, { productId });
      const store = itemOf(providerSalesKeys.storeWeek(providerId, monday, retailerId, storeId), providerId, monday, { storeId });
      addToProviderWeek(product, store, cell, dq, da);
    },
    puts: (db: Db, at: string): TxItem[] =>
      [...weeks.values()].filter(({ item }) => item.changed).map(({ of, item }) => providerWeekPut(db, item, at, of)),
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
 * week touched (per store also the store weeks' shards; the retailer weeks' `s` of before ADR 072), at most 8
 * at a time; `productIds` keeps only those products (an EAN filter; per product only). A store's or product's
 * day may come as two rows (a retailer week not migrated yet, and its own item): the answer's grouping adds them.
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
  const shards = Array.from({ length: ROLLUP_SHARDS }, (_, shard) => `${providerSalesKeys.pk(providerId)}#${shard}`);
  const queries = weeks.flatMap((monday) => [
    { pk: providerSalesKeys.pk(providerId), prefix: `W#${monday}#` },
    ...(perStore ? shards.map((pk) => ({ pk, prefix: `S#${monday}#` })) : []),
  ]);
  const results = await mapLimit(queries, 8, ({ pk, prefix }) =>
    queryAll(db, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :w)',
      ExpressionAttributeValues: { ':pk': pk, ':w': prefix },
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
