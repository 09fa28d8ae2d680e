import { readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import * as z from '@portal/core/zod';
import { type ParsedScheduleExpression, parseScheduleExpression } from './cron.ts';
import { SchedulePayload, ScheduleSpec } from './port.ts';
import { errorField, fieldOf } from '../error-fields.ts';

/** The local scheduler's state (local-scheduler.ts, ADR 005) and the JSON files it is kept in. */

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

export interface ScheduleRecord {
  spec: ScheduleSpec;
  parsed: ParsedScheduleExpression;
  /** When the schedule was last put: the anchor of a rate() without startDate. */
  since: Date;
  /** Occurrences up to and including this instant have been dispatched (or skipped). */
  cursor: Date;
}

export interface PendingAttempt {
  scheduleName: string;
  scheduledTime: Date;
  /** Number of this attempt, 1 for the first. */
  attempt: number;
  dueAt: Date;
  lastError?: string;
}

const isoDate = z.pipe(
  z.iso.datetime(),
  z.transform((value) => new Date(value)),
);

/** Dates are ISO strings in the file. */
const StoredSpec = z.preprocess((value) => {
  if (typeof value !== 'object' || value === null) return value;
  const toDate = (v: unknown) => (typeof v === 'string' ? new Date(v) : v);
  return { ...value, startDate: toDate(fieldOf(value, 'startDate')), endDate: toDate(fieldOf(value, 'endDate')) };
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

export const consoleLogger: SchedulerLogger = {
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
    if (errorField(error, 'code') === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`Local scheduler: ${file} is not valid JSON (${errorField(error, 'message')})`);
  }
}

/** What the scheduler holds: its schedules, the retries waiting, and the dead letters. */
export type SchedulerState = { schedules: Map<string, ScheduleRecord>; pending: PendingAttempt[]; dead: DeadLetter[] };

/** The state as the files hold it; empty where a file is not there yet. */
export function loadState(file: string, deadLetterFile: string): SchedulerState {
  const state: SchedulerState = { schedules: new Map(), pending: [], dead: [] };
  const stored = readJson(file);
  if (stored !== undefined) {
    const parsed = StoredState.safeParse(stored);
    if (!parsed.success) {
      throw new Error(`Local scheduler: ${file} is not a schedules file: ${z.prettifyError(parsed.error)}`);
    }
    for (const s of parsed.data.schedules) {
      state.schedules.set(s.spec.name, { ...s, parsed: parseScheduleExpression(s.spec.expression) });
    }
    state.pending = parsed.data.pending;
  }
  const storedDead = readJson(deadLetterFile);
  if (storedDead !== undefined) state.dead = z.array(DeadLetter).parse(storedDead);
  return state;
}

const writeAtomically = async (file: string, text: string): Promise<void> => {
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, text);
  await rename(temp, file);
};

/** Writes of the state to its files, one after the other; `settled` waits for the last. */
export function stateWriter(file: string, deadLetterFile: string) {
  let writes: Promise<void> = Promise.resolve();
  /** Queues a write of the current state (writes stay in order; each writes a fresh snapshot). */
  const persist = (state: SchedulerState, what: { deadLetters?: boolean } = {}): Promise<void> => {
    const snapshot = {
      version: 1,
      schedules: [...state.schedules.values()].map(({ spec, since, cursor }) => ({ spec, since, cursor })),
      pending: state.pending,
    };
    const text = `${JSON.stringify(snapshot, null, 2)}\n`;
    const deadText = what.deadLetters ? `${JSON.stringify(state.dead, null, 2)}\n` : undefined;
    const write = writes.then(async () => {
      await writeAtomically(file, text);
      if (deadText !== undefined) await writeAtomically(deadLetterFile, deadText);
    });
    writes = write.catch(() => {});
    return write;
  };
  return { persist, settled: () => writes };
}
