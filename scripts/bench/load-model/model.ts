import * as z from '@portal/core/zod';
import { type CapacityRecord, PROD_WARM_THROUGHPUT } from '@portal/backend/platform/db';

/**
 * The per-key load model (pure): measured capacity records of real code paths, scaled by a workload
 * profile, against DynamoDB's documented limits. See load-model.ts for how the records are made.
 */
export const LIMITS = {
  /** Per partition key value, per second (table or index key). */
  keyRcu: 3000,
  keyWcu: 1000,
  itemBytes: 400 * 1024,
  transactionItems: 100,
  transactionBytes: 4 * 1024 * 1024,
  /** The prod table's throughput from its creation (its warm throughput; a new on-demand table without: 12,000 / 4,000). */
  tableRcu: PROD_WARM_THROUGHPUT.readUnitsPerSecond,
  tableWcu: PROD_WARM_THROUGHPUT.writeUnitsPerSecond,
};

export const Profile = z.object({
  name: z.string(),
  about: z.string(),
  customers: z.number(),
  retailers: z.number(),
  transactionsPerDay: z.number(),
  largestCustomerTransactionsPerDay: z.number(),
  peakFactor: z.number(),
  /** Where in the day the peak falls (the day's rows so far, as a share of the day's). */
  peakAtDayFraction: z.number(),
  importSliceLines: z.number(),
  signedInUsersAtPeak: z.number(),
  transactionPagesPerUserPerMinute: z.number(),
  largestCustomerShareOfUsers: z.number(),
  masterDataReadsPerUserPerMinute: z.number(),
  /** Coupon actions booked through the portal (per second): the largest customer's, and the fleet's. */
  largestCustomerBookingsPerSecond: z.number(),
  bookingsPerSecond: z.number(),
  catalogueProducts: z.number(),
  /** Products step, order submit and product list: each reads the whole catalogue. */
  catalogueReadsPerUserPerMinute: z.number(),
  divisions: z.number(),
  largestRetailerStores: z.number(),
  /** How fast one retailer's sales import writes its stores (its transactions run one after another, ADR 014). */
  salesImportStoresPerSecond: z.number(),
  /** The fleet's sales imports: every store's daily file within the import window. */
  fleetSalesImportStoresPerSecond: z.number(),
  /** A provider's week by store: its hot key's rate (the largest retailer's stores), and the fleet's at an average provider's stores. */
  providerSalesReadsPerSecond: z.number(),
  providerSalesByStoreReadsPerSecond: z.number(),
  providerStoresAverage: z.number(),
  requestsPerUserPerMinute: z.number(),
  largestCustomerExportRowsPerSecond: z.number(),
  /** Where each number comes from. */
  sources: z.optional(z.record(z.string(), z.string())),
});
export type Profile = z.infer<typeof Profile>;

/** One run of a scenario's operation at a size (the quantity its cost may grow with), and what it recorded. */
export type Sample = { size: number; records: CapacityRecord[] };

/**
 * A scenario: one operation of a real code path, sampled at two or more sizes. `hot` is the operation's
 * rate on the keys it shares with its previous run (per second, at the profile's peak) and the size it
 * runs at then; `fleet` the same across all customers (for the table's totals). `ids` names the sample's
 * ids for the key shapes ('C-LM-1' → '<customer>').
 */
export type Scenario = {
  name: string;
  samples: Sample[];
  ids: Record<string, string>;
  hot: (p: Profile) => { perSecond: number; size: number };
  fleet: (p: Profile) => { perSecond: number; size: number };
};

/** A key value's shape: the scenario's named ids by name, any other part with a digit as `<id>`. */
export function shapeOf(pk: string, ids: Record<string, string>): string {
  let shape = pk;
  for (const [id, name] of Object.entries(ids).sort((a, b) => b[0].length - a[0].length)) shape = shape.split(id).join(name);
  return shape
    .split('#')
    .map((part) => (/^<\w+>$/.test(part) || !/\d/.test(part) ? part : '<id>'))
    .join('#');
}

