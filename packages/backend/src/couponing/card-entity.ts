import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ContractCouponStatus } from '@portal/core/shared';
import type { CardFacts, CardState, CouponAction, CouponingStatus, StoredCouponStatus } from '@portal/core/couponing';
import type { Item } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { entity, listAll, skStartsWith } from '../platform/db/entity.ts';
import { onIndex, onPartition, queryAll, queryPage } from '../platform/db/query.ts';
import { transactionKeys } from '../transaction/index.ts';

/**
 * Cards and their coupon transactions (SPEC 3 Couponing serial check; ADR 016, ADR 032). A serial number
 * is printed on one card, or on several of different products (then the check says "has multiple
 * results" and the EAN tells them apart), so the serial is the partition and each card a sort key.
 * A booked coupon action is a transaction like the processor's (transaction/transaction-entity.ts: one
 * source of truth for couponing, the connect Transactions list and the Serial Numbers lookup).
 * Access patterns:
 * - the cards of a serial:          pk=SERIAL#<serial>, sk begins_with CARD#
 * - a card's bookings:              gsi1 gsi1pk=TXSERIAL#<serial> (newest first), the portal's rows of
 *                                   the card's EAN up to the card's version (whichever retailer owned
 *                                   the card then: a resold card keeps its history)
 * A card's `version` counts its bookings; booking n has the transaction id P-<serial>-<ean>-<n, 8 digits>
 * (one row per card version: the card's conditional update and the id's marker keep two writers of the
 * same version from both landing). Before ADR 032 a booking was a `couponTx` item in the serial's
 * partition (sk TX#<ean>#<n>); those items are no longer read (local data only: re-seed).
 */
export type Booking = { at: string; terminalId: string };

export type StoredCard = {
  serial: string;
  ean: string;
  eanSecond: string | null;
  productId: string | null;
  contract: boolean;
  status: StoredCouponStatus | ContractCouponStatus;
  retailerId: string;
  validUntil: string | null;
  soldOffline: boolean;
  activation: Booking | null;
  redemption: Booking | null;
  version: number;
  createdAt: string;
  updatedAt: string;
};

/** A booking as couponing shows it (read from its transaction row, `couponingBooking`). */
export type StoredTransaction = {
  transactionId: string;
  serial: string;
  ean: string;
  at: string;
  terminalId: string;
  txType: CouponAction;
  resultCode: number;
  status: CouponingStatus;
  by: string;
  byUsername: string;
  version: number;
};

export const cardKeys = {
  pk: (serial: string) => `SERIAL#${serial}`,
  sk: (ean: string) => `CARD#${ean}`,
};
export const cardKey = (serial: string, ean: string) => ({ pk: cardKeys.pk(serial), sk: cardKeys.sk(ean) });

const cards = entity<StoredCard>();
/** The couponing attributes a portal booking's transaction row carries besides the Transaction. */
type BookingRow = {
  transactionId: string;
  serial: string;
  ean: string;
  at: string;
  terminalId: string;
  resultCode: string;
  couponAction: CouponAction;
  couponStatus: CouponingStatus;
  by: string;
  byUsername: string;
  version: number;
};
const bookingRows = entity<BookingRow>();
export const couponingBooking = (item: Item): StoredTransaction => {
  const row = bookingRows.read(item);
  return {
    transactionId: row.transactionId,
    serial: row.serial,
    ean: row.ean,
    at: row.at,
    terminalId: row.terminalId,
    txType: row.couponAction,
    resultCode: Number(row.resultCode),
    status: row.couponStatus,
    by: row.by,
    byUsername: row.byUsername,
    version: row.version,
  };
};
export const cardOfItem = (item: Item): StoredCard => cards.read(item);

export const stateOf = (card: Pick<StoredCard, 'contract' | 'status'>): CardState =>
  ({ contract: card.contract, status: card.status }) as CardState;
export const factsOf = (card: StoredCard): CardFacts => ({ ...stateOf(card), validUntil: card.validUntil, soldOffline: card.soldOffline });

/** The cards printed with one serial (usually one). */
export async function cardsOfSerial(db: Db, serial: string): Promise<StoredCard[]> {
  const { items } = await listAll(db, cards, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :card)',
    ExpressionAttributeValues: { ':pk': cardKeys.pk(serial), ':card': 'CARD#' },
    ConsistentRead: true,
  });
  return items;
}

