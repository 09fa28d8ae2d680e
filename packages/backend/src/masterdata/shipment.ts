import { SHIPMENT_STATUS_LABELS, SHIPMENT_STATUSES, type ShipmentStatus } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import { batchGet, getFrom, type Item, type Key, mapLimit } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { transactOptimistically, type TxItem } from '../platform/db/transact.ts';
import { entity, getItem, getOne, listAll, listPage, skStartsWith } from '../platform/db/entity.ts';
import { onIndex, type PageRequest, queryAll } from '../platform/db/query.ts';
import { CalendarDay, Id, Int, statusField, weekOf } from './fields.ts';
import {
  emptyFigures,
  type Figures,
  lastOrderOf,
  type Location,
  locationPk,
  readSummary,
  weekBuckets,
  summaryKey,
  summaryPut,
} from './location-summary.ts';

/**
 * Shipments: what was delivered (or is on its way) to a store or distribution centre, one line per
 * shipment and product. They feed the location summary: last order (date and quantity), shipped and
 * pending quantities, and the stock figure (ADR 014).
 *
 * Items:
 * - line:     pk=<STORE#id | DC#id>, sk=SHIP#<productId>#<shipmentId>
 *             gsi1 gsi1pk=SHIPMENTS#<STORE#id | DC#id>, gsi1sk=<date>#<shipmentId>#<productId>
 *             gsi2 gsi2pk=RETAILER#<retailerId>#SHIPMENTS, gsi2sk=<date>#<location>#<shipmentId>#<productId>
 * - registry: pk=SHIPMENT#<shipmentId>, sk=SHIPMENT  {storeType, storeId, retailerId, productIds (set)}: a
 *             shipment id belongs to one location; its lines are found from here.
 * Access patterns:
 * - a location's shipments by date:        gsi1 (SPEC 7 replenishment/stores/{id}/shipments, dc-shipments)
 * - a retailer's shipments by date:        gsi2 (replenishment/retailers/{id}/shipments)
 * - one shipment:                          registry GetItem + BatchGetItem of its lines (2 calls)
 * - a location's lines of a product:       pk=<location>, sk begins_with SHIP#<productId># (write path)
 */
export const ShipmentImport = z.object({
  shipmentId: Id,
  /** 0 = store, 1 = distribution centre (SPEC 3 storeType); also `store` / `dc`. */
  storeType: z._default(
    z.preprocess((v) => (v === 'store' || v === '0' ? 0 : v === 'dc' || v === '1' ? 1 : v), z.union([z.literal(0), z.literal(1)])),
    0,
  ),
  storeId: Id,
  productId: Id,
  date: CalendarDay,
  quantity: Int(0, 10_000_000),
  status: z._default(statusField(SHIPMENT_STATUSES, SHIPMENT_STATUS_LABELS), 'submitted'),
  orderId: z.optional(Id),
});
export type ShipmentImport = z.infer<typeof ShipmentImport>;

export type ShipmentLine = {
  shipmentId: string;
  storeType: 0 | 1;
  storeId: string;
  retailerId: string;
  productId: string;
  date: string;
  quantity: number;
  status: ShipmentStatus;
  orderId?: string;
};

export const shipmentKeys = {
  line: (location: Location, productId: string, shipmentId: string): Key => ({
    pk: locationPk(location),
    sk: `SHIP#${productId}#${shipmentId}`,
  }),
  registry: (shipmentId: string): Key => ({ pk: `SHIPMENT#${shipmentId}`, sk: 'SHIPMENT' }),
  gsi1pk: (location: Location) => `SHIPMENTS#${locationPk(location)}`,
  gsi2pk: (retailerId: string) => `RETAILER#${retailerId}#SHIPMENTS`,
};

const locationOf = (line: Pick<ShipmentLine, 'storeType' | 'storeId'>): Location => ({
  type: line.storeType === 0 ? 'store' : 'dc',
  id: line.storeId,
});

/** Shipment line items (pk=<location>, sk=SHIP#<productId>#<shipmentId>) as read. */
export const shipmentLines = entity<ShipmentLine & { createdAt?: string; updatedAt?: string }>();
/** A shipment's registry item (pk=SHIPMENT#<id>): its one location and the products it has lines for. */
const shipmentRegistries = entity<
  Pick<ShipmentLine, 'shipmentId' | 'storeType' | 'storeId' | 'retailerId'> & { productIds: Set<string> }
>();

/** One page of a location's shipment lines, newest first. */
export const listShipmentsOfLocation = (db: Db, location: Location, page: PageRequest) =>
  listPage(db, shipmentLines, { ...onIndex('gsi1', shipmentKeys.gsi1pk(location)), ScanIndexForward: false }, page);

