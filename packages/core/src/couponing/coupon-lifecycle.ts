import {
  CONTRACT_COUPON_STATUS_LABELS,
  type ContractCouponStatus,
  COUPON_STATUS_LABELS,
  type CouponStatus,
  type SerialStatus,
} from '../shared/statuses.ts';
import { COUPON } from './errors.ts';

/**
 * The coupon life cycle (SPEC 4 coupon statuses; ADR 016 holds the same table as prose). The spec names
 * the statuses and three rules (Deactivated cannot be activated again, Voided can, Failed cannot); the
 * transitions themselves are ours. The server decides every action with `decideAction`; the web only
 * uses it to grey out buttons, the server's answer is the authority.
 */

export const COUPON_ACTIONS = ['check', 'activate', 'void', 'redeem', 'deactivate'] as const;
export type CouponAction = (typeof COUPON_ACTIONS)[number];

/** SPEC 6: management covers check, activate and redeem; cancellation covers void and deactivate. */
export const COUPON_ACTION_PERMISSION = {
  check: 'couponingManagement',
  activate: 'couponingManagement',
  redeem: 'couponingManagement',
  void: 'couponingCancellation',
  deactivate: 'couponingCancellation',
} as const satisfies Record<CouponAction, 'couponingManagement' | 'couponingCancellation'>;

/**
 * Which actions ask the user to confirm before they are booked: every one-way money action. Redeem pays
 * the coupon's value out and void and deactivate cancel it; none of them can be taken back by the user
 * (a redeemed or deactivated card stays so; a voided one needs a new activation). Activate can be voided
 * and check changes nothing, so they book on one click.
 */
export const COUPON_ACTION_CONFIRMS = {
  check: false,
  activate: false,
  redeem: true,
  void: true,
  deactivate: true,
} as const satisfies Record<CouponAction, boolean>;

/** The actions that confirm first (a type, so each has its confirmation texts). */
export type ConfirmedCouponAction = { [A in CouponAction]: (typeof COUPON_ACTION_CONFIRMS)[A] extends true ? A : never }[CouponAction];

export const needsConfirmation = (action: CouponAction): action is ConfirmedCouponAction => COUPON_ACTION_CONFIRMS[action];

/**
 * The statuses a card can be stored in. 'unknown' is never stored: it is what get-couponing-status
 * answers when the status cannot be told (several cards carry the serial and no EAN says which).
 */
export const STORED_COUPON_STATUSES = ['notReady', 'activated', 'voided', 'redeemed', 'deactivated', 'failed'] as const;
export type StoredCouponStatus = (typeof STORED_COUPON_STATUSES)[number];

/** A card is a plain coupon or a contract coupon; each has its own status set (SPEC 4). */
export type CardState = { contract: false; status: StoredCouponStatus } | { contract: true; status: ContractCouponStatus };

/** Where each action leads from each status; an action missing from a row is refused. */
export const COUPON_TRANSITIONS: Record<StoredCouponStatus, Partial<Record<CouponAction, StoredCouponStatus>>> = {
  notReady: { check: 'notReady', activate: 'activated', deactivate: 'deactivated' },
  activated: { check: 'activated', void: 'voided', redeem: 'redeemed', deactivate: 'deactivated' },
  voided: { check: 'voided', activate: 'activated', deactivate: 'deactivated' },
  redeemed: { check: 'redeemed' },
  deactivated: { check: 'deactivated' },
  failed: { check: 'failed', deactivate: 'deactivated' },
};

/** Contract coupons: activating one issues it; they are never deactivated (voiding cancels them). */
export const CONTRACT_TRANSITIONS: Record<ContractCouponStatus, Partial<Record<CouponAction, ContractCouponStatus>>> = {
  ready: { check: 'ready', activate: 'issued', void: 'voided' },
  issued: { check: 'issued', redeem: 'redeemed', void: 'voided' },
  redeemed: { check: 'redeemed' },
  voided: { check: 'voided' },
};

/** The initial status of a card the import creates without one. */
export const initialStatus = (contract: boolean): StoredCouponStatus | ContractCouponStatus => (contract ? 'ready' : 'notReady');

/**
 * Why the life cycle refuses an action, as a code the web translates (couponing.refusals.<code>, with
 * the card's status and the action's participle) and the server words in English (`refusalText`).
 */
