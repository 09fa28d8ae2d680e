import { ResultCode, TransactionEan, TransactionResult } from '@portal/core/transaction';
import { Serial, TerminalId } from '@portal/core/couponing';
import * as z from '@portal/core/zod';
import { customerKeys } from '../customers/index.ts';
import { Id, Int, allProducts, type Product, type LineOutcome, transactionTypes } from '../masterdata/index.ts';
import { batchDelete, batchGet, batchPut, getFrom, type Item, type Key, mapLimit } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import {
  idKey,
  idMarkerItem,
  idMarkers,
  listingKey,
  providerLedgerOf,
  transactionFacts,
  transactionItems,
  transactionKeys,
  type TransactionRecord,
} from './transaction-entity.ts';
import { rebuildDay } from './transaction-summary-entity.ts';

/**
 * The `transactions` import kind (ADR 032): the processor's terminal transactions from
 * CSV or JSON Lines, through the one import path (import-kinds.ts). Columns:
 * transactionId,at,customerId,storeId,terminalId,type,resultCode,result,serial,ean,amount,currency
 *
 * Per slice of lines (what importRecords gets): one read each of the customers named (BatchGet), the
 * transaction types (1 Query) and the catalogue (for the product of an EAN), one BatchGet of the ids'
 * markers, then the rows (and the markers of new ids) in BatchWrites of 25, then the summaries of every
 * (ledger, UTC day) the slice touched are rebuilt from their rows (transaction-summary-entity.ts). A line whose
 * EAN names a product of another customer's content provider is also listed in that provider's ledger
 * (ADR 056); the id's marker remembers where, so a line whose product moved to another provider's
 * catalogue moves its listing instead of leaving one behind.
 *
 * Idempotent on transactionId: a line whose id is booked at the same customer and instant replaces its
 * row in place ('updated'; type, result, amount, ... may be corrected); a line that would move a booked
 * id to another customer or instant is refused (the id stays one row; a correction of those is a new
 * transaction). Two lines of one slice with the same id: identical ones count once, different ones are
 * refused.
 */
const Amount = Int(-1_000_000_000_000, 1_000_000_000_000);
const CurrencyCode = z.pipe(
  z.string().check(z.trim(), z.regex(/^[A-Za-z]{3}$/, 'a 3-letter ISO 4217 code such as EUR')),
  z.transform((code) => code.toUpperCase()),
);
/** ISO 8601 with an offset (or Z), stored as the UTC instant with milliseconds. */
const Instant = z.pipe(
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(40),
      z.iso.datetime({ offset: true, message: 'an ISO 8601 date-time with offset, e.g. 2026-11-24T14:03:00+01:00' }),
    ),
  z.transform((text) => new Date(text).toISOString()),
);

export const TransactionImport = z.object({
  transactionId: Id,
  at: Instant,
  customerId: Id,
  storeId: z.optional(Id),
  terminalId: TerminalId.check(z.regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, dot, underscore and hyphen only')),
  type: Id,
  resultCode: ResultCode,
  result: TransactionResult,
  serial: z.optional(Serial),
  ean: z.optional(TransactionEan),
  amount: Amount,
  currency: CurrencyCode,
});
export type TransactionImport = z.infer<typeof TransactionImport>;

/** Lines more than a day ahead of the clock are refused: the processor reports what happened. */
const FUTURE_MS = 86_400_000;
/** Summaries rebuilt at once after a slice (each a few calls). */
const REBUILD_CONCURRENCY = 4;

const sameLine = (a: TransactionImport, b: TransactionImport) => JSON.stringify(a) === JSON.stringify(b);

export async function writeTransactions(db: Db, records: readonly TransactionImport[], now: Date): Promise<LineOutcome[]> {
  const customerIds = [...new Set(records.map((r) => r.customerId))];
  const customerKey = (id: string) => ({ pk: customerKeys.pk(id), sk: customerKeys.sk });
  const [customers, types, catalogue, markers] = await Promise.all([
    customerIds.length ? batchGet(db, customerIds.map(customerKey), { projection: ['customerId'] }) : new Map<string, Item>(),
    transactionTypes.all(db),
    records.some((r) => r.ean) ? allProducts(db) : { items: new Array<Product>() },
    records.length ? batchGet(db, [...new Set(records.map((r) => r.transactionId))].map(idKey)) : new Map<string, Item>(),
  ]);
  const typeIds = new Set(types.map((t) => t.transactionTypeId));
  const byEan = new Map(catalogue.items.map((p) => [p.ean, p]));

  const outcomes: LineOutcome[] = [];
  const seen = new Map<string, TransactionImport>();
  const rows: Item[] = [];
  const gone: Key[] = [];
  const touched = new Map<string, { ledgerId: string; day: string }>();
  const touch = (ledgerId: string, at: string) => touched.set(`${ledgerId}\n${at.slice(0, 10)}`, { ledgerId, day: at.slice(0, 10) });
  for (const r of records) {
    const reject = (reason: string) => outcomes.push({ rejected: reason });
    if (!getFrom(customers, customerKey(r.customerId))) {
      reject(`customerId: no customer '${r.customerId}'`);
      continue;
    }
    if (!typeIds.has(r.type)) {
      reject(`type: no transaction type '${r.type}'`);
      continue;
    }
    if (Date.parse(r.at) > now.getTime() + FUTURE_MS) {
      reject('at: in the future');
      continue;
    }
    const earlier = seen.get(r.transactionId);
    if (earlier) {
      if (sameLine(earlier, r)) outcomes.push('updated');
      else reject(`transactionId: '${r.transactionId}' appears twice in this import with different values`);
      continue;
    }
    const sk = transactionKeys.sk(r.at, r.transactionId);
    const markerItem = getFrom(markers, idKey(r.transactionId));
    const marker = markerItem ? idMarkers.read(markerItem) : null;
    if (marker && (marker.customerId !== r.customerId || marker.rowSk !== sk)) {
      reject(
        `transactionId: '${r.transactionId}' is booked for customer '${marker.customerId}' at ${marker.rowSk.split('#')[0]}; a booked transaction keeps its customer and time`,
      );
      continue;
    }
    seen.set(r.transactionId, r);
    const product = r.ean ? byEan.get(r.ean) : undefined;
    const record: TransactionRecord = {
      ...transactionFacts(r, r.type),
      productId: product?.productId ?? null,
      productName: product?.name ?? null,
      source: 'processor',
    };
    const provider = providerLedgerOf(record, product?.contentProviderId);
    rows.push(...transactionItems(record, provider));
    if (!marker || (marker.providerId ?? null) !== provider) rows.push(idMarkerItem(record, provider));
    if (marker?.providerId && marker.providerId !== provider) {
      gone.push(listingKey(marker.providerId, sk));
      touch(marker.providerId, r.at);
    }
    touch(r.customerId, r.at);
    if (provider) touch(provider, r.at);
    outcomes.push(marker ? 'updated' : 'created');
  }
  await batchPut(db, rows);
  await batchDelete(db, gone);
  await mapLimit([...touched.values()], REBUILD_CONCURRENCY, ({ ledgerId, day }) => rebuildDay(db, ledgerId, day));
  return outcomes;
}