/** The most transactions the details screen shows (newest first); a card rarely has more than a few. */
export const TRANSACTIONS_SHOWN = 100;
/** Pages of the serial's index read at most for one card's bookings (a serial has few rows; ADR 032). */
const MAX_PAGES = 4;

const bookingsQuery = (card: Pick<StoredCard, 'serial' | 'ean'>, upToVersion: number) => ({
  ...onIndex('gsi1', transactionKeys.serial(card.serial)),
  FilterExpression: '#source = :portal AND ean = :ean AND #version <= :upTo',
  ExpressionAttributeNames: { '#source': 'source', '#version': 'version' },
  ExpressionAttributeValues: {
    ':pk': transactionKeys.serial(card.serial),
    ':portal': 'portal',
    ':ean': card.ean,
    ':upTo': upToVersion,
  },
  ScanIndexForward: false,
});

/**
 * A card's newest bookings, up to and including `upToVersion` (default: all), newest first: the serial's
 * transactions (gsi1, newest first) booked in the portal for the card's EAN; at most
 * TRANSACTIONS_SHOWN, reading at most MAX_PAGES pages whatever the history's length. The index is
 * eventually consistent: an action's own answer adds its booking (couponing-service.ts).
 */
export async function latestTransactions(
  db: Db,
  card: Pick<StoredCard, 'serial' | 'ean'>,
  upToVersion = 99_999_999,
): Promise<StoredTransaction[]> {
  const out: StoredTransaction[] = [];
  let cursor: Record<string, unknown> | undefined;
  for (let page = 0; page < MAX_PAGES && out.length < TRANSACTIONS_SHOWN; page += 1) {
    const res = await queryPage(db, bookingsQuery(card, upToVersion), cursor);
    out.push(...res.items.map(couponingBooking));
    cursor = res.cursor;
    if (!cursor) break;
  }
  // Same-instant bookings: the version is the booking order.
  return out.sort((a, b) => (a.at === b.at ? b.version - a.version : a.at < b.at ? 1 : -1)).slice(0, TRANSACTIONS_SHOWN);
}

/** Every card of a serial and every booking of each (audits, tools and benchmarks; screens read the latest). */
export async function serialWithTransactions(db: Db, serial: string): Promise<{ cards: StoredCard[]; transactions: StoredTransaction[] }> {
  const { items } = await queryAll(db, { ...onPartition(cardKeys.pk(serial)), ConsistentRead: true });
  const found = items.filter((i) => skStartsWith(i, 'CARD#')).map((i) => cards.read(i));
  const rows = await queryAll(db, {
    ...onIndex('gsi1', transactionKeys.serial(serial)),
    FilterExpression: '#source = :portal',
    ExpressionAttributeNames: { '#source': 'source' },
    ExpressionAttributeValues: { ':pk': transactionKeys.serial(serial), ':portal': 'portal' },
  });
  return { cards: found, transactions: rows.items.map(couponingBooking) };
}

/** A card's master fields: what the serial import sets from the product and the line. */
export type CardMaster = Pick<StoredCard, 'eanSecond' | 'productId' | 'retailerId' | 'validUntil'>;

/** Sets an existing card's master fields (1 conditional Update; an absent card throws ConditionalCheckFailed). */
export async function updateCardMaster(db: Db, card: Pick<StoredCard, 'serial' | 'ean'>, master: CardMaster, at: string): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: cardKey(card.serial, card.ean),
      UpdateExpression:
        'SET eanSecond = :eanSecond, productId = :productId, retailerId = :retailerId, validUntil = :validUntil, updatedAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':eanSecond': master.eanSecond,
        ':productId': master.productId,
        ':retailerId': master.retailerId,
        ':validUntil': master.validUntil,
        ':at': at,
      },
    }),
  );
}

/** A coupon action's Idempotency-Key record (platform/db/idempotency.ts): `COUPONIDEM#<username>` / the key, 24 h. */
export const couponIdempotencyKey = (username: string, key: string) => ({ pk: `COUPONIDEM#${username}`, sk: key });
