import type { Transaction } from '@portal/core/transaction';
import { batchGet, getFrom, type Item, type Key } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { entity, getItem } from '../platform/db/entity.ts';
import type { TxItem } from '../platform/db/transact.ts';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { countAll, onIndex, projectionOf, type QueryInput, queryPage } from '../platform/db/query.ts';
import { migrationStateKey } from '../platform/db/migration-runner.ts';

/**
 * The processor's terminal transactions (ADR 032; extends ADR 019). One item per
 * transaction, in its customer's partition, sorted by time; three indexes serve the filters that narrow
 * by a value (serial, terminal, EAN), each sorted by time too. Access patterns:
 * - a customer's transactions of a UTC day:      pk=TXN#<customerId>#<YYYY-MM-DD>, sk=<atISO>#<transactionId>
 *   (ADR 074: one key per ledger and day, read newest day first; the day is the sort key's first 10 characters)
 * - a serial's transactions (all customers):    gsi1 gsi1pk=TXSERIAL#<serial>, gsi1sk=<atISO>#<id>
 * - a terminal's transactions of a customer:    gsi2 gsi2pk=TXTERM#<customerId>#<terminalId>, gsi2sk=<atISO>#<id>
 * - an EAN's transactions of a customer:        gsi3 gsi3pk=TXEAN#<customerId>#<ean>, gsi3sk=<atISO>#<id>
 * - where an id is booked (one id, one row):    pk=TXID#<transactionId>, sk=TXID  {customerId, rowSk, providerId?}
 * Counts per day and hour live in the summary items (transaction-summary-entity.ts).
 *
 * Ledgers (ADR 056): the partitions TXN#<id>#<day> are a ledger, the list of one customer's Transactions
 * section. A row sits in its booking customer's ledger; a transaction of a product whose content provider
 * is another customer is also listed in that provider's ledger, as a listing item: the same attributes and
 * sort key (so the provider's counts, pages, filters and exports come from its own partition, as a
 * customer's do), its terminal and EAN index keys in the provider's name, and no serial index key (the
 * serial lookup reads each transaction once, from its booking row). `customerId` stays the booking
 * customer in both, so a listing opens the booking row's detail.
 */

/** What a row holds: the wire Transaction without its opaque key and the customer's display name. */
export type TransactionRecord = Omit<Transaction, 'key' | 'customerName'>;

/** What a row's counts depend on (the rest of a row may change without moving a count; ADR 067). */
export type Countable = Pick<TransactionRecord, 'at' | 'type' | 'resultCode' | 'result' | 'terminalId' | 'ean'>;

/** A transaction's own facts, from a stored row or an imported one, in the order the API answers them. */
export const transactionFacts = (
  r: Pick<TransactionRecord, 'transactionId' | 'at' | 'customerId' | 'terminalId' | 'resultCode' | 'result' | 'amount' | 'currency'> & {
    storeId?: string | null | undefined;
    serial?: string | null | undefined;
    ean?: string | null | undefined;
  },
  type: TransactionRecord['type'],
) => ({
  transactionId: r.transactionId,
  at: r.at,
  customerId: r.customerId,
  storeId: r.storeId ?? null,
  terminalId: r.terminalId,
  type,
  resultCode: r.resultCode,
  result: r.result,
  serial: r.serial ?? null,
  ean: r.ean ?? null,
  amount: r.amount,
  currency: r.currency,
});

