import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { claimOwnerSlot, listImportFiles, ownerSlotsHeld, releaseOwnerSlot } from '@portal/backend/import/testing';
import { describe, expect, it } from 'vitest';
import { importOk } from '../../tests/support/test-backend.ts';
import { useImportStandIns } from './import-stand-ins.ts';

/**
 * Imports of one owner at once (ADR 101) on s3rver + fauxqs + DynamoDB Local: an owner at its cap
 * has its next file deferred (sent again with a delay: never a failure, never toward the DLQ) and imported
 * once a slot frees, while another owner's file goes through meanwhile.
 */
const env = useImportStandIns(
  'import-fair',
  // One import of an owner at once; a deferred file comes back after a second.
  { worker: { ownerAtOnce: 1, deferSeconds: 1 }, budgetMs: 60_000 },
  async ({ backend }) => {
    await importOk(backend, 'retailers', [
      { customerId: 'C-FA', name: 'Busy Markets' },
      { customerId: 'C-FB', name: 'Quiet Markets' },
    ]);
    await importOk(backend, 'transactionTypes', [{ transactionTypeId: 'sale', name: 'Sale' }]);
  },
);

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

const fileOf = async (owner: string) => (await listImportFiles(env.backend.db, { owner }, { limit: 10 })).items[0];

describe('imports of one owner at once (ADR 101) on s3rver + fauxqs + DynamoDB Local', { timeout: 40_000 }, () => {
  it("an owner at its cap has its next file deferred, imported once a slot frees; another owner's file is not held up", async () => {
    // Another worker imports a file of C-FA (its one slot) for the next minutes.
    const now = new Date();
    expect(await claimOwnerSlot(env.backend.db, 'C-FA', 'elsewhere', 1, now, new Date(now.getTime() + 600_000))).toBe(true);

    await env.put('sftp/C-FA/imports/transactions.jsonl', transactions('C-FA'));
    await env.put('sftp/C-FB/imports/transactions.jsonl', transactions('C-FB'));
    await expect.poll(async () => (await fileOf('C-FB'))?.status, { timeout: 20_000, interval: 100 }).toBe('done');
    expect(await fileOf('C-FB')).toMatchObject({ created: 2, errorCount: 0 });
    // C-FA's file was received (its item exists) and deferred: never taken, nothing written, no failure.
    await expect.poll(async () => (await fileOf('C-FA'))?.status, { timeout: 20_000, interval: 100 }).toBe('checking');
    expect(await fileOf('C-FA')).toMatchObject({ runs: 0, linesDone: 0, created: 0 });

    await releaseOwnerSlot(env.backend.db, 'C-FA', 'elsewhere');
    await expect.poll(async () => (await fileOf('C-FA'))?.status, { timeout: 20_000, interval: 100 }).toBe('done');
    expect(await fileOf('C-FA')).toMatchObject({ created: 2, errorCount: 0 });
    expect(await ownerSlotsHeld(env.backend.db, 'C-FA')).toBe(0);
    expect(await ownerSlotsHeld(env.backend.db, 'C-FB')).toBe(0);
    const { Attributes } = await env.sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: env.dlqUrl,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    expect(Attributes).toMatchObject({ ApproximateNumberOfMessages: '0', ApproximateNumberOfMessagesNotVisible: '0' });
  });

  it("a dead worker's slot frees itself when its lease passes: the owner's next claim sweeps it", async () => {
    const at = new Date('2026-11-29T10:00:00Z');
    expect(await claimOwnerSlot(env.backend.db, 'C-FD', 'died', 1, at, new Date(at.getTime() + 60_000))).toBe(true);
    expect(await claimOwnerSlot(env.backend.db, 'C-FD', 'next', 1, new Date(at.getTime() + 60_000), new Date(at.getTime() + 120_000))).toBe(
      false,
    );
    expect(await claimOwnerSlot(env.backend.db, 'C-FD', 'next', 1, new Date(at.getTime() + 60_001), new Date(at.getTime() + 120_000))).toBe(
      true,
    );
    expect(await ownerSlotsHeld(env.backend.db, 'C-FD')).toBe(1);
    expect(await releaseOwnerSlot(env.backend.db, 'C-FD', 'died')).toBe(false); // swept: its release gives nothing back twice
    expect(await releaseOwnerSlot(env.backend.db, 'C-FD', 'next')).toBe(true);
    expect(await ownerSlotsHeld(env.backend.db, 'C-FD')).toBe(0);
  });
});
