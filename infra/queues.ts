import { Duration } from 'aws-cdk-lib';
import { type IQueue, Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/** Every queue of the stacks is encrypted by SQS and takes TLS only. */
const SECURED = { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true } as const;

/** Where a queue's (or Scheduler's, or Lambda's) failed messages wait two weeks for an operator (ADR 042, 069). */
export const deadLetterQueue = (scope: Construct, id: string) => new Queue(scope, id, { ...SECURED, retentionPeriod: Duration.days(14) });

/** A queue a Lambda takes its work from; a message received `maxReceiveCount` times moves to `deadLetter`. */
export const workQueue = (
  scope: Construct,
  id: string,
  props: { visibilityTimeout: Duration; retentionPeriod?: Duration; deadLetter: IQueue; maxReceiveCount: number },
) =>
  new Queue(scope, id, {
    ...SECURED,
    visibilityTimeout: props.visibilityTimeout,
    retentionPeriod: props.retentionPeriod,
    deadLetterQueue: { queue: props.deadLetter, maxReceiveCount: props.maxReceiveCount },
  });
