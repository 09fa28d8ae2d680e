import { addDays, COUPON_STATUS_LABELS } from '@portal/core/shared';
import type { MasterData, Record_ } from './generate.ts';
import { rng } from './random.ts';
import {
  amountOf,
  customerDayRows,
  paretoShares,
  TRANSACTION_CURRENCY,
  type TransactionRow,
  transactionCustomers,
} from './transactions.ts';

/**
 * The demo's terminal transactions (ADR 032), imported through the `transactions` kind like the
 * demo's sales: about DEMO_TRANSACTIONS_PER_DAY a day over the demo customers (Pareto-like, Nordmarkt
 * the busiest), and the history of the demo serials (scripts/seed/demo/serials.csv: the activation,
 * redemption, void and deactivation their columns and statuses say), so the Serial Numbers section
 * shows transactions. A day's transactions depend on the day alone (their own random stream, ids
 * `DTX-<day>-<customer>-<n>`), so the daily top-up imports the same rows again without duplicates.
 */
export const DEMO_TRANSACTIONS_PER_DAY = 40;

/** A stable random seed of a day (FNV-1a of the date). */
const daySeed = (day: string) => {
  let h = 0x811c9dc5;
  for (const c of day) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return h;
};

/** The transactions of one demo day (calendar day in `timeZone`), oldest first per customer. */
export function demoTransactionsOfDay(master: MasterData, day: string, timeZone: string): TransactionRow[] {
  const r = rng(daySeed(day));
  // A 90-day window ending on the day: deleted stores (trading only in its first half) have none.
  const customers = transactionCustomers(master, { today: addDays(day, 1), days: 90 });
  const shares = paretoShares(customers.length);
  return customers.flatMap((customer, c) =>
    customerDayRows(
      customer,
      {
        date: day,
        count: r.poisson(DEMO_TRANSACTIONS_PER_DAY * shares[c]!),
        timeZone,
        idOf: (k) => `DTX-${day}-${customer.customerId}-${String(k + 1).padStart(4, '0')}`,
      },
      r,
    ),
  );
}

/** Days after the activation of a demo card that its deactivation, and minutes that its void, came. */
const DEACTIVATED_AFTER_DAYS = 1;
const VOIDED_AFTER_MINUTES = 20;

/** The life-cycle transactions of the demo serials, from serials.csv (dates as the file gives them). */
export function demoSerialTransactions(master: MasterData, serialLines: readonly Record_[]): TransactionRow[] {
  const storeOfTerminal = new Map(master.stores.map((s) => [`POS-${String(s.customerStoreId)}`, String(s.storeId)]));
  const cents = new Map(master.products.map((p) => [String(p.ean), Math.round(Number(p.faceValue ?? 0) * 100)]));
  const rows: TransactionRow[] = [];
  for (const line of serialLines) {
    if (!line.activatedAt) continue;
    const from = String(line.serialFrom);
    const to = line.serialTo ? String(line.serialTo) : from;
    const head = from.slice(0, -12);
    for (let n = Number(from.slice(-12)); n <= Number(to.slice(-12)); n += 1) {
      const serial = `${head}${String(n).padStart(12, '0')}`;
      const row = (type: string, at: Date, terminalId: string): TransactionRow => ({
        transactionId: `DTX-${serial}-${type}`,
        at: at.toISOString(),
        customerId: String(line.retailerId),
        storeId: storeOfTerminal.get(terminalId),
        terminalId,
        type,
        resultCode: '00',
        result: 'approved',
        serial,
        ean: String(line.ean),
        amount: amountOf(type, cents.get(String(line.ean)) ?? 0),
        currency: TRANSACTION_CURRENCY,
      });
      const activated = new Date(String(line.activatedAt));
      const terminal = String(line.activationTerminalId);
      rows.push(row('activation', activated, terminal));
      if (line.redeemedAt) rows.push(row('redemption', new Date(String(line.redeemedAt)), String(line.redemptionTerminalId)));
      else if (line.status === COUPON_STATUS_LABELS.voided)
        rows.push(row('void', new Date(activated.getTime() + VOIDED_AFTER_MINUTES * 60_000), terminal));
      else if (line.status === COUPON_STATUS_LABELS.deactivated)
        rows.push(row('deactivation', new Date(activated.getTime() + DEACTIVATED_AFTER_DAYS * 86_400_000), terminal));
    }
  }
  return rows;
}
