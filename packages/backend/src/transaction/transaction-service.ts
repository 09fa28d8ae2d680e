import {
  type Transaction,
  TRANSACTION,
  TRANSACTION_MAX_RANGE_DAYS,
  type TransactionPage,
  type TransactionQuery,
} from '@portal/core/transaction';
import { mayUseConnectSection } from '@portal/core/auth';
import { addDays, pageBounds, REQUEST } from '@portal/core/shared';
import { type Actor, maySeeSaleOf, permissionDenied } from '../access/index.ts';
import { type Customer, getCustomer, getCustomerRole } from '../customers/index.ts';
import { getProduct } from '../masterdata/index.ts';
import { AppError } from '../errors.ts';
import type { Db } from '../platform/db/client.ts';
import type { Clock } from '../platform/time.ts';
import { apiRows, decodeTransactionKey, getTransaction, transactionRowsPage } from './transaction-entity.ts';
import { bookingCustomerNames } from './booking-customer-names.ts';
import { countRange, mayHoldLegacyRows, refine } from './transaction-count.ts';
import { stretchRows } from './transaction-read.ts';
import {
  type Bucket,
  daysOfBuckets,
  daysToRefine,
  hourToRefine,
  iso,
  locate,
  pageShares,
  type Plan,
  planOf,
  rangeOf,
  rowsQuery,
  type Span,
  type Stretch,
  stretchesOf,
  TRANSACTION_SCAN_BOUND,
} from './transaction-query.ts';
import { ALL } from './transaction-summary-entity.ts';

export type TransactionDeps = { db: Db; now: Clock };

/**
 * The Transactions section (ADR 032). The route admits the section's permissions
 * (payment.transactions or atm.transactions); the service checks them again and the customer: one the
 * actor may not act for answers exactly like one that does not exist (404), and so does another
 * customer's transaction. Dates are the actor's calendar days in its time zone.
 *
 * DynamoDB calls of a page (ADR 032 has the table), whatever the history's length:
 * - no filter, or type / result code / result, with or without terminal OR EAN (a counted plan):
 *   1 GetItem (customer) ∥ 1 Query (daily counts) ∥ 1 Query a day (hourly counts of the edge days)
 *   ∥ per part hour at either end: in ALL 1 Query (its slots) + 0-1 COUNT (asOf's part of a slot), with a
 *   terminal or EAN 1 COUNT (the part); then 1 Query a day (hours of the page's days), in ALL then 1 Query
 *   (the slots of the page's first hour, ADR 071), then 1 Query of the page's rows from its first bucket
 *   (more only when a rare filter leaves > 1 MB of other rows there; one more per UTC midnight the page
 *   crosses, its rows being on day keys, ADR 074); a page past the end stops after the counts;
 * - serial, or terminal AND EAN (a bounded plan): 1 GetItem ∥ Queries over at most
 *   TRANSACTION_SCAN_BOUND rows; past the bound the answer says complete=false and scannedThrough.
 */
