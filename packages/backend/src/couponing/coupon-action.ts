import { createHash } from 'node:crypto';
import { COUPON_ACTION_PERMISSION, type CouponAction, type CouponActionInput, decideAction, COUPON } from '@portal/core/couponing';
import type { Db } from '../platform/db/client.ts';
import { idempotencyPut, readIdempotency } from '../platform/db/idempotency.ts';
import { transactOptimistically, type TxItem } from '../platform/db/transact.ts';
import { AppError } from '../errors.ts';
import { type Actor, requirePermission, requireStrongAuthentication } from '../access/index.ts';
import { type CardAccess, chooseCard } from './card-access.ts';
import { cardKey, cardsOfSerial, couponIdempotencyKey, stateOf, type StoredCard, type StoredTransaction } from './card-entity.ts';
import { getProduct, type Product } from '../masterdata/index.ts';
import { countChanges, markerPut, providerLedgerOf, transactionItems, type TransactionRecord } from '../transaction/index.ts';
import { IDEMPOTENCY } from '@portal/core/shared';

/** Read-decide-write cycles before a card that keeps changing under us answers 409 COUPON.BUSY. */
const MAX_ATTEMPTS = 8;

const requestHash = (serial: string, action: CouponAction, input: CouponActionInput) =>
  createHash('sha256')
    .update(JSON.stringify([serial, input.ean, action, input.terminalId]))
    .digest('hex');

/** The transaction id of a card's booking n: one per card version, and same-instant bookings sort by it. */
const bookingId = (serial: string, ean: string, version: number) => `P-${serial}-${ean}-${String(version).padStart(8, '0')}`;

/** The processor's name of each coupon action (transactionTypes ids). */
const TRANSACTION_TYPE: Record<CouponAction, string> = {
  check: 'balance-inquiry',
  activate: 'activation',
  redeem: 'redemption',
  void: 'void',
  deactivate: 'deactivation',
};

/**
 * A booking as a transaction of the card's retailer: approved ('00'); the amount is the product's face
 * value in cents for an activation or a redemption (0 for the others, and when the product has none),
 * in the product's currency (EUR when it names none).
 */
function bookingRecord(card: StoredCard, booking: StoredTransaction, product: Product | null): TransactionRecord {
  const moves = booking.txType === 'activate' || booking.txType === 'redeem';
  return {
    transactionId: booking.transactionId,
    at: booking.at,
    customerId: card.retailerId,
    storeId: null,
    terminalId: booking.terminalId,
    type: TRANSACTION_TYPE[booking.txType],
    resultCode: '00',
    result: 'approved',
    serial: card.serial,
    ean: card.ean,
    amount: moves && product?.faceValue ? Math.round(product.faceValue * 100) : 0,
    currency: product?.currency ?? 'EUR',
    productId: card.productId,
    productName: product?.name ?? null,
    source: 'portal',
    by: booking.by,
  };
}

/**
 * Books one coupon action (SPEC 7 serial-number-check actions; ADR 016).
 *
 * Checks before anything is written: strong authentication and the action's permission (403); the
 * card, visible to the actor (404); a retried Idempotency-Key (same request: the card as it is now,
 * `booked: false`; another request: 409); the life cycle (409 COUPON.TRANSITION_NOT_ALLOWED with the
 * reason). Then ONE TransactWriteItems: the card's new status conditioned on the status and version
 * read, the booking as a transaction row (must not exist), its id's marker, ADDs to its day's and hour's
 * counts (ADR 032, ADR 067) and the idempotency record.
 * A lost race re-reads and decides again, so of two concurrent deactivations one books and the other
 * answers 409 "already deactivated"; nothing is ever half-written.
 */
