import { describe, expect, it } from 'vitest';
import { nextFireTime, parseScheduleExpression, ScheduleExpressionError, scheduleExpressionProblem } from './cron.ts';

const next = (expression: string, after: string, timeZone = 'UTC'): string | null =>
  nextFireTime(expression, timeZone, new Date(after))?.toISOString() ?? null;

/** The next `count` fire times, each computed from the previous one. */
function series(expression: string, after: string, count: number, timeZone = 'UTC'): string[] {
  const parsed = parseScheduleExpression(expression);
  const out: string[] = [];
  let from = new Date(after);
  for (let i = 0; i < count; i++) {
    const t = nextFireTime(parsed, timeZone, from);
    if (!t) break;
    out.push(t.toISOString());
    from = t;
  }
  return out;
}

describe('cron: minutes and hours', () => {
  it('fires at a fixed time, strictly after `after`', () => {
    expect(next('cron(0 10 * * ? *)', '2026-01-01T09:00:00Z')).toBe('2026-01-01T10:00:00.000Z');
    expect(next('cron(0 10 * * ? *)', '2026-01-01T10:00:00Z')).toBe('2026-01-02T10:00:00.000Z');
    expect(next('cron(0 10 * * ? *)', '2026-01-01T09:59:59.999Z')).toBe('2026-01-01T10:00:00.000Z');
  });

  it('accepts ? in day-of-month with * in day-of-week', () => {
    expect(next('cron(0 10 ? * * *)', '2026-01-01T11:00:00Z')).toBe('2026-01-02T10:00:00.000Z');
  });

  it('supports lists, ranges and steps', () => {
    expect(series('cron(0,30 9,17 * * ? *)', '2026-01-01T00:00:00Z', 4)).toEqual([
      '2026-01-01T09:00:00.000Z',
      '2026-01-01T09:30:00.000Z',
      '2026-01-01T17:00:00.000Z',
      '2026-01-01T17:30:00.000Z',
    ]);
    expect(series('cron(0 9-11 * * ? *)', '2026-01-01T00:00:00Z', 4).map((t) => t.slice(11, 16))).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '09:00',
    ]);
    expect(series('cron(1/10 8 * * ? *)', '2026-01-01T00:00:00Z', 7).map((t) => t.slice(11, 16))).toEqual([
      '08:01',
      '08:11',
      '08:21',
      '08:31',
      '08:41',
      '08:51',
      '08:01',
    ]);
    expect(series('cron(*/15 * * * ? *)', '2026-01-01T00:05:00Z', 3).map((t) => t.slice(11, 16))).toEqual(['00:15', '00:30', '00:45']);
    expect(series('cron(10-40/10 6 * * ? *)', '2026-01-01T00:00:00Z', 4).map((t) => t.slice(11, 16))).toEqual([
      '06:10',
      '06:20',
      '06:30',
      '06:40',
    ]);
  });

  it('rolls over the year end', () => {
    expect(next('cron(0 0 * * ? *)', '2026-12-31T23:30:00Z')).toBe('2027-01-01T00:00:00.000Z');
    expect(next('cron(59 23 31 12 ? *)', '2026-12-31T23:59:00Z')).toBe('2027-12-31T23:59:00.000Z');
    // Midnight in Berlin is 23:00 UTC on the previous day in winter.
    expect(next('cron(0 0 * * ? *)', '2026-12-31T22:30:00Z', 'Europe/Berlin')).toBe('2026-12-31T23:00:00.000Z');
  });
});

