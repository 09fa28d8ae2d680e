import { GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { Backend } from '@portal/backend';
import { claimOwnerSlot, listImportFiles, ownerSlotsHeld, releaseOwnerSlot } from '@portal/backend/import/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importOk } from '../../tests/support/test-backend.ts';
import { startImportStandIns } from './import-stand-ins.ts';

/**
 * Imports of one owner at once (ADR 069 addendum) on s3rver + fauxqs + DynamoDB Local: an owner at its cap
 * has its next file deferred (sent again with a delay: never a failure, never toward the DLQ) and imported
 * once a slot frees, while another owner's file goes through meanwhile.
 */
let backend: Backend;
let sqs: SQSClient;
let put: (key: string, body: string) => Promise<void>;
let dlqUrl: string;
let stop: () => Promise<void>;

beforeAll(async () => {
  // One import of an owner at once; a deferred file comes back after a second.
  ({ backend, sqs, put, dlqUrl, stop } = await startImportStandIns('import-fair', {
    worker: { ownerAtOnce: 1, deferSeconds: 1 },
    budgetMs: 60_000,
  }));
  await importOk(backend, 'retailers', [
    { customerId: 'C-FA', name: 'Busy Markets' },
    { customerId: 'C-FB', name: 'Quiet Markets' },
  ]);
  await importOk(backend, 'transactionTypes', [{ transactionTypeId: 'sale', name: 'Sale' }]);
}, 60_000);

afterAll(() => stop?.());

const transactions = (customerId: string) =>
  `${[1, 2]
    .map((n) =>
      JSON.stringify({
        transactionId: `TX-FAIR-${customerId}-${n}`,
        at: `2026-11-20T10:0${n}:00.000Z`,
        customerId,
        terminalId: 'POS-1',
        type: 'sale',
        resultCode: '00',
        result: 'approved',
        amount: 100 * n,
        currency: 'EUR',
      }),
    )
    .join('\n')}\n`;

const fileOf = async (owner: string) => (await listImportFiles(backend.db, { owner }, { limit: 10 })).items[0];

describe('imports of one owner at once (ADR 069 addendum) on s3rver + fauxqs + DynamoDB Local', { timeout: 40_000 }, () => {
  it("an owner at its cap has its next file deferred, imported once a slot frees; another owner's file is not held up", async () => {
    // Another worker imports a file of C-FA (its one slot) for the next minutes.
    const now = new Date();
    expect(await claimOwnerSlot(backend.db, 'C-FA', 'elsewhere', 1, now, new Date(now.getTime() + 600_000))).toBe(true);

    await put('sftp/C-FA/imports/transactions.jsonl', transactions('C-FA'));
    await put('sftp/C-FB/imports/transactions.jsonl', transactions('C-FB'));
    await expect.poll(async () => (await fileOf('C-FB'))?.status, { timeout: 20_000, interval: 100 }).toBe('done');
    expect(await fileOf('C-FB')).toMatchObject({ created: 2, errorCount: 0 });
    // C-FA's file was received (its item exists) and deferred: never taken, nothing written, no failure.
    await expect.poll(async () => (await fileOf('C-FA'))?.status, { timeout: 20_000, interval: 100 }).toBe('checking');
    expect(await fileOf('C-FA')).toMatchObject({ runs: 0, linesDone: 0, created: 0 });

    await releaseOwnerSlot(backend.db, 'C-FA', 'elsewhere');
    await expect.poll(async () => (await fileOf('C-FA'))?.status, { timeout: 20_000, interval: 100 }).toBe('done');
    expect(await fileOf('C-FA')).toMatchObject({ created: 2, errorCount: 0 });
    expect(await ownerSlotsHeld(backend.db, 'C-FA')).toBe(0);
    expect(await ownerSlotsHeld(backend.db, 'C-FB')).toBe(0);
    const { Attributes } = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: dlqUrl,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    expect(Attributes).toMatchObject({ ApproximateNumberOfMessages: '0', ApproximateNumberOfMessagesNotVisible: '0' });
  });

  it("a dead worker's slot frees itself when its lease passes: the owner's next claim sweeps it", async () => {
    const at = new Date('2026-11-29T10:00:00Z');
    expect(await claimOwnerSlot(backend.db, 'C-FD', 'died', 1, at, new Date(at.getTime() + 60_000))).toBe(true);
    expect(await claimOwnerSlot(backend.db, 'C-FD', 'next', 1, new Date(at.getTime() + 60_000), new Date(at.getTime() + 120_000))).toBe(
      false,
    );
    expect(await claimOwnerSlot(backend.db, 'C-FD', 'next', 1, new Date(at.getTime() + 60_001), new Date(at.getTime() + 120_000))).toBe(
      true,
    );
    expect(await ownerSlotsHeld(backend.db, 'C-FD')).toBe(1);
    expect(await releaseOwnerSlot(backend.db, 'C-FD', 'died')).toBe(false); // swept: its release gives nothing back twice
    expect(await releaseOwnerSlot(backend.db, 'C-FD', 'next')).toBe(true);
    expect(await ownerSlotsHeld(backend.db, 'C-FD')).toBe(0);
  });
});