export const REFUSAL_CODES = [
  'deactivatedCannotBeActivated',
  'failedCannotBeActivated',
  'contractCannotBeDeactivated',
  'contractIssueFirst',
  'already',
  'contractAlready',
  'onlyActivated',
  'notAllowed',
  'contractNotAllowed',
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

type ActionDecision =
  | { allowed: true; to: CardState }
  | { allowed: false; code: typeof COUPON.TRANSITION_NOT_ALLOWED; reasonCode: RefusalCode; reason: string };

/** The participle of each action ("cannot be voided"). */
export const ACTION_PARTICIPLES: Record<CouponAction, string> = {
  check: 'checked',
  activate: 'activated',
  void: 'voided',
  redeem: 'redeemed',
  deactivate: 'deactivated',
};

/** English wording of each refusal; `status` is the status label in lower case, `verb` a participle. */
export const REFUSAL_TEXTS: Record<RefusalCode, string> = {
  deactivatedCannotBeActivated: 'A deactivated coupon cannot be activated again.',
  failedCannotBeActivated: 'A failed coupon cannot be activated.',
  contractCannotBeDeactivated: 'A contract coupon cannot be deactivated; void it instead.',
  contractIssueFirst: 'A contract coupon must be issued (activated) before it can be redeemed.',
  already: 'The coupon is already {status}.',
  contractAlready: 'The contract coupon is already {status}.',
  onlyActivated: 'Only an activated coupon can be {verb}; this one is {status}.',
  notAllowed: 'The coupon is {status} and cannot be {verb}.',
  contractNotAllowed: 'The contract coupon is {status} and cannot be {verb}.',
};

/** Fills a refusal text (English here; the web passes its translated template, status and verb). */
const fillRefusal = (template: string, values: { status: string; verb: string }): string =>
  template.replace('{status}', values.status).replace('{verb}', values.verb);

/** The status an action leads to when it succeeds: repeating it finds the card "already" there. */
const RESULTS: Partial<Record<CouponAction, string>> = { void: 'voided', redeem: 'redeemed', deactivate: 'deactivated' };
function resultOf(state: CardState, action: CouponAction): string | undefined {
  if (action === 'activate') return state.contract ? 'issued' : 'activated';
  return RESULTS[action];
}

/** Which refusal applies to an action the table refuses. */
function refusalCode(state: CardState, action: CouponAction): RefusalCode {
  if (state.contract) {
    if (action === 'deactivate') return 'contractCannotBeDeactivated';
    if (action === 'redeem' && state.status === 'ready') return 'contractIssueFirst';
    return resultOf(state, action) === state.status ? 'contractAlready' : 'contractNotAllowed';
  }
  if (action === 'activate' && state.status === 'deactivated') return 'deactivatedCannotBeActivated';
  if (action === 'activate' && state.status === 'failed') return 'failedCannotBeActivated';
  if (resultOf(state, action) === state.status) return 'already';
  if ((action === 'void' || action === 'redeem') && (state.status === 'notReady' || state.status === 'voided')) return 'onlyActivated';
  return 'notAllowed';
}

/** The state the transition table leads to, or undefined where it refuses the action. */
function nextState(state: CardState, action: CouponAction): CardState | undefined {
  if (state.contract) {
    const status = CONTRACT_TRANSITIONS[state.status][action];
    return status && { contract: true, status };
  }
  const status = COUPON_TRANSITIONS[state.status][action];
  return status && { contract: false, status };
}

/** The decision of the transition table for one action on a card in a given state. */
export function decideAction(state: CardState, action: CouponAction): ActionDecision {
  const to = nextState(state, action);
  if (to) return { allowed: true, to };
  const reasonCode = refusalCode(state, action);
  const reason = fillRefusal(REFUSAL_TEXTS[reasonCode], { status: statusLabel(state).toLowerCase(), verb: ACTION_PARTICIPLES[action] });
  return { allowed: false, code: COUPON.TRANSITION_NOT_ALLOWED, reasonCode, reason };
}

/** The spec's label of a card's status (Activated, Not ready, Issued, ...). */
export const statusLabel = (state: CardState): string =>
  state.contract ? CONTRACT_COUPON_STATUS_LABELS[state.status] : COUPON_STATUS_LABELS[state.status];

/** The derived couponing status (SPEC 3 Couponing serial check: couponingStatus; get-couponing-status). */
export type CouponingStatus = CouponStatus | ContractCouponStatus;

/** What a card's stored facts say beyond its status (the serial-status mapping needs them). */
export type CardFacts = CardState & {
  /** Last day the card may be used (YYYY-MM-DD), when the issuer set one. */
  validUntil: string | null;
  /** The activation came through the offline channel (import), not a terminal online. */
  soldOffline: boolean;
};

/** Statuses (of either card kind) after which a card is done: expiry no longer changes what it shows. */
const FINAL = new Set<string>(['redeemed', 'voided', 'deactivated', 'failed']);

/**
 * The serial status (SPEC 4) of one card as the serial-number check shows it. `today` is the user's
 * calendar day; a card still in use past its validUntil is expired. The check itself answers notFound
 * and multipleResults (no card, several cards), see `serialStatusOfCards`.
 */
export function serialStatusOf(card: CardFacts, today: string): SerialStatus {
  if (!FINAL.has(card.status) && card.validUntil !== null && card.validUntil < today) return 'expired';
  if (card.contract) {
    return ({ ready: 'reserved', issued: 'notRedeemed', redeemed: 'redeemed', voided: 'voided' } as const)[card.status];
  }
  switch (card.status) {
    case 'notReady':
      return 'available';
    case 'activated':
      return card.soldOffline ? 'soldOffline' : 'sold';
    case 'voided':
      return 'voided';
    case 'redeemed':
      return 'redeemed';
    case 'deactivated':
    case 'failed':
      return 'locked';
  }
}

/** The serial status of a serial number: not found, has multiple results, or its one card's status. */
export function serialStatusOfCards(cards: readonly CardFacts[], today: string): SerialStatus {
  if (cards.length === 0) return 'notFound';
  if (cards.length > 1) return 'multipleResults';
  return serialStatusOf(cards[0]!, today);
}