export async function bookAction(
  deps: { db: Db; now: () => Date },
  actor: Actor,
  access: CardAccess,
  serial: string,
  action: CouponAction,
  input: CouponActionInput,
  key: string | undefined,
): Promise<{ card: StoredCard; booked: boolean; transaction?: StoredTransaction }> {
  const { db } = deps;
  requireStrongAuthentication(actor);
  requirePermission(actor, 'ordering', COUPON_ACTION_PERMISSION[action]);
  const hash = requestHash(serial, action, input);
  let product: Product | null | undefined;
  return transactOptimistically<{ card: StoredCard; booked: boolean; transaction?: StoredTransaction }>(
    db,
    async () => {
      const now = deps.now();
      const [cards, replay] = await Promise.all([
        cardsOfSerial(db, serial),
        key ? readIdempotency(db, couponIdempotencyKey(actor.username, key), now) : null,
      ]);
      const card = chooseCard(await access.visible(cards), input.ean);
      const answerReplay = async (record: { hash: string }) => {
        if (record.hash !== hash)
          throw new AppError('conflict', IDEMPOTENCY.KEY_REUSED, 'This idempotency key was already used for another action.');
        // The booking may have landed between the two reads above: answer the card as it is now.
        const current = chooseCard(await access.visible(await cardsOfSerial(db, serial)), input.ean);
        return { transaction: null, result: { card: current, booked: false } };
      };
      if (replay) return answerReplay(replay);
      const decision = decideAction(stateOf(card), action);
      if (!decision.allowed) {
        // The two reads ran in parallel: the card may already show a parallel retry's booking whose
        // idempotency record the other read missed. Only a refusal pays for a second look.
        const late = key ? await readIdempotency(db, couponIdempotencyKey(actor.username, key), now) : null;
        if (late) return answerReplay(late);
        throw new AppError('conflict', decision.code, decision.reason);
      }

      const at = now.toISOString();
      const version = card.version + 1;
      const booking = { at, terminalId: input.terminalId };
      const next: StoredCard = {
        ...card,
        status: decision.to.status,
        version,
        updatedAt: at,
        // A new activation replaces the last one (a voided coupon activated again); only imports sell offline.
        activation: action === 'activate' ? booking : card.activation,
        soldOffline: action === 'activate' ? false : card.soldOffline,
        redemption: action === 'redeem' ? booking : card.redemption,
      };
      const transaction: StoredTransaction = {
        transactionId: bookingId(serial, card.ean, version),
        serial,
        ean: card.ean,
        at,
        terminalId: input.terminalId,
        txType: action,
        resultCode: 0,
        status: decision.to.status,
        by: actor.displayName,
        byUsername: actor.username,
        version,
      };
      product ??= card.productId ? await getProduct(db, card.productId) : null;
      const row = bookingRecord(card, transaction, product);
      const provider = providerLedgerOf(row, product?.contentProviderId);
      const items: TxItem[] = [
        {
          Update: {
            TableName: db.table,
            Key: cardKey(serial, card.ean),
            UpdateExpression:
              'SET #status = :to, #version = :next, activation = :activation, soldOffline = :offline, redemption = :redemption, updatedAt = :at',
            ConditionExpression: '#status = :from AND #version = :current',
            ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
            ExpressionAttributeValues: {
              ':to': next.status,
              ':next': version,
              ':activation': next.activation,
              ':offline': next.soldOffline,
              ':redemption': next.redemption,
              ':at': at,
              ':from': card.status,
              ':current': card.version,
            },
          },
        },
        // The booking is a transaction (ADR 032): its row (and its listing in the product's provider's
        // ledger, ADR 056), its id's marker and its counts in each ledger (ADR 067).
        ...transactionItems(row, provider).map((item): TxItem => ({
          Put: {
            TableName: db.table,
            Item: { ...item, couponAction: action, couponStatus: transaction.status, byUsername: actor.username, version },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        })),
        markerPut(db, row, provider, null),
        ...countChanges(
          db,
          [row.customerId, ...(provider ? [provider] : [])].map((ledgerId) => ({ ledgerId, row, sign: 1 as const })),
        ),
      ];
      if (key) {
        items.push(
          idempotencyPut(db, couponIdempotencyKey(actor.username, key), { type: 'couponIdempotency', hash, serial, ean: card.ean }, now),
        );
      }
      return { transaction: items, result: { card: next, booked: true, transaction } };
    },
    {
      maxAttempts: MAX_ATTEMPTS,
      capMs: 400,
      busy: () => new AppError('conflict', COUPON.BUSY, 'The card is being changed by someone else right now. Please try again.'),
    },
  );
}
