import fc from 'fast-check';
import { REPORTING_DAYS } from '@portal/core/shared';
import { reportPeriodFor, reportScheduleExpression, type ReportSchedule } from '@portal/core/report';
import { describe, expect, it } from 'vitest';
import { nextFireTime, scheduleExpressionProblem } from '../platform/scheduler/cron.ts';

/**
 * The schedule as properties (ADR 040): fires come from the real cron evaluator (AWS's DST rules),
 * periods from core reportPeriodFor; consecutive due fires' periods are contiguous and disjoint and cover
 * every day; with the end-of-month flag none spans two months; monthly covers whole months.
 */
const DAY = 86_400_000;
const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

type S = Pick<ReportSchedule, 'periodType' | 'reportingDays' | 'endOfMonth' | 'timeZone' | 'sendTime'>;
function periods(schedule: S, from: Date, fires: number) {
  const expression = reportScheduleExpression(schedule);
  expect(scheduleExpressionProblem(expression)).toBeNull();
  const out: { at: Date; dateFrom: string; dateUntil: string }[] = [];
  let after = from;
  for (let i = 0; i < fires; i++) {
    const at = nextFireTime(expression, schedule.timeZone, after);
    if (!at) break;
    after = at;
    const period = reportPeriodFor(schedule, at);
    if (period) out.push({ at, ...period });
  }
  return out;
}

const zones = fc.constantFrom('Europe/Berlin', 'America/Los_Angeles', 'UTC', 'Asia/Kolkata');
/** Send times including the DST change hours (00:30, 02:30 on change days). */
const sendTimes = fc.constantFrom('00:00', '00:30', '02:30', '03:15', '06:00', '23:59');
const days = fc.subarray([...REPORTING_DAYS], { minLength: 1 });
/** Start instants 2026–2029 (two leap-year Februaries in reach), DST change weeks included. */
const starts = fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2029-01-01T00:00:00Z') }).map((ms) => new Date(ms));
const DST_STARTS = ['2026-03-27T00:00:00Z', '2026-10-23T00:00:00Z', '2026-03-06T00:00:00Z', '2026-10-30T00:00:00Z'].map((s) => new Date(s));

describe('report periods over consecutive fires', () => {
  it('daily: contiguous, disjoint, every day covered; with the flag no period spans two months', () => {
    fc.assert(
      fc.property(
        days,
        fc.boolean(),
        zones,
        sendTimes,
        fc.oneof(starts, fc.constantFrom(...DST_STARTS)),
        (reportingDays, endOfMonth, timeZone, sendTime, from) => {
          const list = periods({ periodType: 'daily', reportingDays, endOfMonth, timeZone, sendTime }, from, 70);
          expect(list.length).toBeGreaterThan(4);
          for (let i = 1; i < list.length; i++) expect(list[i]!.dateFrom).toBe(nextDay(list[i - 1]!.dateUntil));
          for (const p of list) {
            expect(p.dateFrom <= p.dateUntil).toBe(true);
            if (endOfMonth) expect(p.dateFrom.slice(0, 7)).toBe(p.dateUntil.slice(0, 7));
          }
          if (endOfMonth)
            expect(list.filter((p) => p.dateUntil.slice(0, 7) !== nextDay(p.dateUntil).slice(0, 7)).length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 150, seed: 1511 },
    );
  });

  it('monthly: one whole calendar month per fire, in order, across month lengths and leap years', () => {
    fc.assert(
      fc.property(zones, sendTimes, starts, (timeZone, sendTime, from) => {
        const list = periods({ periodType: 'monthly', reportingDays: ['monday'], endOfMonth: false, timeZone, sendTime }, from, 14);
        expect(list.length).toBe(14);
        for (let i = 0; i < list.length; i++) {
          const p = list[i]!;
          expect(p.dateFrom.slice(8)).toBe('01');
          expect(nextDay(p.dateUntil).slice(8)).toBe('01');
          if (i > 0) expect(p.dateFrom).toBe(nextDay(list[i - 1]!.dateUntil));
        }
      }),
      { numRuns: 100, seed: 1512 },
    );
  });

  it('DST change days: a 02:30 send time skipped on the spring-forward day (AWS) has the next run cover that day too', () => {
    for (const [timeZone, day] of [
      ['Europe/Berlin', '2026-03-29'],
      ['America/Los_Angeles', '2026-03-08'],
      ['Europe/Berlin', '2026-10-25'],
      ['America/Los_Angeles', '2026-11-01'],
    ] as const) {
      const list = periods(
        { periodType: 'daily', reportingDays: [...REPORTING_DAYS], endOfMonth: false, timeZone, sendTime: '02:30' },
        new Date(Date.parse(`${day}T00:00:00Z`) - 3 * DAY),
        6,
      );
      // Yesterday of the change day is covered exactly once: by the change day's run, or by the next day's.
      const yesterday = new Date(Date.parse(`${day}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
      const covering = list.filter((p) => p.dateFrom <= yesterday && yesterday <= p.dateUntil);
      expect({ timeZone, day, runs: covering.length }).toEqual({ timeZone, day, runs: 1 });
    }
  });
});