describe('cron: day-of-month, month and year', () => {
  it('supports day-of-month lists and steps, skipping months without the day', () => {
    expect(series('cron(0 0 1/10 * ? *)', '2026-01-01T00:00:00Z', 4).map((t) => t.slice(0, 10))).toEqual([
      '2026-01-11',
      '2026-01-21',
      '2026-01-31',
      '2026-02-01',
    ]);
    expect(series('cron(0 0 31 * ? *)', '2026-01-31T00:00:00Z', 3).map((t) => t.slice(0, 10))).toEqual([
      '2026-03-31',
      '2026-05-31',
      '2026-07-31',
    ]);
  });

  it('supports month numbers, names and steps', () => {
    expect(series('cron(0 0 1 JAN,JUL ? *)', '2026-01-01T00:00:00Z', 2).map((t) => t.slice(0, 10))).toEqual(['2026-07-01', '2027-01-01']);
    expect(series('cron(0 0 1 1/3 ? *)', '2025-12-31T00:00:00Z', 4).map((t) => t.slice(0, 10))).toEqual([
      '2026-01-01',
      '2026-04-01',
      '2026-07-01',
      '2026-10-01',
    ]);
    expect(next('cron(0 0 1 feb-mar ? *)', '2026-01-15T00:00:00Z')).toBe('2026-02-01T00:00:00.000Z');
  });

  it('supports years, and ends after the last matching year', () => {
    expect(next('cron(0 0 1 1 ? 2027)', '2026-06-01T00:00:00Z')).toBe('2027-01-01T00:00:00.000Z');
    expect(next('cron(0 0 1 1 ? 2030)', '2030-01-01T00:00:00Z')).toBeNull();
    expect(series('cron(0 0 1 1 ? 2026/2)', '2025-01-01T00:00:00Z', 2).map((t) => t.slice(0, 4))).toEqual(['2026', '2028']);
    expect(next('cron(0 0 1 1 ? *)', '2199-01-01T00:00:00Z')).toBeNull();
  });

  it('finds the leap day', () => {
    expect(next('cron(0 12 29 2 ? *)', '2026-01-01T00:00:00Z')).toBe('2028-02-29T12:00:00.000Z');
    expect(next('cron(0 12 29 2 ? *)', '2028-02-29T12:00:00Z')).toBe('2032-02-29T12:00:00.000Z');
  });

  it('returns null for a day that never exists', () => {
    expect(next('cron(0 0 30 2 ? *)', '2026-01-01T00:00:00Z')).toBeNull();
  });
});

describe('cron: L and W', () => {
  it('L in day-of-month is the last day of the month, including leap years', () => {
    expect(series('cron(0 18 L * ? *)', '2026-01-31T18:00:00Z', 4).map((t) => t.slice(0, 10))).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
    expect(next('cron(0 18 L 2 ? *)', '2027-03-01T00:00:00Z')).toBe('2028-02-29T18:00:00.000Z');
  });

  it('L is evaluated in the schedule zone', () => {
    // 23:30 on the last day in Berlin is 21:30 UTC in summer.
    expect(next('cron(30 23 L * ? *)', '2026-06-01T00:00:00Z', 'Europe/Berlin')).toBe('2026-06-30T21:30:00.000Z');
  });

  it('nW is the weekday nearest day n, without leaving the month', () => {
    // 2026-02-15 is a Sunday -> Monday the 16th; 2026-08-15 a Saturday -> Friday the 14th.
    expect(next('cron(0 9 15W * ? *)', '2026-02-01T00:00:00Z')).toBe('2026-02-16T09:00:00.000Z');
    expect(next('cron(0 9 15W * ? *)', '2026-08-01T00:00:00Z')).toBe('2026-08-14T09:00:00.000Z');
    // 2026-08-01 is a Saturday -> Monday the 3rd (not Friday in July).
    expect(next('cron(0 9 1W * ? *)', '2026-07-31T00:00:00Z')).toBe('2026-08-03T09:00:00.000Z');
    // 2026-05-31 is a Sunday -> Friday the 29th (not Monday in June).
    expect(next('cron(0 9 31W * ? *)', '2026-05-01T00:00:00Z')).toBe('2026-05-29T09:00:00.000Z');
    // A weekday is itself.
    expect(next('cron(0 9 2W * ? *)', '2026-06-01T00:00:00Z')).toBe('2026-06-02T09:00:00.000Z');
  });

  it('LW is the last weekday of the month', () => {
    // 2026-01-31 Saturday -> 30th; 2026-05-31 Sunday -> 29th; 2026-06-30 Tuesday.
    expect(next('cron(0 9 LW * ? *)', '2026-01-01T00:00:00Z')).toBe('2026-01-30T09:00:00.000Z');
    expect(next('cron(0 9 LW * ? *)', '2026-05-01T00:00:00Z')).toBe('2026-05-29T09:00:00.000Z');
    expect(next('cron(0 9 LW * ? *)', '2026-06-01T00:00:00Z')).toBe('2026-06-30T09:00:00.000Z');
  });
});