export const transactionKeys = {
  /** A ledger's rows of one UTC day (ADR 074): `day` is `YYYY-MM-DD`, the first 10 characters of the rows' sort keys. */
  pk: (ledgerId: string, day: string) => `TXN#${ledgerId}#${day}`,
  /** Where a row of a sort key lives in a ledger. */
  rowKey: (ledgerId: string, sk: string): Key => ({ pk: transactionKeys.pk(ledgerId, sk.slice(0, 10)), sk }),
  /** The ledger's one key before ADR 074; rows stay there until migration 3 moved them (`legacyRowsReadable`). */
  legacyPk: (ledgerId: string) => `TXN#${ledgerId}`,
  sk: (at: string, transactionId: string) => `${at}#${transactionId}`,
  serial: (serial: string) => `TXSERIAL#${serial}`,
  terminal: (customerId: string, terminalId: string) => `TXTERM#${customerId}#${terminalId}`,
  ean: (customerId: string, ean: string) => `TXEAN#${customerId}#${ean}`,
  idPk: (transactionId: string) => `TXID#${transactionId}`,
  idSk: 'TXID',
};

export const idKey = (transactionId: string): Key => ({ pk: transactionKeys.idPk(transactionId), sk: transactionKeys.idSk });

/**
 * Where an id is booked: its customer, the row's sort key and the provider ledger it is listed in (none for
 * a transaction without a product of another customer, and for markers written before ledgers existed);
 * and what the counts hold of it (ADR 067): the counted facts and a version `mv` that every change of the
 * row moves, in the transaction that moves the counts. Markers written before ADR 067 have neither: the
 * counted facts are then the row's.
 */
export type IdMarker = {
  customerId: string;
  rowSk: string;
  providerId?: string;
  mv?: number;
  txType?: Countable['type'];
  resultCode?: Countable['resultCode'];
  result?: Countable['result'];
  terminalId?: Countable['terminalId'];
  ean?: Countable['ean'];
};
export const idMarkers = entity<IdMarker>();

/** What the counts hold of a marker's row (null for a marker written before ADR 067: read its row). */
export function countedOfMarker(marker: IdMarker): Countable | null {
  const { mv, txType, resultCode, result, terminalId, ean } = marker;
  if (mv === undefined || txType === undefined || resultCode === undefined || result === undefined || terminalId === undefined) return null;
  return { at: marker.rowSk.slice(0, marker.rowSk.indexOf('#')), type: txType, resultCode, result, terminalId, ean: ean ?? null };
}

/**
 * The row item of a transaction (its index keys only for the values it has). The item's `type` is the
 * table's item type ('transaction'), so the transaction's own type is stored as `txType`.
 */
/**
 * The provider ledger a transaction is also listed in (ADR 056): its product's content provider, when that
 * is not the booking customer itself; null otherwise.
 */
export const providerLedgerOf = (record: Pick<TransactionRecord, 'customerId'>, providerId: string | null | undefined): string | null =>
  providerId && providerId !== record.customerId ? providerId : null;

/** The rows of one transaction: its booking row, and its listing in the provider's ledger when it has one. */
export function transactionItems(record: TransactionRecord, providerId: string | null): Item[] {
  const provider = providerLedgerOf(record, providerId);
  return [ledgerItem(record, record.customerId, provider), ...(provider ? [ledgerItem(record, provider, provider)] : [])];
}

/** A transaction's item in one ledger: the booking row in its customer's, a listing in its provider's (see the ledgers above). */
function ledgerItem(record: TransactionRecord, ledgerId: string, providerId: string | null): Item {
  const sk = transactionKeys.sk(record.at, record.transactionId);
  const { type: txType, ...rest } = record;
  const booking = ledgerId === record.customerId;
  return {
    ...transactionKeys.rowKey(ledgerId, sk),
    type: 'transaction',
    ...(booking && record.serial ? { gsi1pk: transactionKeys.serial(record.serial), gsi1sk: sk } : {}),
    gsi2pk: transactionKeys.terminal(ledgerId, record.terminalId),
    gsi2sk: sk,
    ...(record.ean ? { gsi3pk: transactionKeys.ean(ledgerId, record.ean), gsi3sk: sk } : {}),
    ...rest,
    ...(providerId ? { providerId } : {}),
    txType,
  };
}

/**
 * The stored attribute of each of a row's facts (transactionFacts) and its product: what a job's file may list
 * of a row (ADR 134). A row's own type is stored as `txType` (see ledgerItem).
 */
