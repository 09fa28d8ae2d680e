import { createHash } from 'node:crypto';
import { type AttributeValue, BatchWriteItemCommand, ScanCommand, type WriteRequest } from '@aws-sdk/client-dynamodb';
import { mapLimit } from './batch.ts';
import type { Db } from './client.ts';
import { TABLE_KEYS } from './table.ts';

/**
 * The restore drill's table walk (ADR 093): every item of a table in DynamoDB's own JSON (the format of
 * DynamoDB's export to S3, one `{"Item": ...}` per line), written back into another table, and a fingerprint
 * that tells two tables' items apart. Operations only: no request path scans (ARCHITECTURE convention 4).
 */
export type RawItem = Record<string, AttributeValue>;

/** Every item of `table`, with a parallel Scan of `segments`. */
export async function scanAllItems(db: Db, table: string, segments = 4): Promise<RawItem[]> {
  const pages = await mapLimit(
    Array.from({ length: segments }, (_, segment) => segment),
    segments,
    async (segment) => {
      const items: RawItem[] = [];
      let start: RawItem | undefined;
      do {
        const page = await db.raw.send(
          new ScanCommand({ TableName: table, Segment: segment, TotalSegments: segments, ExclusiveStartKey: start, ConsistentRead: true }),
        );
        items.push(...(page.Items ?? []));
        start = page.LastEvaluatedKey;
      } while (start);
      return items;
    },
  );
  return pages.flat();
}

/** Writes `items` into `table` as they are, 25 per BatchWriteItem, unprocessed ones again with backoff. */
export async function writeAllItems(db: Db, table: string, items: readonly RawItem[]): Promise<void> {
  const chunks: WriteRequest[][] = [];
  for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })));
  await mapLimit(chunks, 4, async (chunk) => {
    let pending = chunk;
    for (let attempt = 0; pending.length; attempt += 1) {
      if (attempt > 12) throw new Error(`BatchWriteItem: ${pending.length} items still unprocessed`);
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 50 * 2 ** attempt)));
      const res = await db.raw.send(new BatchWriteItemCommand({ RequestItems: { [table]: pending } }));
      pending = res.UnprocessedItems?.[table] ?? [];
    }
  });
}

/** An attribute value as an export line spells it: binary in base64, the rest as DynamoDB's JSON. */
type ExportValue = {
  S?: string;
  N?: string;
  BOOL?: boolean;
  NULL?: boolean;
  SS?: string[];
  NS?: string[];
  B?: string;
  BS?: string[];
  M?: Record<string, ExportValue>;
  L?: ExportValue[];
};

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

function exportValue(value: AttributeValue): ExportValue {
  if (value.B !== undefined) return { B: base64(value.B) };
  if (value.BS) return { BS: value.BS.map(base64) };
  if (value.M) return { M: Object.fromEntries(Object.entries(value.M).map(([k, v]) => [k, exportValue(v)])) };
  if (value.L) return { L: value.L.map(exportValue) };
  return { S: value.S, N: value.N, BOOL: value.BOOL, NULL: value.NULL, SS: value.SS, NS: value.NS };
}

function importValue(value: ExportValue): AttributeValue {
  if (value.S !== undefined) return { S: value.S };
  if (value.N !== undefined) return { N: value.N };
  if (value.BOOL !== undefined) return { BOOL: value.BOOL };
  if (value.NULL !== undefined) return { NULL: value.NULL };
  if (value.SS) return { SS: value.SS };
  if (value.NS) return { NS: value.NS };
  if (value.B !== undefined) return { B: Buffer.from(value.B, 'base64') };
  if (value.BS) return { BS: value.BS.map((b) => Buffer.from(b, 'base64')) };
  if (value.M) return { M: Object.fromEntries(Object.entries(value.M).map(([k, v]) => [k, importValue(v)])) };
  if (value.L) return { L: value.L.map(importValue) };
  throw new Error(`not a DynamoDB JSON value: ${JSON.stringify(value)}`);
}

/** One line of DynamoDB's export format (DYNAMODB_JSON): `{"Item": ...}`, binary values in base64. */
export const toExportLine = (item: RawItem): string =>
  JSON.stringify({ Item: Object.fromEntries(Object.entries(item).map(([k, v]) => [k, exportValue(v)])) });

/** An item back from its export line. */
export function fromExportLine(line: string): RawItem {
  const { Item }: { Item: Record<string, ExportValue> } = JSON.parse(line);
  return Object.fromEntries(Object.entries(Item).map(([k, v]) => [k, importValue(v)]));
}

/** An attribute value in one spelling: map keys sorted, sets sorted (DynamoDB keeps no order in a set). */
function canonical(value: AttributeValue): unknown {
  if (value.M) {
    const entries = Object.entries(value.M).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return { M: Object.fromEntries(entries.map(([k, v]) => [k, canonical(v)])) };
  }
  if (value.L) return { L: value.L.map(canonical) };
  if (value.SS) return { SS: [...value.SS].sort() };
  if (value.NS) return { NS: value.NS.map((n) => String(Number(n))).sort() };
  if (value.BS) return { BS: value.BS.map((b) => Buffer.from(b).toString('base64')).sort() };
  if (value.B) return { B: Buffer.from(value.B).toString('base64') };
  if (value.N !== undefined) return { N: String(Number(value.N)) };
  return value;
}

/** SHA-256 of the item in its canonical spelling. */
export const itemHash = (item: RawItem): string =>
  createHash('sha256')
    .update(JSON.stringify(canonical({ M: item })))
    .digest('hex');

const keyOf = (item: RawItem) => `${item[TABLE_KEYS.partitionKey]?.S}\u0000${item[TABLE_KEYS.sortKey]?.S}`;

/** A table's items by key, each with its hash; `digest` hashes them all in key order. */
export function fingerprint(items: readonly RawItem[]): { count: number; digest: string; hashes: Map<string, string> } {
  const hashes = new Map(items.map((item) => [keyOf(item), itemHash(item)]));
  const digest = createHash('sha256');
  for (const key of [...hashes.keys()].sort()) digest.update(`${key}\u0000${hashes.get(key)}\n`);
  return { count: hashes.size, digest: digest.digest('hex'), hashes };
}

/** Where two tables' items differ: keys only in one of them, and keys whose items' hashes differ. */
export function compareFingerprints(source: ReturnType<typeof fingerprint>, restored: ReturnType<typeof fingerprint>) {
  const missing = [...source.hashes.keys()].filter((key) => !restored.hashes.has(key));
  const extra = [...restored.hashes.keys()].filter((key) => !source.hashes.has(key));
  const differing = [...source.hashes.keys()].filter(
    (key) => restored.hashes.has(key) && restored.hashes.get(key) !== source.hashes.get(key),
  );
  return { same: source.digest === restored.digest && source.count === restored.count, missing, extra, differing };
}
