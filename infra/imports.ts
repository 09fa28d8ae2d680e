import { Duration } from 'aws-cdk-lib';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { EventType, type IBucket } from 'aws-cdk-lib/aws-s3';
import { SqsDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { deadLetterQueue, workQueue } from './queues.ts';
import { Function as SstFunction, type StackContext } from 'sst/constructs';
import { IMPORT_MAX_CONCURRENCY, IMPORT_MAX_RECEIVES, IMPORT_PREFIXES, IMPORT_VISIBILITY_MINUTES } from './import-settings.ts';

/**
 * Imports on AWS (ADR 069). Files arrive in the reports bucket: a customer's (or the processor's) SFTP folder
 * is `sftp/<id>/`, Transfer Family puts its `imports/` there; the supplier uploads to `imports/`. S3 notifies
 * the import queue of every object created under those prefixes (the worker skips what is no import, e.g. a
 * report copied to SFTP). The queue and its notification live in the bucket's stack: the notification names
 * the queue, and a queue in the Jobs stack would make Storage depend on Jobs, which depends on Storage.
 */
export function importQueues(stack: StackContext['stack'], bucket: IBucket) {
  const importDlq = deadLetterQueue(stack, 'ImportDlq');
  const importQueue = workQueue(stack, 'ImportQueue', {
    visibilityTimeout: Duration.minutes(IMPORT_VISIBILITY_MINUTES),
    retentionPeriod: Duration.days(4),
    deadLetter: importDlq,
    maxReceiveCount: IMPORT_MAX_RECEIVES,
  });
  for (const prefix of IMPORT_PREFIXES) bucket.addEventNotification(EventType.OBJECT_CREATED, new SqsDestination(importQueue), { prefix });
  return { importQueue, importDlq };
}

/**
 * The import worker (functions/jobs/import-files.ts): one message per invocation, at most
 * IMPORT_MAX_CONCURRENCY at once; it reads the object, writes the table and sends its own continuation.
 */
export function importWorker(
  stack: StackContext['stack'],
  queues: ReturnType<typeof importQueues>,
  app: { environment: Record<string, string>; bucket: IBucket; grantData: (grantee: IGrantable) => void },
) {
  const worker = new SstFunction(stack, 'ImportWorker', {
    handler: 'functions/jobs/import-files.handler',
    memorySize: '1024 MB',
    timeout: '15 minutes',
    environment: { ...app.environment, IMPORT_QUEUE_URL: queues.importQueue.queueUrl },
    logGroup: new LogGroup(stack, 'ImportWorkerLogs', { retention: RetentionDays.THREE_MONTHS }),
  });
  worker.addEventSource(
    new SqsEventSource(queues.importQueue, { batchSize: 1, maxConcurrency: IMPORT_MAX_CONCURRENCY, reportBatchItemFailures: true }),
  );
  app.grantData(worker); // the import records and the imported items
  for (const prefix of IMPORT_PREFIXES) app.bucket.grantRead(worker, `${prefix}*`);
  queues.importQueue.grantSendMessages(worker); // a large file's continuation
  return worker;
}