export const FACT_ATTRIBUTES = {
  transactionId: 'transactionId',
  at: 'at',
  customerId: 'customerId',
  storeId: 'storeId',
  terminalId: 'terminalId',
  type: 'txType',
  resultCode: 'resultCode',
  result: 'result',
  serial: 'serial',
  ean: 'ean',
  amount: 'amount',
  currency: 'currency',
  productId: 'productId',
  productName: 'productName',
} as const;

/** The stored attribute of each filter field (the transaction type is `txType`, see transactionItem). */
export const ATTRIBUTE = {
  type: 'txType',
  resultCode: 'resultCode',
  result: 'result',
  terminalId: 'terminalId',
  ean: 'ean',
  serial: 'serial',
  customerId: 'customerId',
  providerId: 'providerId',
} as const;

/** The marker item of a row: the id's one place (import refuses to move it, ADR 032) and what is counted of it (ADR 067). */
export const idMarkerItem = (record: TransactionRecord, providerId: string | null, mv: number): Item => ({
  ...idKey(record.transactionId),
  type: 'transactionId',
  customerId: record.customerId,
  rowSk: transactionKeys.sk(record.at, record.transactionId),
  ...(providerLedgerOf(record, providerId) ? { providerId } : {}),
  mv,
  txType: record.type,
  resultCode: record.resultCode,
  result: record.result,
  terminalId: record.terminalId,
  ean: record.ean,
});

/**
 * The Put of a row's marker for the transaction that changes the row (ADR 067), on the condition that the
 * marker is still the one the change was computed from: absent for a new id, the same `mv` otherwise (the
 * same row for a marker from before ADR 067). A concurrent change of the id fails it; the writer reads again.
 */
export function markerPut(db: Db, record: TransactionRecord, providerId: string | null, previous: IdMarker | null): TxItem {
  const item = idMarkerItem(record, providerId, (previous?.mv ?? 0) + 1);
  if (!previous) return { Put: { TableName: db.table, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } };
  if (previous.mv === undefined)
    return {
      Put: {
        TableName: db.table,
        Item: item,
        ConditionExpression: 'attribute_not_exists(mv) AND rowSk = :rowSk',
        ExpressionAttributeValues: { ':rowSk': previous.rowSk },
      },
    };
  return {
    Put: { TableName: db.table, Item: item, ConditionExpression: 'mv = :mv', ExpressionAttributeValues: { ':mv': previous.mv } },
  };
}

/** An id as booked: its marker and what the counts hold of its row (null: the marker's row is gone). */
export type Booked = { marker: IdMarker; counted: Countable | null };

/**
 * The booked state of some ids: 1 BatchGet of their markers, and 1 BatchGet of the rows of markers written
 * before ADR 067 (which do not say what is counted of them). Ids never booked are absent.
 */
export async function bookedIds(db: Db, transactionIds: readonly string[]): Promise<Map<string, Booked>> {
  const ids = [...new Set(transactionIds)];
  const found = ids.length ? await batchGet(db, ids.map(idKey)) : new Map<string, Item>();
  const markers = new Map<string, IdMarker>();
  for (const id of ids) {
    const item = getFrom(found, idKey(id));
    if (item) markers.set(id, idMarkers.read(item));
  }
  // Markers from before ADR 067 are older than the day keys (ADR 074): their row is in its day key or, until
  // migration 3 moved it, in the ledger's old key; both are read (rare: one BatchGet for the slice).
  const rowKey = (marker: IdMarker) => transactionKeys.rowKey(marker.customerId, marker.rowSk);
  const legacyKey = (marker: IdMarker) => ({ pk: transactionKeys.legacyPk(marker.customerId), sk: marker.rowSk });
  const legacy = [...markers.values()].filter((marker) => countedOfMarker(marker) === null);
  const rowItems = legacy.length
    ? await batchGet(
        db,
        legacy.flatMap((marker) => [rowKey(marker), legacyKey(marker)]),
        { projection: [...COUNTED_ATTRIBUTES] },
      )
    : new Map<string, Item>();
  const booked = new Map<string, Booked>();
  for (const [id, marker] of markers) {
    const row = countedOfMarker(marker) ? null : (getFrom(rowItems, rowKey(marker)) ?? getFrom(rowItems, legacyKey(marker)));
    booked.set(id, { marker, counted: countedOfMarker(marker) ?? (row ? countedOfRow(row) : null) });
  }
  return booked;
}

