import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { loadConfig } from '@portal/backend/config';
import { type ImportWorker, importWorkerFromConfig } from '@portal/backend/import';
import { lazy } from '@portal/backend/platform';

/**
 * Files arriving in S3 (ADR 069): S3's notifications and the worker's own continuations reach this function
 * through the import queue (batch size 1, bounded concurrency). A message not finished is reported as a batch
 * item failure: it comes back after its visibility timeout, a poisoned one at once, and the DLQ takes it
 * after maxReceiveCount. A file whose owner imports its cap of files already is sent again with a delay and
 * its message finished: a deferral is never a receive toward the DLQ (ADR 101).
 */
export function importFilesHandler(worker: () => Promise<Pick<ImportWorker, 'receive'>>) {
  return async (event: SQSEvent, context: Pick<Context, 'getRemainingTimeInMillis'>): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const { messageId, body, receiptHandle } of event.Records ?? []) {
      const finished = await (await worker()).receive({ messageId, body, receiptHandle }, () => context.getRemainingTimeInMillis());
      if (!finished) batchItemFailures.push({ itemIdentifier: messageId });
    }
    return { batchItemFailures };
  };
}

// Built on the first event (ADR 059): a bad configuration fails it with the variable named.
const worker = lazy(async () => importWorkerFromConfig(loadConfig()));

export const handler = importFilesHandler(worker);
