import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import * as z from '@portal/core/zod';
import { nextFireTime, type ParsedScheduleExpression, parseScheduleExpression } from './cron.ts';
import { ContextAttribute, ScheduleName, SchedulePayload, ScheduleSpec, type SchedulerPort } from './port.ts';

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

export interface SchedulerLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export type ExhaustedRetryCondition = 'MaximumRetryAttempts' | 'MaximumEventAgeInSeconds';

/** An event whose invocation failed for good (mirrors the attributes of an AWS dead-letter event). */
export const DeadLetter = z.object({
  scheduleName: z.string(),
  scheduleArn: z.string(),
  scheduledTime: z.iso.datetime(),
  /** The payload of the last attempt, context attributes substituted. */
  payload: SchedulePayload,
  attempts: z.number().check(z.int(), z.gte(1)),
  errorMessage: z.string(),
  exhaustedRetryCondition: z.enum(['MaximumRetryAttempts', 'MaximumEventAgeInSeconds']),
  deadLetteredAt: z.iso.datetime(),
});
export type DeadLetter = z.infer<typeof DeadLetter>;

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

interface ScheduleRecord {
  spec: ScheduleSpec;
  parsed: ParsedScheduleExpression;
  /** When the schedule was last put: the anchor of a rate() without startDate. */
  since: Date;
  /** Occurrences up to and including this instant have been dispatched (or skipped). */
  cursor: Date;
}

interface PendingAttempt {
  scheduleName: string;
  scheduledTime: Date;
  /** Number of this attempt, 1 for the first. */
  attempt: number;
  dueAt: Date;
  lastError?: string;
}

const isoDate = z.pipe(z.iso.datetime(), z.transform((value) => new Date(value)));

/** Dates are ISO strings in the file. */
const StoredSpec = z.preprocess((value) => {
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const toDate = (v: unknown) => (typeof v === 'string' ? new Date(v) : v);
  return { ...record, startDate: toDate(record.startDate), endDate: toDate(record.endDate) };
}, ScheduleSpec);

const StoredState = z.object({
  version: z.literal(1),
  schedules: z.array(z.object({ spec: StoredSpec, since: isoDate, cursor: isoDate })),
  pending: z.array(
    z.object({
      scheduleName: z.string(),
      scheduledTime: isoDate,
      attempt: z.number().check(z.int(), z.gte(1)),
      dueAt: isoDate,
      lastError: z.optional(z.string()),
    }),
  ),
});

const consoleLogger: SchedulerLogger = {
  info: (message, fields) => console.info(`[scheduler] ${message}`, fields ?? ''),
  warn: (message, fields) => console.warn(`[scheduler] ${message}`, fields ?? ''),
  error: (message, fields) => console.error(`[scheduler] ${message}`, fields ?? ''),
};

/** The dead-letter file beside the schedules file: schedules.json -> schedules.dead-letters.json. */
export function deadLetterFileFor(file: string): string {
  const ext = extname(file);
  return join(dirname(file), `${basename(file, ext)}.dead-letters${ext || '.json'}`);
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`Local scheduler: ${file} is not valid JSON (${(error as Error).message})`);
  }
}

/** The AWS error for an invalid request, with the AWS message. */
export class ValidationException extends Error {
  override readonly name = 'ValidationException';
}

const START_DATE_GRACE_MS = 5 * 60_000;

const awsTime = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

