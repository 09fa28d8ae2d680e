import {
  COUPON_ACTION_PERMISSION,
  COUPON_ACTIONS,
  type CardSummary,
  type CouponTransaction,
  decideAction,
  type OfferedAction,
  type SerialDetails,
  serialStatusOf,
} from '@portal/core/couponing';
import type { Product } from '../masterdata/index.ts';
import type { Actor } from '../access/index.ts';
import { factsOf, stateOf, type StoredCard, type StoredTransaction } from './card-entity.ts';

/** A card as the results table shows it; `today` is the user's calendar day (expiry). */
export function cardSummary(card: StoredCard, product: Product | undefined, today: string): CardSummary {
  return {
    serial: card.serial,
    ean: card.ean,
    eanSecond: card.eanSecond,
    productId: card.productId,
    productName: product?.name ?? null,
    contract: card.contract,
    couponingStatus: card.status,
    serialStatus: serialStatusOf(factsOf(card), today),
  };
}

/** The actions the actor holds the permission for, each with the life cycle's verdict now. */
export function offeredActions(actor: Actor, card: StoredCard): OfferedAction[] {
  const held = actor.access.modules.ordering.permissions;
  return COUPON_ACTIONS.filter((action) => held[COUPON_ACTION_PERMISSION[action]]).map((action) => {
    const decision = decideAction(stateOf(card), action);
    return decision.allowed
      ? { action, allowed: true, reason: null, reasonCode: null }
      : { action, allowed: false, reason: decision.reason, reasonCode: decision.reasonCode };
  });
}

export const transactionView = (tx: StoredTransaction): CouponTransaction => ({
  transactionId: tx.transactionId,
  at: tx.at,
  terminalId: tx.terminalId,
  type: tx.txType,
  ean: tx.ean,
  resultCode: tx.resultCode,
  status: tx.status,
  by: tx.by,
});

/** The details screen of one card: its newest transactions first (`transactions` comes newest first). */
export function serialDetails(input: {
  actor: Actor;
  card: StoredCard;
  transactions: StoredTransaction[];
  product: Product | undefined;
  retailerName: string | null;
  today: string;
}): SerialDetails {
  const { card, product } = input;
  return {
    card: {
      ...cardSummary(card, product, input.today),
      retailerId: card.retailerId,
      retailerName: input.retailerName,
      validUntil: card.validUntil,
      brand: product?.company ?? null,
      faceValue: product?.faceValue ?? null,
    },
    activation: card.activation,
    redemption: card.redemption,
    transactions: input.transactions.map(transactionView),
    transactionCount: card.version,
    actions: offeredActions(input.actor, card),
  };
}
