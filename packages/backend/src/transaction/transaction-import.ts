import { ResultCode, TransactionEan, TransactionResult } from '@portal/core/transaction';
import { Serial, TerminalId } from '@portal/core/couponing';
import * as z from '@portal/core/zod';
import { customerKeys } from '../customers/index.ts';
import { Id, Int, currentProducts, type Product, type LineOutcome, transactionTypes } from '../masterdata/index.ts';
import { batchGet, getFrom, type Item } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { transactOptimistically, type TxItem } from '../platform/db/transact.ts';
import {
  type Booked,
  bookedIds,
  listingDeletes,
  markerPut,
  providerLedgerOf,
  rowPuts,
  transactionFacts,
  transactionKeys,
  type TransactionRecord,
} from './transaction-entity.ts';
import { type CountChange, countChanges, countKeysOf } from './transaction-summary-entity.ts';

/**
 * The `transactions` import kind (ADR 032): the processor's terminal transactions from
 * CSV or JSON Lines, through the one import path (import-kinds.ts). Columns:
 * transactionId,at,customerId,storeId,terminalId,type,resultCode,result,serial,ean,amount,currency
 *
 * Per slice of lines (what importRecords gets): one read each of the customers named (BatchGet), the
 * transaction types (1 Query) and the catalogue (for the product of an EAN), one BatchGet of the ids'
 * markers, then the lines in TransactWriteItems of up to 100 items: each line's rows, its id's marker and
 * the ADDs of the chunk's count changes, all or nothing (ADR 067), so the counts move exactly once with the
 * rows, whatever is retried, and a slice costs the same at any hour of the day. A line whose EAN names a
 * product of another customer's content provider is also listed in that provider's ledger (ADR 056); the
 * id's marker remembers where, so a line whose product moved to another provider's catalogue moves its
 * listing (and its count) instead of leaving one behind.
 *
 * Idempotent on transactionId: a line whose id is booked at the same customer and instant replaces its
 * row in place ('updated'; type, result, amount, ... may be corrected, and the counts follow); a line that
 * would move a booked id to another customer or instant is refused (the id stays one row; a correction of
 * those is a new transaction). Two lines of one slice with the same id: identical ones count once,
 * different ones are refused.
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
/** A transaction's items at most (DynamoDB's TransactWriteItems limit). */
const MAX_TX_ITEMS = 100;
/** Cycles of a chunk that lost a race with another writer of one of its ids, before the slice fails. */
const MAX_ATTEMPTS = 6;

const sameLine = (a: TransactionImport, b: TransactionImport) => JSON.stringify(a) === JSON.stringify(b);

/** An accepted line of a slice: its row as it will be stored and the provider ledger it is listed in. */
type Line = { index: number; record: TransactionRecord; provider: string | null };

export async function writeTransactions(db: Db, records: readonly TransactionImport[], now: Date): Promise<LineOutcome[]> {
  const customerIds = [...new Set(records.map((r) => r.customerId))];
  const customerKey = (id: string) => ({ pk: customerKeys.pk(id), sk: customerKeys.sk });
  const [customers, types, catalogue, booked] = await Promise.all([
    customerIds.length ? batchGet(db, customerIds.map(customerKey), { projection: ['customerId'] }) : new Map<string, Item>(),
    transactionTypes.all(db),
    records.some((r) => r.ean) ? currentProducts(db, now) : { items: new Array<Product>() },
    bookedIds(
      db,
      records.map((r) => r.transactionId),
    ),
  ]);
  const typeIds = new Set(types.map((t) => t.transactionTypeId));
  const byEan = new Map(catalogue.items.map((p) => [p.ean, p]));

  const outcomes: LineOutcome[] = [];
  const first = new Map<string, { index: number; line: TransactionImport }>();
  const repeats: { index: number; of: number }[] = [];
  const lines: Line[] = [];
  for (const [index, r] of records.entries()) {
    const reject = (reason: string) => (outcomes[index] = { rejected: reason });
    const moved = movedFrom(r, booked.get(r.transactionId));
    if (!getFrom(customers, customerKey(r.customerId))) reject(`customerId: no customer '${r.customerId}'`);
    else if (!typeIds.has(r.type)) reject(`type: no transaction type '${r.type}'`);
    else if (Date.parse(r.at) > now.getTime() + FUTURE_MS) reject('at: in the future');
    else if (moved) reject(moved);
    else {
      const earlier = first.get(r.transactionId);
      if (earlier) {
        if (sameLine(earlier.line, r)) repeats.push({ index, of: earlier.index });
        else reject(`transactionId: '${r.transactionId}' appears twice in this import with different values`);
        continue;
      }
      first.set(r.transactionId, { index, line: r });
      const product = r.ean ? byEan.get(r.ean) : undefined;
      const record: TransactionRecord = {
        ...transactionFacts(r, r.type),
        productId: product?.productId ?? null,
        productName: product?.name ?? null,
        source: 'processor',
      };
      lines.push({ index, record, provider: providerLedgerOf(record, product?.contentProviderId) });
    }
  }

  for (const chunk of chunksOf(db, lines, booked)) await writeChunk(db, chunk.lines, chunk.plans, outcomes);
  // An identical repeat of a line in the slice answers as the line did: refused with it, or one row updated.
  for (const { index, of } of repeats) {
    const outcome = outcomes[of];
    outcomes[index] = typeof outcome === 'object' ? outcome : 'updated';
  }
  return outcomes;
}

