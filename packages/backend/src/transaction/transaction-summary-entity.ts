import type { Item, Key } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { queryAll } from '../platform/db/query.ts';
import type { TxItem } from '../platform/db/transact.ts';
import type { Countable } from './transaction-entity.ts';

/**
 * Counts of a ledger's transactions per UTC day and hour (ADR 032; a ledger is a customer's list, which
 * for a content provider includes the listings of its products sold elsewhere, ADR 056): what makes an
 * exact totalCount and a deep page cost the same whatever the history. Derived data, one partition per
 * (ledger, dimension), keyed by the ledger's customer id:
 * - dimension ALL, T#<terminalId>, E#<ean>:   pk=TXSUM#<customerId>#<dimension>
 * - daily counts:   sk=D#<day>          attributes `c|<type>|<resultCode>|<result>` = count
 * - hourly counts:  sk=H#<day>#<HH>     the same attributes, one item per hour (ADR 067: an ADD costs the
 *                                       item's size, so an hour's change writes only that hour); in ALL
 *                                       also `slotRows`, the rows its slots count (ADR 071)
 * - slot counts:    sk=S#<day>T<HH>:<MM>:<S0>  ALL only: the same attributes for ten seconds (ADR 071), so a
 *                                       page in a busy hour starts its Query at a known slot
 * A range's daily items are one Query; a day's hour items one Query; an hour's slots one Query (sk BETWEEN). Every writer ADDs the change
 * it makes (`countChanges`) in the same TransactWriteItems that changes the rows and the id's marker, so
 * the counts move exactly once with the rows (ADR 067): the import, +1 for a new row and −old +new for a
 * corrected one; a portal booking, +1.
 */
export type Combo = string;
export type DayCounts = Map<Combo, number>;
/**
 * hour (0-23) → counts; `slotted`: the hours whose slots count every row the hour counts (`slotRows` equals
 * the hour's total). An hour written before ADR 071 is not: its slots are not used (its rows are read from
 * the hour's start, as before) until a backfill writes them.
 */
export class HourCounts extends Map<number, DayCounts> {
  readonly slotted = new Set<number>();
}
/** slot start (epoch ms) → counts, of one hour. */
export type SlotCounts = Map<number, DayCounts>;

/** The width of a slot (ADR 071): the largest customer's peak (~174 rows/s) puts ~1,740 rows in one, under a 1 MB Query page. */
export const SLOT_MS = 10_000;
/** The hour item's count of the rows its slots count (ALL only, ADR 071). */
const SLOT_ROWS = 'slotRows';

export const ALL = 'ALL';
export const terminalDim = (terminalId: string) => `T#${terminalId}`;
export const eanDim = (ean: string) => `E#${ean}`;

export const summaryKeys = {
  pk: (customerId: string, dim: string) => `TXSUM#${customerId}#${dim}`,
  daySk: (day: string) => `D#${day}`,
  hourSk: (day: string, hour: number) => `H#${day}#${String(hour).padStart(2, '0')}`,
  /** The slot of an ISO instant (`…T14:03:27.123Z` → `S#…T14:03:20`); an hour's slots share `S#<day>T<HH>`. */
  slotSk: (at: string) => `S#${at.slice(0, 18)}0`,
};

export const comboOf = (row: Pick<Countable, 'type' | 'resultCode' | 'result'>): Combo => `${row.type}|${row.resultCode}|${row.result}`;
export const dimsOf = (row: Pick<Countable, 'terminalId' | 'ean'>): string[] => [
  ALL,
  terminalDim(row.terminalId),
  ...(row.ean ? [eanDim(row.ean)] : []),
];
const countAttr = (combo: Combo) => `c|${combo}`;

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

/**
 * The summary items of one partition with sk in [from, to]. BETWEEN rather than begins_with: the same items and
 * units on AWS, and DynamoDB Local reads only the range (a begins_with reads on to the partition's end, through
 * the slot items that sort after the day and hour items).
 */
async function between(db: Db, pk: string, from: string, to: string): Promise<Item[]> {
  const { items } = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': to },
  });
  return items;
}

/** The daily counts of one dimension over [fromDay, toDay] (UTC days): one Query (a day is one small item). */
export async function readDays(db: Db, customerId: string, dim: string, fromDay: string, toDay: string): Promise<Map<string, DayCounts>> {
  const items = await between(db, summaryKeys.pk(customerId, dim), summaryKeys.daySk(fromDay), summaryKeys.daySk(toDay));
  return new Map(items.map((item) => [String(item.sk).slice(2), dayCountsOfItem(item)]));
}

/**
 * The hourly counts of one dimension on some UTC days: one Query a day, in parallel (a day's hour items are
 * small and adjacent: a Query reads them for 0.5 RCU per 4 KB, where a BatchGet would pay 0.5 RCU an item).
 */
