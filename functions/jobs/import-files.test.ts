import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { importFilesHandler } from './import-files.ts';

const recordOf = (messageId: string, body: string) => ({ messageId, body, receiptHandle: `rh-${messageId}` }) as SQSRecord;

describe('import-files handler (ADR 069)', () => {
  it('hands each message to the worker with the invocation remaining time; reports the unfinished ones as batch item failures', async () => {
    const seen: { messageId: string; receiptHandle: string; remaining: number }[] = [];
    const handler = importFilesHandler(async () => ({
      receive: async (message, remainingMs) => {
        seen.push({ messageId: message.messageId, receiptHandle: message.receiptHandle, remaining: remainingMs() });
        return message.body === 'finished';
      },
    }));
    const event = { Records: [recordOf('m-1', 'finished'), recordOf('m-2', 'left'), recordOf('m-3', 'finished')] } as SQSEvent;
    expect(await handler(event, { getRemainingTimeInMillis: () => 900_000 })).toEqual({ batchItemFailures: [{ itemIdentifier: 'm-2' }] });
    expect(seen).toEqual([
      { messageId: 'm-1', receiptHandle: 'rh-m-1', remaining: 900_000 },
      { messageId: 'm-2', receiptHandle: 'rh-m-2', remaining: 900_000 },
      { messageId: 'm-3', receiptHandle: 'rh-m-3', remaining: 900_000 },
    ]);
  });
});