/** One page of a retailer's shipment lines (stores and distribution centres), newest first. */
export const listShipmentsOfRetailer = (db: Db, retailerId: string, page: PageRequest) =>
  listPage(db, shipmentLines, { ...onIndex('gsi2', shipmentKeys.gsi2pk(retailerId)), ScanIndexForward: false }, page);

/**
 * A retailer's pending shipment lines whose id starts with `shipmentIdPrefix` (gsi2, filtered; every page):
 * the demo top-up's generated lines that may have arrived since (scripts/seed/seed.ts).
 */
export async function pendingShipmentLinesOfRetailer(db: Db, retailerId: string, shipmentIdPrefix: string): Promise<ShipmentLine[]> {
  const index = onIndex('gsi2', shipmentKeys.gsi2pk(retailerId));
  const res = await listAll(db, shipmentLines, {
    ...index,
    FilterExpression: '#status = :pending AND begins_with(shipmentId, :generated)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ...index.ExpressionAttributeValues, ':pending': 'pending', ':generated': shipmentIdPrefix },
  });
  return res.items;
}

/** A shipment's lines, or null when the id is unknown. */
export async function getShipment(db: Db, shipmentId: string): Promise<ShipmentLine[] | null> {
  const registry = await getOne(db, shipmentRegistries, shipmentKeys.registry(shipmentId));
  if (!registry) return null;
  const location = locationOf(registry);
  const lines = await batchGet(
    db,
    [...registry.productIds].map((productId) => shipmentKeys.line(location, productId, shipmentId)),
  );
  return [...lines.values()].map((item) => shipmentLines.read(item)).sort((a, b) => (a.productId < b.productId ? -1 : 1));
}

/** The shipment-derived figures of one product from all its lines at a location. */
export function shipmentFigures(lines: readonly Pick<ShipmentLine, 'date' | 'quantity' | 'status'>[]) {
  let sh = 0;
  let pe = 0;
  let o: string | undefined;
  let oq = 0;
  let fs: string | undefined;
  for (const line of lines) {
    if (line.status === 'submitted') {
      sh += line.quantity;
      if (!fs || line.date < fs) fs = line.date;
    } else if (line.status === 'pending') pe += line.quantity;
    if (line.status === 'cancelled') continue;
    if (!o || line.date > o) {
      o = line.date;
      oq = line.quantity;
    } else if (line.date === o) oq += line.quantity;
  }
  return { sh, pe, o, oq, fs };
}

export type ShipmentOutcome = 'created' | 'updated' | { rejected: string };

/** Lines per transaction (plus their registries and the summary: within the 100-item limit). */
const LINES_PER_TRANSACTION = 45;

/**
 * Writes shipment lines; a line with the same shipment and product REPLACES the stored one (a later line
 * in the input wins). A shipment belongs to one location: a line naming another location for a known
 * shipment is rejected. Per location, in transactions of up to 45 lines: read the summary (the lock),
 * the location's shipment lines and the registries, recompute the figures of the touched products from
 * all their lines (and, when the last order or first shipment day moved, the sales counted since from the
 * week buckets), then write lines, registries and summary conditioned on the summary's version.
 */
export async function writeShipments(
  db: Db,
  lines: readonly (ShipmentLine & { index: number })[],
  now: Date,
  options: { concurrency?: number } = {},
) {
  const outcomes: ShipmentOutcome[] = new Array(lines.length);
  const byLocation = new Map<string, (ShipmentLine & { index: number })[]>();
  // A shipment's location: the stored one, else the first line's in this input (locations run in
  // parallel below, so this is decided here, in input order; planChunk re-checks against races).
  const registered = await batchGet(db, [...new Set(lines.map((l) => l.shipmentId))].map(shipmentKeys.registry));
  const owner = new Map<string, Pick<ShipmentLine, 'storeType' | 'storeId'>>();
  for (const item of registered.values()) {
    const registry = shipmentRegistries.read(item);
    owner.set(registry.shipmentId, registry);
  }
  for (const line of lines) {
    const first = owner.get(line.shipmentId) ?? line;
    owner.set(line.shipmentId, first);
    if (first.storeType !== line.storeType || first.storeId !== line.storeId) {
      outcomes[line.index] = {
        rejected: `storeId: shipment '${line.shipmentId}' goes to ${first.storeType === 1 ? 'distribution centre' : 'store'} '${first.storeId}'`,
      };
      continue;
    }
    const key = locationPk(locationOf(line));
    const list = byLocation.get(key) ?? [];
    list.push(line);
    byLocation.set(key, list);
  }
  const at = now.toISOString();
  // Small locations (one transaction's worth of lines) are packed several to a transaction, each with
  // its own summary condition: fewer, larger transactions load much faster. Larger ones go alone, in
  // chunks, one after another.
  const packs: Line[][][] = [];
  const alone: Line[][][] = [];
  let pack: Line[][] = [];
  let size = 0;
  for (const list of byLocation.values()) {
    const chunks = chunkLines(list);
    if (chunks.length > 1) {
      alone.push(chunks);
      continue;
    }
    const chunk = chunks[0]!;
    const estimate = new Set(chunk.map((l) => `${l.productId}#${l.shipmentId}`)).size + new Set(chunk.map((l) => l.shipmentId)).size + 1;
    if (pack.length && size + estimate > PACK_ITEMS) {
      packs.push(pack);
      pack = [];
      size = 0;
    }
    pack.push(chunk);
    size += estimate;
  }
  if (pack.length) packs.push(pack);
  const work: (() => Promise<void>)[] = [
    ...packs.map((p) => () => writePack(db, p, at, outcomes)),
    ...alone.map((chunks) => async () => {
      for (const chunk of chunks) await writePack(db, [chunk], at, outcomes);
    }),
  ];
  await mapLimit(work, options.concurrency ?? 6, (run) => run());
  return outcomes;
}

