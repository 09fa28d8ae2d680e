import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { addDays, CONTRACT_COUPON_STATUS_LABELS, COUPON_STATUS_LABELS, isoWeekday, startOfDayInZone } from '@portal/core/shared';
import { csvLine } from '@portal/backend/import';
import { TransactionImport } from '@portal/backend/transaction';
import * as z from '@portal/core/zod';
import type { MasterData, Record_ } from './generate.ts';
import { type Rng, rng } from './random.ts';

/**
 * The processor's terminal transactions (import kind `transactions`; ADR 032), generated
 * deterministically for a seed. Decisions (docs/benchmarks.md, "2026-11-25 — transactions at scale", repeats
 * the figures):
 * - Customers: the retailers, then the providers (one id once). The first customer holds half of all rows,
 *   the others share the rest by Zipf (rank k gets 1/k): Pareto-like, so the large scale's 2,000,000 rows
 *   give one customer ~1,000,000 (the export benchmark) and `--transactions 200000` ~100,000.
 * - Time: `days` days ending yesterday, in the customers' zone (Europe/Berlin), written as UTC ISO
 *   instants with milliseconds; a weekday pattern (Saturday busiest) and an hour profile (peaks at noon
 *   and 18:00); counts split exactly (largest remainder), so the total is exactly what was asked.
 * - Where: a retailer's rows at its stores (deleted stores stop half way), each store with 1-3 stable
 *   terminals (terminalsOf: from the store, no random draw); a provider's rows on its host terminals
 *   (HOST-<no>-<k>) without a store.
 * - What: serial life cycles from the generated serial ranges (serialEvents: the range's status decides:
 *   Activated/Issued → activation; Redeemed → activation then redemption 0-30 days later; Voided → activation
 *   then void; Deactivated → activation then deactivation; Failed → an activation that failed), at most
 *   30 % of a customer's rows, so serial lookup finds each card's history; the rest sale, top-up,
 *   balance-inquiry, refund and reversal of the customer's products (EAN).
 * - Results: '00' approved ~93 %; declined '05' (do not honour), '51' (insufficient funds), '54'
 *   (expired); error '91' (issuer unavailable), '96' (system malfunction); ~2 % of activations are a
 *   declined attempt first.
 * - Amounts: integer cents, EUR; positive for activation, redemption, sale and top-up; the value negative
 *   for void, refund and reversal (they give money back); 0 for deactivation and balance-inquiry.
 * - Order: customer by customer, oldest first, so an import slice touches few (customer, day) summaries.
 *   The file is written line by line (a day of one customer at a time), never held whole.
 * - Columns: the import's fields, in the order of its schema.
 */
export const TRANSACTION_FIELDS = z.keyof(TransactionImport).options;
export type TransactionRow = Record<(typeof TRANSACTION_FIELDS)[number], string | number | undefined>;

/** The zone of the generated customers' days (German retailers). */
export const TRANSACTION_TIME_ZONE = 'Europe/Berlin';
export const TRANSACTION_CURRENCY = 'EUR';
/** The largest share of a customer's rows that are serial life-cycle events. */
const SERIAL_SHARE = 0.3;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const HOURS = [0.2, 0.1, 0.05, 0.05, 0.05, 0.1, 0.4, 0.9, 1.4, 1.8, 2.1, 2.3, 2.4, 2.2, 2.0, 2.0, 2.2, 2.5, 2.6, 2.2, 1.6, 1.0, 0.6, 0.3];
const WEEKDAY = [0, 1.0, 0.9, 0.95, 1.05, 1.3, 1.6, 0.35]; // index = ISO weekday
const RESULTS: [code: string, result: 'approved' | 'declined' | 'error', weight: number][] = [
  ['00', 'approved', 930],
  ['05', 'declined', 25],
  ['51', 'declined', 15],
  ['54', 'declined', 10],
  ['91', 'error', 12],
  ['96', 'error', 8],
];
const PLAIN_TYPES: [string, number][] = [
  ['sale', 50],
  ['top-up', 18],
  ['balance-inquiry', 16],
  ['refund', 5],
  ['reversal', 3],
];

