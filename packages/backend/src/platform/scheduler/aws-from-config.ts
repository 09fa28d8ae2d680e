import type { Config } from '../../config.ts';
import { lazy } from '../lazy.ts';
import type { Scheduler } from './port.ts';

/** What the AWS adapter reads from the validated config (config.ts: SCHEDULER_MODE and friends). */
export type AwsSchedulerSettings = Pick<
  Config,
  'AWS_REGION' | 'SCHEDULER_MODE' | 'SCHEDULE_GROUP_NAME' | 'REPORT_RUNNER_ARN' | 'SCHEDULER_ROLE_ARN' | 'SCHEDULER_DLQ_ARN'
>;

/**
 * The EventBridge Scheduler adapter when the config names it (SCHEDULER_MODE=aws with the schedule settings:
 * the API Lambda), else null (the runner Lambda, every local process). Its module, the schedule validation
 * and the cron evaluator load with the first schedule call: createBackend runs at every cold start and only
 * report schedule saves need them (ADR 038 addendum). The local adapter is made by its caller
 * (`schedulerFromConfig`, scripts/local/runtime.ts) and handed to createBackend, so no Lambda bundles it.
 */
export function awsSchedulerFromConfig(config: AwsSchedulerSettings): Scheduler | null {
  if (config.SCHEDULER_MODE !== 'aws') return null;
  const { SCHEDULE_GROUP_NAME, REPORT_RUNNER_ARN, SCHEDULER_ROLE_ARN, SCHEDULER_DLQ_ARN, AWS_REGION } = config;
  if (!SCHEDULE_GROUP_NAME || !REPORT_RUNNER_ARN || !SCHEDULER_ROLE_ARN || !SCHEDULER_DLQ_ARN) return null;
  const adapter = lazy(async () => {
    const { AwsScheduler } = await import('./aws-scheduler.ts');
    return new AwsScheduler({
      groupName: SCHEDULE_GROUP_NAME,
      targetArn: REPORT_RUNNER_ARN,
      roleArn: SCHEDULER_ROLE_ARN,
      deadLetterArn: SCHEDULER_DLQ_ARN,
      region: AWS_REGION,
    });
  });
  return {
    put: async (spec) => (await adapter()).put(spec),
    remove: async (name) => (await adapter()).remove(name),
    get: async (name) => (await adapter()).get(name),
    // The service runs the schedules on AWS: nothing to start or stop in the process.
    start: () => {},
    stop: async () => {},
  };
}
