import type { CardSummary, SerialCheckAnswer } from '@portal/core/couponing';
import { describe, expect, it } from 'vitest';
import { resultCounts, resultRows, withCard } from './result-rows.ts';

const card = (over: Partial<CardSummary> = {}): CardSummary => ({
  serial: '7000100000000012',
  ean: '4012345100020',
  eanSecond: '9812345000024',
  productId: 'A-10002',
  productName: 'Aurora Games 25 EUR',
  contract: false,
  couponingStatus: 'activated',
  serialStatus: 'sold',
  ...over,
});

const answer: SerialCheckAnswer = {
  results: [
    { serial: '7000100000000012', serialStatus: 'sold', cards: [card()] },
    {
      serial: '7000100000000030',
      serialStatus: 'multipleResults',
      cards: [
        card({ serial: '7000100000000030', ean: '4012345100013', couponingStatus: 'notReady', serialStatus: 'available' }),
        card({ serial: '7000100000000030', ean: '4012345100136' }),
      ],
    },
    { serial: '7000400000000001', serialStatus: 'notFound', cards: [] },
  ],
};

describe('resultRows', () => {
  it('has a row per card and one card-less row for a serial not found, in the answer order', () => {
    const rows = resultRows(answer);
    expect(rows.map((r) => [r.key, r.serialStatus, r.card?.ean ?? null])).toEqual([
      ['7000100000000012|4012345100020', 'sold', '4012345100020'],
      ['7000100000000030|4012345100013', 'multipleResults', '4012345100013'],
      ['7000100000000030|4012345100136', 'multipleResults', '4012345100136'],
      ['7000400000000001', 'notFound', null],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });

  it('counts serials, not cards', () => {
    expect(resultCounts(answer)).toEqual({ serials: 3, notFound: 1 });
  });
});

describe('withCard: the answer after an action', () => {
  it("replaces the card and, for a serial's only card, the serial status", () => {
    const voided = card({ couponingStatus: 'voided', serialStatus: 'voided' });
    const next = withCard(answer, { ...voided, retailerId: 'R-1001' } as CardSummary);
    expect(next.results[0]).toEqual({ serial: '7000100000000012', serialStatus: 'voided', cards: [voided] });
    expect(next.results.slice(1)).toEqual(answer.results.slice(1));
  });

  it("keeps 'has multiple results' and the other card", () => {
    const activated = card({ serial: '7000100000000030', ean: '4012345100013', couponingStatus: 'activated', serialStatus: 'sold' });
    const next = withCard(answer, activated);
    expect(next.results[1]!.serialStatus).toBe('multipleResults');
    expect(next.results[1]!.cards).toEqual([activated, answer.results[1]!.cards[1]]);
  });

  it('returns the same answer when the card is not in it', () => {
    expect(withCard(answer, card({ serial: '7000100000000099' }))).toBe(answer);
    expect(withCard(answer, card({ ean: '4012345100999' }))).toBe(answer);
  });
});