const pick = <E extends readonly unknown[]>(r: Rng, list: readonly E[], weightAt: number): E => {
  let roll = r.next() * list.reduce((sum, e) => sum + (e[weightAt] as number), 0);
  for (const entry of list) if ((roll -= entry[weightAt] as number) < 0) return entry;
  return list.at(-1)!;
};
const HOUR_ROWS = HOURS.map((w, h) => [h, w] as [number, number]);
/** A local time of day (ms after midnight) by the hour profile. */
const timeOfDay = (r: Rng) => pick(r, HOUR_ROWS, 1)[0] * HOUR_MS + Math.floor(r.next() * HOUR_MS);

/** The signed amount of a transaction of `type` for a card or product worth `cents`. */
export function amountOf(type: string, cents: number): number {
  if (type === 'deactivation' || type === 'balance-inquiry') return 0;
  if (type === 'void' || type === 'refund' || type === 'reversal') return -cents;
  return cents;
}

/** 1-3 terminals of a store, from its id (no random draw): POS-<customer store id>[-k]. */
export function terminalsOf(store: Record_): string[] {
  const id = String(store.storeId);
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const base = `POS-${String(store.customerStoreId ?? id)}`;
  return Array.from({ length: 1 + (h % 3) }, (_, k) => (k === 0 ? base : `${base}-${k + 1}`));
}

/** Splits `total` into integers proportional to `weights` (largest remainder): they sum to `total`. */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (sum ? (total * w) / sum : 0));
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, k) => [x - Math.floor(x), k] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, k] of order) {
    if (left-- <= 0) break;
    counts[k]! += 1;
  }
  return counts;
}

/** Customer shares: the first half, the others Zipf (1/k) over the other half. */
export function paretoShares(n: number): number[] {
  if (n <= 1) return [1];
  const zipf = Array.from({ length: n - 1 }, (_, k) => 1 / (k + 1));
  const sum = zipf.reduce((a, b) => a + b, 0);
  return [0.5, ...zipf.map((w) => (0.5 * w) / sum)];
}

/** One customer as the generator sees it. */
export type TxCustomer = {
  customerId: string;
  /** Stores with their terminals; empty for a provider (host terminals, no store). */
  stores: { storeId: string; terminals: string[]; untilDay?: string }[];
  hostTerminals: string[];
  /** Products the customer transacts: EAN and value in cents (undefined: a variable-value card). */
  products: { ean: string; cents?: number }[];
};

const centsOf = (product: Record_) =>
  product.faceValue === undefined || product.faceValue === '' ? undefined : Math.round(Number(product.faceValue) * 100);

/**
 * The customers of master data: retailers (their stores and assortment), then providers not already a
 * retailer (host terminals; the products of their brand, or every active product when none matches).
 */
export function transactionCustomers(master: MasterData, options: { today: string; days: number }): TxCustomer[] {
  const active = master.products.filter((p) => p.status === 'active' && p.ean);
  const byId = new Map(active.map((p) => [p.productId as string, p]));
  const assortment = new Map<string, Record_[]>();
  for (const rp of master.retailerProducts) {
    const product = byId.get(rp.productId as string);
    if (!product) continue;
    const list = assortment.get(rp.retailerId as string) ?? [];
    list.push(product);
    assortment.set(rp.retailerId as string, list);
  }
  const half = addDays(options.today, -Math.floor(options.days / 2));
  const asProducts = (list: Record_[]) => list.map((p) => ({ ean: String(p.ean), cents: centsOf(p) }));
  const customers: TxCustomer[] = [];
  const seen = new Set<string>();
  for (const retailer of master.retailers) {
    const customerId = String(retailer.customerId);
    seen.add(customerId);
    const stores = master.stores
      .filter((s) => s.retailerId === customerId)
      .map((s) => ({ storeId: String(s.storeId), terminals: terminalsOf(s), untilDay: s.status === 'deleted' ? half : undefined }));
    const products = asProducts(assortment.get(customerId) ?? active);
    if (stores.length && products.length) customers.push({ customerId, stores, hostTerminals: [], products });
  }
  for (const provider of master.providers) {
    const customerId = String(provider.customerId);
    if (seen.has(customerId)) continue;
    seen.add(customerId);
    const brand = String(provider.name).split(' ')[0]!;
    const own = active.filter((p) => String(p.company ?? p.name).startsWith(brand));
    const no = customerId.replace(/\D/g, '');
    customers.push({
      customerId,
      stores: [],
      hostTerminals: [1, 2, 3].map((k) => `HOST-${no}-${k}`),
      products: asProducts(own.length ? own : active),
    });
  }
  return customers;
}

