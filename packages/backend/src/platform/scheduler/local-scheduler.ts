import { parseScheduleExpression } from './cron.ts';
import {
  consoleLogger,
  type DeadLetter,
  deadLetterFileFor,
  loadState,
  type PendingAttempt,
  type SchedulerLogger,
  stateWriter,
} from './local-scheduler-state.ts';
import { afterFailure, awsTime, collectDue, deadLetterOf, nextDueAt, withContext } from './schedule-occurrences.ts';
import { ScheduleName, type SchedulePayload, ScheduleSpec, type SchedulerPort } from './port.ts';

/**
 * The local stand-in for EventBridge Scheduler (used by `npm start` and tests). Same semantics as AWS:
 * cron/at/rate evaluated in the schedule's time zone (cron.ts), DISABLED schedules and times outside
 * startDate/endDate do not fire, at() fires once, failed invocations are retried with exponential
 * backoff within the retry policy and then land in a dead-letter list (the SQS DLQ's stand-in).
 * Context attributes (ContextAttribute in port.ts) are substituted into the payload per attempt.
 *
 * Deliberate local differences, all documented in docs/decisions/005-scheduler-port.md:
 * - occurrences missed while the process was down are coalesced: the latest one still within
 *   maximumEventAgeSeconds fires once, older ones are logged and dropped;
 * - a failing invocation is retried by this scheduler; on AWS, handler errors are retried by
 *   Lambda's asynchronous invocation and go to the function's failure destination;
 * - backoff starts at one second (retryBaseDelayMs) so local retries are visible quickly.
 */

export { DeadLetter, deadLetterFileFor, type ExhaustedRetryCondition, type SchedulerLogger } from './local-scheduler-state.ts';

export interface LocalSchedulerOptions {
  /** JSON file holding the schedules, e.g. .data/scheduler/schedules.json; dead letters go beside it. */
  file: string;
  /** The runner: the same handler the Lambda target uses. */
  invoke: (payload: SchedulePayload) => Promise<void>;
  now?: () => Date;
  logger?: SchedulerLogger;
  /** Used in the schedule ARN context attribute. Default "default". */
  groupName?: string;
  /** Delay before the first retry; doubles per retry. Default 1000 ms. */
  retryBaseDelayMs?: number;
  /** Upper bound of one retry delay. Default 60 000 ms. */
  retryMaxDelayMs?: number;
  /** Longest the timer sleeps before re-checking (clock changes, file edits). Default 60 000 ms. */
  maxTimerDelayMs?: number;
}

export interface LocalScheduler extends SchedulerPort {
  /** Starts the timer loop (setTimeout to the next due time, capped, unref'd). Idempotent. */
  start(): void;
  /** Stops the loop and waits for running invocations and pending writes. */
  stop(): Promise<void>;
  /** Fires whatever is due at now() and resolves when those attempts (not their retries) finished. */
  tick(): Promise<void>;
  deadLetters(): DeadLetter[];
  /** The earliest instant something (an occurrence or a retry) is due, or null. */
  nextDueAt(): Date | null;
}

/** The AWS error for an invalid request, with the AWS message. */
export class ValidationException extends Error {
  override readonly name = 'ValidationException';
}

const START_DATE_GRACE_MS = 5 * 60_000;