export async function readHours(db: Db, customerId: string, dim: string, days: readonly string[]): Promise<Map<string, HourCounts>> {
  const read = async (day: string): Promise<[string, HourCounts]> => {
    const items = await between(db, summaryKeys.pk(customerId, dim), summaryKeys.hourSk(day, 0), summaryKeys.hourSk(day, 23));
    const hours = new HourCounts();
    for (const item of items) {
      const counts = dayCountsOfItem(item);
      if (!counts.size) continue;
      const hour = Number(String(item.sk).slice(-2));
      hours.set(hour, counts);
      if (item[SLOT_ROWS] === [...counts.values()].reduce((n, c) => n + c, 0)) hours.slotted.add(hour);
    }
    return [day, hours];
  };
  return new Map(await Promise.all([...new Set(days)].map(read)));
}

/**
 * The slot counts of one dimension's hours (epoch ms of each hour's start): one Query an hour, in parallel (an
 * hour holds at most 360 slots, each a few hundred bytes: one Query page).
 */
export async function readSlots(db: Db, customerId: string, dim: string, hours: readonly number[]): Promise<Map<number, SlotCounts>> {
  const read = async (hour: number): Promise<[number, SlotCounts]> => {
    const last = new Date(hour + 3_600_000 - SLOT_MS).toISOString();
    const items = await between(
      db,
      summaryKeys.pk(customerId, dim),
      summaryKeys.slotSk(new Date(hour).toISOString()),
      summaryKeys.slotSk(last),
    );
    const slots: SlotCounts = new Map();
    for (const item of items) {
      const counts = dayCountsOfItem(item);
      if (counts.size) slots.set(Date.parse(`${String(item.sk).slice(2)}.000Z`), counts);
    }
    return [hour, slots];
  };
  return new Map(await Promise.all([...new Set(hours)].map(read)));
}

/** One row's place in a ledger's counts, +1 where it is counted now or −1 where it was counted before. */
export type CountChange = { ledgerId: string; row: Countable; sign: 1 | -1 };

/** A summary item a count change ADDs to, and the attributes it ADDs its sign to. */
type CountTarget = { key: Key; type: string; attrs: string[] };

/**
 * Where one change counts: in each of its dimensions the day item and the hour item, and in ALL the slot item
 * and the hour's `slotRows` (ADR 071).
 */
function countTargets({ ledgerId, row }: CountChange): CountTarget[] {
  const day = row.at.slice(0, 10);
  const hour = Number(row.at.slice(11, 13));
  const attr = countAttr(comboOf(row));
  return dimsOf(row).flatMap((dim) => {
    const pk = summaryKeys.pk(ledgerId, dim);
    const targets: CountTarget[] = [
      { key: { pk, sk: summaryKeys.daySk(day) }, type: 'transactionDay', attrs: [attr] },
      { key: { pk, sk: summaryKeys.hourSk(day, hour) }, type: 'transactionHour', attrs: dim === ALL ? [attr, SLOT_ROWS] : [attr] },
    ];
    if (dim === ALL) targets.push({ key: { pk, sk: summaryKeys.slotSk(row.at) }, type: 'transactionSlot', attrs: [attr] });
    return targets;
  });
}

/** The summary items some count changes touch, as `pk\nsk` (to size a transaction before building it). */
export const countKeysOf = (changes: readonly CountChange[]): string[] =>
  changes.flatMap((change) => countTargets(change).map(({ key }) => `${key.pk}\n${key.sk}`));

/**
 * The updates that apply some count changes, for the TransactWriteItems that makes them true (ADR 067):
 * one ADD per summary item touched (countTargets), the changes summed per item first, so a slice's rows of
 * one hour write that hour once; changes that cancel write nothing.
 */
export function countChanges(db: Db, changes: readonly CountChange[]): TxItem[] {
  const byItem = new Map<string, { key: Key; type: string; adds: Map<string, number> }>();
  for (const change of changes)
    for (const { key, type, attrs } of countTargets(change)) {
      const id = `${key.pk}\n${key.sk}`;
      let entry = byItem.get(id);
      if (!entry) byItem.set(id, (entry = { key, type, adds: new Map() }));
      for (const attr of attrs) entry.adds.set(attr, (entry.adds.get(attr) ?? 0) + change.sign);
    }
  const updates: TxItem[] = [];
  for (const { key, type, adds } of byItem.values()) {
    const moved = [...adds].filter(([, n]) => n !== 0);
    if (moved.length === 0) continue;
    updates.push({
      Update: {
        TableName: db.table,
        Key: key,
        UpdateExpression: `SET #type = :type ADD ${moved.map((_, i) => `#a${i} :n${i}`).join(', ')}`,
        ExpressionAttributeNames: { '#type': 'type', ...Object.fromEntries(moved.map(([attr], i) => [`#a${i}`, attr])) },
        ExpressionAttributeValues: { ':type': type, ...Object.fromEntries(moved.map(([, n], i) => [`:n${i}`, n])) },
      },
    });
  }
  return updates;
}