/** A transaction before its id and place: the day (index into the window), local ms, what happened. */
type TxEvent = { day: number; ms: number; type: string; resultCode: string; result: string; serial?: string; ean: string; cents: number };

const ACTIVATED = new Set([COUPON_STATUS_LABELS.activated, CONTRACT_COUPON_STATUS_LABELS.issued]);
const FOLLOW_UP: Record<string, string> = {
  [COUPON_STATUS_LABELS.redeemed]: 'redemption',
  [COUPON_STATUS_LABELS.voided]: 'void',
  [COUPON_STATUS_LABELS.deactivated]: 'deactivation',
};

/** The serials of a range line, in order (16 digits: a 4-digit prefix and a 12-digit number). */
function* serialsOf(range: Record_): Generator<string> {
  const from = String(range.serialFrom);
  const to = range.serialTo ? String(range.serialTo) : from;
  const head = from.slice(0, -12);
  const width = from.length - head.length;
  for (let n = Number(from.slice(-12)); n <= Number(to.slice(-12)); n += 1) yield `${head}${String(n).padStart(width, '0')}`;
}

/**
 * The life-cycle transactions of a retailer's serial ranges over a window of `days` days, at most
 * `budget` of them (ranges in order, serial by serial). Each card's events follow its range's status.
 */
export function serialEvents(
  ranges: readonly Record_[],
  options: { budget: number; days: number; values: Map<string, number | undefined> },
  r: Rng,
): TxEvent[] {
  const events: TxEvent[] = [];
  const last = options.days - 1;
  const follow = (event: TxEvent, maxDays: number): Pick<TxEvent, 'day' | 'ms'> => {
    const day = Math.min(last, event.day + r.int(0, maxDays));
    return { day, ms: day === event.day ? Math.min(DAY_MS - 1, event.ms + r.int(60_000, HOUR_MS)) : timeOfDay(r) };
  };
  for (const range of ranges) {
    const status = String(range.status ?? '');
    const failed = status === COUPON_STATUS_LABELS.failed;
    const then = FOLLOW_UP[status];
    if (!failed && !then && !ACTIVATED.has(status)) continue;
    const ean = String(range.ean);
    for (const serial of serialsOf(range)) {
      if (events.length + 3 > options.budget) return events;
      const cents = options.values.get(ean) ?? r.int(1, 20) * 500;
      const at = { day: r.int(0, last), ms: timeOfDay(r) };
      if (failed || r.chance(0.02)) {
        const [resultCode, result] = failed ? ['96', 'error'] : r.chance(0.5) ? ['05', 'declined'] : ['91', 'error'];
        events.push({ ...at, type: 'activation', resultCode, result, serial, ean, cents });
        if (failed) continue;
        Object.assign(at, follow({ ...at, type: '', resultCode: '', result: '', ean, cents }, 0));
      }
      const activation: TxEvent = { ...at, type: 'activation', resultCode: '00', result: 'approved', serial, ean, cents };
      events.push(activation);
      if (then)
        events.push({
          ...follow(activation, then === 'redemption' ? 30 : 3),
          type: then,
          resultCode: '00',
          result: 'approved',
          serial,
          ean,
          cents,
        });
    }
  }
  return events;
}

/** Plain (non-serial) transactions: type, result and product drawn. */
function plainEvent(customer: TxCustomer, day: number, r: Rng): TxEvent {
  const [type] = pick(r, PLAIN_TYPES, 1);
  const [resultCode, result] = pick(r, RESULTS, 2);
  const product = r.pick(customer.products);
  return { day, ms: timeOfDay(r), type, resultCode, result, ean: product.ean, cents: product.cents ?? r.int(1, 20) * 500 };
}

/**
 * The rows of one customer's day, oldest first: its events placed at a store and terminal (a provider:
 * a host terminal), ids `<idPrefix><seq>` in time order.
 */
export function dayRows(
  customer: TxCustomer,
  events: TxEvent[],
  options: { date: string; dayStartMs: number; idOf: (k: number) => string },
  r: Rng,
): TransactionRow[] {
  const stores = customer.stores.filter((s) => !s.untilDay || options.date <= s.untilDay);
  events.sort((a, b) => a.ms - b.ms);
  return events.map((event, k) => {
    const store = stores.length ? r.pick(stores) : undefined;
    return {
      transactionId: options.idOf(k),
      at: new Date(options.dayStartMs + event.ms).toISOString(),
      customerId: customer.customerId,
      storeId: store?.storeId,
      terminalId: store ? r.pick(store.terminals) : r.pick(customer.hostTerminals),
      type: event.type,
      resultCode: event.resultCode,
      result: event.result,
      serial: event.serial,
      ean: event.ean,
      amount: amountOf(event.type, event.cents),
      currency: TRANSACTION_CURRENCY,
    };
  });
}

