import { randomBytes } from 'node:crypto';
import { nextFireTime } from './cron.ts';
import type {
  DeadLetter,
  ExhaustedRetryCondition,
  PendingAttempt,
  ScheduleRecord,
  SchedulerLogger,
  SchedulerState,
} from './local-scheduler-state.ts';
import { ContextAttribute, SchedulePayload } from './port.ts';

/** When the local scheduler's schedules fire and what an attempt carries (local-scheduler.ts, ADR 005). */

export const awsTime = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The next occurrence strictly after `after`, honouring startDate and endDate. */
export function nextOccurrence(record: ScheduleRecord, after: Date): Date | null {
  const { spec } = record;
  let from = after;
  if (spec.startDate && spec.startDate.getTime() - 1 > after.getTime()) {
    from = new Date(spec.startDate.getTime() - 1);
  }
  const next = nextFireTime(record.parsed, spec.timeZone, from, { anchor: spec.startDate ?? record.since });
  if (!next || (spec.endDate && next > spec.endDate)) return null;
  return next;
}

export function nextDueAt(state: SchedulerState): Date | null {
  let earliest: number | null = null;
  const consider = (date: Date | null) => {
    if (date && (earliest === null || date.getTime() < earliest)) earliest = date.getTime();
  };
  for (const record of state.schedules.values()) {
    if (record.spec.state === 'ENABLED') consider(nextOccurrence(record, record.cursor));
  }
  for (const attempt of state.pending) consider(attempt.dueAt);
  return earliest === null ? null : new Date(earliest);
}

/** Takes the due retries and occurrences out of the state (synchronously, so never twice). */
export function collectDue(state: SchedulerState, at: Date, logger: SchedulerLogger): PendingAttempt[] {
  const due = state.pending.filter((p) => p.dueAt <= at);
  state.pending = state.pending.filter((p) => p.dueAt > at);
  for (const record of state.schedules.values()) {
    const { spec } = record;
    const cursor = record.cursor;
    record.cursor = at;
    if (spec.state !== 'ENABLED') continue;
    // Occurrences older than the maximum event age would be dropped by AWS too: skip them.
    const oldest = new Date(at.getTime() - spec.retry.maximumEventAgeSeconds * 1000);
    const windowStart = cursor > oldest ? cursor : oldest;
    if (cursor < oldest) {
      const missed = nextOccurrence(record, cursor);
      if (missed && missed <= oldest) {
        logger.warn('skipped occurrences older than maximumEventAgeSeconds', {
          schedule: spec.name,
          firstMissed: missed.toISOString(),
        });
      }
    }
    let latest: Date | null = null;
    let count = 0;
    for (let t = nextOccurrence(record, windowStart); t && t <= at; t = nextOccurrence(record, t)) {
      latest = t;
      count++;
    }
    if (!latest) continue;
    if (count > 1) {
      logger.warn('coalesced missed occurrences into one invocation', { schedule: spec.name, count });
    }
    due.push({ scheduleName: spec.name, scheduledTime: latest, attempt: 1, dueAt: latest });
  }
  return due;
}

export const scheduleArn = (groupName: string, name: string) => `arn:aws:scheduler:local:000000000000:schedule/${groupName}/${name}`;

/** The payload with the context attributes of this attempt substituted. */
export function withContext(payload: SchedulePayload, event: PendingAttempt, groupName: string): SchedulePayload {
  const values: Record<string, string> = {
    [ContextAttribute.scheduleArn]: scheduleArn(groupName, event.scheduleName),
    [ContextAttribute.scheduledTime]: awsTime(event.scheduledTime),
    [ContextAttribute.executionId]: randomBytes(8).toString('hex'),
    [ContextAttribute.attemptNumber]: String(event.attempt),
  };
  let text = JSON.stringify(payload);
  for (const [placeholder, value] of Object.entries(values)) text = text.split(placeholder).join(value);
  return SchedulePayload.parse(JSON.parse(text));
}

/** After a failed attempt: when to retry, or why not (the retry policy's exhausted condition). */
export function afterFailure(
  record: ScheduleRecord,
  event: PendingAttempt,
  failedAt: Date,
  delays: { retryBaseDelayMs: number; retryMaxDelayMs: number },
): { retryAt: Date; condition: ExhaustedRetryCondition | null } {
  const { maximumAttempts, maximumEventAgeSeconds } = record.spec.retry;
  const retryAt = new Date(failedAt.getTime() + Math.min(delays.retryBaseDelayMs * 2 ** (event.attempt - 1), delays.retryMaxDelayMs));
  const condition: ExhaustedRetryCondition | null =
    event.attempt > maximumAttempts
      ? 'MaximumRetryAttempts'
      : retryAt.getTime() - event.scheduledTime.getTime() > maximumEventAgeSeconds * 1000
        ? 'MaximumEventAgeInSeconds'
        : null;
  return { retryAt, condition };
}

/** The dead letter of an attempt that failed for good (the attributes of an AWS dead-letter event). */
export function deadLetterOf(
  event: PendingAttempt,
  payload: SchedulePayload,
  failure: { message: string; condition: ExhaustedRetryCondition; failedAt: Date; groupName: string },
): DeadLetter {
  return {
    scheduleName: event.scheduleName,
    scheduleArn: scheduleArn(failure.groupName, event.scheduleName),
    scheduledTime: awsTime(event.scheduledTime),
    payload,
    attempts: event.attempt,
    errorMessage: failure.message,
    exhaustedRetryCondition: failure.condition,
    deadLetteredAt: failure.failedAt.toISOString(),
  };
}
