import type { Scheduler, SchedulePayload } from '@portal/backend/platform/scheduler';
import type { Hono } from 'hono';

/**
 * The local scheduler's test hook (ADR 040): the e2e tests and a developer make scheduled
 * reports fire now instead of waiting for 06:00. Served by `npm start` outside /api only (never part of
 * the Lambda app, which has no local scheduler):
 *
 *   POST /__local/scheduler/advance  {"to": "2026-11-26T06:00:00Z"}
 *     moves the local scheduler's clock forward to `to`, firing every due occurrence (and retry) on the
 *     way one after another, in order, and answers when those runs finished:
 *     200 {"now": ISO, "fired": [{"name", "scheduledFor", "payload"}]}. The clock never goes back: a `to`
 *     in the past fires nothing. Only the scheduler's clock moves (job times stay real).
 *   GET /__local/scheduler -> {"now": ISO, "nextDueAt": ISO | null}
 * The offset lives in the process: after a restart the clock is real again, and occurrences up to the
 * advanced time count as dispatched (the schedules file keeps its cursor), so nothing fires twice.
 */
export type SchedulerClock = { now: () => Date; advanceTo: (to: Date) => void };

/** A clock running at real speed from an offset that only grows. */
export function createSchedulerClock(): SchedulerClock {
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  return {
    now,
    advanceTo: (to) => {
      offsetMs = Math.max(offsetMs, to.getTime() - Date.now());
    },
  };
}

type Fired = { name: string; scheduledFor: string; payload: SchedulePayload };
/** The runner the local scheduler invokes, wrapped to note what fired while an advance runs. */
export function recordingRunner(run: (payload: SchedulePayload) => Promise<void>) {
  let log: Fired[] | null = null;
  return {
    run: async (payload: SchedulePayload) => {
      log?.push({ name: String(payload.processId ?? payload.kind ?? ''), scheduledFor: String(payload.scheduledFor ?? ''), payload });
      await run(payload);
    },
    record: async (during: () => Promise<void>): Promise<Fired[]> => {
      log = [];
      try {
        await during();
        return log;
      } finally {
        log = null;
      }
    },
  };
}

/** At most this many due instants per advance: a year of a daily schedule with retries fits. */
const MAX_STEPS = 5000;

type LocalSchedulerLike = Pick<Scheduler, 'get'> & { tick(): Promise<void>; nextDueAt(): Date | null };
const isLocal = (s: Scheduler | null): s is Scheduler & LocalSchedulerLike =>
  !!s && typeof (s as Partial<LocalSchedulerLike>).tick === 'function';

export function mountSchedulerHook(
  root: Hono,
  scheduler: Scheduler | null,
  clock: SchedulerClock,
  runner: ReturnType<typeof recordingRunner>,
) {
  let busy: Promise<unknown> = Promise.resolve();
  root.get('/__local/scheduler', (c) => {
    if (!isLocal(scheduler)) return c.json({ error: 'no local scheduler in this process' }, 404);
    return c.json({ now: clock.now().toISOString(), nextDueAt: scheduler.nextDueAt()?.toISOString() ?? null });
  });
  root.post('/__local/scheduler/advance', async (c) => {
    if (!isLocal(scheduler)) return c.json({ error: 'no local scheduler in this process' }, 404);
    const body = (await c.req.json().catch(() => null)) as { to?: unknown } | null;
    const to = typeof body?.to === 'string' ? new Date(body.to) : null;
    if (!to || Number.isNaN(to.getTime())) return c.json({ error: 'body must be {"to": "<ISO date-time>"}' }, 400);
    // One advance at a time: two in parallel would interleave their occurrences.
    const run = busy.then(() =>
      runner.record(async () => {
        for (let step = 0; step < MAX_STEPS; step++) {
          const due = scheduler.nextDueAt();
          if (!due || due.getTime() > to.getTime()) break;
          clock.advanceTo(due);
          await scheduler.tick();
        }
        clock.advanceTo(to);
      }),
    );
    busy = run.catch(() => {});
    const fired = await run;
    return c.json({ now: clock.now().toISOString(), fired });
  });
}