/**
 * `count` plain transactions (sale, top-up, ...) of one customer's day, oldest first: the demo's days are
 * generated one at a time with this (demo-transactions.ts).
 */
export function customerDayRows(
  customer: TxCustomer,
  options: { date: string; count: number; timeZone: string; idOf: (k: number) => string },
  r: Rng,
): TransactionRow[] {
  const events = Array.from({ length: options.count }, () => plainEvent(customer, 0, r));
  return dayRows(
    customer,
    events,
    { date: options.date, dayStartMs: startOfDayInZone(options.date, options.timeZone), idOf: options.idOf },
    r,
  );
}

/** Day weights of a window: the weekday pattern with a little noise and a slow growth. */
const dayWeights = (first: string, days: number, r: Rng) =>
  Array.from(
    { length: days },
    (_, d) => WEEKDAY[isoWeekday(addDays(first, d))]! * (0.85 + 0.3 * r.next()) * (0.9 + (0.2 * d) / Math.max(1, days - 1)),
  );

/**
 * Writes `total` transactions of `master`'s customers over the `days` days ending yesterday to `file`
 * (CSV, TRANSACTION_FIELDS), streaming a customer's day at a time. Returns the rows per customer.
 */
export function writeTransactions(
  file: string,
  master: MasterData,
  serialRanges: readonly Record_[],
  options: { seed: number; today: string; days: number; total: number; timeZone?: string },
): Record<string, number> {
  const r = rng(options.seed + 15485863);
  const zone = options.timeZone ?? TRANSACTION_TIME_ZONE;
  const first = addDays(options.today, -options.days);
  const dates = Array.from({ length: options.days }, (_, d) => addDays(first, d));
  const dayStarts = dates.map((date) => startOfDayInZone(date, zone));
  const customers = transactionCustomers(master, options);
  const counts = apportion(options.total, paretoShares(customers.length));
  const values = new Map(master.products.map((p) => [String(p.ean), centsOf(p)]));
  const rangesOf = new Map<string, Record_[]>();
  for (const range of serialRanges) {
    const list = rangesOf.get(String(range.retailerId)) ?? [];
    list.push(range);
    rangesOf.set(String(range.retailerId), list);
  }
  mkdirSync(dirname(file), { recursive: true });
  const fd = openSync(file, 'w');
  const byCustomer: Record<string, number> = {};
  try {
    writeSync(fd, `${csvLine(TRANSACTION_FIELDS)}\r\n`);
    customers.forEach((customer, c) => {
      const count = counts[c]!;
      const events = serialEvents(
        rangesOf.get(customer.customerId) ?? [],
        { budget: Math.floor(count * SERIAL_SHARE), days: options.days, values },
        r,
      );
      const eventsByDay = new Map<number, TxEvent[]>();
      for (const event of events) {
        const list = eventsByDay.get(event.day);
        if (list) list.push(event);
        else eventsByDay.set(event.day, [event]);
      }
      const plainByDay = apportion(count - events.length, dayWeights(first, options.days, r));
      const prefix = `GTX${options.seed}-${String(c + 1).padStart(3, '0')}-`;
      let seq = 0;
      dates.forEach((date, d) => {
        const today = eventsByDay.get(d) ?? [];
        for (let k = 0; k < plainByDay[d]!; k += 1) today.push(plainEvent(customer, d, r));
        const rows = dayRows(
          customer,
          today,
          { date, dayStartMs: dayStarts[d]!, idOf: (k) => `${prefix}${String(seq + k + 1).padStart(8, '0')}` },
          r,
        );
        seq += rows.length;
        if (rows.length) writeSync(fd, `${rows.map((row) => csvLine(TRANSACTION_FIELDS.map((f) => row[f]))).join('\r\n')}\r\n`);
      });
      byCustomer[customer.customerId] = seq;
    });
  } finally {
    closeSync(fd);
  }
  return byCustomer;
}