type Line = ShipmentLine & { index: number };
const PACK_ITEMS = 90;

/** A location's lines in chunks of distinct line identities (a line's repeats stay in one chunk). */
function chunkLines(list: Line[]): Line[][] {
  const chunks: Line[][] = [];
  const chunkOf = new Map<string, number>();
  let distinct = 0;
  for (const line of list) {
    const id = `${line.productId}#${line.shipmentId}`;
    let n = chunkOf.get(id);
    if (n === undefined) {
      if (!chunks.length || distinct >= LINES_PER_TRANSACTION) {
        chunks.push([]);
        distinct = 0;
      }
      n = chunks.length - 1;
      distinct += 1;
      chunkOf.set(id, n);
    }
    chunks[n]!.push(line);
  }
  return chunks;
}

/** One transaction for chunks of different locations; any lost race re-plans all of them. */
async function writePack(db: Db, chunks: Line[][], at: string, outcomes: ShipmentOutcome[]): Promise<void> {
  const written = await transactOptimistically<[number, ShipmentOutcome][]>(
    db,
    async (attempt) => {
      // The first attempt trusts writeShipments' check of the registries just before; a failed attempt
      // (maybe another location took a new shipment id meanwhile) reads them again.
      const plans = await Promise.all(chunks.map((chunk) => planChunk(db, locationOf(chunk[0]!), chunk, at, attempt > 0)));
      const transaction = plans.flatMap((p) => p.transaction);
      if (transaction.length > 100 && chunks.length > 1) {
        const half = Math.ceil(chunks.length / 2);
        await writePack(db, chunks.slice(0, half), at, outcomes);
        await writePack(db, chunks.slice(half), at, outcomes);
        return { transaction: null, result: [] };
      }
      return { transaction, result: plans.flatMap((p) => p.outcomes) };
    },
    // A lost race after 16 cycles gives up with the condition failure itself.
    { maxAttempts: 16, capMs: 2000, busy: (error) => error },
  );
  for (const [index, outcome] of written) outcomes[index] = outcome;
}

const sameLine = (a: Item, b: ShipmentLine) =>
  a.date === b.date && a.quantity === b.quantity && a.status === b.status && (a.orderId ?? null) === (b.orderId ?? null);

