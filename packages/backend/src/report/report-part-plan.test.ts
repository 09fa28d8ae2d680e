import { describe, expect, it } from 'vitest';
import { dayBucketKey, ledgerKey, type PlanWindow, planReportParts, readUnits, REPORT_READ_PROFILE } from './report-part-plan.ts';

const HOUR = 3_600_000;
const profile = { ...REPORT_READ_PROFILE, partRows: 1_000_000 };

/** A UTC day's hours, newest first, with the rows of each. */
const hoursOf = (day: string, rowsOfHour: (hour: number) => number): PlanWindow[] =>
  Array.from({ length: 24 }, (_, i) => 23 - i).map((hour) => {
    const from = Date.parse(`${day}T00:00:00Z`) + hour * HOUR;
    return { day, from, to: from + HOUR, rows: rowsOfHour(hour) };
  });

/** The largest customer of the mid-size profile: 5 M rows a day, the hours shaped 3x the average at the peak. */
const shape = Array.from({ length: 24 }, (_, h) => (h < 6 ? 0.2 : h < 10 ? 1 : h < 14 ? 3 : h < 20 ? 1.2 : 0.4));
const perHour = (hour: number) => Math.round((5_000_000 * shape[hour]!) / shape.reduce((a, b) => a + b, 0));
const month = Array.from({ length: 30 }, (_, i) => `2026-11-${String(30 - i).padStart(2, '0')}`).flatMap((day) => hoursOf(day, perHour));

describe('planReportParts (ADR 074)', () => {
  it('groups consecutive windows newest first within the part size, one key a part, a large window alone', () => {
    const day = (d: string, rows: number): PlanWindow => ({
      day: d,
      from: Date.parse(`${d}T00:00:00Z`),
      to: Date.parse(`${d}T00:00:00Z`) + 24 * HOUR,
      rows,
    });
    const windows = [day('2026-11-20', 0), day('2026-11-19', 4), day('2026-11-18', 9), day('2026-11-17', 4), day('2026-11-16', 0)];
    const one = planReportParts(windows, { ...profile, partRows: 5 }, ledgerKey('C1'));
    expect(one.parts.map((p) => [p.dateFrom, p.dateUntil, p.estimatedRows])).toEqual([
      ['2026-11-19', '2026-11-20', 4],
      ['2026-11-18', '2026-11-18', 9],
      ['2026-11-16', '2026-11-17', 4],
    ]);
    expect(one.parts[0]).toMatchObject({ from: '2026-11-19T00:00:00.000Z', to: '2026-11-21T00:00:00.000Z' });
    // Day keys: a part never reads two keys, so days with rows are parts of their own; a day without rows
    // reads no key and joins a neighbour.
    const byDay = planReportParts(windows, { ...profile, partRows: 5 }, dayBucketKey('C1'));
    expect(byDay.parts.map((p) => [p.dateFrom, p.dateUntil])).toEqual([
      ['2026-11-19', '2026-11-20'],
      ['2026-11-18', '2026-11-18'],
      ['2026-11-16', '2026-11-17'],
    ]);
    expect(byDay.keys.map((k) => k.key)).toEqual(['TXN#C1#2026-11-19', 'TXN#C1#2026-11-18', 'TXN#C1#2026-11-17']);
    const small = [day('2026-11-19', 2), day('2026-11-18', 2)];
    expect(planReportParts(small, { ...profile, partRows: 5 }, dayBucketKey('C1')).parts).toHaveLength(2);
    expect(planReportParts(small, { ...profile, partRows: 5 }, ledgerKey('C1')).parts).toHaveLength(1);
    expect(planReportParts(windows, profile, ledgerKey('C1')).parts).toHaveLength(1);
  });

  it('a month of the largest customer on one key: every part waits for the key, far past 15 minutes', () => {
    const plan = planReportParts(month, profile, ledgerKey('C1'));
    const rows = month.reduce((n, w) => n + w.rows, 0);
    expect(rows).toBeGreaterThan(149_000_000);
    expect(plan.keys.map((k) => k.key)).toEqual(['TXN#C1']);
    // Each part's units are rounded up: the sum is the whole's within a unit a part.
    expect(plan.keys[0]!.rcu - readUnits(rows, 470)).toBeLessThanOrEqual(plan.parts.length);
    // ~70 GB = ~8.6 M RCU at 1,000 RCU/s: ~2.4 hours (even all 3,000 RCU/s: ~48 minutes).
    expect(plan.keys[0]!.rcu).toBeGreaterThan(8_500_000);
    expect(plan.seconds).toBeGreaterThan(8_000);
    expect(plan.problems).toHaveLength(1);
    // One key: ~10 parts at a time hold its share (ADR 077); each then ends within its own ~10 minutes.
    expect(plan.atOnce).toBe(10);
  });

  it('the same month on day keys: every part within its time and its key within its share, done in under 15 minutes', () => {
    const plan = planReportParts(month, profile, dayBucketKey('C1'));
    expect(plan.problems).toEqual([]);
    expect(plan.keys).toHaveLength(30);
    for (const part of plan.parts) {
      expect(part.estimatedRows).toBeLessThanOrEqual(1_000_000);
      expect(part.estimatedSeconds).toBeLessThanOrEqual(profile.maxPartSeconds);
    }
    for (const key of plan.keys) expect(key.rcu / profile.keyShareRcuPerSecond).toBeLessThanOrEqual(profile.maxPartSeconds);
    expect(plan.parts.length).toBeGreaterThanOrEqual(150);
    expect(plan.seconds).toBeLessThanOrEqual(profile.maxPartSeconds);
    expect(plan.atOnce).toBe(plan.parts.length); // no day key has more than ~10 parts
    // The parts cover the month without gap or overlap, newest first.
    for (let i = 1; i < plan.parts.length; i++) expect(plan.parts[i]!.to).toBe(plan.parts[i - 1]!.from);
  });
});