export function createLocalScheduler(options: LocalSchedulerOptions): LocalScheduler {
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? consoleLogger;
  const groupName = options.groupName ?? 'default';
  const delays = { retryBaseDelayMs: options.retryBaseDelayMs ?? 1_000, retryMaxDelayMs: options.retryMaxDelayMs ?? 60_000 };
  const maxTimerDelayMs = options.maxTimerDelayMs ?? 60_000;
  const deadLetterFile = deadLetterFileFor(options.file);
  const state = loadState(options.file, deadLetterFile);
  const { schedules } = state;
  const writer = stateWriter(options.file, deadLetterFile);
  const persist = (what: { deadLetters?: boolean } = {}) => writer.persist(state, what);

  let running = false;
  let timer: NodeJS.Timeout | undefined;
  const inflight = new Set<Promise<void>>();

  const attempt = async (event: PendingAttempt): Promise<void> => {
    const record = schedules.get(event.scheduleName);
    if (!record) return; // removed since it became due
    const payload = withContext(record.spec.payload, event, groupName);
    const fields = {
      schedule: event.scheduleName,
      scheduledTime: awsTime(event.scheduledTime),
      attempt: event.attempt,
    };
    try {
      await Promise.resolve().then(() => options.invoke(payload));
      logger.info('invoked', fields);
      return;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failedAt = now();
      const { retryAt, condition } = afterFailure(record, event, failedAt, delays);
      if (condition === null) {
        logger.warn('invocation failed, will retry', {
          ...fields,
          error: message,
          retryAt: retryAt.toISOString(),
        });
        state.pending.push({ ...event, attempt: event.attempt + 1, dueAt: retryAt, lastError: message });
        await persist();
        arm();
        return;
      }
      logger.error('invocation failed, sent to the dead-letter list', {
        ...fields,
        error: message,
        condition,
      });
      state.dead.push(deadLetterOf(event, payload, { message, condition, failedAt, groupName }));
      await persist({ deadLetters: true });
    }
  };

  /** Collects what is due now, persists, and returns a promise for the attempts. */
  const dispatchDue = (): Promise<void> => {
    const due = collectDue(state, now(), logger);
    if (due.length === 0) return Promise.resolve();
    const saved = persist();
    return Promise.all([saved, ...due.map(attempt)]).then(() => undefined);
  };

  // --- timer loop --------------------------------------------------------------------------

  function arm(delayOverride?: number): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!running) return;
    const due = nextDueAt(state);
    const delay = delayOverride ?? (due ? Math.min(Math.max(due.getTime() - now().getTime(), 0), maxTimerDelayMs) : maxTimerDelayMs);
    timer = setTimeout(onTimer, delay);
    timer.unref();
  }

  function onTimer(): void {
    timer = undefined;
    let run: Promise<void>;
    try {
      run = dispatchDue();
    } catch (error) {
      logger.error('scheduler loop failed', { error: String(error) });
      arm(1_000);
      return;
    }
    const tracked = run.catch((error: unknown) => logger.error('dispatch failed', { error: String(error) }));
    inflight.add(tracked);
    void tracked.finally(() => inflight.delete(tracked));
    arm();
  }

  return {
    async put(spec) {
      const valid = ScheduleSpec.parse(spec);
      const at = now();
      const parsed = parseScheduleExpression(valid.expression);
      if (parsed.kind !== 'at' && valid.startDate && valid.startDate.getTime() < at.getTime() - START_DATE_GRACE_MS) {
        // CreateSchedule rejects this for recurring schedules; fail here too rather than only on AWS.
        throw new ValidationException('The StartDate you specify cannot be earlier than 5 minutes ago.');
      }
      schedules.set(valid.name, {
        spec: valid,
        parsed,
        since: at,
        // Occurrences from this moment on (a rate() without startDate fires right away, as on AWS).
        cursor: new Date(at.getTime() - 1),
      });
      await persist();
      arm();
    },
    async remove(name) {
      ScheduleName.parse(name);
      const existed = schedules.delete(name);
      const before = state.pending.length;
      state.pending = state.pending.filter((p) => p.scheduleName !== name);
      if (existed || state.pending.length !== before) {
        await persist();
        arm();
      }
    },
    async get(name) {
      ScheduleName.parse(name);
      const record = schedules.get(name);
      return record ? structuredClone(record.spec) : null;
    },
    start() {
      if (running) return;
      running = true;
      arm();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await Promise.all(inflight);
      await writer.settled();
    },
    tick: dispatchDue,
    deadLetters: () => structuredClone(state.dead),
    nextDueAt: () => nextDueAt(state),
  };
}
