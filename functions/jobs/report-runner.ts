import {
  type JobHandler,
  type JobRegistry,
  parseScheduledJobEvent,
  runScheduledJob,
  type ScheduledJobKind,
} from '@portal/backend/platform/scheduler/dispatch';

/** Scheduled jobs by kind. The report job is registered by the reports issue: jobEntry('report', ...). */
export const jobs: JobRegistry = new Map<ScheduledJobKind, JobHandler>();

/** EventBridge Scheduler target (and the local scheduler's invoke): validate, then dispatch. */
export const handler = async (event: unknown): Promise<void> =>
  runScheduledJob(parseScheduledJobEvent(event), jobs);