const COUNTED_ATTRIBUTES = ['at', 'txType', 'resultCode', 'result', 'terminalId', 'ean'] as const;
const countedOfRow = (item: Item): Countable => {
  const r = rows.read(item);
  return { at: r.at, type: r.txType, resultCode: r.resultCode, result: r.result, terminalId: r.terminalId, ean: r.ean ?? null };
};

/** The Puts of a transaction's rows (its booking row and its listing) for the transaction that changes it (ADR 067). */
export const rowPuts = (db: Db, record: TransactionRecord, providerId: string | null): TxItem[] =>
  transactionItems(record, providerId).map((Item) => ({ Put: { TableName: db.table, Item } }));

/**
 * The Deletes of a listing the catalogue moved to another provider (ADR 056), in the same transaction: in its
 * day key, and in the ledger's key of before ADR 074, where a listing waits until migration 3 moved it (a
 * Delete of an absent item changes nothing).
 */
export const listingDeletes = (db: Db, providerId: string, rowSk: string): TxItem[] => [
  { Delete: { TableName: db.table, Key: transactionKeys.rowKey(providerId, rowSk) } },
  { Delete: { TableName: db.table, Key: { pk: transactionKeys.legacyPk(providerId), sk: rowSk } } },
];

/**
 * Rows are read without a schema (ADR 018's unchecked step): only transactionItem writes them, and the
 * export reads a million of them per job, where a parse per row would cost more than the read.
 */
const rows = entity<Omit<TransactionRecord, 'type'> & { txType: string }>();

// --- The opaque detail key: base64url of "<customerId>\n<sk>" ----------------------------------------

export const encodeTransactionKey = (customerId: string, sk: string): string =>
  Buffer.from(`${customerId}\n${sk}`, 'utf8').toString('base64url');

