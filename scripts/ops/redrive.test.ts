import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalSqs, sqsClient, startLocalSqs } from '../local/import-queue.ts';
import { findQueue, redrive, stageQueuePrefix, stageQueues } from './redrive-queues.ts';
import { main } from './redrive.ts';

/**
 * The redrive of the runbook on the SQS stand-in (fauxqs): queues named as CloudFormation names a stage's
 * queues, a DLQ found through its source queue's RedrivePolicy, every message moved once, none lost.
 */
let local: LocalSqs;
let sqs: SQSClient;
const prefix = stageQueuePrefix('drill');
const names = {
  work: `${prefix}Storage-ImportQueue0A1B2C3D-AbC123`,
  dlq: `${prefix}Storage-ImportDlq6A2B3C4D-XyZ789`,
  lone: `${prefix}Jobs-SchedulerDlq11223344-Qq0000`,
  other: 'other-portal-Storage-ImportDlq6A2B3C4D-Nope00',
};
const urls: Record<keyof typeof names, string> = { work: '', dlq: '', lone: '', other: '' };

const create = async (name: string, attributes: Record<string, string> = {}) =>
  (await sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }))).QueueUrl ?? '';

const arnOf = async (url: string) =>
  (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }))).Attributes?.QueueArn ?? '';

async function drain(url: string) {
  const bodies: string[] = [];
  for (;;) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, WaitTimeSeconds: 0, MessageAttributeNames: ['All'] }),
    );
    if (Messages.length === 0) return bodies;
    bodies.push(...Messages.map((m) => `${m.Body ?? ''}|${m.MessageAttributes?.kind?.StringValue ?? ''}`));
  }
}

const fill = async (url: string, count: number, start = 0) => {
  for (let i = start; i < start + count; i++) {
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: url,
        MessageBody: `message ${i}`,
        MessageAttributes: { kind: { DataType: 'String', StringValue: `k${i}` } },
      }),
    );
  }
};

beforeAll(async () => {
  local = await startLocalSqs({ port: 0 });
  sqs = sqsClient(local.endpoint);
  urls.dlq = await create(names.dlq);
  urls.work = await create(names.work, {
    RedrivePolicy: JSON.stringify({ deadLetterTargetArn: await arnOf(urls.dlq), maxReceiveCount: 5 }),
  });
  urls.lone = await create(names.lone);
  urls.other = await create(names.other);
});
afterAll(async () => {
  sqs?.destroy();
  await local?.stop();
});

describe('redrive a DLQ (runbook) on fauxqs', { timeout: 20_000 }, () => {
  it("lists the stage's queues only, each DLQ with the queue that feeds it", async () => {
    await fill(urls.lone, 1);
    const queues = await stageQueues(sqs, prefix);
    expect(queues.map((q) => [q.name, q.sources, q.visible])).toEqual([
      [names.lone, [], 1],
      [names.dlq, [names.work], 0],
      [names.work, [], 0],
    ]);
    expect(findQueue(queues, 'ImportDlq').name).toBe(names.dlq);
    expect(findQueue(queues, names.work).name).toBe(names.work);
    expect(() => findQueue(queues, 'Import')).toThrow(/no queue 'Import'/);
  });

  it('moves every message once, body and attributes kept, and honours a limit', async () => {
    await fill(urls.dlq, 23);
    expect(await redrive(sqs, { from: urls.dlq, to: urls.work, limit: 5, waitSeconds: 0 })).toEqual({ moved: 5, failed: [] });
    expect(await redrive(sqs, { from: urls.dlq, to: urls.work, waitSeconds: 0 })).toEqual({ moved: 18, failed: [] });
    const moved = await drain(urls.work);
    expect(moved.sort()).toEqual(Array.from({ length: 23 }, (_, i) => `message ${i}|k${i}`).sort());
    expect(await drain(urls.dlq)).toEqual([]);
  });

  it('the CLI: a dry run moves nothing, a run moves to the source, a failure destination is refused', async () => {
    await fill(urls.dlq, 3, 100);
    const env = { SQS_ENDPOINT: local.endpoint };
    const lines: string[] = [];
    const out = (line: string) => lines.push(line);
    expect(await main(['--stage', 'drill', '--queue', 'ImportDlq', '--dry-run'], env, out)).toBe(0);
    expect(lines.pop()).toBe(`dry run: would move up to 3 of 3 waiting messages from ${names.dlq} to ${names.work}`);
    expect(await main(['--stage', 'drill', '--queue', 'ImportDlq'], env, out)).toBe(0);
    expect(lines.pop()).toBe(`moved 3 messages from ${names.dlq} to ${names.work}`);
    expect((await drain(urls.work)).sort()).toEqual(['message 100|k100', 'message 101|k101', 'message 102|k102']);
    expect(await main(['--stage', 'drill', '--queue', 'SchedulerDlq'], env, out)).toBe(1);
    expect(lines.pop()).toMatch(/is no queue's DLQ/);
    expect(await main(['--queue', 'ImportDlq'], env, out)).toBe(2);
    expect(lines.pop()).toMatch(/^--stage is required/);
  });
});
