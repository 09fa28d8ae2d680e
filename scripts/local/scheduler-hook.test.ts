import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalScheduler, type SchedulePayload } from '@portal/backend/platform/scheduler';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createSchedulerClock, mountSchedulerHook, recordingRunner } from './scheduler-hook.ts';

describe('the local scheduler test hook', () => {
  it('advances the clock through every due occurrence in order and answers after the runs finished', async () => {
    const clock = createSchedulerClock();
    const ran: SchedulePayload[] = [];
    const runner = recordingRunner(async (payload) => {
      await new Promise((r) => setTimeout(r, 20));
      ran.push(payload);
    });
    const scheduler = createLocalScheduler({
      file: join(mkdtempSync(join(tmpdir(), 'hook-')), 'schedules.json'),
      invoke: runner.run,
      now: clock.now,
    });
    const root = new Hono();
    mountSchedulerHook(root, scheduler, clock, runner);
    await scheduler.put({
      name: 'rpt.cr-hook',
      expression: 'cron(0 6 * * ? *)',
      timeZone: 'Europe/Berlin',
      payload: { kind: 'report', processId: 'cr-hook', scheduledFor: '<aws.scheduler.scheduled-time>' },
      state: 'ENABLED',
      retry: { maximumAttempts: 0, maximumEventAgeSeconds: 3600 },
    });
    const start = clock.now();
    const to = new Date(start.getTime() + 3 * 86_400_000);
    const res = await root.request('/__local/scheduler/advance', { method: 'POST', body: JSON.stringify({ to: to.toISOString() }) });
    const body = (await res.json()) as { now: string; fired: { name: string; scheduledFor: string }[] };
    expect(res.status).toBe(200);
    expect(body.fired.length).toBe(3);
    expect(ran.length).toBe(3);
    expect(body.fired.map((f) => f.name)).toEqual(['cr-hook', 'cr-hook', 'cr-hook']);
    const times = body.fired.map((f) => Date.parse(f.scheduledFor));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Date.parse(body.now)).toBeGreaterThanOrEqual(to.getTime());
    // The clock never goes back.
    const back = await root.request('/__local/scheduler/advance', { method: 'POST', body: JSON.stringify({ to: start.toISOString() }) });
    expect(((await back.json()) as { fired: unknown[] }).fired).toEqual([]);
    expect((await root.request('/__local/scheduler/advance', { method: 'POST', body: '{}' })).status).toBe(400);
    await scheduler.stop();
  });
});
