import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSchedulerPort } from './index.ts';
import { createLocalScheduler, deadLetterFileFor, type LocalScheduler, type LocalSchedulerOptions } from './local-scheduler.ts';
import { ContextAttribute, type SchedulePayload, type ScheduleSpec } from './port.ts';

let dir: string;
let file: string;
let clock: Date;
let invoked: SchedulePayload[];
let failures: number; // how many of the next invocations throw
const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

const invoke = async (payload: SchedulePayload): Promise<void> => {
  invoked.push(payload);
  if (failures > 0) {
    failures--;
    throw new Error('report job failed');
  }
};

function scheduler(extra: Partial<LocalSchedulerOptions> = {}): LocalScheduler {
  return createLocalScheduler({ file, invoke, now: () => clock, logger, ...extra });
}

const setClock = (iso: string) => {
  clock = new Date(iso);
};
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

const spec = (overrides: Partial<ScheduleSpec> = {}): ScheduleSpec => ({
  name: 'report.P-1.daily',
  expression: 'cron(0 7 * * ? *)',
  timeZone: 'Europe/Berlin',
  payload: {
    kind: 'report',
    processId: 'P-1',
    scheduledFor: ContextAttribute.scheduledTime,
    attempt: ContextAttribute.attemptNumber,
  },
  state: 'ENABLED',
  retry: { maximumAttempts: 2, maximumEventAgeSeconds: 3600 },
  ...overrides,
});

/** Advances the clock to each due time and ticks, until nothing is due before `until`. */
async function runUntil(s: LocalScheduler, until: string): Promise<void> {
  const end = new Date(until).getTime();
  for (let due = s.nextDueAt(); due && due.getTime() <= end; due = s.nextDueAt()) {
    clock = due;
    await s.tick();
  }
  clock = new Date(end);
  await s.tick();
}

/** A fresh scheduler with `spec(overrides)` put, run until `until` (runUntil). */
async function runSpecUntil(overrides: Partial<ScheduleSpec>, until: string): Promise<LocalScheduler> {
  const s = scheduler();
  await s.put(spec(overrides));
  await runUntil(s, until);
  return s;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'local-scheduler-'));
  file = join(dir, 'scheduler', 'schedules.json');
  setClock('2026-03-02T05:00:00Z'); // Monday, 06:00 in Berlin
  invoked = [];
  failures = 0;
  vi.clearAllMocks();
});

afterEach(async () => {
  vi.useRealTimers();
  await rm(dir, { recursive: true, force: true });
});

