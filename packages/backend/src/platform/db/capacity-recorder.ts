import type { Db } from './client.ts';
import { TABLE_KEYS } from './table.ts';

/**
 * Records what each DynamoDB call through a Db costs, per partition key value: the load model
 * (scripts/bench/load-model.ts) drives real code paths against DynamoDB Local and scales these records by a
 * workload profile, to read every key's peak units against DynamoDB's per-key limits.
 *
 * Every call is sent with ReturnConsumedCapacity INDEXES (DynamoDB Local answers it as AWS does). A call on
 * one key (Get, Put, Update, Delete, Query) takes the units DynamoDB reported for the table and for each
 * index; a call on many keys (BatchGet, BatchWrite, TransactWrite, TransactGet) reports only totals, so
 * its units are spread over its items by their sizes with DynamoDB's rounding (reads per 4 KB, half for
 * eventually consistent; writes per 1 KB; both doubled in a transaction), the last item taking what the
 * rounding leaves so the sum is what DynamoDB reported. Index writes go to the index's partition key.
 */
export type CapacityRecord = {
  op: string;
  /** 'table' or the index name whose partition key this is. */
  on: string;
  pk: string;
  rcu: number;
  wcu: number;
  /** The largest item written or read on this key in the call (estimated with DynamoDB's size rules). */
  itemBytes: number;
  /** For a transaction or batch: its item count and total bytes (on every record of the call). */
  callItems: number;
  callBytes: number;
};

type Input = Record<string, unknown>;

// The SDK's inputs and outputs read as plain records, without trusting their shapes.
const isRecord = (v: unknown): v is Input =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array) && !(v instanceof Set);
const rec = (v: unknown): Input => (isRecord(v) ? v : {});
const recs = (v: unknown): Input[] => (Array.isArray(v) ? v.filter(isRecord) : isRecord(v) ? [v] : []);
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

const INDEX_PK = new Map<string, string>(TABLE_KEYS.indexes.map((index) => [index.name, index.partitionKey]));

/** An item's size by DynamoDB's rules (attribute names plus values; numbers ~1 byte per 2 digits + 1). */
export function itemSize(item: Input | undefined): number {
  if (!item) return 0;
  let size = 0;
  for (const [name, value] of Object.entries(item)) size += Buffer.byteLength(name) + valueSize(value);
  return size;
}

function valueSize(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number' || typeof value === 'bigint')
    return Math.ceil(String(value).replace(/[-.]/g, '').replace(/^0+/, '').length / 2) + 1;
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...value].reduce((n: number, v) => n + valueSize(v), 0);
  if (Array.isArray(value)) return 3 + value.reduce((n: number, v) => n + 1 + valueSize(v), 0);
  if (isRecord(value)) return 3 + itemSize(value) + Object.keys(value).length;
  return 0;
}

/** A ConsumedCapacity's (or its Table's or an index's) units. */
const units = (u: unknown) => {
  const r = rec(u);
  return num(r.CapacityUnits) || num(r.ReadCapacityUnits) + num(r.WriteCapacityUnits);
};

