import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, batchPut, getFrom, type Item } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { isConditionFailure } from '../platform/db/conditions.ts';
import { entity } from '../platform/db/entity.ts';
import { projectionOf, queryAll } from '../platform/db/query.ts';
import { fullJitter, type TxItem } from '../platform/db/transact.ts';
import { transactionKeys, type TransactionRecord } from './transaction-entity.ts';

/**
 * Counts of a ledger's transactions per UTC day and hour (ADR 032; a ledger is a customer's list, which
 * for a content provider includes the listings of its products sold elsewhere, ADR 056): what makes an
 * exact totalCount and a deep page cost the same whatever the history. Derived data, one partition per
 * (ledger, dimension), keyed by the ledger's customer id:
 * - dimension ALL, T#<terminalId>, E#<ean>:   pk=TXSUM#<customerId>#<dimension>
 * - daily counts:   sk=D#<day>   attributes `c|<type>|<resultCode>|<result>` = count
 * - hourly counts:  sk=H#<day>   attributes `h|<HH>|<type>|<resultCode>|<result>` = count
 * - the day's version and the dimensions written:  pk=TXSUM#<customerId>#ALL, sk=V#<day>  {v, dims}
 * A range's daily items are one Query; the hourly items of a few days one BatchGet. The import rebuilds
 * a day's items from a consistent read of its rows (`rebuildDay`); a portal booking ADDs to them inside
 * its own transaction (`bookingCounts`). Both move the day's version, which is how a rebuild learns that
 * it raced a booking: it checks the version after writing and, if it moved, rebuilds again.
 */
export type Combo = string;
export type DayCounts = Map<Combo, number>;
/** hour (0-23) → counts. */
export type HourCounts = Map<number, DayCounts>;

export const ALL = 'ALL';
export const terminalDim = (terminalId: string) => `T#${terminalId}`;
export const eanDim = (ean: string) => `E#${ean}`;

export const summaryKeys = {
  pk: (customerId: string, dim: string) => `TXSUM#${customerId}#${dim}`,
  daySk: (day: string) => `D#${day}`,
  hourSk: (day: string) => `H#${day}`,
  versionSk: (day: string) => `V#${day}`,
};

type Countable = Pick<TransactionRecord, 'at' | 'type' | 'resultCode' | 'result' | 'terminalId' | 'ean'>;

export const comboOf = (row: Pick<Countable, 'type' | 'resultCode' | 'result'>): Combo => `${row.type}|${row.resultCode}|${row.result}`;
export const dimsOf = (row: Pick<Countable, 'terminalId' | 'ean'>): string[] => [
  ALL,
  terminalDim(row.terminalId),
  ...(row.ean ? [eanDim(row.ean)] : []),
];
const dayAttr = (combo: Combo) => `c|${combo}`;
const hourAttr = (hour: number, combo: Combo) => `h|${String(hour).padStart(2, '0')}|${combo}`;

/** The combo filter of a request: which (type, resultCode, result) triples it counts. */
export type ComboFilter = { type?: string | undefined; resultCode?: string | undefined; result?: string | undefined };
export function comboMatches(combo: Combo, filter: ComboFilter): boolean {
  const [type, resultCode, result] = combo.split('|');
  return (
    (!filter.type || filter.type === type) &&
    (!filter.resultCode || filter.resultCode === resultCode) &&
    (!filter.result || filter.result === result)
  );
}
export const countOf = (counts: DayCounts | undefined, filter: ComboFilter): number => {
  let n = 0;
  for (const [combo, count] of counts ?? []) if (comboMatches(combo, filter)) n += count;
  return n;
};

export function dayCountsOfItem(item: Item | undefined): DayCounts {
  const out: DayCounts = new Map();
  for (const [name, value] of Object.entries(item ?? {}))
    if (name.startsWith('c|') && typeof value === 'number' && value) out.set(name.slice(2), value);
  return out;
}

export function hourCountsOfItem(item: Item | undefined): HourCounts {
  const out: HourCounts = new Map();
  for (const [name, value] of Object.entries(item ?? {})) {
    if (!name.startsWith('h|') || typeof value !== 'number' || !value) continue;
    const hour = Number(name.slice(2, 4));
    const combo = name.slice(5);
    const counts = out.get(hour) ?? new Map();
    counts.set(combo, value);
    out.set(hour, counts);
  }
  return out;
}

/** The daily counts of one dimension over [fromDay, toDay] (UTC days): one Query (a day is one small item). */
export async function readDays(db: Db, customerId: string, dim: string, fromDay: string, toDay: string): Promise<Map<string, DayCounts>> {
  const { items } = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': summaryKeys.pk(customerId, dim),
      ':from': summaryKeys.daySk(fromDay),
      ':to': summaryKeys.daySk(toDay),
    },
  });
  return new Map(items.map((item) => [String(item.sk).slice(2), dayCountsOfItem(item)]));
}

/** The hourly counts of one dimension on some UTC days: one BatchGet. */
export async function readHours(db: Db, customerId: string, dim: string, days: readonly string[]): Promise<Map<string, HourCounts>> {
  if (days.length === 0) return new Map();
  const key = (day: string) => ({ pk: summaryKeys.pk(customerId, dim), sk: summaryKeys.hourSk(day) });
  const items = await batchGet(db, days.map(key));
  return new Map(days.map((day) => [day, hourCountsOfItem(getFrom(items, key(day)))]));
}

