/**
 * The import path of ADR 069 on the stand-ins: the SQS stand-in (fauxqs) with the import queue and its DLQ,
 * the bridge that plays S3's event notification (s3rver emits S3-notification-shaped events; the bridge
 * sends those of the notification's prefixes to the queue, as infra/imports.ts configures S3), and the
 * poller that plays Lambda's SQS event source: receive, invoke the same handler with an SQSEvent, delete
 * what it finished, leave its batch item failures to the visibility timeout (a poisoned one the worker made
 * visible at once), so the queue's redrive policy moves them to the DLQ after maxReceiveCount.
 */
import type { AddressInfo } from 'node:net';
import {
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { buildApp } from 'fauxqs';
import { IMPORT_NOTIFICATION_PREFIXES } from '@portal/backend/import';

/** What the queue holds on AWS too (infra/imports.ts): a failed message comes back this many times, then the DLQ. */
export const IMPORT_MAX_RECEIVES = 5;
/** Locally shorter than on AWS (20 minutes): a thrown import is retried within a minute. */
const LOCAL_VISIBILITY_SECONDS = 60;
/** A Lambda invocation's budget (its timeout), which the worker reads as getRemainingTimeInMillis. */
const LAMBDA_BUDGET_MS = 15 * 60_000;

export type LocalSqs = { endpoint: string; port: number; stop: () => Promise<void> };

/** fauxqs on loopback only (its own start listens on every interface). */
export async function startLocalSqs(options: { port: number }): Promise<LocalSqs> {
  const app = buildApp({ logger: false });
  await app.listen({ port: options.port, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return { endpoint: `http://127.0.0.1:${port}`, port, stop: () => app.close() };
}

export const sqsClient = (endpoint: string) =>
  new SQSClient({ region: 'eu-central-1', endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });

/** The import queue and its DLQ with the redrive policy of infra/imports.ts; answers both URLs. */
export async function ensureImportQueues(sqs: SQSClient, name: string): Promise<{ queueUrl: string; dlqUrl: string }> {
  const dlq = await sqs.send(new CreateQueueCommand({ QueueName: `${name}-dlq` }));
  const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }));
  const queue = await sqs.send(
    new CreateQueueCommand({
      QueueName: name,
      Attributes: {
        VisibilityTimeout: String(LOCAL_VISIBILITY_SECONDS),
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: Attributes!.QueueArn, maxReceiveCount: IMPORT_MAX_RECEIVES }),
      },
    }),
  );
  return { queueUrl: queue.QueueUrl!, dlqUrl: dlq.QueueUrl! };
}

/** S3 encodes a key in a notification as a form value: each segment percent-encoded, a space as `+`. */
const encodeKey = (key: string) =>
  key
    .split('/')
    .map((part) => encodeURIComponent(part).replace(/%20/g, '+'))
    .join('/');

type S3EventRecord = { eventName: string; s3: { bucket: { name: string }; object: { key: string } } };
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isS3Record = (r: unknown): r is S3EventRecord =>
  isObject(r) &&
  typeof r.eventName === 'string' &&
  isObject(r.s3) &&
  isObject(r.s3.bucket) &&
  typeof r.s3.bucket.name === 'string' &&
  isObject(r.s3.object) &&
  typeof r.s3.object.key === 'string';

/**
 * The S3 notification of infra/imports.ts on the stand-in: s3rver's events for objects created in `bucket`
 * under the import prefixes are sent to the queue as S3 would send them (its key encoding included).
 */
export function s3NotificationBridge(sqs: SQSClient, queueUrl: string, bucket: string) {
  return (event: { Records: unknown[] }) => {
    const records = event.Records.filter(isS3Record)
      .filter(
        (r) =>
          r.eventName.startsWith('ObjectCreated:') &&
          r.s3.bucket.name === bucket &&
          IMPORT_NOTIFICATION_PREFIXES.some((prefix) => r.s3.object.key.startsWith(prefix)),
      )
      .map((r) => ({ ...r, s3: { ...r.s3, object: { ...r.s3.object, key: encodeKey(r.s3.object.key) } } }));
    if (!records.length) return;
    sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify({ Records: records }) })).catch((error: unknown) => {
      console.error('local S3 notification: the import queue refused the event', error);
    });
  };
}

type SqsHandler = (event: SQSEvent, context: Pick<Context, 'getRemainingTimeInMillis'>) => Promise<SQSBatchResponse>;

/**
 * Lambda's SQS event source on the stand-in: long-polls `batchSize` messages at a time, invokes `handler`
 * with them as an SQSEvent (and a context whose remaining time counts down from `budgetMs`), deletes the
 * ones it did not report as failures. A handler that throws fails the whole batch, as on Lambda.
 */
export function startImportPoller(
  sqs: SQSClient,
  queueUrl: string,
  handler: SqsHandler,
  options: { batchSize?: number; budgetMs?: number; waitSeconds?: number } = {},
) {
  let running = true;
  let idle: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    idle = resolve;
  });
  const loop = async () => {
    while (running) {
      try {
        const { Messages = [] } = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: queueUrl,
            MaxNumberOfMessages: options.batchSize ?? 1,
            WaitTimeSeconds: options.waitSeconds ?? 1,
            MessageSystemAttributeNames: ['ApproximateReceiveCount', 'SentTimestamp'],
          }),
        );
        if (!Messages.length) continue;
        const deadline = Date.now() + (options.budgetMs ?? LAMBDA_BUDGET_MS);
        const event: SQSEvent = {
          Records: Messages.map((m) => ({
            messageId: m.MessageId!,
            receiptHandle: m.ReceiptHandle!,
            body: m.Body ?? '',
            attributes: {
              ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? '1',
              SentTimestamp: m.Attributes?.SentTimestamp ?? String(Date.now()),
              SenderId: 'local',
              ApproximateFirstReceiveTimestamp: String(Date.now()),
            },
            messageAttributes: {},
            md5OfBody: m.MD5OfBody ?? '',
            eventSource: 'aws:sqs',
            eventSourceARN: `arn:aws:sqs:eu-central-1:000000000000:${queueUrl.split('/').pop()}`,
            awsRegion: 'eu-central-1',
          })),
        };
        const failed = new Set(
          await handler(event, { getRemainingTimeInMillis: () => deadline - Date.now() }).then(
            (r) => r.batchItemFailures.map((f) => f.itemIdentifier),
            () => Messages.map((m) => m.MessageId!),
          ),
        );
        const done = Messages.filter((m) => !failed.has(m.MessageId!));
        if (done.length)
          await sqs.send(
            new DeleteMessageBatchCommand({
              QueueUrl: queueUrl,
              Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
            }),
          );
      } catch (error) {
        if (!running) break;
        console.error('local import poller:', error);
        await new Promise((resolve) => setTimeout(resolve, 1000)); // the stand-in is unreachable: do not spin
      }
    }
    idle();
  };
  void loop();
  return {
    stop: async () => {
      running = false;
      await stopped;
    },
  };
}