export function createTransactionService({ db, now }: TransactionDeps) {
  const requireSection = (actor: Actor) => {
    if (!mayUseConnectSection(actor.access.modules, 'transactions')) throw permissionDenied();
  };
  const customerNotFound = () => new AppError('not_found', TRANSACTION.CUSTOMER_NOT_FOUND, 'Customer not found.');
  // A customer's list: the transactions booked for it (the sale rule of ADR 063 with the booking customer).
  const visible = (actor: Actor, customer: Customer | null): customer is Customer => customer !== null && maySeeSaleOf(actor, { customer });
  /**
   * ADR 063: one transaction also shows to the content provider of its product, wherever it was sold (the
   * serial lookup lists such transactions and links to them): 1 GetItem (product) + 1 GetItem (its
   * provider's role), read only when the booking customer is not one the actor may act for.
   */
  const visibleAsProvider = async (actor: Actor, productId: string | null): Promise<boolean> => {
    const providerId = productId ? (await getProduct(db, productId))?.contentProviderId : undefined;
    return providerId ? maySeeSaleOf(actor, { provider: await getCustomerRole(db, providerId, 'provider') }) : false;
  };

  return {
    async list(actor: Actor, query: TransactionQuery, timeZone: string): Promise<TransactionPage> {
      requireSection(actor);
      checkRange(query.startDate, query.endDate);
      const asOf = query.asOf ? Date.parse(query.asOf) : now().getTime();
      const plan = planOf(query);
      const range = rangeOf(query, timeZone, asOf);
      const base = { index: query.index, maxResults: query.maxResults, asOf: iso(asOf) };
      // The customer check and the first reads run together; nothing is answered before the check.
      const [customer, read] = await Promise.all([
        getCustomer(db, query.customerId),
        plan.mode === 'counted' ? countedPage(db, plan, query, range) : boundedPage(db, plan, query, range),
      ]);
      if (!visible(actor, customer)) throw customerNotFound();
      const page = await read();
      const names = await bookingCustomerNames(db, new Map([[customer.customerId, customer.name]]))(page.items.map((t) => t.customerId));
      return { ...base, ...page, items: page.items.map((t) => ({ ...t, ...withName(names.get(t.customerId)) })) };
    },

    /**
     * One transaction by its opaque key: 1 GetItem ∥ 1 GetItem (customer), + 2 for a provider's product
     * (visibleAsProvider); 404 when it is not visible.
     */
    async detail(actor: Actor, key: string): Promise<Transaction> {
      requireSection(actor);
      const notFound = () => new AppError('not_found', TRANSACTION.NOT_FOUND, 'Transaction not found.');
      const where = decodeTransactionKey(key);
      if (!where) throw notFound();
      const [customer, row] = await Promise.all([getCustomer(db, where.customerId), getTransaction(db, where.customerId, where.sk)]);
      if (!customer || !row) throw notFound();
      if (!visible(actor, customer) && !(await visibleAsProvider(actor, row.productId))) throw notFound();
      return { ...row, customerName: customer.name };
    },
  };
}
const withName = (name: string | null | undefined) => (name ? { customerName: name } : {});

export type TransactionService = ReturnType<typeof createTransactionService>;

/** start ≤ end, both real dates, at most TRANSACTION_MAX_RANGE_DAYS days (both included). */
export function checkRange(startDate: string, endDate: string): void {
  const field = (name: string, message: string) => ({ issues: [{ path: name, message }] });
  for (const [name, date] of [
    ['startDate', startDate],
    ['endDate', endDate],
  ] as const) {
    let real = false;
    try {
      real = addDays(date, 0) === date;
    } catch {
      real = false;
    }
    if (!real) throw new AppError('input', REQUEST.VALIDATION_FAILED, `${name}: no such date`, field(name, 'No such date.'));
  }
  if (endDate < startDate)
    throw new AppError(
      'input',
      TRANSACTION.RANGE_INVERTED,
      'The end date is before the start date.',
      field('endDate', 'The end date is before the start date.'),
    );
  if (addDays(startDate, TRANSACTION_MAX_RANGE_DAYS - 1) < endDate) {
    throw new AppError(
      'input',
      TRANSACTION.RANGE_TOO_LONG,
      `The date range is longer than ${TRANSACTION_MAX_RANGE_DAYS} days.`,
      field('endDate', `At most ${TRANSACTION_MAX_RANGE_DAYS} days.`),
    );
  }
}

type PageRead = () => Promise<{ items: Transaction[]; totalCount: number; complete: boolean; scannedThrough?: string }>;

/**
 * A counted plan: the counts (1 round of parallel reads), then — after the customer check — the hours of
 * the page's days, in ALL then the slots of the page's first hour (ADR 071), then the page's rows (1 Query
 * from the first row's bucket, which in ALL is at most ten seconds of rows).
 */