/**
 * What writing one line takes, given how its id is booked (ADR 067): refused when the id is booked at another
 * customer or instant; otherwise its rows, its marker (conditioned on the booked one) and the removal of a
 * listing its product's provider no longer holds, with the count changes: +1 where the row is counted now,
 * −1 where it was counted before (nothing moves for a line that changes no counted fact).
 */
function planLine(db: Db, { record, provider }: Line, booked: Booked | undefined) {
  const sk = transactionKeys.sk(record.at, record.transactionId);
  const rejected = movedFrom(record, booked);
  if (rejected) return { outcome: { rejected }, items: [] as TxItem[], changes: [] as CountChange[] };
  const before = booked?.marker.providerId;
  const items = [
    ...rowPuts(db, record, provider),
    markerPut(db, record, provider, booked?.marker ?? null),
    ...(before && before !== provider ? listingDeletes(db, before, sk) : []),
  ];
  const was = booked?.counted;
  const changes: CountChange[] = [
    ...ledgersOf(record.customerId, provider).map((ledgerId): CountChange => ({ ledgerId, row: record, sign: 1 })),
    ...(was ? ledgersOf(record.customerId, before ?? null).map((ledgerId): CountChange => ({ ledgerId, row: was, sign: -1 })) : []),
  ];
  return { outcome: booked ? ('updated' as const) : ('created' as const), items, changes };
}

type LinePlan = ReturnType<typeof planLine>;

/** Why a line may not be written where its id is booked (another customer or instant), or null. */
function movedFrom(line: Pick<TransactionImport, 'transactionId' | 'customerId' | 'at'>, booked: Booked | undefined): string | null {
  if (!booked) return null;
  const { customerId, rowSk } = booked.marker;
  if (customerId === line.customerId && rowSk === transactionKeys.sk(line.at, line.transactionId)) return null;
  return `transactionId: '${line.transactionId}' is booked for customer '${customerId}' at ${rowSk.split('#')[0]}; a booked transaction keeps its customer and time`;
}

const ledgersOf = (customerId: string, provider: string | null) => [customerId, ...(provider ? [provider] : [])];

/**
 * The slice's lines in chunks whose transaction fits DynamoDB's limit, each line planned once from the slice's
 * reads: each line's own items, plus one ADD per summary item the chunk touches (shared by its lines: the lines
 * are in file order, which a processor's file keeps by time, so neighbours share the hour's items).
 */
function chunksOf(db: Db, lines: readonly Line[], booked: Map<string, Booked>): { lines: Line[]; plans: LinePlan[] }[] {
  const chunks: { lines: Line[]; plans: LinePlan[] }[] = [];
  let chunk: { lines: Line[]; plans: LinePlan[] } = { lines: [], plans: [] };
  let own = 0;
  let counted = new Set<string>();
  for (const line of lines) {
    const plan = planLine(db, line, booked.get(line.record.transactionId));
    const keys = countKeysOf(plan.changes);
    const union = new Set([...counted, ...keys]);
    if (chunk.lines.length && own + plan.items.length + union.size > MAX_TX_ITEMS) {
      chunks.push(chunk);
      chunk = { lines: [], plans: [] };
      own = 0;
      counted = new Set(keys);
    } else counted = union;
    chunk.lines.push(line);
    chunk.plans.push(plan);
    own += plan.items.length;
  }
  if (chunk.lines.length) chunks.push(chunk);
  return chunks;
}

/**
 * Writes a chunk of lines in one TransactWriteItems (ADR 067): rows, markers, removed listings and count
 * changes, all or nothing. The first attempt writes what chunksOf planned from the slice's reads (`planned`);
 * a marker changed since it was read (another import or a booking of the same id) fails the transaction:
 * the chunk's ids are read again and the chunk planned again; if it then no longer fits one transaction it
 * is written in halves.
 */
async function writeChunk(db: Db, chunk: readonly Line[], planned: LinePlan[] | null, outcomes: LineOutcome[]): Promise<void> {
  const ids = () => chunk.map((l) => l.record.transactionId);
  const written = await transactOptimistically(
    db,
    async (attempt) => {
      const plans =
        attempt === 0 && planned
          ? planned
          : await bookedIds(db, ids()).then((booked) => chunk.map((line) => planLine(db, line, booked.get(line.record.transactionId))));
      const transaction = [
        ...plans.flatMap((p) => p.items),
        ...countChanges(
          db,
          plans.flatMap((p) => p.changes),
        ),
      ];
      if (transaction.length > MAX_TX_ITEMS && chunk.length > 1) return { transaction: null, result: null };
      return { transaction, result: plans.map((p) => p.outcome) };
    },
    { maxAttempts: MAX_ATTEMPTS, capMs: 400, busy: (error) => error },
  );
  if (written)
    for (const [k, line] of chunk.entries()) {
      const outcome = written[k];
      if (outcome) outcomes[line.index] = outcome;
    }
  else {
    const half = Math.ceil(chunk.length / 2);
    await writeChunk(db, chunk.slice(0, half), null, outcomes);
    await writeChunk(db, chunk.slice(half), null, outcomes);
  }
}