describe('local scheduler: firing', () => {
  it('fires a due cron schedule on tick, in its time zone, with context attributes', async () => {
    const s = scheduler();
    await s.put(spec());
    expect(s.nextDueAt()?.toISOString()).toBe('2026-03-02T06:00:00.000Z'); // 07:00 CET

    setClock('2026-03-02T05:59:59Z');
    await s.tick();
    expect(invoked).toEqual([]);

    setClock('2026-03-02T06:00:00Z');
    await s.tick();
    await s.tick();
    expect(invoked).toEqual([{ kind: 'report', processId: 'P-1', scheduledFor: '2026-03-02T06:00:00Z', attempt: '1' }]);

    setClock('2026-03-03T06:00:30Z');
    await s.tick();
    expect(invoked.map((p) => p.scheduledFor)).toEqual(['2026-03-02T06:00:00Z', '2026-03-03T06:00:00Z']);
  });

  it('at() fires once and stays readable', async () => {
    const s = await runSpecUntil({ name: 'once', expression: 'at(2026-03-02T08:00:00)' }, '2026-03-10T00:00:00Z');
    expect(invoked.map((p) => p.scheduledFor)).toEqual(['2026-03-02T07:00:00Z']);
    expect(s.nextDueAt()).toBeNull();
    expect((await s.get('once'))?.expression).toBe('at(2026-03-02T08:00:00)');
  });

  it('a DISABLED schedule does not fire, and re-enabling does not replay the past', async () => {
    const s = scheduler();
    await s.put(spec({ state: 'DISABLED' }));
    expect(s.nextDueAt()).toBeNull();
    setClock('2026-03-02T06:30:00Z');
    await s.tick();
    expect(invoked).toEqual([]);

    await s.put(spec({ state: 'ENABLED' }));
    await s.tick();
    expect(invoked).toEqual([]);
    await runUntil(s, '2026-03-03T06:00:00Z');
    expect(invoked.map((p) => p.scheduledFor)).toEqual(['2026-03-03T06:00:00Z']);
  });

  it('respects startDate and endDate', async () => {
    const s = scheduler();
    await s.put(
      spec({
        expression: 'cron(0 * * * ? *)',
        startDate: new Date('2026-03-02T08:00:00Z'),
        endDate: new Date('2026-03-02T10:00:00Z'),
      }),
    );
    await runUntil(s, '2026-03-03T00:00:00Z');
    expect(invoked.map((p) => p.scheduledFor)).toEqual(['2026-03-02T08:00:00Z', '2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z']);
  });

  it('rate() without startDate fires right away, then every period', async () => {
    await runSpecUntil({ expression: 'rate(30 minutes)' }, '2026-03-02T06:00:00Z');
    expect(invoked.map((p) => p.scheduledFor)).toEqual(['2026-03-02T05:00:00Z', '2026-03-02T05:30:00Z', '2026-03-02T06:00:00Z']);
  });

  it('skips the spring-forward gap like AWS', async () => {
    setClock('2026-03-28T00:00:00Z');
    await runSpecUntil({ expression: 'cron(30 2 * * ? *)' }, '2026-03-31T00:00:00Z');
    expect(invoked.map((p) => p.scheduledFor)).toEqual(['2026-03-28T01:30:00Z', '2026-03-30T00:30:00Z']);
  });

  it('coalesces occurrences missed while stopped into one invocation within the event age', async () => {
    const s = scheduler();
    await s.put(spec({ expression: 'cron(0 * * * ? *)', retry: { maximumAttempts: 0, maximumEventAgeSeconds: 7200 } }));
    setClock('2026-03-02T10:30:00Z');
    await s.tick();
    expect(invoked.map((p) => p.scheduledFor)).toEqual(['2026-03-02T10:00:00Z']);
    // 05:00-08:00 are older than two hours: skipped; 09:00 and 10:00 are coalesced into 10:00.
    expect(logger.warn).toHaveBeenCalledWith(
      'skipped occurrences older than maximumEventAgeSeconds',
      expect.objectContaining({ firstMissed: '2026-03-02T05:00:00.000Z' }),
    );
    expect(logger.warn).toHaveBeenCalledWith('coalesced missed occurrences into one invocation', expect.objectContaining({ count: 2 }));
  });

  it('remove is idempotent and stops the schedule', async () => {
    const s = scheduler();
    await s.put(spec());
    await s.remove('report.P-1.daily');
    await s.remove('report.P-1.daily');
    await s.remove('never-existed');
    expect(await s.get('report.P-1.daily')).toBeNull();
    await runUntil(s, '2026-03-05T00:00:00Z');
    expect(invoked).toEqual([]);
  });

  it('validates specs like the AWS adapter', async () => {
    const s = scheduler();
    await expect(s.put(spec({ expression: 'cron(0 7 * * * *)' }))).rejects.toThrow(/one of day-of-month and day-of-week/);
    await expect(s.put(spec({ name: 'has space' }))).rejects.toThrow(/Schedule names/);
    await expect(s.remove('has space')).rejects.toThrow(/Schedule names/);
  });

  it('rejects a recurring schedule starting more than 5 minutes ago, as CreateSchedule does', async () => {
    const s = scheduler();
    await expect(s.put(spec({ startDate: new Date('2026-03-02T04:54:00Z') }))).rejects.toThrow(
      'The StartDate you specify cannot be earlier than 5 minutes ago.',
    );
    await s.put(spec({ startDate: new Date('2026-03-02T04:56:00Z') }));
    await s.put(
      spec({
        name: 'once',
        expression: 'at(2026-03-03T08:00:00)',
        startDate: new Date('2026-01-01T00:00:00Z'),
      }),
    );
  });
});