async function countedPage(db: Db, plan: Plan, query: TransactionQuery, range: { from: number; to: number }): Promise<PageRead> {
  const counted = await countRange(db, query.customerId, plan, range);
  return async () => {
    const { start, end } = pageBounds(query, counted.total);
    const done = (items: Transaction[]) => ({ items, totalCount: counted.total, complete: true });
    if (start >= end) return done([]);
    let refined = await refine(db, query.customerId, counted, { days: daysToRefine(counted.buckets, start, end) });
    if (plan.dim === ALL && start < refined.total)
      refined = await refine(db, query.customerId, refined, { hours: [hourToRefine(refined.buckets, start)] });
    // Finer counts read later may count rows written in between (ADR 071): the page stays inside what they count.
    const stop = Math.min(end, refined.total);
    if (start >= stop) return done([]);
    const first = locate(refined.buckets, start);
    const last = locate(refined.buckets, stop - 1);
    const window = { from: last.bucket.from, to: first.bucket.to };
    const buckets = refined.buckets.filter((b) => b.from < window.to && b.to > window.from);
    return done(await readWindow(db, plan, { ...window, buckets }, start - first.before, stop - start));
  };
}

/**
 * `take` matching rows of [from, to), newest first, after skipping `skip`: a ledger's day keys newest first,
 * only the days of `buckets` (the counts say the others hold no matching row: ADR 074), so a page crossing
 * midnight continues in the previous day's key. A page over several days (a sparse ledger's) reads them at
 * once, each its share of the page as the buckets count it; while old keys may hold rows (migration 3 not
 * done) one after another.
 */
async function readWindow(
  db: Db,
  plan: Plan,
  window: Span & { buckets: readonly Bucket[] },
  skip: number,
  take: number,
): Promise<Transaction[]> {
  const legacy = await mayHoldLegacyRows(db, plan.source);
  const stretches = stretchesOf(plan.source, window, { legacy, days: daysOfBuckets(window.buckets) });
  const inOneDay = window.buckets.every((b) => stretches.some((s) => s.from <= b.from && b.to <= s.to));
  if (legacy || stretches.length < 2 || !inOneDay) return readStretches(db, plan, stretches, skip, take);
  const shares = pageShares(stretches, window.buckets, skip, take);
  return (await Promise.all(shares.map((share) => readStretches(db, plan, [share.stretch], share.skip, share.take)))).flat();
}

/** `take` matching rows of the stretches read one after another, newest first, after skipping `skip`. */
async function readStretches(db: Db, plan: Plan, stretches: readonly Stretch[], skip: number, take: number): Promise<Transaction[]> {
  const out: Transaction[] = [];
  let seen = 0;
  // Without a residual condition every row read matches: read exactly what the page needs.
  const limit = () => (plan.residual.expression ? undefined : skip + take - seen);
  for await (const rows of stretchRows(db, plan.residual, stretches, limit, apiRows)) {
    for (const row of rows) {
      if (seen >= skip && out.length < take) out.push(row);
      seen += 1;
    }
    if (out.length >= take) break;
  }
  return out;
}

/**
 * A bounded plan: reads the source's rows of the range newest first, at most TRANSACTION_SCAN_BOUND
 * examined (Limit counts rows examined, before the residual condition), and pages over what matched.
 */
async function boundedPage(db: Db, plan: Plan, query: TransactionQuery, range: { from: number; to: number }): Promise<PageRead> {
  const source = plan.source;
  if ('ledgerId' in source) throw new Error('A bounded plan reads an index partition');
  const matched: Transaction[] = [];
  let examined = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await transactionRowsPage(
      db,
      { ...rowsQuery({ source, residual: plan.residual }, range.from, range.to), Limit: TRANSACTION_SCAN_BOUND - examined },
      cursor,
    );
    examined += page.examined;
    matched.push(...page.rows);
    cursor = page.cursor;
  } while (cursor && examined < TRANSACTION_SCAN_BOUND);
  const complete = cursor === undefined;
  const sortKey = cursor && String(cursor[source.index ? `${source.index}sk` : 'sk']);
  return async () => {
    const { start, end } = pageBounds(query, matched.length);
    return {
      items: matched.slice(start, end),
      totalCount: matched.length,
      complete,
      ...(sortKey ? { scannedThrough: sortKey.split('#')[0]! } : {}),
    };
  };
}