/** The customer and row sort key of a detail key; null when it is not one this API made. */
export function decodeTransactionKey(key: string): { customerId: string; sk: string } | null {
  if (!/^[A-Za-z0-9_-]+$/.test(key)) return null;
  const text = Buffer.from(key, 'base64url').toString('utf8');
  const match = /^([A-Za-z0-9._-]{1,64})\n(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#[^\n]{1,64})$/.exec(text);
  return match ? { customerId: match[1]!, sk: match[2]! } : null;
}

/**
 * A stored row as the API answers it (the customer's name is the service's to add). Field by field: a
 * portal booking's row also holds couponing's attributes (the username who booked, the card version),
 * which are not the API's to answer.
 */
export function transactionOfItem(item: Item): Transaction {
  const r = rows.read(item);
  return {
    key: encodeTransactionKey(r.customerId, transactionKeys.sk(r.at, r.transactionId)),
    ...transactionFacts(r, r.txType),
    productId: r.productId ?? null,
    productName: r.productName ?? null,
    source: r.source,
    ...(r.by ? { by: r.by } : {}),
  };
}

/**
 * One row by customer and sort key: one GetItem of its day key; one more of the ledger's old key when the row
 * is not there and migration 3 is not done (ADR 074). Null when absent.
 */
export async function getTransaction(db: Db, customerId: string, sk: string): Promise<Transaction | null> {
  const item =
    (await getItem(db, transactionKeys.rowKey(customerId, sk))) ??
    ((await legacyRowsReadable(db)) ? await getItem(db, { pk: transactionKeys.legacyPk(customerId), sk }) : undefined);
  return item ? transactionOfItem(item) : null;
}

/** The migration that moves rows from `TXN#<ledger>` to their day keys (ADR 074, ADR 075; migration/day-keys-entity.ts). */
export const DAY_KEYS_MIGRATION = 3;
/** How long a process trusts "migration 3 is not done" before reading its state again. */
const LEGACY_CHECK_MS = 60_000;
const legacyState = new Map<string, { readable: boolean; checkedAt: number }>();

/**
 * Whether rows may still wait in a ledger's key of before ADR 074: until migration 3 is `done` on the table,
 * readers read that key beside the day keys. One GetItem of the migration's state per process and table
 * while it is not done (again after LEGACY_CHECK_MS); once done, never again (a done migration stays done).
 */
export async function legacyRowsReadable(db: Db): Promise<boolean> {
  const known = legacyState.get(db.table);
  if (known && (!known.readable || Date.now() - known.checkedAt < LEGACY_CHECK_MS)) return known.readable;
  const state = await getItem(db, migrationStateKey(DAY_KEYS_MIGRATION));
  const readable = state?.status !== 'done';
  legacyState.set(db.table, { readable, checkedAt: Date.now() });
  return readable;
}

/**
 * A serial's newest transactions across every customer (gsi1, one Query, at most `limit` rows): the
 * serial lookup and the couponing details read a card's history here. Callers filter by visibility.
 */
export async function transactionsOfSerial(db: Db, serial: string, limit: number): Promise<Transaction[]> {
  const { items } = await queryPage(db, { ...onIndex('gsi1', transactionKeys.serial(serial)), ScanIndexForward: false, Limit: limit });
  return items.map(transactionOfItem);
}

/**
 * How a page's items become rows: the attributes to read (every one when absent) and the mapping of one item.
 * A job that lists only some of a row's facts reads only those (ADR 134: a third of the attributes, the index
 * keys the longest of them, are neither sent nor parsed).
 */
export type RowReader<T> = { projection?: readonly string[]; ofItem: (item: Item) => T };

/** Rows as the API answers them: every attribute, the detail key encoded. */
export const apiRows: RowReader<Transaction> = { ofItem: transactionOfItem };

/**
 * One page of a plan's rows (transaction-query.ts `rowsQuery`: a ledger's partition or an index partition,
 * a time range, newest first): the rows, the cursor, and how many rows DynamoDB examined before the residual
 * condition (a Limit counts those), which the bounded plans stop on (ADR 032).
 */
export async function rowsPage<T>(
  db: Db,
  query: QueryInput,
  cursor: Record<string, unknown> | undefined,
  reader: RowReader<T>,
): Promise<{ rows: T[]; cursor: Record<string, unknown> | undefined; examined: number }> {
  const projection = reader.projection ? projectionOf(reader.projection) : undefined;
  const input = projection
    ? {
        ...query,
        ProjectionExpression: projection.ProjectionExpression,
        ExpressionAttributeNames: { ...query.ExpressionAttributeNames, ...projection.ExpressionAttributeNames },
      }
    : query;
  const res = await db.doc.send(new QueryCommand({ TableName: db.table, ...input, ExclusiveStartKey: cursor }));
  return { rows: (res.Items ?? []).map(reader.ofItem), cursor: res.LastEvaluatedKey, examined: res.ScannedCount ?? 0 };
}

/** One page of a plan's rows as the API answers them (`rowsPage` with every attribute). */
export const transactionRowsPage = (db: Db, query: QueryInput, cursor?: Record<string, unknown>) => rowsPage(db, query, cursor, apiRows);

/** How many rows a plan's Query matches (Select COUNT over every page: the span of a part hour, or a job's count). */
export const countTransactionRows = (db: Db, query: QueryInput): Promise<number> => countAll(db, query);
