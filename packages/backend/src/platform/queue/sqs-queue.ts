import { lazy } from '../lazy.ts';

const sdk = lazy(() => import('./sqs-sdk.ts'));

/**
 * One SQS queue (ADR 069): the same code against AWS and the local stand-in (fauxqs); only the endpoint
 * differs. `send` puts a message (the import worker's continuation, a deferred file); `retryNow` makes a received message
 * visible again at once, so a message that can only fail again reaches the DLQ after maxReceiveCount quick
 * receives instead of as many visibility timeouts.
 */
export type QueuePort = {
  /** `delaySeconds` (≤ 900): the message is received no sooner (a deferred import, ADR 101). */
  send(body: string, delaySeconds?: number): Promise<void>;
  retryNow(receiptHandle: string): Promise<void>;
};

export function createSqsQueue(settings: { AWS_REGION: string; SQS_ENDPOINT?: string | undefined; queueUrl: string }): QueuePort {
  const client = lazy(async () => {
    const { SQSClient } = await sdk();
    return new SQSClient({ region: settings.AWS_REGION, ...(settings.SQS_ENDPOINT ? { endpoint: settings.SQS_ENDPOINT } : {}) });
  });
  return {
    async send(body, delaySeconds) {
      const [sqs, { SendMessageCommand }] = await Promise.all([client(), sdk()]);
      await sqs.send(
        new SendMessageCommand({ QueueUrl: settings.queueUrl, MessageBody: body, ...(delaySeconds ? { DelaySeconds: delaySeconds } : {}) }),
      );
    },
    async retryNow(receiptHandle) {
      const [sqs, { ChangeMessageVisibilityCommand }] = await Promise.all([client(), sdk()]);
      await sqs.send(
        new ChangeMessageVisibilityCommand({ QueueUrl: settings.queueUrl, ReceiptHandle: receiptHandle, VisibilityTimeout: 0 }),
      );
    },
  };
}
