import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidJobEventError, reportSchedulePayload, createLocalScheduler, SweepStepsFailed } from '@portal/backend/platform/scheduler';
import { describe, expect, it } from 'vitest';
import { handler, jobs, sweepSteps } from './report-runner.ts';

describe('report-runner handler', () => {
  it('rejects an invalid event', async () => {
    await expect(handler({ kind: 'report' })).rejects.toThrow(InvalidJobEventError);
    await expect(handler({ kind: 'report-part', jobId: 'x', part: -1 })).rejects.toThrow(InvalidJobEventError);
  });

  it('registers the scheduled fire, the manual run, the fan-out part (ADR 041), the one sweep and its steps alone', () => {
    expect([...jobs.keys()].sort()).toEqual([
      'allocation-apply',
      'company-effects',
      'report',
      'report-job',
      'report-part',
      'report-slots',
      'sweep',
    ]);
    // The one sweep (ADR 108) runs the slots' (ADR 077), the allocation's (ADR 087) and the company effects' (ADR 085) steps.
    expect(sweepSteps.map((s) => s.name)).toEqual(['report-slots', 'allocation-apply', 'company-effects']);
  });

  it('runs every sweep step even when one fails, then fails naming it (no configuration in this process)', async () => {
    const error = await handler({ kind: 'sweep' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SweepStepsFailed);
    expect((error as SweepStepsFailed).errors).toHaveLength(3);
    expect((error as Error).message).toMatch(/report-slots .*allocation-apply.*company-effects/);
  });

  it('is what the local scheduler invokes: scheduledFor is filled in, a failing run is dead-lettered', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'report-runner-'));
    try {
      let clock = new Date('2026-03-01T00:00:00Z');
      const logger = { info: () => {}, warn: () => {}, error: () => {} };
      const invoked: unknown[] = [];
      const scheduler = createLocalScheduler({
        file: join(dir, 'schedules.json'),
        invoke: async (payload) => {
          invoked.push(payload);
          await handler(payload);
        },
        now: () => clock,
        logger,
      });
      await scheduler.put({
        name: 'report.P-1.endOfMonth',
        expression: 'cron(30 0 1 * ? *)',
        timeZone: 'Europe/Berlin',
        payload: reportSchedulePayload('P-NONE-1'),
        state: 'ENABLED',
        retry: { maximumAttempts: 0, maximumEventAgeSeconds: 3600 },
      });
      clock = new Date('2026-03-31T22:30:00Z'); // 2026-04-01 00:30 CEST
      await scheduler.tick();
      expect(invoked).toEqual([{ kind: 'report', processId: 'P-NONE-1', scheduledFor: '2026-03-31T22:30:00Z' }]);
      // No configuration in this process: the run fails and, retries exhausted, is dead-lettered.
      expect(scheduler.deadLetters()).toMatchObject([
        { payload: { kind: 'report', processId: 'P-NONE-1' }, errorMessage: expect.stringContaining('Invalid configuration') },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
