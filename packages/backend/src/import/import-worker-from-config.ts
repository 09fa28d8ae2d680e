import { ConfigError, type Config } from '../config.ts';
import { createFileStore, type FileStore } from '../platform/files/file-store.ts';
import type { FaultInjector } from '../platform/faults/fault-injector.ts';
import { jobDepsFromConfig } from '../platform/jobs/job-deps.ts';
import { createSqsQueue } from '../platform/queue/sqs-queue.ts';
import { importFile, type ImportOutcome, type ImportWorkerDeps } from './import-file-worker.ts';
import { continuationOf, importRefsOf, UnreadableMessage } from './import-file-ref.ts';
import { createImportService } from './import-service.ts';

/**
 * How long a deferred file waits before it is received again (ADR 101): about one import of a
 * large file, spread by up to as much again so an owner's deferred files do not all come back at once.
 */
const DEFER_SECONDS = 30;
const deferSecondsNow = () => DEFER_SECONDS + Math.floor(Math.random() * (DEFER_SECONDS + 1));

/** One message as the SQS event source hands it over. */
export type ImportMessage = { messageId: string; body: string; receiptHandle: string };

/**
 * The import worker of one process (ADR 069): built from the config (the table, the reports bucket, the
 * import queue), it takes one message at a time. Answers whether the message is finished (a file whose
 * owner is at its cap is sent again with a delay, and its message is finished); a poisoned one
 * (a body that names no file, a file refused whole) is made visible again at once, so its receives run out
 * quickly and the queue's redrive moves it to the DLQ; a fault (the table, S3) throws and waits for the
 * visibility timeout.
 */
export function importWorkerFromConfig(
  config: Config,
  options: Partial<Pick<ImportWorkerDeps, 'sliceLines' | 'reserveMs' | 'ownerAtOnce'>> & {
    faults?: FaultInjector;
    /** Seconds a deferred file waits (tests: 1). */
    deferSeconds?: number;
  } = {},
) {
  const queueUrl = config.IMPORT_QUEUE_URL;
  if (!queueUrl) throw new ConfigError('Invalid configuration: the import worker needs IMPORT_QUEUE_URL (ADR 069)');
  const { db, now } = jobDepsFromConfig(config);
  const queue = createSqsQueue({ AWS_REGION: config.AWS_REGION, SQS_ENDPOINT: config.SQS_ENDPOINT, queueUrl });
  const stores = new Map<string, FileStore>();
  const storeOf = (bucket: string) => {
    const known = stores.get(bucket);
    if (known) return known;
    const store = createFileStore({ AWS_REGION: config.AWS_REGION, S3_ENDPOINT: config.S3_ENDPOINT, bucket }, options.faults);
    stores.set(bucket, store);
    return store;
  };
  const deps: ImportWorkerDeps = {
    db,
    now,
    // The data kinds only (isQueueKind): no password hashing, no schedules to mirror.
    imports: createImportService({ db, passwordHashCost: config.PASSWORD_HASH_COST, now, scheduler: null }),
    source: (ref) => async (fromByte) => storeOf(ref.bucket).readStream(ref.key, fromByte, ref.eTag),
    continueLater: (body) => queue.send(body),
    buckets: [config.REPORTS_BUCKET],
    ...(options.sliceLines ? { sliceLines: options.sliceLines } : {}),
    ...(options.reserveMs !== undefined ? { reserveMs: options.reserveMs } : {}),
    ...(options.ownerAtOnce ? { ownerAtOnce: options.ownerAtOnce } : {}),
  };

  return {
    /** true: finished (imported, continued or deferred in a new message, or nothing to do); false: left to the queue. */
    async receive(message: ImportMessage, remainingMs: () => number): Promise<boolean> {
      const outcomes: ImportOutcome[] = [];
      try {
        for (const ref of importRefsOf(message.body)) {
          const outcome = await importFile(deps, ref, remainingMs);
          // A new message, not this one made visible later: deferrals never count toward the DLQ's
          // maxReceiveCount (this message is finished and deleted; the new one is received afresh).
          if (outcome === 'deferred') await queue.send(continuationOf(ref), options.deferSeconds ?? deferSecondsNow());
          outcomes.push(outcome);
        }
      } catch (error) {
        if (!(error instanceof UnreadableMessage)) {
          console.error('[imports] failed, the queue delivers it again', { messageId: message.messageId, error });
          return false;
        }
        outcomes.push('rejected');
      }
      if (!outcomes.includes('rejected')) return true;
      console.error('[imports] poisoned: the file is refused whole, its message goes to the DLQ', { messageId: message.messageId });
      await queue.retryNow(message.receiptHandle);
      return false;
    },
  };
}

export type ImportWorker = ReturnType<typeof importWorkerFromConfig>;
