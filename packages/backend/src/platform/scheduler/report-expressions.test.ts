import { describe, expect, it } from 'vitest';
import { nextFireTime, scheduleExpressionProblem } from './cron.ts';
import { previousMonthRange, reportScheduleExpression } from './report-expressions.ts';

describe('reportScheduleExpression', () => {
  it('daily: on the chosen reporting days, Monday first, without duplicates', () => {
    expect(
      reportScheduleExpression({
        periodType: 'daily',
        days: ['monday', 'wednesday', 'friday'],
        hour: 6,
        minute: 30,
      }),
    ).toBe('cron(30 6 ? * MON,WED,FRI *)');
    expect(
      reportScheduleExpression({
        periodType: 'daily',
        days: ['sunday', 'monday', 'sunday'],
        hour: 0,
        minute: 0,
      }),
    ).toBe('cron(0 0 ? * MON,SUN *)');
  });

  it('daily: every day when all seven days are chosen or none are given', () => {
    const all = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
    expect(reportScheduleExpression({ periodType: 'daily', days: [...all], hour: 23, minute: 59 })).toBe(
      'cron(59 23 ? * * *)',
    );
    expect(reportScheduleExpression({ periodType: 'daily', hour: 8, minute: 5 })).toBe('cron(5 8 ? * * *)');
  });

  it('monthly and endOfMonth: on the 1st (days are ignored)', () => {
    expect(reportScheduleExpression({ periodType: 'monthly', hour: 5, minute: 0 })).toBe('cron(0 5 1 * ? *)');
    expect(
      reportScheduleExpression({ periodType: 'endOfMonth', days: ['friday'], hour: 0, minute: 30 }),
    ).toBe('cron(30 0 1 * ? *)');
  });

  it('rejects bad input', () => {
    expect(() => reportScheduleExpression({ periodType: 'daily', days: [], hour: 6, minute: 0 })).toThrow(
      /at least one reporting day/,
    );
    expect(() => reportScheduleExpression({ periodType: 'daily', hour: 24, minute: 0 })).toThrow();
    expect(() => reportScheduleExpression({ periodType: 'monthly', hour: 1, minute: 60 })).toThrow();
    expect(() => reportScheduleExpression({ periodType: 'monthly', hour: 1.5, minute: 0 })).toThrow();
  });

  it('produces valid AWS expressions that fire on the chosen local days', () => {
    const daily = reportScheduleExpression({
      periodType: 'daily',
      days: ['monday', 'wednesday', 'friday'],
      hour: 6,
      minute: 30,
    });
    expect(scheduleExpressionProblem(daily)).toBeNull();
    const fires: string[] = [];
    let after = new Date('2026-03-01T12:00:00Z'); // a Sunday
    for (let i = 0; i < 4; i++) {
      const t = nextFireTime(daily, 'Europe/Berlin', after);
      if (!t) break;
      fires.push(t.toISOString());
      after = t;
    }
    expect(fires).toEqual([
      '2026-03-02T05:30:00.000Z',
      '2026-03-04T05:30:00.000Z',
      '2026-03-06T05:30:00.000Z',
      '2026-03-09T05:30:00.000Z',
    ]);
  });
});

describe('end of month (SPEC 9)', () => {
  it('runs on the 1st in the report zone and covers the whole previous month there', () => {
    const expression = reportScheduleExpression({ periodType: 'endOfMonth', hour: 0, minute: 30 });
    const run = nextFireTime(expression, 'Europe/Berlin', new Date('2026-02-15T00:00:00Z'));
    // 2026-03-01 00:30 in Berlin is still 28 February in UTC: the zone decides the month.
    expect(run?.toISOString()).toBe('2026-02-28T23:30:00.000Z');
    expect(previousMonthRange(run ?? new Date(0), 'Europe/Berlin')).toEqual({
      dateFrom: '2026-02-01',
      dateUntil: '2026-02-28',
    });
  });

  it('handles January and leap years', () => {
    expect(previousMonthRange(new Date('2027-01-01T05:00:00Z'), 'UTC')).toEqual({
      dateFrom: '2026-12-01',
      dateUntil: '2026-12-31',
    });
    expect(previousMonthRange(new Date('2028-03-01T08:00:00Z'), 'America/Los_Angeles')).toEqual({
      dateFrom: '2028-02-01',
      dateUntil: '2028-02-29',
    });
  });
});