/** Every dimension's daily and hourly counts of some rows (of one customer and UTC day). */
export function countRows(rows: readonly Countable[]): Map<string, { day: DayCounts; hours: Map<string, number> }> {
  const out = new Map<string, { day: DayCounts; hours: Map<string, number> }>();
  for (const row of rows) {
    const combo = comboOf(row);
    const hour = Number(row.at.slice(11, 13));
    for (const dim of dimsOf(row)) {
      let counts = out.get(dim);
      if (!counts) out.set(dim, (counts = { day: new Map(), hours: new Map() }));
      counts.day.set(combo, (counts.day.get(combo) ?? 0) + 1);
      const attr = hourAttr(hour, combo);
      counts.hours.set(attr, (counts.hours.get(attr) ?? 0) + 1);
    }
  }
  return out;
}

const MAX_REBUILDS = 6;
/** A transaction row as a rebuild reads it (COUNTED): its type is stored as `txType`. */
const countedRows = entity<Omit<Countable, 'type'> & { txType: Countable['type'] }>();
/** The row attributes a rebuild reads (a projection: the rows' amounts, names and ids stay on the server). */
const COUNTED = ['at', 'txType', 'resultCode', 'result', 'terminalId', 'ean'];

/**
 * Rebuilds the summaries of one customer's UTC day from a consistent read of its rows: reads the day's
 * version, reads the rows, puts every dimension's daily and hourly item (and empties those of dimensions
 * no row has any more), then moves the version from what it read. If a booking moved it meanwhile, the
 * puts may have overwritten its ADDs: rebuild again (the rows now include the booking). Calls: 1 GetItem
 * + 1 Query per ~1 MB of the day's rows + 1 BatchWrite per 25 items + 1 UpdateItem.
 */
export async function rebuildDay(db: Db, ledgerId: string, day: string): Promise<void> {
  const versionKey = { pk: summaryKeys.pk(ledgerId, ALL), sk: summaryKeys.versionSk(day) };
  for (let attempt = 0; ; attempt += 1) {
    const head = (await db.doc.send(new GetCommand({ TableName: db.table, Key: versionKey, ConsistentRead: true }))).Item;
    const version = typeof head?.v === 'number' ? head.v : 0;
    const before = new Set<string>(Array.isArray(head?.dims) ? head.dims.filter((dim: unknown) => typeof dim === 'string') : []);
    const next = new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();
    const { items: rows } = await queryAll(db, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': transactionKeys.pk(ledgerId), ':from': `${day}T00:00:00.000Z`, ':to': next },
      ...projectionOf(COUNTED),
      ConsistentRead: true,
    });
    const counts = countRows(
      rows.map((item) => {
        const row = countedRows.read(item);
        return { ...row, type: row.txType };
      }),
    );
    const items: Item[] = [];
    for (const dim of new Set([...before, ...counts.keys()])) {
      const c = counts.get(dim);
      const pk = summaryKeys.pk(ledgerId, dim);
      items.push({
        pk,
        sk: summaryKeys.daySk(day),
        type: 'transactionDay',
        ...Object.fromEntries([...(c?.day ?? [])].map(([combo, n]) => [dayAttr(combo), n])),
      });
      items.push({ pk, sk: summaryKeys.hourSk(day), type: 'transactionHours', ...Object.fromEntries(c?.hours ?? []) });
    }
    await batchPut(db, items);
    try {
      await db.doc.send(
        new UpdateCommand({
          TableName: db.table,
          Key: versionKey,
          UpdateExpression: 'SET v = :next, dims = :dims, #type = :type',
          ConditionExpression: version === 0 ? 'attribute_not_exists(v) OR v = :v' : 'v = :v',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: { ':v': version, ':next': version + 1, ':dims': [...counts.keys()], ':type': 'transactionDayVersion' },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionFailure(error) || attempt + 1 >= MAX_REBUILDS) throw error;
      await fullJitter(attempt, 200);
    }
  }
}

/**
 * The updates that count one portal booking (a coupon action) in its day's summaries of one ledger (the
 * booking customer's, and the provider's where it is listed, ADR 056), for the booking's own
 * TransactWriteItems: ADD 1 to its combo in each dimension's daily and hourly item, and to the day's
 * version (so a rebuild running meanwhile notices and runs again). The row's own Put, conditioned on
 * attribute_not_exists, is what keeps a retried booking from counting twice.
 */
export function bookingCounts(db: Db, row: Countable, ledgerId: string): TxItem[] {
  const day = row.at.slice(0, 10);
  const combo = comboOf(row);
  const hour = Number(row.at.slice(11, 13));
  const add = (pk: string, sk: string, attr: string): TxItem => ({
    Update: {
      TableName: db.table,
      Key: { pk, sk },
      UpdateExpression: 'ADD #n :one',
      ExpressionAttributeNames: { '#n': attr },
      ExpressionAttributeValues: { ':one': 1 },
    },
  });
  return [
    ...dimsOf(row).flatMap((dim) => [
      add(summaryKeys.pk(ledgerId, dim), summaryKeys.daySk(day), dayAttr(combo)),
      add(summaryKeys.pk(ledgerId, dim), summaryKeys.hourSk(day), hourAttr(hour, combo)),
    ]),
    add(summaryKeys.pk(ledgerId, ALL), summaryKeys.versionSk(day), 'v'),
  ];
}