type Units = { rcu: number; wcu: number; itemBytes: number };
const keyOf = (r: Pick<CapacityRecord, 'on' | 'pk'>) => `${r.on} ${r.pk}`;

function perKey(records: readonly CapacityRecord[]): Map<string, Units> {
  const out = new Map<string, Units>();
  for (const r of records) {
    const u = out.get(keyOf(r)) ?? { rcu: 0, wcu: 0, itemBytes: 0 };
    out.set(keyOf(r), { rcu: u.rcu + r.rcu, wcu: u.wcu + r.wcu, itemBytes: Math.max(u.itemBytes, r.itemBytes) });
  }
  return out;
}

/**
 * Units at `size` from samples. Reads that grew by more than half between the first and the last sample
 * (a read of the day's or the history's rows) follow the line through them; anything else is taken at
 * its largest sample (writes scale with the operation, not with history, and an item that fills up, like
 * a day's hourly counts, stops growing: a line through two of its sizes would run away).
 */
function fit(points: { size: number; value: number }[], size: number, mayGrow: boolean): { value: number; perSize: number } {
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const largest = Math.max(...points.map((p) => p.value));
  const grows = mayGrow && last.size > first.size && last.value > 1.5 * first.value + 1;
  if (!grows) return { value: largest, perSize: 0 };
  const perSize = (last.value - first.value) / (last.size - first.size);
  return { value: Math.max(largest, first.value + perSize * (size - first.size)), perSize };
}

export type KeyRow = {
  scenario: string;
  on: string;
  shape: string;
  rcuPerOp: number;
  wcuPerOp: number;
  /** Units per op added per unit of size: > 0 means the cost grows with history or the day's rows. */
  growth: number;
  perSecond: number;
  rcuPerSecond: number;
  wcuPerSecond: number;
  itemBytes: number;
  /** How many values of the shape the samples touched (the row is the hottest). */
  values?: number;
};

/**
 * The hot keys of a scenario: key values every sample touched (shared by consecutive operations, so the
 * scenario's whole rate lands on them), their units per op at the profile's size and per second at its
 * rate. Keys only one sample touched (an id's own item) carry no rate of their own.
 */
export function hotKeys(scenario: Scenario, profile: Profile): KeyRow[] {
  const { perSecond, size } = scenario.hot(profile);
  const samples = scenario.samples.map((s) => ({ size: s.size, keys: perKey(s.records) }));
  const shared = [...samples[0]!.keys.keys()].filter((key) => samples.every((s) => s.keys.has(key)));
  // One row per shape: its hottest value (the limits are per value), with how many values it had.
  const byShape = new Map<string, KeyRow & { values: number }>();
  for (const key of shared) {
    const [on, pk] = [key.slice(0, key.indexOf(' ')), key.slice(key.indexOf(' ') + 1)];
    const rcu = fit(
      samples.map((s) => ({ size: s.size, value: s.keys.get(key)!.rcu })),
      size,
      true,
    );
    // An item that grows with the size (a list or a map of the retailer's stores) is written whole: its bytes and
    // the write units they cost follow the line too; other writes are taken at their largest.
    const item = fit(
      samples.map((s) => ({ size: s.size, value: s.keys.get(key)!.itemBytes })),
      size,
      true,
    );
    const wcu = fit(
      samples.map((s) => ({ size: s.size, value: s.keys.get(key)!.wcu })),
      size,
      item.perSize > 0,
    );
    if (rcu.value === 0 && wcu.value === 0) continue;
    const row = {
      scenario: scenario.name,
      on,
      shape: shapeOf(pk, scenario.ids),
      rcuPerOp: rcu.value,
      wcuPerOp: wcu.value,
      growth: rcu.perSize,
      perSecond,
      rcuPerSecond: rcu.value * perSecond,
      wcuPerSecond: wcu.value * perSecond,
      itemBytes: Math.round(item.value),
      values: 1,
    };
    const id = `${on} ${row.shape}`;
    const before = byShape.get(id);
    if (!before) byShape.set(id, row);
    else {
      const hotter = row.rcuPerSecond + row.wcuPerSecond > before.rcuPerSecond + before.wcuPerSecond ? row : before;
      byShape.set(id, { ...hotter, itemBytes: Math.max(row.itemBytes, before.itemBytes), values: before.values + 1 });
    }
  }
  return [...byShape.values()];
}

