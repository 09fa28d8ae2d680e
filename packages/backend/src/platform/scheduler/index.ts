import type { SchedulerClient } from '@aws-sdk/client-scheduler';
import type { Config } from '../../config.ts';
import { AwsScheduler } from './aws-scheduler.ts';
import { awsSchedulerFromConfig } from './aws-from-config.ts';
import { createLocalScheduler, type LocalScheduler, type LocalSchedulerOptions } from './local-scheduler.ts';
import type { Scheduler, SchedulerPort } from './port.ts';

export * from './port.ts';
export { AwsScheduler, type AwsSchedulerOptions } from './aws-scheduler.ts';
export { nextFireTime, parseScheduleExpression, ScheduleExpressionError } from './cron.ts';
export * from './dispatch.ts';
export { runSweep, SWEEP_MINUTES, type SweepStep, SweepStepsFailed } from './sweep.ts';
export {
  createLocalScheduler,
  type DeadLetter,
  type LocalScheduler,
  type LocalSchedulerOptions,
  type SchedulerLogger,
  ValidationException,
} from './local-scheduler.ts';

/** SCHEDULER_MODE=aws: the names come from SCHEDULE_GROUP_NAME, REPORT_RUNNER_ARN, SCHEDULER_ROLE_ARN, SCHEDULER_DLQ_ARN. */
export interface AwsSchedulerConfig {
  mode: 'aws';
  groupName: string;
  targetArn: string;
  roleArn: string;
  deadLetterArn: string;
  /** A ready client (tests, custom endpoint); otherwise one is made on first use for `region`. */
  client?: SchedulerClient;
  region?: string;
}

/** SCHEDULER_MODE=local: the in-process scheduler invoking the runner handler directly. */
export interface LocalSchedulerConfig extends LocalSchedulerOptions {
  mode: 'local';
}

export type SchedulerConfig = AwsSchedulerConfig | LocalSchedulerConfig;
export type SchedulerMode = SchedulerConfig['mode'];

/** Picks the adapter for the mode. The local one also needs start()/stop(), hence its own return type. */
export function createSchedulerPort(config: LocalSchedulerConfig): LocalScheduler;
export function createSchedulerPort(config: AwsSchedulerConfig): AwsScheduler;
export function createSchedulerPort(config: SchedulerConfig): SchedulerPort;
export function createSchedulerPort(config: SchedulerConfig): SchedulerPort {
  switch (config.mode) {
    case 'aws': {
      const { client, region, groupName, targetArn, roleArn, deadLetterArn } = config;
      return new AwsScheduler({
        ...(client ? { client } : {}),
        ...(region ? { region } : {}),
        groupName,
        targetArn,
        roleArn,
        deadLetterArn,
      });
    }
    case 'local': {
      const { mode: _mode, ...options } = config;
      return createLocalScheduler(options);
    }
  }
}

/** What `createBackend` reads from the validated config (config.ts: SCHEDULER_MODE and friends). */
export type SchedulerSettings = Pick<
  Config,
  | 'AWS_REGION'
  | 'SCHEDULER_MODE'
  | 'SCHEDULE_GROUP_NAME'
  | 'REPORT_RUNNER_ARN'
  | 'SCHEDULER_ROLE_ARN'
  | 'SCHEDULER_DLQ_ARN'
  | 'SCHEDULER_FILE'
>;

/**
 * The scheduler this process manages schedules with, or null when it manages none: on AWS the lazily loaded
 * EventBridge adapter when the schedule settings are there (the API, not the runner itself:
 * aws-from-config.ts); locally the in-process scheduler on SCHEDULER_FILE when given the runner to `invoke`
 * (scripts/local/runtime.ts, tests), which the caller passes to createBackend (`adapters.scheduler`).
 */
export function schedulerFromConfig(
  config: SchedulerSettings,
  invoke?: LocalSchedulerOptions['invoke'],
  now?: LocalSchedulerOptions['now'],
): Scheduler | null {
  if (config.SCHEDULER_MODE === 'aws') return awsSchedulerFromConfig(config);
  if (!config.SCHEDULER_FILE || !invoke) return null;
  return createSchedulerPort({ mode: 'local', file: config.SCHEDULER_FILE, invoke, ...(now ? { now } : {}) });
}
