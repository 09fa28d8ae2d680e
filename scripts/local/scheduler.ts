import { join } from 'node:path';
import { createLocalScheduler } from '@portal/backend/platform/scheduler/local-scheduler';
import { handler as reportRunner } from '../../functions/jobs/report-runner.ts';

/** The local EventBridge Scheduler: same schedule semantics, invoking the same runner handler. */
export async function startLocalScheduler(dir: string) {
  const scheduler = createLocalScheduler({
    file: join(dir, 'schedules.json'),
    invoke: async (payload) => {
      await reportRunner(payload);
    },
  });
  scheduler.start();
  return { scheduler, stop: async () => scheduler.stop() };
}
