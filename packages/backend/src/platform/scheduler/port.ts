import { isValidTimeZone } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import { scheduleExpressionProblem } from './cron.ts';

/**
 * The Scheduler port (ARCHITECTURE: the one place with an AWS adapter and a local adapter behind one
 * interface). A schedule fires a JSON payload at the runner (functions/jobs/report-runner.ts) at the
 * times its expression names, in its time zone. Both adapters accept exactly what EventBridge
 * Scheduler accepts, so a schedule that works locally also works on AWS.
 */

/** AWS schedule names: 1-64 of [0-9a-zA-Z-_.], unique within the schedule group. */
export const ScheduleName = z
  .string()
  .check(z.regex(/^[0-9a-zA-Z\-_.]{1,64}$/, 'Schedule names are 1-64 characters of 0-9, a-z, A-Z, "-", "_" and "."'));

/** `cron(...)`, `at(...)` or `rate(...)` in EventBridge Scheduler syntax (see cron.ts). */
export const ScheduleExpression = z.string().check(
  z.superRefine((value, ctx) => {
    const problem = scheduleExpressionProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);

export const TimeZoneName = z
  .string()
  .check(z.refine(isValidTimeZone, { message: 'Expected an IANA time zone name such as Europe/Berlin' }));

/** The JSON object given to the runner (the AWS target Input). */
export const SchedulePayload = z.record(z.string(), z.json());
export type SchedulePayload = z.infer<typeof SchedulePayload>;

/**
 * Retry policy of the target invocation (AWS Target.RetryPolicy).
 * `maximumAttempts` is AWS MaximumRetryAttempts: the number of RETRIES after the first attempt
 * (0 = one attempt only). `maximumEventAgeSeconds` bounds how long after the scheduled time an
 * attempt may still be made. Either limit sends the event to the dead-letter queue.
 */
export const ScheduleRetryPolicy = z.object({
  maximumAttempts: z.number().check(z.int(), z.gte(0), z.lte(185)),
  maximumEventAgeSeconds: z.number().check(z.int(), z.gte(60), z.lte(86_400)),
});
export type ScheduleRetryPolicy = z.infer<typeof ScheduleRetryPolicy>;

export const ScheduleState = z.enum(['ENABLED', 'DISABLED']);
export type ScheduleState = z.infer<typeof ScheduleState>;

export const ScheduleSpec = z
  .object({
    name: ScheduleName,
    expression: ScheduleExpression,
    timeZone: TimeZoneName,
    payload: SchedulePayload,
    state: ScheduleState,
    retry: ScheduleRetryPolicy,
    /** No invocation before this instant. */
    startDate: z.optional(z.date()),
    /** No invocation after this instant. */
    endDate: z.optional(z.date()),
  })
  .check(
    z.refine((spec) => !spec.startDate || !spec.endDate || spec.startDate < spec.endDate, {
      message: 'endDate must be after startDate',
      path: ['endDate'],
    }),
  );
export type ScheduleSpec = z.infer<typeof ScheduleSpec>;

export interface SchedulerPort {
  /** Creates the schedule, or replaces the one with the same name. Validates the spec first. */
  put(spec: ScheduleSpec): Promise<void>;
  /** Deletes the schedule; removing a schedule that does not exist is not an error. */
  remove(name: string): Promise<void>;
  get(name: string): Promise<ScheduleSpec | null>;
}

/**
 * Context attributes EventBridge Scheduler substitutes into the Input at each invocation (the local
 * scheduler does the same). Put one in a payload string to receive the value, e.g.
 * `{ kind: 'report', processId, scheduledFor: ContextAttribute.scheduledTime }`.
 */
export const ContextAttribute = {
  scheduleArn: '<aws.scheduler.schedule-arn>',
  /** The time the schedule was due (not the attempt time), e.g. 2026-03-01T05:00:00Z. */
  scheduledTime: '<aws.scheduler.scheduled-time>',
  executionId: '<aws.scheduler.execution-id>',
  attemptNumber: '<aws.scheduler.attempt-number>',
} as const;

/** The port with its timer loop: the local adapter runs one; on AWS the service does, so start/stop do nothing. */
export type Scheduler = SchedulerPort & { start(): void; stop(): Promise<void> };
