import { describe, expect, it } from 'vitest';
import { daysOfBuckets, pageShares, stretchesOf } from './transaction-query.ts';

const at = (iso: string) => Date.parse(iso);

describe('stretchesOf (ADR 074)', () => {
  const range = { from: at('2026-11-18T22:30:00Z'), to: at('2026-11-21T01:00:00Z') };

  it("reads a ledger's range one UTC day's key after another, newest first, each within the range", () => {
    expect(stretchesOf({ ledgerId: 'C1' }, range, { legacy: false })).toEqual([
      { from: at('2026-11-21T00:00:00Z'), to: range.to, partitions: [{ pk: 'TXN#C1#2026-11-21' }] },
      { from: at('2026-11-20T00:00:00Z'), to: at('2026-11-21T00:00:00Z'), partitions: [{ pk: 'TXN#C1#2026-11-20' }] },
      { from: at('2026-11-19T00:00:00Z'), to: at('2026-11-20T00:00:00Z'), partitions: [{ pk: 'TXN#C1#2026-11-19' }] },
      { from: range.from, to: at('2026-11-19T00:00:00Z'), partitions: [{ pk: 'TXN#C1#2026-11-18' }] },
    ]);
  });

  it('skips the days the counts show without rows, adds the old key while it may hold rows, leaves an index partition whole', () => {
    const read = stretchesOf({ ledgerId: 'C1' }, range, { legacy: true, days: new Set(['2026-11-20', '2026-11-18']) });
    expect(read.map((s) => s.partitions.map((p) => p.pk))).toEqual([
      ['TXN#C1#2026-11-20', 'TXN#C1'],
      ['TXN#C1#2026-11-18', 'TXN#C1'],
    ]);
    const index = { index: 'gsi2' as const, pk: 'TXTERM#C1#T-1' };
    expect(stretchesOf(index, range, { legacy: true, days: new Set() })).toEqual([{ ...range, partitions: [index] }]);
    expect(stretchesOf({ ledgerId: 'C1' }, { from: range.to, to: range.to }, { legacy: false })).toEqual([]);
  });

  it('names the UTC days of buckets, a part across midnight both', () => {
    const bucket = (from: string, to: string) => ({ from: at(from), to: at(to), count: 1 });
    expect([
      ...daysOfBuckets([bucket('2026-11-20T10:00:00Z', '2026-11-20T11:00:00Z'), bucket('2026-11-18T23:30:00Z', '2026-11-19T00:30:00Z')]),
    ]).toEqual(['2026-11-20', '2026-11-18', '2026-11-19']);
  });

  it("gives each day its share of a page from the counts: the skip in the newest, the rest down to the page's end", () => {
    const [d21, d20, d19, d18] = stretchesOf({ ledgerId: 'C1' }, range, { legacy: false });
    const bucket = (from: string, count: number) => ({ from: at(from), to: at(from) + 3_600_000, count });
    const buckets = [bucket('2026-11-21T00:00:00Z', 3), bucket('2026-11-20T05:00:00Z', 2), bucket('2026-11-19T07:00:00Z', 4)];
    expect(pageShares([d21!, d20!, d19!, d18!], buckets, 1, 5)).toEqual([
      { stretch: d21, skip: 1, take: 2 },
      { stretch: d20, skip: 0, take: 2 },
      { stretch: d19, skip: 0, take: 1 },
    ]);
  });
});
