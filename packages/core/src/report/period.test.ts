import { describe, expect, it } from 'vitest';
import { reportPeriodFor, reportScheduleExpression, sendTimeGapProblem } from './period.ts';

const every = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const daily = (reportingDays: readonly (typeof every)[number][], endOfMonth = false, timeZone = 'Europe/Berlin') => ({
  periodType: 'daily' as const,
  reportingDays: [...reportingDays],
  endOfMonth,
  timeZone,
});

describe('reportScheduleExpression', () => {
  it('daily on the chosen days, Monday first; all seven days or the end-of-month flag fire every day', () => {
    const base = { periodType: 'daily' as const, endOfMonth: false, sendTime: '06:30' };
    expect(reportScheduleExpression({ ...base, reportingDays: ['friday', 'monday', 'wednesday'] })).toBe('cron(30 6 ? * MON,WED,FRI *)');
    expect(reportScheduleExpression({ ...base, reportingDays: [...every] })).toBe('cron(30 6 ? * * *)');
    expect(reportScheduleExpression({ ...base, reportingDays: ['monday'], endOfMonth: true })).toBe('cron(30 6 * * ? *)');
    expect(() => reportScheduleExpression({ ...base, reportingDays: [] })).toThrow(/at least one/);
  });
  it('monthly on the 1st, whatever the days say', () => {
    expect(reportScheduleExpression({ periodType: 'monthly', reportingDays: ['friday'], endOfMonth: true, sendTime: '00:05' })).toBe(
      'cron(5 0 1 * ? *)',
    );
  });
});

describe('reportPeriodFor', () => {
  it('every day: yesterday, in the report zone (00:30 Berlin is the previous day in UTC)', () => {
    expect(reportPeriodFor(daily(every), new Date('2026-03-09T23:30:00Z'))).toEqual({ dateFrom: '2026-03-09', dateUntil: '2026-03-09' });
  });
  it('Mondays only: the week before, Monday to Sunday; other days are not due', () => {
    expect(reportPeriodFor(daily(['monday']), new Date('2026-03-09T05:00:00Z'))).toEqual({
      dateFrom: '2026-03-02',
      dateUntil: '2026-03-08',
    });
    expect(reportPeriodFor(daily(['monday']), new Date('2026-03-10T05:00:00Z'))).toBeNull();
  });
  it('end of month: the 1st closes the month, the first reporting day after it starts on the 1st', () => {
    const s = daily(['monday'], true);
    // 2026-04-01 is a Wednesday: due (the 1st); the previous due day was Monday 2026-03-30.
    expect(reportPeriodFor(s, new Date('2026-04-01T05:00:00Z'))).toEqual({ dateFrom: '2026-03-30', dateUntil: '2026-03-31' });
    expect(reportPeriodFor(s, new Date('2026-04-06T05:00:00Z'))).toEqual({ dateFrom: '2026-04-01', dateUntil: '2026-04-05' });
    expect(reportPeriodFor(s, new Date('2026-04-02T05:00:00Z'))).toBeNull();
  });
  it('monthly: the previous calendar month, January and leap years included', () => {
    const m = { periodType: 'monthly' as const, reportingDays: [], endOfMonth: false, timeZone: 'America/Los_Angeles' };
    expect(reportPeriodFor(m, new Date('2028-03-01T16:00:00Z'))).toEqual({ dateFrom: '2028-02-01', dateUntil: '2028-02-29' });
    expect(reportPeriodFor({ ...m, timeZone: 'UTC' }, new Date('2027-01-01T05:00:00Z'))).toEqual({
      dateFrom: '2026-12-01',
      dateUntil: '2026-12-31',
    });
    expect(reportPeriodFor(m, new Date('2028-03-02T16:00:00Z'))).toBeNull();
  });
});

describe('sendTimeGapProblem', () => {
  const from = new Date('2026-11-25T00:00:00Z');
  it('finds a send time that does not exist on a 1st (Sydney springs forward at 02:00 on Sunday 2028-10-01)', () => {
    const monthly = { periodType: 'monthly' as const, endOfMonth: false, timeZone: 'Australia/Sydney', sendTime: '02:30' };
    expect(sendTimeGapProblem(monthly, from)).toBe('2028-10-01');
    expect(sendTimeGapProblem({ ...monthly, periodType: 'daily', endOfMonth: true }, from)).toBe('2028-10-01');
    expect(sendTimeGapProblem({ ...monthly, sendTime: '03:00' }, from)).toBeNull();
  });
  it('leaves daily schedules without the flag and zones whose changes are not on a 1st alone', () => {
    expect(
      sendTimeGapProblem({ periodType: 'daily', endOfMonth: false, timeZone: 'Australia/Sydney', sendTime: '02:30' }, from),
    ).toBeNull();
    expect(sendTimeGapProblem({ periodType: 'monthly', endOfMonth: false, timeZone: 'Europe/Berlin', sendTime: '02:30' }, from)).toBeNull();
  });
});
