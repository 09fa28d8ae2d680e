import type { SerialStatus } from '@portal/core/shared';
import type { CardSummary, SerialCheckAnswer } from '@portal/core/couponing';

/**
 * The Query step's table (SPEC 2 query): one row per card, so a serial several cards carry ('has
 * multiple results') has a row per card, each leading to its own Details; a serial no visible card
 * carries has one row without a card ('not found').
 */
export interface ResultRow {
  key: string;
  serial: string;
  /** The serial's status: 'not found', 'has multiple results' or its one card's. */
  serialStatus: SerialStatus;
  card: CardSummary | null;
}

export function resultRows(answer: SerialCheckAnswer): ResultRow[] {
  return answer.results.flatMap((result): ResultRow[] =>
    result.cards.length === 0
      ? [{ key: result.serial, serial: result.serial, serialStatus: result.serialStatus, card: null }]
      : result.cards.map((card) => ({
          key: `${result.serial}|${card.ean}`,
          serial: result.serial,
          serialStatus: result.serialStatus,
          card,
        })),
  );
}

/** How many serials were checked, and how many of them no card carries. */
export function resultCounts(answer: SerialCheckAnswer): { serials: number; notFound: number } {
  return {
    serials: answer.results.length,
    notFound: answer.results.filter((r) => r.cards.length === 0).length,
  };
}

/**
 * The answer with one card replaced by its state after an action (same serial and EAN). A serial with
 * only this card takes the card's serial status; 'has multiple results' stays. Unchanged answers are
 * returned as they are.
 */
export function withCard(answer: SerialCheckAnswer, card: CardSummary): SerialCheckAnswer {
  const summary: CardSummary = {
    serial: card.serial,
    ean: card.ean,
    eanSecond: card.eanSecond,
    productId: card.productId,
    productName: card.productName,
    contract: card.contract,
    couponingStatus: card.couponingStatus,
    serialStatus: card.serialStatus,
  };
  let changed = false;
  const results = answer.results.map((result) => {
    if (result.serial !== card.serial || !result.cards.some((c) => c.ean === card.ean)) return result;
    changed = true;
    return {
      ...result,
      serialStatus: result.cards.length === 1 ? summary.serialStatus : result.serialStatus,
      cards: result.cards.map((c) => (c.ean === card.ean ? summary : c)),
    };
  });
  return changed ? { results } : answer;
}