describe('cron: day-of-week', () => {
  it('numbers 1-7 are SUN-SAT', () => {
    // 2026-01-01 is a Thursday.
    expect(next('cron(0 8 ? * 1 *)', '2026-01-01T00:00:00Z')).toBe('2026-01-04T08:00:00.000Z');
    expect(next('cron(0 8 ? * 7 *)', '2026-01-01T00:00:00Z')).toBe('2026-01-03T08:00:00.000Z');
    expect(next('cron(0 8 ? * 5 *)', '2026-01-01T00:00:00Z')).toBe('2026-01-01T08:00:00.000Z');
  });

  it('names, ranges and lists match their numbers, case-insensitively', () => {
    const weekdays = series('cron(0 12 ? * MON-FRI *)', '2026-01-01T13:00:00Z', 5).map((t) => t.slice(0, 10));
    expect(weekdays).toEqual(['2026-01-02', '2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08']);
    expect(series('cron(0 12 ? * 2-6 *)', '2026-01-01T13:00:00Z', 5).map((t) => t.slice(0, 10))).toEqual(weekdays);
    expect(series('cron(0 12 ? * mon-fri *)', '2026-01-01T13:00:00Z', 5).map((t) => t.slice(0, 10))).toEqual(weekdays);
    expect(series('cron(0 12 ? * SUN,SAT *)', '2026-01-01T00:00:00Z', 2).map((t) => t.slice(0, 10))).toEqual(['2026-01-03', '2026-01-04']);
  });

  it('# picks the n-th weekday of the month', () => {
    // Second Tuesday of January 2026 is the 13th; first Monday of February the 2nd.
    expect(next('cron(0 10 ? * 3#2 *)', '2026-01-01T00:00:00Z')).toBe('2026-01-13T10:00:00.000Z');
    expect(next('cron(0 10 ? * MON#1 *)', '2026-01-06T00:00:00Z')).toBe('2026-02-02T10:00:00.000Z');
    // Fifth Friday: 2026-01-30, then none until May (2026-05-29).
    expect(series('cron(0 10 ? * 6#5 *)', '2026-01-01T00:00:00Z', 2).map((t) => t.slice(0, 10))).toEqual(['2026-01-30', '2026-05-29']);
  });

  it('nL is the last weekday n of the month; L alone is Saturday', () => {
    expect(series('cron(0 10 ? * 6L *)', '2026-01-01T00:00:00Z', 2).map((t) => t.slice(0, 10))).toEqual(['2026-01-30', '2026-02-27']);
    expect(next('cron(0 10 ? * FRIL *)', '2026-01-01T00:00:00Z')).toBe('2026-01-30T10:00:00.000Z');
    expect(series('cron(0 10 ? * L *)', '2026-01-01T00:00:00Z', 2).map((t) => t.slice(0, 10))).toEqual(['2026-01-03', '2026-01-10']);
  });
});