export function createLocalScheduler(options: LocalSchedulerOptions): LocalScheduler {
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? consoleLogger;
  const groupName = options.groupName ?? 'default';
  const retryBaseDelayMs = options.retryBaseDelayMs ?? 1_000;
  const retryMaxDelayMs = options.retryMaxDelayMs ?? 60_000;
  const maxTimerDelayMs = options.maxTimerDelayMs ?? 60_000;
  const deadLetterFile = deadLetterFileFor(options.file);

  const schedules = new Map<string, ScheduleRecord>();
  let pending: PendingAttempt[] = [];
  let dead: DeadLetter[] = [];

  // --- persistence -------------------------------------------------------------------------

  const stored = readJson(options.file);
  if (stored !== undefined) {
    const parsed = StoredState.safeParse(stored);
    if (!parsed.success) {
      throw new Error(
        `Local scheduler: ${options.file} is not a schedules file: ${z.prettifyError(parsed.error)}`,
      );
    }
    for (const s of parsed.data.schedules) {
      schedules.set(s.spec.name, { ...s, parsed: parseScheduleExpression(s.spec.expression) });
    }
    pending = parsed.data.pending;
  }
  const storedDead = readJson(deadLetterFile);
  if (storedDead !== undefined) dead = z.array(DeadLetter).parse(storedDead);

  let writes: Promise<void> = Promise.resolve();
  const writeAtomically = async (file: string, text: string): Promise<void> => {
    await mkdir(dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, text);
    await rename(temp, file);
  };
  /** Queues a write of the current state (writes stay in order; each writes a fresh snapshot). */
  const persist = (what: { deadLetters?: boolean } = {}): Promise<void> => {
    const state = {
      version: 1,
      schedules: [...schedules.values()].map(({ spec, since, cursor }) => ({ spec, since, cursor })),
      pending,
    };
    const text = `${JSON.stringify(state, null, 2)}\n`;
    const deadText = what.deadLetters ? `${JSON.stringify(dead, null, 2)}\n` : undefined;
    const write = writes.then(async () => {
      await writeAtomically(options.file, text);
      if (deadText !== undefined) await writeAtomically(deadLetterFile, deadText);
    });
    writes = write.catch(() => {});
    return write;
  };

  // --- evaluation --------------------------------------------------------------------------

  /** The next occurrence strictly after `after`, honouring startDate and endDate. */
  const nextOccurrence = (record: ScheduleRecord, after: Date): Date | null => {
    const { spec } = record;
    let from = after;
    if (spec.startDate && spec.startDate.getTime() - 1 > after.getTime()) {
      from = new Date(spec.startDate.getTime() - 1);
    }
    const next = nextFireTime(record.parsed, spec.timeZone, from, { anchor: spec.startDate ?? record.since });
    if (!next || (spec.endDate && next > spec.endDate)) return null;
    return next;
  };

  const nextDueAt = (): Date | null => {
    let earliest: number | null = null;
    const consider = (date: Date | null) => {
      if (date && (earliest === null || date.getTime() < earliest)) earliest = date.getTime();
    };
    for (const record of schedules.values()) {
      if (record.spec.state === 'ENABLED') consider(nextOccurrence(record, record.cursor));
    }
    for (const attempt of pending) consider(attempt.dueAt);
    return earliest === null ? null : new Date(earliest);
  };

  /** Takes the due retries and occurrences out of the state (synchronously, so never twice). */
  const collectDue = (at: Date): PendingAttempt[] => {
    const due = pending.filter((p) => p.dueAt <= at);
    pending = pending.filter((p) => p.dueAt > at);
    for (const record of schedules.values()) {
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
  };

  // --- invocation --------------------------------------------------------------------------

  const scheduleArn = (name: string) => `arn:aws:scheduler:local:000000000000:schedule/${groupName}/${name}`;

  const withContext = (payload: SchedulePayload, event: PendingAttempt): SchedulePayload => {
    const values: Record<string, string> = {
      [ContextAttribute.scheduleArn]: scheduleArn(event.scheduleName),
      [ContextAttribute.scheduledTime]: awsTime(event.scheduledTime),
      [ContextAttribute.executionId]: randomBytes(8).toString('hex'),
      [ContextAttribute.attemptNumber]: String(event.attempt),
    };
    let text = JSON.stringify(payload);
    for (const [placeholder, value] of Object.entries(values)) text = text.split(placeholder).join(value);
    return SchedulePayload.parse(JSON.parse(text));
  };

  let running = false;
  let timer: NodeJS.Timeout | undefined;
  const inflight = new Set<Promise<void>>();

  const attempt = async (event: PendingAttempt): Promise<void> => {
    const record = schedules.get(event.scheduleName);
    if (!record) return; // removed since it became due
    const payload = withContext(record.spec.payload, event);
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
      const { maximumAttempts, maximumEventAgeSeconds } = record.spec.retry;
      const failedAt = now();
      const retryAt = new Date(
        failedAt.getTime() + Math.min(retryBaseDelayMs * 2 ** (event.attempt - 1), retryMaxDelayMs),
      );
      const condition: ExhaustedRetryCondition | null =
        event.attempt > maximumAttempts
          ? 'MaximumRetryAttempts'
          : retryAt.getTime() - event.scheduledTime.getTime() > maximumEventAgeSeconds * 1000
            ? 'MaximumEventAgeInSeconds'
            : null;
      if (condition === null) {
        logger.warn('invocation failed, will retry', {
          ...fields,
          error: message,
          retryAt: retryAt.toISOString(),
        });
        pending.push({ ...event, attempt: event.attempt + 1, dueAt: retryAt, lastError: message });
        await persist();
        arm();
        return;
      }
      logger.error('invocation failed, sent to the dead-letter list', {
        ...fields,
        error: message,
        condition,
      });
      dead.push({
        scheduleName: event.scheduleName,
        scheduleArn: scheduleArn(event.scheduleName),
        scheduledTime: awsTime(event.scheduledTime),
        payload,
        attempts: event.attempt,
        errorMessage: message,
        exhaustedRetryCondition: condition,
        deadLetteredAt: failedAt.toISOString(),
      });
      await persist({ deadLetters: true });
    }
  };

  /** Collects what is due now, persists, and returns a promise for the attempts. */
  const dispatchDue = (): Promise<void> => {
    const due = collectDue(now());
    if (due.length === 0) return Promise.resolve();
    const saved = persist();
    return Promise.all([saved, ...due.map(attempt)]).then(() => undefined);
  };

  // --- timer loop --------------------------------------------------------------------------

  function arm(delayOverride?: number): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!running) return;
    const due = nextDueAt();
    const delay =
      delayOverride ??
      (due ? Math.min(Math.max(due.getTime() - now().getTime(), 0), maxTimerDelayMs) : maxTimerDelayMs);
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
      if (
        parsed.kind !== 'at' &&
        valid.startDate &&
        valid.startDate.getTime() < at.getTime() - START_DATE_GRACE_MS
      ) {
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
      const before = pending.length;
      pending = pending.filter((p) => p.scheduleName !== name);
      if (existed || pending.length !== before) {
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
      await writes;
    },
    tick: dispatchDue,
    deadLetters: () => structuredClone(dead),
    nextDueAt,
  };
}
