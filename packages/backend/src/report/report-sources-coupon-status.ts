import type { Transaction, TransactionFilter } from '@portal/core/transaction';
import { cardKey, cardOfItem, type StoredCard } from '../couponing/index.ts';
import type { ExportColumn, ExportRow } from '../platform/jobs/file-columns.ts';
import { getProducts, type Product } from '../masterdata/index.ts';
import { batchGet, getFrom } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { countTransactions, transactionRows } from '../transaction/index.ts';
import { FACE_VALUE_COLUMNS, faceValueOf } from './report-sources-face-value.ts';

/**
 * The coupon status report: the customer's coupon cards that were booked in the period, one row per card
 * with its status now, its last activation and redemption, the store of its newest booking in the period
 * and its face value. No index lists "a customer's cards changed in a period", and a card carries its
 * retailer but no time; every booking is a transaction row in the customer's partition (ADR 032), so the
 * cards are derived from the customer's transactions of the period (the same reading as the Transactions
 * export, with the report's serial/EAN filter), newest first, each card at its first (newest) sighting.
 * Cost per page of transactions (1,000 rows): the Query page, one BatchGetItem per 100 new cards, one per
 * 100 products not seen yet: 13 calls for 1,000 cards of 1,200 transactions (test), bounded by the
 * period's transactions, never the history's.
 * A card is listed only while the customer is its retailer (a card resold since is another customer's);
 * a serial booked without an EAN names no card and is left out.
 */
export const COUPON_STATUS_COLUMNS: readonly ExportColumn[] = [
  { key: 'serial', header: 'Serial number', kind: 'text' },
  { key: 'productName', header: 'Product', kind: 'text' },
  { key: 'ean', header: 'EAN', kind: 'text' },
  { key: 'status', header: 'Status', kind: 'text', labels: 'couponStatus' },
  { key: 'activatedAt', header: 'Activated', kind: 'datetime' },
  { key: 'redeemedAt', header: 'Redeemed', kind: 'datetime' },
  { key: 'storeId', header: 'Store', kind: 'text' },
  ...FACE_VALUE_COLUMNS,
];

const cardRow = (card: StoredCard, booking: Transaction, product: Product | undefined): ExportRow => ({
  serial: card.serial,
  productName: product?.name ?? booking.productName,
  ean: card.ean,
  status: card.status,
  activatedAt: card.activation?.at ?? null,
  redeemedAt: card.redemption?.at ?? null,
  storeId: booking.storeId,
  ...faceValueOf(product),
});

/**
 * The cards already listed, as compactly as exact: per EAN the serials as numbers where a serial is one
 * exactly (up to 15 digits and most of 16, no leading zero), else as text. 1,000,000 cards hold ~35 MB
 * this way against ~110 MB as "serial\nean" strings (measured with node --expose-gc).
 */
export function cardKeySet() {
  const byEan = new Map<string, Set<number | string>>();
  const compact = (serial: string): number | string => {
    const n = Number(serial);
    return Number.isSafeInteger(n) && String(n) === serial ? n : serial;
  };
  return {
    /** Adds the card; false when it was listed already. */
    add(serial: string, ean: string): boolean {
      let serials = byEan.get(ean);
      if (!serials) byEan.set(ean, (serials = new Set()));
      const key = compact(serial);
      if (serials.has(key)) return false;
      serials.add(key);
      return true;
    },
  };
}

/**
 * Every card row of the filter's customer and days (`timeZone`), newest booking first. Memory: the page
 * and the keys of the cards already listed (cardKeySet: a card booked on several days is listed once).
 */
export async function* couponStatusRows(db: Db, filter: TransactionFilter, timeZone: string, asOf?: number): AsyncGenerator<ExportRow[]> {
  const listed = cardKeySet();
  const products = new Map<string, Product | undefined>();
  for await (const page of transactionRows(db, filter, timeZone, asOf)) {
    const firstSightings: Transaction[] = [];
    for (const booking of page) {
      if (!booking.serial || !booking.ean) continue;
      if (listed.add(booking.serial, booking.ean)) firstSightings.push(booking);
    }
    if (firstSightings.length === 0) continue;
    const cardItems = await batchGet(
      db,
      firstSightings.map((b) => cardKey(b.serial!, b.ean!)),
    );
    const cards = firstSightings
      .map((booking) => ({ booking, item: getFrom(cardItems, cardKey(booking.serial!, booking.ean!)) }))
      .flatMap(({ booking, item }) => (item ? [{ booking, card: cardOfItem(item) }] : []))
      .filter(({ card }) => card.retailerId === filter.customerId);
    const unknown = [...new Set(cards.map(({ card }) => card.productId).filter((id): id is string => id !== null && !products.has(id)))];
    if (unknown.length) {
      const found = await getProducts(db, unknown);
      for (const id of unknown) products.set(id, found.get(id));
    }
    const rows = cards.map(({ booking, card }) => cardRow(card, booking, card.productId ? products.get(card.productId) : undefined));
    if (rows.length) yield rows;
  }
}

/**
 * An upper bound of the rows: the period's transactions matching the filter (from the summaries where
 * they count it, ADR 032: a few calls). Counting distinct cards would read the period twice.
 */
export const countCouponStatusRows = (db: Db, filter: TransactionFilter, timeZone: string, asOf?: number): Promise<number> =>
  countTransactions(db, filter, timeZone, asOf);
