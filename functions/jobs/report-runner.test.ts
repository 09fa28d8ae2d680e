import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  InvalidJobEventError,
  reportSchedulePayload,
  UnknownJobKindError,
} from '@portal/backend/platform/scheduler/dispatch';
import { createLocalScheduler } from '@portal/backend/platform/scheduler/local-scheduler';
import { describe, expect, it } from 'vitest';
import { handler } from './report-runner.ts';

describe('report-runner handler', () => {
  it('rejects an invalid event', async () => {
    await expect(handler({ kind: 'report' })).rejects.toThrow(InvalidJobEventError);
  });

  it('fails until the report job is registered (it is built in the reports issue)', async () => {
    await expect(handler({ kind: 'report', processId: 'P-1' })).rejects.toThrow(UnknownJobKindError);
  });

  it('is what the local scheduler invokes: scheduledFor is filled in, failures are dead-lettered', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'report-runner-'));
    try {
      let clock = new Date('2026-03-01T00:00:00Z');
      const logger = { info: () => {}, warn: () => {}, error: () => {} };
      const scheduler = createLocalScheduler({
        file: join(dir, 'schedules.json'),
        invoke: handler,
        now: () => clock,
        logger,
      });
      await scheduler.put({
        name: 'report.P-1.endOfMonth',
        expression: 'cron(30 0 1 * ? *)',
        timeZone: 'Europe/Berlin',
        payload: reportSchedulePayload('P-1'),
        state: 'ENABLED',
        retry: { maximumAttempts: 0, maximumEventAgeSeconds: 3600 },
      });
      clock = new Date('2026-03-31T22:30:00Z'); // 2026-04-01 00:30 CEST
      await scheduler.tick();
      expect(scheduler.deadLetters()).toMatchObject([
        {
          payload: { kind: 'report', processId: 'P-1', scheduledFor: '2026-03-31T22:30:00Z' },
          errorMessage: 'No job is registered for kind "report" (registered: none)',
        },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