/** The partition key value a Query reads: the value compared with the table's or the index's key attribute. */
function queriedKey(input: Input): { on: string; pk: string } {
  const on = typeof input.IndexName === 'string' ? input.IndexName : 'table';
  const attribute = on === 'table' ? TABLE_KEYS.partitionKey : (INDEX_PK.get(on) ?? `${on}pk`);
  const names = rec(input.ExpressionAttributeNames);
  const values = rec(input.ExpressionAttributeValues);
  for (const [, left = '', placeholder = ''] of String(input.KeyConditionExpression ?? '').matchAll(/([#\w]+)\s*=\s*(:\w+)/g)) {
    const name = left.startsWith('#') ? names[left] : left;
    if (name === attribute) return { on, pk: String(values[placeholder]) };
  }
  return { on, pk: '?' };
}

/** The keys (table and indexes) an item is stored under. */
function keysOf(item: Input): { on: string; pk: string }[] {
  const out = [{ on: 'table', pk: String(item[TABLE_KEYS.partitionKey]) }];
  for (const index of TABLE_KEYS.indexes) {
    const pk = item[index.partitionKey];
    if (typeof pk === 'string') out.push({ on: index.name, pk });
  }
  return out;
}

/** Spreads `total` units over parts weighed by `need` (already rounded units); the last part takes the rest. */
function spread<T>(parts: { part: T; need: number }[], total: number): { part: T; units: number }[] {
  const needed = parts.reduce((n, p) => n + p.need, 0) || 1;
  let left = total;
  return parts.map((p, i) => {
    const share = i === parts.length - 1 ? left : (total * p.need) / needed;
    left -= share;
    return { part: p.part, units: share };
  });
}

export function recordCapacity(db: Db, name = 'recordCapacity') {
  const records: CapacityRecord[] = [];
  const add = (op: string, on: string, pk: string, rcu: number, wcu: number, itemBytes: number, callItems = 1, callBytes = itemBytes) =>
    records.push({ op, on, pk, rcu, wcu, itemBytes, callItems, callBytes });

  db.doc.middlewareStack.add(
    (next, context) => async (args) => {
      const input = rec(args.input);
      if (input.ReturnConsumedCapacity === undefined) input.ReturnConsumedCapacity = 'INDEXES';
      const result = await next(args);
      // The client names the low-level command (PutItemCommand, TransactWriteItemsCommand, ...).
      const op = String(context.commandName ?? '')
        .replace(/Command$/, '')
        .replace(/Items?$/, '');
      record(op, input, rec(result.output));
      return result;
    },
    { step: 'initialize', name },
  );

  function record(op: string, input: Input, output: Input) {
    const consumed = recs(output.ConsumedCapacity);
    const one = consumed[0];
    const isWrite = op === 'Put' || op === 'Update' || op === 'Delete';
    if (op === 'Get' || op === 'Query') {
      const where = op === 'Get' ? { on: 'table', pk: String(rec(input.Key)[TABLE_KEYS.partitionKey]) } : queriedKey(input);
      const items = op === 'Get' ? recs(output.Item) : recs(output.Items);
      add(op, where.on, where.pk, units(one), 0, Math.max(0, ...items.map(itemSize)));
      return;
    }
    if (isWrite) {
      const item = rec(op === 'Put' ? input.Item : input.Key);
      add(
        op,
        'table',
        String(item[TABLE_KEYS.partitionKey]),
        0,
        units(one?.Table) || units(one),
        itemSize(op === 'Put' ? item : undefined),
      );
      // An index write lands on the index key the item has (a Put's own keys; an Update's only when it sets them).
      for (const [index, u] of Object.entries(rec(one?.GlobalSecondaryIndexes))) {
        const indexPk = op === 'Put' ? item[INDEX_PK.get(index) ?? ''] : rec(input.ExpressionAttributeValues)[`:${INDEX_PK.get(index)}`];
        add(op, index, String(indexPk ?? `?${index}`), 0, units(u), 0);
      }
      return;
    }
    if (op === 'BatchWrite' || op === 'TransactWrite') {
      const factor = op === 'TransactWrite' ? 2 : 1;
      const requests: { item?: Input; key?: Input }[] =
        op === 'BatchWrite'
          ? Object.values(rec(input.RequestItems))
              .flatMap(recs)
              .map((r) => (isRecord(r.PutRequest) ? { item: rec(r.PutRequest.Item) } : { key: rec(rec(r.DeleteRequest).Key) }))
          : recs(input.TransactItems).map((t) => {
              const [kind, body] = Object.entries(t)[0] ?? ['', {}];
              return kind === 'Put' ? { item: rec(rec(body).Item) } : { key: rec(rec(body).Key) };
            });
      const callBytes = requests.reduce((n, r) => n + itemSize(r.item), 0);
      const parts = requests.flatMap((r) => {
        const stored = r.item ?? r.key ?? {};
        const need = factor * Math.max(1, Math.ceil(itemSize(r.item) / 1024));
        return (r.item ? keysOf(r.item) : [{ on: 'table', pk: String(stored[TABLE_KEYS.partitionKey]) }]).map((where) => ({
          part: { ...where, bytes: itemSize(r.item) },
          need,
        }));
      });
      const total = consumed.reduce((n, c) => n + units(c), 0);
      for (const { part, units: u } of spread(parts, total)) add(op, part.on, part.pk, 0, u, part.bytes, requests.length, callBytes);
      return;
    }
    if (op === 'BatchGet' || op === 'TransactGet') {
      const responses =
        op === 'BatchGet' ? Object.values(rec(output.Responses)).flatMap(recs) : recs(output.Responses).flatMap((r) => recs(r.Item));
      const consistent = op === 'TransactGet' ? 2 : 0.5;
      // A BatchGet pays for the keys it asked for, found or not: a missing item costs the minimum on its own key.
      const keyId = (item: Input) => `${String(item[TABLE_KEYS.partitionKey])}\u0000${String(item[TABLE_KEYS.sortKey])}`;
      const found = new Set(responses.map(keyId));
      const missing =
        op === 'BatchGet'
          ? Object.values(rec(input.RequestItems))
              .flatMap((request) => recs(rec(request).Keys))
              .filter((key) => !found.has(keyId(key)))
          : [];
      const parts = [...responses, ...missing].map((item) => ({
        part: { pk: String(item[TABLE_KEYS.partitionKey]), bytes: itemSize(item) },
        need: consistent * Math.max(1, Math.ceil(itemSize(item) / 4096)),
      }));
      const total = consumed.reduce((n, c) => n + units(c), 0);
      for (const { part, units: u } of spread(parts, total)) add(op, 'table', part.pk, u, 0, part.bytes, responses.length);
      return;
    }
    add(op, 'table', '?', units(one), 0, 0);
  }

  return {
    records,
    /** What `run` answers, and the records of the calls made while it ran (measure one thing at a time). */
    async recorded<T>(run: () => Promise<T>): Promise<{ result: T; records: CapacityRecord[] }> {
      const from = records.length;
      const result = await run();
      return { result, records: records.slice(from) };
    },
    stop: () => db.doc.middlewareStack.remove(name),
  };
}
