import * as z from '@portal/core/zod';
import { ContextAttribute, type SchedulePayload } from './port.ts';

/**
 * What a schedule's payload asks the runner to do, and the dispatch to the job registered for it.
 * The runner Lambda (functions/jobs/report-runner.ts) and the local scheduler both end here.
 * A job that throws, or a kind without a registered job, fails the invocation: it is retried and
 * finally dead-lettered (see docs/decisions/005-scheduler-port.md for where that happens on AWS).
 */

export const ReportJobPayload = z.object({
  kind: z.literal('report'),
  processId: z.string().check(z.minLength(1)),
  /** When the run was due (the scheduled-time context attribute), e.g. 2026-03-01T05:00:00Z. */
  scheduledFor: z.optional(z.iso.datetime({ offset: true })),
});
export type ReportJobPayload = z.infer<typeof ReportJobPayload>;

const ReportJobId = z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/));
/** "Run now" (ADR 041): the API starts a report job it made, asynchronously like an export (ADR 033). */
export const ReportRunPayload = z.object({ kind: z.literal('report-job'), jobId: ReportJobId });
/** One day range of a fanned-out report job (ADR 041), started by the job's first invocation. */
export const ReportPartPayload = z.object({
  kind: z.literal('report-part'),
  jobId: ReportJobId,
  part: z.number().check(z.int(), z.gte(0), z.lte(9999)),
});
/**
 * The fixed-rate sweep of the report part slots (ADR 104): holds whose lease passed are freed and
 * waiting parts started in the free slots, even when no part ends and no job fans out.
 */
export const ReportSlotsPayload = z.object({ kind: z.literal('report-slots') });
/** The fixed-rate sweep of product allocation (ADR 087): approved changes whose day has begun are applied. */
export const AllocationApplyPayload = z.object({ kind: z.literal('allocation-apply') });
/** Approved company asset changes whose port call failed, applied again (ADR 107): a step of the sweep. */
export const CompanyEffectsPayload = z.object({ kind: z.literal('company-effects') });
/**
 * The one fixed-rate sweep (sweep.ts, ADR 108): every sweep step at once. The kinds above stay
 * as single steps (a manual run; an event queued before the schedules were merged).
 */
export const SweepPayload = z.object({ kind: z.literal('sweep') });
export type ReportRunPayload = z.infer<typeof ReportRunPayload>;
export type ReportPartPayload = z.infer<typeof ReportPartPayload>;

export const ScheduledJobPayload = z.discriminatedUnion('kind', [
  ReportJobPayload,
  ReportRunPayload,
  ReportPartPayload,
  ReportSlotsPayload,
  AllocationApplyPayload,
  CompanyEffectsPayload,
  SweepPayload,
]);
export type ScheduledJobPayload = z.infer<typeof ScheduledJobPayload>;
export type ScheduledJobKind = ScheduledJobPayload['kind'];

export type JobHandler = (payload: ScheduledJobPayload) => Promise<void>;
/** Job kind -> job. Filled where the runner is composed (functions/jobs/report-runner.ts). */
export type JobRegistry = ReadonlyMap<ScheduledJobKind, JobHandler>;

export class InvalidJobEventError extends Error {
  override readonly name = 'InvalidJobEventError';
}

export class UnknownJobKindError extends Error {
  override readonly name = 'UnknownJobKindError';
}

/** Validates a runner event; throws InvalidJobEventError listing the problems. */
export function parseScheduledJobEvent(event: unknown): ScheduledJobPayload {
  const parsed = ScheduledJobPayload.safeParse(event);
  if (!parsed.success) {
    throw new InvalidJobEventError(`Invalid scheduled job event:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** Runs the job registered for the payload's kind; throws UnknownJobKindError when there is none. */
export async function runScheduledJob(payload: ScheduledJobPayload, jobs: JobRegistry): Promise<void> {
  const job = jobs.get(payload.kind);
  if (!job) {
    const known = [...jobs.keys()].join(', ') || 'none';
    throw new UnknownJobKindError(`No job is registered for kind "${payload.kind}" (registered: ${known})`);
  }
  await job(payload);
}

const isPayloadOf = <K extends ScheduledJobKind>(
  payload: ScheduledJobPayload,
  kind: K,
): payload is Extract<ScheduledJobPayload, { kind: K }> => payload.kind === kind;

/** A registry entry whose job receives its own payload type: `new Map([jobEntry('report', run)])`. */
export function jobEntry<K extends ScheduledJobKind>(
  kind: K,
  run: (payload: Extract<ScheduledJobPayload, { kind: K }>) => Promise<void>,
): [K, JobHandler] {
  return [
    kind,
    async (payload) => {
      if (!isPayloadOf(payload, kind)) throw new UnknownJobKindError(`Job "${kind}" got a "${payload.kind}" payload`);
      await run(payload);
    },
  ];
}

/** The payload of a report schedule; AWS (and the local scheduler) fill in scheduledFor per run. */
export function reportSchedulePayload(processId: string): SchedulePayload {
  return { kind: 'report', processId, scheduledFor: ContextAttribute.scheduledTime };
}