async function planChunk(db: Db, location: Location, chunk: (ShipmentLine & { index: number })[], at: string, checkRegistries: boolean) {
  const pk = locationPk(location);
  // The lock first, then what the computation starts from.
  const summary = readSummary(await getItem(db, summaryKey(location), { consistent: true }));
  const stored = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': pk, ':p': 'SHIP#' },
    ConsistentRead: true,
  });
  const registries = checkRegistries
    ? await batchGet(
        db,
        chunk.map((l) => shipmentKeys.registry(l.shipmentId)),
      )
    : new Map<string, Item>();
  const linesBySk = new Map<string, Item>(stored.items.map((item) => [String(item.sk), item]));

  const outcomes: [number, ShipmentOutcome][] = [];
  const changedLines = new Map<string, Item>();
  const newProducts = new Map<string, { line: ShipmentLine; productIds: Set<string> }>();
  const touched = new Set<string>();
  for (const line of chunk) {
    const registryKey = shipmentKeys.registry(line.shipmentId);
    const stored = getFrom(registries, registryKey);
    const registry = stored && shipmentRegistries.read(stored);
    if (registry && (registry.storeType !== line.storeType || registry.storeId !== line.storeId)) {
      const where = registry.storeType === 1 ? 'distribution centre' : 'store';
      outcomes.push([line.index, { rejected: `storeId: shipment '${line.shipmentId}' goes to ${where} '${registry.storeId}'` }]);
      continue;
    }
    const key = shipmentKeys.line(location, line.productId, line.shipmentId);
    const previous = linesBySk.get(key.sk);
    outcomes.push([line.index, previous ? 'updated' : 'created']);
    if (!previous) {
      const entry = newProducts.get(line.shipmentId) ?? { line, productIds: new Set<string>() };
      entry.productIds.add(line.productId);
      newProducts.set(line.shipmentId, entry);
    }
    if (previous && sameLine(previous, line)) continue;
    const { index: _index, ...fields } = line;
    const item: Item = {
      ...key,
      gsi1pk: shipmentKeys.gsi1pk(location),
      gsi1sk: `${line.date}#${line.shipmentId}#${line.productId}`,
      gsi2pk: shipmentKeys.gsi2pk(line.retailerId),
      gsi2sk: `${line.date}#${pk}#${line.shipmentId}#${line.productId}`,
      type: 'shipmentLine',
      ...fields,
      createdAt: typeof previous?.createdAt === 'string' ? previous.createdAt : at,
      updatedAt: at,
    };
    linesBySk.set(key.sk, item);
    changedLines.set(key.sk, item);
    touched.add(line.productId);
  }

  const transaction: TxItem[] = [];
  if (touched.size) {
    // Recompute the touched products' shipment figures from all their lines.
    const moved: { productId: string; figures: Figures; lastOrder?: string; firstShipped?: string }[] = [];
    for (const productId of touched) {
      const prefix = `SHIP#${productId}#`;
      const all = [...linesBySk.values()].filter((item) => skStartsWith(item, prefix)).map((item) => shipmentLines.read(item));
      const next = shipmentFigures(all);
      const f = (summary.products[productId] ??= emptyFigures());
      const before = { lastOrder: lastOrderOf(f)?.date, firstShipped: f.fs };
      f.sh = next.sh;
      f.pe = next.pe;
      f.oq = next.oq;
      if (next.o) f.o = next.o;
      else delete f.o;
      if (next.fs) f.fs = next.fs;
      else delete f.fs;
      const after = { lastOrder: lastOrderOf(f)?.date, firstShipped: f.fs };
      if (before.lastOrder !== after.lastOrder || before.firstShipped !== after.firstShipped) {
        moved.push({ productId, figures: f, lastOrder: after.lastOrder, firstShipped: after.firstShipped });
      }
    }
    if (moved.length) {
      // The sales counted from the last order / first shipment: sums over the week buckets from there on.
      const starts = moved.flatMap((m) => [m.lastOrder, m.firstShipped]).filter((d): d is string => !!d);
      const sums = new Map<string, { since: number; sinceFirst: number }>();
      // Nothing to add up for products that never sold here (the usual case when shipments load first).
      const sold = moved.filter((m) => m.figures.f !== undefined);
      if (location.type === 'store' && starts.length && sold.length) {
        const from = starts.reduce((a, b) => (a < b ? a : b));
        const weeks = await listAll(db, weekBuckets, {
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
          ExpressionAttributeValues: { ':pk': pk, ':a': `W#${weekOf(from)}`, ':b': 'W#9999' },
          ConsistentRead: true,
        });
        for (const { productId, ...m } of sold) {
          let since = 0;
          let sinceFirst = 0;
          for (const week of weeks.items) {
            for (const [date, cells] of Object.entries(week.days ?? {})) {
              const q = cells[productId]?.[0];
              if (q === undefined) continue;
              if (m.lastOrder && date >= m.lastOrder) since += q;
              if (m.firstShipped && date >= m.firstShipped) sinceFirst += q;
            }
          }
          sums.set(productId, { since, sinceFirst });
        }
      }
      for (const { productId, figures: f, lastOrder, firstShipped } of moved) {
        const sum = sums.get(productId) ?? { since: 0, sinceFirst: 0 };
        f.s = lastOrder ? sum.since : f.q;
        f.ss = firstShipped ? sum.sinceFirst : 0;
      }
    }
    const retailerId = chunk[0]!.retailerId;
    transaction.push(summaryPut(db, location, summary.v, summary.products, retailerId, at));
    for (const item of changedLines.values()) transaction.push({ Put: { TableName: db.table, Item: item } });
  }
  for (const [shipmentId, { line, productIds }] of newProducts) {
    transaction.push({
      Update: {
        TableName: db.table,
        Key: shipmentKeys.registry(shipmentId),
        UpdateExpression:
          'SET #type = :type, shipmentId = :id, storeType = :t, storeId = :s, retailerId = :r, createdAt = if_not_exists(createdAt, :now), updatedAt = :now ADD productIds :p',
        // A shipment id belongs to one location; a parallel import giving it another one loses here.
        ConditionExpression: 'attribute_not_exists(pk) OR (storeType = :t AND storeId = :s)',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':type': 'shipment',
          ':id': shipmentId,
          ':t': line.storeType,
          ':s': line.storeId,
          ':r': line.retailerId,
          ':now': at,
          ':p': productIds,
        },
      },
    });
  }
  return { transaction, outcomes };
}