describe('local scheduler: retries and dead letters', () => {
  it('retries with exponential backoff, then dead-letters after maximumAttempts retries', async () => {
    failures = 99;
    const s = scheduler();
    await s.put(spec()); // 2 retries = 3 attempts
    setClock('2026-03-02T06:00:00Z');
    await s.tick();
    expect(s.nextDueAt()?.toISOString()).toBe('2026-03-02T06:00:01.000Z');
    advance(1_000);
    await s.tick();
    expect(s.nextDueAt()?.toISOString()).toBe('2026-03-02T06:00:03.000Z');
    advance(1_000);
    await s.tick(); // not yet due
    expect(invoked).toHaveLength(2);
    advance(1_000);
    await s.tick();
    expect(invoked.map((p) => p.attempt)).toEqual(['1', '2', '3']);
    expect(invoked.every((p) => p.scheduledFor === '2026-03-02T06:00:00Z')).toBe(true);

    expect(s.deadLetters()).toEqual([
      {
        scheduleName: 'report.P-1.daily',
        scheduleArn: 'arn:aws:scheduler:local:000000000000:schedule/default/report.P-1.daily',
        scheduledTime: '2026-03-02T06:00:00Z',
        payload: { kind: 'report', processId: 'P-1', scheduledFor: '2026-03-02T06:00:00Z', attempt: '3' },
        attempts: 3,
        errorMessage: 'report job failed',
        exhaustedRetryCondition: 'MaximumRetryAttempts',
        deadLetteredAt: '2026-03-02T06:00:03.000Z',
      },
    ]);
    // The next day's occurrence is independent of the dead-lettered one.
    expect(s.nextDueAt()?.toISOString()).toBe('2026-03-03T06:00:00.000Z');
  });

  it('maximumAttempts 0 means one attempt only', async () => {
    failures = 1;
    const s = await runSpecUntil({ retry: { maximumAttempts: 0, maximumEventAgeSeconds: 60 } }, '2026-03-02T06:10:00Z');
    expect(invoked).toHaveLength(1);
    expect(s.deadLetters()[0]?.exhaustedRetryCondition).toBe('MaximumRetryAttempts');
  });

  it('stops retrying when the next attempt would exceed maximumEventAgeSeconds', async () => {
    failures = 99;
    const s = await runSpecUntil({ retry: { maximumAttempts: 185, maximumEventAgeSeconds: 60 } }, '2026-03-02T07:00:00Z');
    // Attempts at +0, +1, +3, +7, +15, +31 s; the next would be at +63 s > 60 s.
    expect(invoked).toHaveLength(6);
    expect(s.deadLetters()).toMatchObject([{ attempts: 6, exhaustedRetryCondition: 'MaximumEventAgeInSeconds' }]);
  });

  it('a retry that succeeds leaves no dead letter', async () => {
    failures = 1;
    const s = scheduler();
    await s.put(spec());
    await runUntil(s, '2026-03-02T06:10:00Z');
    expect(invoked.map((p) => p.attempt)).toEqual(['1', '2']);
    expect(s.deadLetters()).toEqual([]);
  });
});

describe('local scheduler: persistence', () => {
  it('schedules, pending retries and dead letters survive a new instance on the same file', async () => {
    const first = scheduler();
    const withDates = spec({
      startDate: new Date('2026-03-02T05:00:00Z'),
      endDate: new Date('2027-01-01T00:00:00Z'),
    });
    await first.put(withDates);
    await first.put(spec({ name: 'doomed', retry: { maximumAttempts: 0, maximumEventAgeSeconds: 60 } }));
    failures = 2; // both first attempts fail: 'doomed' is dead-lettered, the other waits for a retry
    setClock('2026-03-02T06:00:00Z');
    await first.tick();
    await first.stop();

    const second = scheduler();
    expect(await second.get('report.P-1.daily')).toEqual(withDates);
    expect(second.deadLetters()).toMatchObject([{ scheduleName: 'doomed' }]);
    expect(second.nextDueAt()?.toISOString()).toBe('2026-03-02T06:00:01.000Z');
    advance(1_000);
    await second.tick();
    expect(invoked.filter((p) => p.attempt === '2')).toHaveLength(1);
    // Not fired again for the same occurrence.
    await second.tick();
    expect(invoked).toHaveLength(3);

    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved.version).toBe(1);
    expect(JSON.parse(await readFile(deadLetterFileFor(file), 'utf8'))).toHaveLength(1);
    expect(deadLetterFileFor(file)).toBe(join(dir, 'scheduler', 'schedules.dead-letters.json'));
  });

  it('rejects a file that is not a schedules file, naming it', async () => {
    await writeFile(join(dir, 'broken.json'), '{"version": 7}');
    expect(() => scheduler({ file: join(dir, 'broken.json') })).toThrow(/broken\.json is not a schedules file/);
    await writeFile(join(dir, 'garbage.json'), 'not json');
    expect(() => scheduler({ file: join(dir, 'garbage.json') })).toThrow(/garbage\.json is not valid JSON/);
  });
});

describe('local scheduler: timer loop', () => {
  it('sleeps until the next due time (capped) and fires without tick()', async () => {
    vi.useFakeTimers({
      now: new Date('2026-03-02T05:59:00Z'),
      toFake: ['setTimeout', 'clearTimeout', 'Date'],
    });
    const s = createLocalScheduler({ file, invoke, logger, maxTimerDelayMs: 30_000 });
    await s.put(spec({ expression: 'cron(0 7 * * ? *)' }));
    s.start();
    s.start(); // idempotent
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000); // capped wake-up, nothing due yet
    expect(invoked).toEqual([]);
    await vi.advanceTimersByTimeAsync(30_000);
    await vi.waitFor(() => expect(invoked).toHaveLength(1));
    expect(invoked[0]?.scheduledFor).toBe('2026-03-02T06:00:00Z');
    expect(vi.getTimerCount()).toBe(1); // re-armed, one timer only
    await s.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('createSchedulerPort builds the local scheduler in local mode', async () => {
    const s = createSchedulerPort({ mode: 'local', file, invoke, now: () => clock, logger });
    await s.put(spec());
    setClock('2026-03-02T06:00:00Z');
    await s.tick();
    expect(invoked).toHaveLength(1);
  });
});