/** The table's units per second across the fleet: every sample's total units, fitted to the fleet's size. */
export function fleetUnits(scenario: Scenario, profile: Profile): { rcu: number; wcu: number } {
  const { perSecond, size } = scenario.fleet(profile);
  const total = (field: 'rcu' | 'wcu') =>
    fit(
      scenario.samples.map((s) => ({ size: s.size, value: s.records.reduce((n, r) => n + r[field], 0) })),
      size,
      field === 'rcu',
    ).value * perSecond;
  return { rcu: total('rcu'), wcu: total('wcu') };
}

export type Breach = { what: string; value: number; limit: number };

/** Every limit a profile passes: per key (summed over scenarios on one shape), item, transaction, table. */
export function breaches(
  scenarios: readonly Scenario[],
  profile: Profile,
): { rows: KeyRow[]; breaches: Breach[]; fleet: { rcu: number; wcu: number } } {
  const rows = scenarios.flatMap((s) => hotKeys(s, profile));
  const out: Breach[] = [];
  const byShape = new Map<string, { rcu: number; wcu: number }>();
  for (const row of rows) {
    const key = `${row.on} ${row.shape}`;
    const sum = byShape.get(key) ?? { rcu: 0, wcu: 0 };
    byShape.set(key, { rcu: sum.rcu + row.rcuPerSecond, wcu: sum.wcu + row.wcuPerSecond });
  }
  for (const row of rows) {
    if (row.itemBytes > LIMITS.itemBytes)
      out.push({
        what: `${row.scenario}: item on ${row.on} ${row.shape} (at the profile's size)`,
        value: row.itemBytes,
        limit: LIMITS.itemBytes,
      });
  }
  for (const [key, sum] of byShape) {
    if (sum.rcu > LIMITS.keyRcu) out.push({ what: `${key}: RCU/s`, value: sum.rcu, limit: LIMITS.keyRcu });
    if (sum.wcu > LIMITS.keyWcu) out.push({ what: `${key}: WCU/s`, value: sum.wcu, limit: LIMITS.keyWcu });
  }
  for (const s of scenarios) {
    for (const r of s.samples.flatMap((sample) => sample.records)) {
      if (r.itemBytes > LIMITS.itemBytes)
        out.push({ what: `${s.name}: item on ${r.on} ${shapeOf(r.pk, s.ids)}`, value: r.itemBytes, limit: LIMITS.itemBytes });
      if (r.op === 'TransactWrite' && r.callItems > LIMITS.transactionItems)
        out.push({ what: `${s.name}: transaction items`, value: r.callItems, limit: LIMITS.transactionItems });
      if (r.op === 'TransactWrite' && r.callBytes > LIMITS.transactionBytes)
        out.push({ what: `${s.name}: transaction bytes`, value: r.callBytes, limit: LIMITS.transactionBytes });
    }
  }
  const fleet = scenarios
    .map((s) => fleetUnits(s, profile))
    .reduce((a, b) => ({ rcu: a.rcu + b.rcu, wcu: a.wcu + b.wcu }), { rcu: 0, wcu: 0 });
  if (fleet.rcu > LIMITS.tableRcu)
    out.push({ what: 'table: RCU/s (the prod table, warm throughput)', value: fleet.rcu, limit: LIMITS.tableRcu });
  if (fleet.wcu > LIMITS.tableWcu)
    out.push({ what: 'table: WCU/s (the prod table, warm throughput)', value: fleet.wcu, limit: LIMITS.tableWcu });
  return { rows, breaches: out, fleet };
}
