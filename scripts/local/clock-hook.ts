import type { Hono } from 'hono';
import * as z from '@portal/core/zod';

/**
 * The local backend's clock (a test hook of `npm start`, outside /api; never part of the Lambda app): the
 * e2e tests see what a later day brings, such as a product allocation change from its effective day (ADR 087).
 *
 *   POST /__local/clock  {"offsetMs": 86400000}   the backend's clock runs that far ahead (0 puts it back)
 *   GET  /__local/clock  -> {"now": ISO, "offsetMs": n}
 * The e2e files run one after another (vitest.config.ts: fileParallelism false); a test that moves the clock
 * puts it back when it ends. Only the backend's clock moves; the scheduler keeps its own (scheduler-hook.ts).
 */
export type LocalClock = { now: () => Date; offsetMs: () => number; set: (offsetMs: number) => void };

export function createLocalClock(): LocalClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    offsetMs: () => offset,
    set: (offsetMs) => {
      offset = offsetMs;
    },
  };
}

/** At most 31 days either way: enough for any day a test needs. */
const ClockChange = z.object({ offsetMs: z.number().check(z.int(), z.gte(-31 * 86_400_000), z.lte(31 * 86_400_000)) });

export function mountClockHook(root: Hono, clock: LocalClock) {
  const state = () => ({ now: clock.now().toISOString(), offsetMs: clock.offsetMs() });
  root.get('/__local/clock', (c) => c.json(state()));
  root.post('/__local/clock', async (c) => {
    const change = ClockChange.safeParse(await c.req.json().catch(() => null));
    if (!change.success) return c.json({ error: change.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') }, 400);
    clock.set(change.data.offsetMs);
    return c.json(state());
  });
}
