import { COUPON_STATUS_LABELS } from '@portal/core/shared';
import {
  type CouponAction,
  type CouponActionAnswer,
  type CouponActionInput,
  type CouponingStatusAnswer,
  type SerialCheckAnswer,
  type SerialCheckInput,
  type SerialDetails,
  serialStatusOfCards,
  statusLabel,
} from '@portal/core/couponing';
import { mapLimit } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { getProduct, getProducts } from '../masterdata/index.ts';
import { type Actor, requirePermission, requireStrongAuthentication } from '../access/index.ts';
import { todayOf } from '../platform/time.ts';
import { type CardAccess, chooseCard, createCardAccess, serialNotFound } from './card-access.ts';
import {
  cardsOfSerial,
  factsOf,
  latestTransactions,
  stateOf,
  type StoredCard,
  type StoredTransaction,
  TRANSACTIONS_SHOWN,
} from './card-entity.ts';
import { cardSummary, serialDetails } from './card-views.ts';
import { bookAction } from './coupon-action.ts';

export type CouponingDeps = { db: Db; now: () => Date };

/** Serials checked at once per query: enough to fill the connection pool, not to flood it. */
const CHECK_CONCURRENCY = 16;

/** Reading couponing needs the higher authentication standard (ADR 006) and couponingManagement. */
function requireCouponingRead(actor: Actor) {
  requireStrongAuthentication(actor);
  requirePermission(actor, 'ordering', 'couponingManagement');
}

/**
 * Couponing (SPEC 2 couponing stepper, SPEC 3 Couponing serial check, SPEC 7 serial-number-check and
 * get-couponing-status; ADR 016). Every function checks the permission per function and shows only
 * cards sold to retailers the actor may act for; other serials answer as not found.
 */
export function createCouponingService(deps: CouponingDeps) {
  const { db } = deps;

  /**
   * The details of `card` as read or as just booked: its transactions up to its version, so an action's
   * answer shows the card right after that booking even when another one followed at once (`booked`: that
   * booking, which the index may not show yet). No
   * permission check here: `details` checks couponingManagement; `act` has checked the action's own
   * permission (a cancellation-only user who voids a card gets the card back, not a 403).
   */
  async function detailsOf(actor: Actor, access: CardAccess, card: StoredCard, booked?: StoredTransaction): Promise<SerialDetails> {
    const [product, retailerName, read] = await Promise.all([
      card.productId ? getProduct(db, card.productId) : null,
      access.retailerName(card.retailerId),
      latestTransactions(db, card, card.version),
    ]);
    // The bookings come from an index (eventually consistent): the booking just made is always shown.
    const transactions =
      booked && !read.some((t) => t.transactionId === booked.transactionId) ? [booked, ...read].slice(0, TRANSACTIONS_SHOWN) : read;
    return serialDetails({
      actor,
      card,
      transactions,
      product: product ?? undefined,
      retailerName,
      today: todayOf(deps.now(), actor.timezone),
    });
  }

  return {
    /** serial-number-check for each serial: its serial status and the cards carrying it. */
    async check(actor: Actor, input: SerialCheckInput): Promise<SerialCheckAnswer> {
      requireCouponingRead(actor);
      const access = createCardAccess(db, actor);
      const serials = [...new Set(input.serials)];
      const found = await mapLimit(serials, CHECK_CONCURRENCY, async (serial) => access.visible(await cardsOfSerial(db, serial)));
      const products = await getProducts(db, [...new Set(found.flat().flatMap((c) => (c.productId ? [c.productId] : [])))]);
      const today = todayOf(deps.now(), actor.timezone);
      return {
        results: serials.map((serial, i) => {
          const cards = found[i]!;
          return {
            serial,
            serialStatus: serialStatusOfCards(cards.map(factsOf), today),
            cards: cards.map((card) => cardSummary(card, card.productId ? products.get(card.productId) : undefined, today)),
          };
        }),
      };
    },

    /** One card of a serial with its transactions and the actions the actor may book. */
    async details(actor: Actor, serial: string, ean?: string): Promise<SerialDetails> {
      requireCouponingRead(actor);
      const access = createCardAccess(db, actor);
      return detailsOf(actor, access, chooseCard(await access.visible(await cardsOfSerial(db, serial)), ean));
    },

    /** Books an action; answers the card afterwards (booked false: an Idempotency-Key replay). */
    async act(
      actor: Actor,
      serial: string,
      action: CouponAction,
      input: CouponActionInput,
      idempotencyKey?: string,
    ): Promise<CouponActionAnswer> {
      const access = createCardAccess(db, actor);
      const { card, booked, transaction } = await bookAction(deps, actor, access, serial, action, input, idempotencyKey);
      return { ...(await detailsOf(actor, access, card, transaction)), booked };
    },

    /** get-couponing-status: the derived status; 'unknown' when several cards carry the serial and no EAN chose. */
    async status(actor: Actor, serial: string, ean?: string): Promise<CouponingStatusAnswer> {
      requireCouponingRead(actor);
      const visible = await createCardAccess(db, actor).visible(await cardsOfSerial(db, serial));
      if (visible.length === 0) throw serialNotFound();
      if (ean === undefined && visible.length > 1) {
        return { serial, ean: null, couponingStatus: 'unknown', label: COUPON_STATUS_LABELS.unknown };
      }
      const card = chooseCard(visible, ean);
      return { serial, ean: card.ean, couponingStatus: card.status, label: statusLabel(stateOf(card)) };
    },
  };
}

export type CouponingService = ReturnType<typeof createCouponingService>;
