/**
 * Moving a dead-letter queue's messages back to the queue they came from (docs/operations/runbook.md "Redrive a
 * DLQ"). The stage's queues are read from SQS itself, not from a list kept here: every queue under the stage's
 * name prefix, and for each DLQ the source queue whose RedrivePolicy names it (infra/queues.ts `workQueue`). A
 * queue added to infra is found the day it is deployed.
 *
 * The move is receive → send to the source → delete from the DLQ, one batch at a time. A message is deleted only
 * after SQS accepted its copy, so none is lost; it is sent again only if the script dies between a send and its
 * delete (the message reappears in the DLQ after the visibility timeout below): the consumers take a message twice
 * without harm (ADR 069 imports by key, ADR 042 addendum mail events by message id), so that window is acceptable.
 * SQS's own StartMessageMoveTask would do the same on AWS, but the local stand-in (fauxqs) has no such call.
 */
import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ListQueuesCommand,
  type Message,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';

export type StageQueue = {
  name: string;
  url: string;
  arn: string;
  /** Messages visible now and in flight (SQS's approximate counts). */
  visible: number;
  inFlight: number;
  /** For a DLQ: the queues whose RedrivePolicy sends their failed messages here. */
  sources: string[];
};

/** SST names every stack resource `<stage>-<app>-…` (sst.config.ts: app `portal`); the queues CloudFormation names follow it. */
export const stageQueuePrefix = (stage: string) => `${stage}-portal-`;

const queueName = (url: string) => url.slice(url.lastIndexOf('/') + 1);

async function listQueueUrls(sqs: SQSClient, prefix: string): Promise<string[]> {
  const urls: string[] = [];
  let token: string | undefined;
  do {
    const page = await sqs.send(new ListQueuesCommand({ QueueNamePrefix: prefix || undefined, NextToken: token, MaxResults: 1000 }));
    urls.push(...(page.QueueUrls ?? []));
    token = page.NextToken;
  } while (token);
  return urls;
}

const deadLetterTarget = (redrivePolicy: string | undefined): string | undefined => {
  if (!redrivePolicy) return undefined;
  const policy: unknown = JSON.parse(redrivePolicy);
  return typeof policy === 'object' && policy !== null && 'deadLetterTargetArn' in policy && typeof policy.deadLetterTargetArn === 'string'
    ? policy.deadLetterTargetArn
    : undefined;
};

/** Every queue whose name starts with `prefix` (all queues for an empty prefix), with counts and, per DLQ, its sources. */
export async function stageQueues(sqs: SQSClient, prefix: string): Promise<StageQueue[]> {
  const queues = await Promise.all(
    (await listQueueUrls(sqs, prefix)).map(async (url) => {
      const { Attributes: a = {} } = await sqs.send(
        new GetQueueAttributesCommand({
          QueueUrl: url,
          AttributeNames: ['QueueArn', 'RedrivePolicy', 'ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
        }),
      );
      return {
        name: queueName(url),
        url,
        arn: a.QueueArn ?? '',
        visible: Number(a.ApproximateNumberOfMessages ?? 0),
        inFlight: Number(a.ApproximateNumberOfMessagesNotVisible ?? 0),
        target: deadLetterTarget(a.RedrivePolicy),
      };
    }),
  );
  return queues
    .map(({ target: _target, ...q }) => ({ ...q, sources: queues.filter((s) => s.target === q.arn).map((s) => s.name) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The queue `wanted` names among the stage's queues: its whole name, or the construct id infra gave it (`ImportDlq`
 * matches `prod-portal-Storage-ImportDlq6A2B…-XYZ`, the name CloudFormation generates from the logical id).
 */
export function findQueue(queues: StageQueue[], wanted: string): StageQueue {
  const exact = queues.find((q) => q.name === wanted || q.url === wanted);
  if (exact) return exact;
  const byId = queues.filter((q) => new RegExp(`(^|-)${wanted.replace(/[^A-Za-z0-9]/g, '')}[0-9A-F]{8}(-|$)`).test(q.name));
  if (byId.length === 1 && byId[0]) return byId[0];
  const names = queues.map((q) => q.name).join(', ') || '(none)';
  throw new Error(
    byId.length > 1 ? `'${wanted}' names ${byId.length} queues: give the whole name` : `no queue '${wanted}'; the stage has: ${names}`,
  );
}

export type RedriveResult = { moved: number; failed: { messageId: string; reason: string }[] };

/** How long a received message stays hidden while its copy is sent and it is deleted: far beyond one batch's calls. */
const IN_HAND_SECONDS = 120;

/** Sends a batch's copies to `to`; answers the messages SQS accepted and the failures (left in the DLQ). */
async function sendCopies(sqs: SQSClient, to: string, messages: Message[]) {
  const entries = messages.map((m, i) => ({
    Id: String(i),
    MessageBody: m.Body ?? '',
    ...(m.MessageAttributes && Object.keys(m.MessageAttributes).length > 0 ? { MessageAttributes: m.MessageAttributes } : {}),
  }));
  const sent = await sqs.send(new SendMessageBatchCommand({ QueueUrl: to, Entries: entries }));
  const accepted = (sent.Successful ?? []).flatMap((s) => messages.filter((_, i) => String(i) === s.Id));
  const failed = (sent.Failed ?? []).map((f) => ({
    messageId: messages.find((_, i) => String(i) === f.Id)?.MessageId ?? f.Id ?? '?',
    reason: `${f.Code ?? 'error'}: ${f.Message ?? ''}`.trim(),
  }));
  return { accepted, failed };
}

/**
 * Moves the messages of `from` (a DLQ) to `to`, batch by batch, until a receive finds none or `limit` were moved.
 * A message SQS refused to take stays in the DLQ and is reported; the script never deletes what it did not copy.
 */
export async function redrive(
  sqs: SQSClient,
  { from, to, limit = Number.POSITIVE_INFINITY, waitSeconds = 2 }: { from: string; to: string; limit?: number; waitSeconds?: number },
): Promise<RedriveResult> {
  const result: RedriveResult = { moved: 0, failed: [] };
  const refused = new Set<string>();
  while (result.moved < limit) {
    const { Messages: messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: from,
        MaxNumberOfMessages: Math.min(10, limit - result.moved),
        VisibilityTimeout: IN_HAND_SECONDS,
        WaitTimeSeconds: waitSeconds,
        MessageAttributeNames: ['All'],
      }),
    );
    // Only messages not refused before: a refused one comes back after its visibility timeout, and is not retried.
    const fresh = messages.filter((m) => !refused.has(m.MessageId ?? ''));
    if (fresh.length === 0) break;
    const { accepted, failed } = await sendCopies(sqs, to, fresh);
    for (const f of failed) refused.add(f.messageId);
    result.failed.push(...failed);
    if (accepted.length > 0) {
      const deleted = await sqs.send(
        new DeleteMessageBatchCommand({
          QueueUrl: from,
          Entries: accepted.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle ?? '' })),
        }),
      );
      // A copy was sent but its original stays: it would be moved twice on the next run. Said loudly, not hidden.
      for (const f of deleted.Failed ?? []) {
        result.failed.push({
          messageId: accepted[Number(f.Id)]?.MessageId ?? '?',
          reason: `copied but not deleted (${f.Code ?? 'error'})`,
        });
      }
      result.moved += accepted.length - (deleted.Failed?.length ?? 0);
    }
  }
  return result;
}