describe('cron: daylight saving time (AWS: gap skipped, overlap runs once)', () => {
  const berlin = 'Europe/Berlin';
  const la = 'America/Los_Angeles';

  // Each case: the expression, asked from, how many firings, and the firings (UTC) in Berlin.
  it.each([
    // 2026-03-28 02:30 CET = 01:30Z; 2026-03-29 02:30 does not exist; 2026-03-30 02:30 CEST = 00:30Z.
    [
      'spring-forward 2026-03-29: a 02:30 job is skipped that day',
      'cron(30 2 * * ? *)',
      '2026-03-28T00:00:00Z',
      ['2026-03-28T01:30:00.000Z', '2026-03-30T00:30:00.000Z'],
    ],
    [
      'spring-forward: a 15-minute job jumps from 01:45 CET to 03:00 CEST',
      'cron(*/15 * * * ? *)',
      '2026-03-29T00:30:00Z',
      ['2026-03-29T00:45:00.000Z' /* 01:45 CET */, '2026-03-29T01:00:00.000Z' /* 03:00 CEST */, '2026-03-29T01:15:00.000Z'],
    ],
    [
      'local times keep their wall-clock hour across the change',
      'cron(0 9 * * ? *)',
      '2026-03-28T00:00:00Z',
      ['2026-03-28T08:00:00.000Z', '2026-03-29T07:00:00.000Z'],
    ],
    [
      'fall-back 2026-10-25: a 02:30 job runs once, at the first 02:30',
      'cron(30 2 * * ? *)',
      '2026-10-24T12:00:00Z',
      // 02:30 CEST, then the next day's 02:30 CET (not 01:30Z on the 25th).
      ['2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z'],
    ],
    [
      'fall-back: a 15-minute job does not repeat the doubled hour',
      'cron(*/15 * * * ? *)',
      '2026-10-25T00:30:00Z',
      // 02:45 CEST, then 03:00 CET: 02:00-02:45 CET are skipped.
      ['2026-10-25T00:45:00.000Z', '2026-10-25T02:00:00.000Z', '2026-10-25T02:15:00.000Z'],
    ],
  ])('Europe/Berlin %s', (_name, expression, from, firings) => {
    expect(series(expression, from, firings.length, berlin)).toEqual(firings);
  });

  it('Europe/Berlin fall-back: asked from inside the repeated hour, the passed wall times are not fired again', () => {
    expect(next('cron(*/15 * * * ? *)', '2026-10-25T01:05:00Z', berlin)).toBe('2026-10-25T02:00:00.000Z');
  });

  it('America/Los_Angeles spring-forward 2026-03-08 and fall-back 2026-11-01', () => {
    // 02:30 PST on the 7th = 10:30Z; none on the 8th; 02:30 PDT on the 9th = 09:30Z.
    expect(series('cron(30 2 * * ? *)', '2026-03-07T00:00:00Z', 2, la)).toEqual(['2026-03-07T10:30:00.000Z', '2026-03-09T09:30:00.000Z']);
    // 01:30 occurs twice on 2026-11-01: first at 01:30 PDT (08:30Z) only; then 01:30 PST on the 2nd.
    expect(series('cron(30 1 * * ? *)', '2026-10-31T12:00:00Z', 2, la)).toEqual(['2026-11-01T08:30:00.000Z', '2026-11-02T09:30:00.000Z']);
  });

  it('at() in a gap never fires; at() in an overlap fires at the first occurrence', () => {
    expect(next('at(2026-03-29T02:30:00)', '2026-01-01T00:00:00Z', berlin)).toBeNull();
    expect(next('at(2026-10-25T02:30:00)', '2026-01-01T00:00:00Z', berlin)).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe('at() and rate()', () => {
  it('at() fires once, in the given zone', () => {
    expect(next('at(2026-05-01T08:00:00)', '2026-04-01T00:00:00Z', 'Europe/Berlin')).toBe('2026-05-01T06:00:00.000Z');
    expect(next('at(2026-05-01T08:00:00)', '2026-05-01T06:00:00Z', 'Europe/Berlin')).toBeNull();
    expect(next('at(2026-05-01T08:00:30)', '2026-05-01T08:00:00Z')).toBe('2026-05-01T08:00:30.000Z');
  });

  it('rate() fires at anchor + k * period', () => {
    const anchor = new Date('2026-01-01T00:00:00Z');
    const at = (after: string, expression = 'rate(5 minutes)') =>
      nextFireTime(expression, 'UTC', new Date(after), { anchor })?.toISOString();
    expect(at('2025-12-31T00:00:00Z')).toBe('2026-01-01T00:00:00.000Z');
    expect(at('2026-01-01T00:00:00Z')).toBe('2026-01-01T00:05:00.000Z');
    expect(at('2026-01-01T00:07:00Z')).toBe('2026-01-01T00:10:00.000Z');
    expect(at('2026-01-01T00:07:00Z', 'rate(1 hour)')).toBe('2026-01-01T01:00:00.000Z');
    expect(nextFireTime('rate(2 hours)', 'UTC', new Date('2026-01-01T00:30:00Z'))?.toISOString()).toBe('2026-01-01T02:30:00.000Z');
  });

  it('rate(1 day) counts 24 hours of elapsed time, so it moves an hour across DST (as on AWS)', () => {
    const anchor = new Date('2026-03-28T08:00:00Z'); // 09:00 CET
    const t = nextFireTime('rate(1 day)', 'Europe/Berlin', anchor, { anchor });
    expect(t?.toISOString()).toBe('2026-03-29T08:00:00.000Z'); // 10:00 CEST
  });
});

describe('far-off and impossible dates', () => {
  // Stepping by fields finds these at once; a minute-by-minute search would scan millions of minutes.
  it('finds the next 29 February years ahead, the fifth Friday, and says never for 30 February', () => {
    expect(nextFireTime('cron(0 12 29 2 ? *)', 'Europe/Berlin', new Date('2029-03-01T00:00:00Z'))?.toISOString()).toBe(
      '2032-02-29T11:00:00.000Z',
    );
    expect(nextFireTime('cron(0 0 30 2 ? *)', 'UTC', new Date('2026-01-01T00:00:00Z'))).toBeNull();
    expect(nextFireTime('cron(59 23 ? * 6#5 *)', 'America/Los_Angeles', new Date('2026-01-31T00:00:00Z'))?.toISOString()).toBe(
      '2026-01-31T07:59:00.000Z',
    );
  });
});

describe('invalid expressions are rejected with clear messages', () => {
  const cases: [string, RegExp][] = [
    ['every 5 minutes', /expected cron\(\.\.\.\), at\(\.\.\.\) or rate\(\.\.\.\)/],
    ['cron(0 10 * * * *)', /one of day-of-month and day-of-week must be "\?"/],
    ['cron(0 10 ? * ? *)', /cannot both be "\?"/],
    ['cron(0 10 * *)', /cron needs 6 fields .* got 4/],
    ['cron(0 10 * * ? * *)', /cron needs 6 fields .* got 7/],
    ['cron(60 10 * * ? *)', /minutes value 60 is out of range 0-59/],
    ['cron(0 24 * * ? *)', /hours value 24 is out of range 0-23/],
    ['cron(0 0 32 * ? *)', /day-of-month value 32 is out of range 1-31/],
    ['cron(0 0 * 13 ? *)', /month value 13 is out of range 1-12/],
    ['cron(0 0 ? * 0 *)', /day-of-week value 0 is out of range 1-7/],
    ['cron(0 0 ? * 8 *)', /day-of-week value 8 is out of range 1-7/],
    ['cron(0 0 * * ? 1969)', /year value 1969 is out of range 1970-2199/],
    ['cron(0 0 ? * FUN *)', /day-of-week value "FUN" is not a number or SUN-SAT/],
    ['cron(0 0 1 FOO ? *)', /month value "FOO" is not a number or JAN-DEC/],
    ['cron(0 0 ? * MON/2 *)', /"\/" wildcard is not allowed in the day-of-week field/],
    ['cron(0 0 L * ? *)x', /expected cron/],
    ['cron(0 L * * ? *)', /"L" wildcard is not allowed in the hours field/],
    ['cron(0 0 ? * 3#1,6#3 *)', /exactly one "<weekday>#<n>"/],
    ['cron(0 0 ? * 3#6 *)', /#1 to #5/],
    ['cron(0 0 1,L * ? *)', /L and W must stand alone/],
    ['cron(0 0 ? * 1,6L *)', /L must stand alone/],
    ['cron(0 5-1 * * ? *)', /range 5-1 in the hours field runs backwards/],
    ['cron(0 */0 * * ? *)', /step "0" in the hours field/],
    ['cron(0 0 1,,2 * ? *)', /empty list item/],
    ['cron(0 0 1-2-3 * ? *)', /malformed range/],
    ['at(2026-02-30T10:00:00)', /2026-02-30 is not a calendar date/],
    ['at(2026-02-01 10:00)', /at\(yyyy-mm-ddThh:mm:ss\)/],
    ['at(2026-02-01T24:00:00)', /is not a time of day/],
    ['rate(0 minutes)', /positive whole number/],
    ['rate(5 weeks)', /minutes\|hours\|days/],
    ['rate(2 hour)', /plural unit "hours"/],
  ];
  it.each(cases)('%s', (expression, message) => {
    expect(() => parseScheduleExpression(expression)).toThrow(ScheduleExpressionError);
    expect(() => parseScheduleExpression(expression)).toThrow(message);
    expect(scheduleExpressionProblem(expression)).toMatch(message);
  });

  it('accepts the forms AWS documents', () => {
    for (const expression of [
      'cron(0 10 * * ? *)',
      'cron(15 12 * * ? *)',
      'cron(0 18 ? * MON-FRI *)',
      'cron(0 8 1 * ? *)',
      'cron(0/15 * * * ? *)',
      'cron(0/10 * ? * MON-FRI *)',
      'cron(0/5 8-17 ? * MON-FRI *)',
      'cron(0 9 ? * 2#1 *)',
      'cron(0 0 L * ? *)',
      'cron(0 0 3W * ? *)',
      // Accepted by AWS (localstack/localstack#13572): degenerate ranges and wide steps.
      'cron(0-15/1 8-8 ? * 2,3,4,5,6,7 *)',
      'cron(30-30 13-13 ? * 2,4,6 *)',
      'cron(1-31/30 1-1 ? * 1,7 *)',
      'rate(1 minute)',
      'rate(1 minutes)',
      'rate(12 hours)',
      'rate(7 days)',
      'at(2026-11-20T13:00:00)',
    ]) {
      expect(scheduleExpressionProblem(expression), expression).toBeNull();
    }
  });

  it('rejects unknown time zones', () => {
    expect(() => nextFireTime('cron(0 10 * * ? *)', 'Mars/Olympus_Mons', new Date())).toThrow(/Unknown time zone "Mars\/Olympus_Mons"/);
  });
});
