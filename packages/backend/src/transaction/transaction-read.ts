import type { Transaction } from '@portal/core/transaction';
import type { Db } from '../platform/db/client.ts';
import { readAhead } from '../platform/jobs/file-set.ts';
import { countTransactionRows, type RowReader, rowsPage } from './transaction-entity.ts';
import { type Residual, rowsQuery, type Stretch } from './transaction-query.ts';

/**
 * Reading a plan's rows across its stretches (transaction-query.ts `stretchesOf`): one day key after another,
 * newest first (ADR 074), each followed page by page. The caller stops when it has what it needs: a stretch
 * not reached is never queried. `limit` is asked before every Query (a page's reader asks for what it still
 * needs; a job for a fixed page).
 */
export async function* stretchRows<T extends Keyed>(
  db: Db,
  residual: Residual,
  stretches: readonly Stretch[],
  limit: () => number | undefined,
  reader: RowReader<T>,
): AsyncGenerator<T[]> {
  for (const stretch of stretches) {
    const pages = stretch.partitions.map((source) => partitionRows(db, { source, residual }, stretch, limit, reader));
    const [only] = pages;
    yield* only && pages.length === 1 ? only : mergeNewestFirst(pages);
  }
}

/**
 * A job's read of the stretches (ADR 099): the pages of `stretchRows`, in its order, with
 * `parallel` stretches (day keys) read at once and each stretch's next page asked for while the caller uses the
 * one before: DynamoDB always has Queries to answer while the job formats rows. At most two pages of the current
 * stretch and one of each stretch ahead are held.
 */
export async function* stretchRowsAhead<T extends Keyed>(
  db: Db,
  residual: Residual,
  stretches: readonly Stretch[],
  pageRows: number,
  parallel: number,
  reader: RowReader<T>,
): AsyncGenerator<T[]> {
  const open = (stretch: Stretch) => readAhead(stretchRows(db, residual, [stretch], () => pageRows, reader));
  const reading = stretches.slice(0, parallel).map(open);
  let opened = reading.length;
  for (let current = reading.shift(); current; current = reading.shift()) {
    yield* current;
    const next = stretches[opened];
    if (next) reading.push(open(next));
    opened += 1;
  }
}

async function* partitionRows<T>(
  db: Db,
  plan: Parameters<typeof rowsQuery>[0],
  stretch: Stretch,
  limit: () => number | undefined,
  reader: RowReader<T>,
): AsyncGenerator<T[]> {
  let cursor: Record<string, unknown> | undefined;
  do {
    const n = limit();
    const page = await rowsPage(db, { ...rowsQuery(plan, stretch.from, stretch.to), ...(n ? { Limit: n } : {}) }, cursor, reader);
    cursor = page.cursor;
    if (page.rows.length) yield page.rows;
  } while (cursor);
}

/** What the merge of a day's partitions orders rows by: their sort key's parts. */
type Keyed = Pick<Transaction, 'at' | 'transactionId'>;
const skOf = (row: Keyed) => `${row.at}#${row.transactionId}`;

/**
 * The rows of a day's partitions in one order, newest first: its day key and the ledger's old key while
 * migration 3 has not moved every row (ADR 074). A row in both (rewritten by an import into its day key
 * before the migration deleted the old copy) is answered once, from the first partition, the day key.
 * Rows are handed on before any partition's next page is read, so a reader that stops early reads no more.
 */
async function* mergeNewestFirst<T extends Keyed>(streams: AsyncGenerator<T[]>[]): AsyncGenerator<T[]> {
  const heads = streams.map((stream) => ({ stream, rows: new Array<T>(), done: false }));
  let out: T[] = [];
  for (;;) {
    for (const head of heads)
      while (!head.done && head.rows.length === 0) {
        if (out.length) {
          yield out;
          out = [];
        }
        const next = await head.stream.next();
        if (next.done) head.done = true;
        else head.rows = [...next.value];
      }
    let best: T | undefined;
    for (const { rows } of heads) {
      const row = rows[0];
      if (row && (!best || skOf(row) > skOf(best))) best = row;
    }
    if (!best) break;
    const sk = skOf(best);
    for (const { rows } of heads) {
      const row = rows[0];
      if (row && skOf(row) === sk) rows.shift();
    }
    out.push(best);
  }
  if (out.length) yield out;
}

/** How many rows of the stretches match (Select COUNT of each partition, following pages; bounded by the stretches). */
export async function countStretchRows(db: Db, residual: Residual, stretches: readonly Stretch[], pageRows: number): Promise<number> {
  const counts = await Promise.all(
    stretches.flatMap((stretch) =>
      stretch.partitions.map((source) =>
        countTransactionRows(db, { ...rowsQuery({ source, residual }, stretch.from, stretch.to), Limit: pageRows }),
      ),
    ),
  );
  return counts.reduce((n, c) => n + c, 0);
}
