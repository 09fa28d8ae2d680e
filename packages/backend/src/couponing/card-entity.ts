import type { ContractCouponStatus } from '@portal/core/shared';
import type { CardFacts, CardState, CouponAction, CouponingStatus, StoredCouponStatus } from '@portal/core/couponing';
import type { Item } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { entity, listAll, listPage, skStartsWith } from '../platform/db/entity.ts';
import { onPartition, queryAll } from '../platform/db/query.ts';

/**
 * Cards and their coupon transactions (SPEC 3 Couponing serial check; ADR 016). A serial number is
 * printed on one card, or on several of different products (then the check says "has multiple
 * results" and the EAN tells them apart), so the serial is the partition and each card a sort key.
 * Access patterns (no index needed):
 * - the cards of a serial:          pk=SERIAL#<serial>, sk begins_with CARD#
 * - a card and its transactions:    pk=SERIAL#<serial>, sk begins_with (CARD#<ean> | TX#<ean>#)
 * A card's `version` counts its transactions; transaction n is TX#<ean>#<n, 8 digits>, so a card's
 * history reads in booking order and two writers of the same version cannot both land.
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
  txSk: (ean: string, version: number) => `TX#${ean}#${String(version).padStart(8, '0')}`,
};
export const cardKey = (serial: string, ean: string) => ({ pk: cardKeys.pk(serial), sk: cardKeys.sk(ean) });

const cards = entity<StoredCard>();
const transactions = entity<StoredTransaction>();
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

/**
 * A card's newest transactions, up to and including `upToVersion` (default: all), newest first: one
 * Query backwards over TX#<ean>#, at most TRANSACTIONS_SHOWN items whatever the history's length.
 */
export async function latestTransactions(db: Db, serial: string, ean: string, upToVersion = 99_999_999): Promise<StoredTransaction[]> {
  const page = await listPage(
    db,
    transactions,
    {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
      ExpressionAttributeValues: { ':pk': cardKeys.pk(serial), ':first': cardKeys.txSk(ean, 0), ':last': cardKeys.txSk(ean, upToVersion) },
      ScanIndexForward: false,
      ConsistentRead: true,
    },
    { limit: TRANSACTIONS_SHOWN },
  );
  return page.items;
}

/** Every card of a serial and its whole history, in one Query (audits and tools; screens read the latest). */
export async function serialWithTransactions(db: Db, serial: string): Promise<{ cards: StoredCard[]; transactions: StoredTransaction[] }> {
  const { items } = await queryAll(db, { ...onPartition(cardKeys.pk(serial)), ConsistentRead: true });
  return {
    cards: items.filter((i) => skStartsWith(i, 'CARD#')).map((i) => cards.read(i)),
    transactions: items.filter((i) => skStartsWith(i, 'TX#')).map((i) => transactions.read(i)),
  };
}
