import type { SQSEvent, SQSRecord } from 'aws-lambda';
import type { Db } from '@portal/backend/platform/db';
import { describe, expect, it, vi } from 'vitest';
import { mailEventsHandler } from './mail-events.ts';

const recordOf = (messageId: string, body: string) => ({ messageId, body }) as SQSRecord;
const bounceBody = JSON.stringify({
  notificationType: 'Bounce',
  mail: { messageId: 'ses-1' },
  bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'a@example.org' }] },
});

describe('mail-events handler (ADR 042 addendum)', () => {
  it('reports only the messages whose recording threw as batch item failures; a malformed one is dropped, not retried', async () => {
    // The table is unreachable: every well-formed event throws; the malformed one never reaches the table.
    const db = { table: 't', doc: { send: async () => Promise.reject(new Error('connect ECONNREFUSED')) } } as unknown as Db;
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const handler = mailEventsHandler(async () => ({ db, now: () => new Date(), log: () => {} }));
      const event = { Records: [recordOf('sqs-1', bounceBody), recordOf('sqs-2', 'not json'), recordOf('sqs-3', bounceBody)] } as SQSEvent;
      expect(await handler(event)).toEqual({ batchItemFailures: [{ itemIdentifier: 'sqs-1' }, { itemIdentifier: 'sqs-3' }] });
    } finally {
      error.mockRestore();
    }
  });
});
