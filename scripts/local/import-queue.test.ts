import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { getImportErrors, listImportFiles } from '@portal/backend/import/testing';
import { describe, expect, it } from 'vitest';
import { customerGroupIds } from '../../tests/support/customer-groups.ts';
import { useImportStandIns } from './import-stand-ins.ts';

/**
 * The import path of ADR 069 on the real stand-ins: a file put into s3rver reaches fauxqs through the
 * notification bridge, the poller hands it to the same handler the Lambda runs, and the worker imports it
 * into DynamoDB Local — a large file in several messages, a poisoned one into the DLQ with nothing written.
 */
// Every slice (2 lines) leaves less than the reserve: each continues in a new message, as a file past
// one Lambda invocation does.
const env = useImportStandIns('import-test', { worker: { sliceLines: 2, reserveMs: 60_000 }, budgetMs: 30_000 });

const groups = () => customerGroupIds(env.backend);

/** The import of `key`, once its item exists. */
const importOf = async (key: string) => {
  const { items } = await listImportFiles(env.backend.db, { owner: '' }, { limit: 50 });
  return items.find((f) => f.key === key);
};

describe('imports through the queue (ADR 069) on s3rver + fauxqs + DynamoDB Local', { timeout: 40_000 }, () => {
  it('a file put under imports/ is imported slice by slice, each slice in its own message', async () => {
    const lines = ['customerGroupId,name', ...[1, 2, 3, 4, 5].map((k) => `G-Q-${k},Queued ${k}`)];
    await env.put('imports/customerGroups.csv', `${lines.join('\n')}\n`);
    await expect.poll(async () => (await importOf('imports/customerGroups.csv'))?.status, { timeout: 30_000, interval: 100 }).toBe('done');
    const file = await importOf('imports/customerGroups.csv');
    // Checking (3 slices) then importing (3 slices): one message each, plus the phase change.
    expect(file).toMatchObject({ owner: '', kind: 'customerGroups', created: 5, updated: 0, errorCount: 0, linesDone: 6 });
    expect(file!.runs).toBeGreaterThanOrEqual(6);
    expect(await groups()).toEqual(['G-Q-1', 'G-Q-2', 'G-Q-3', 'G-Q-4', 'G-Q-5']);
  });

  it('a poisoned file ends in the DLQ with its line errors, nothing of it written', async () => {
    const lines = [
      JSON.stringify({ customerGroupId: 'G-P-1', name: 'Fine' }),
      JSON.stringify({ customerGroupId: 'G-P-2', name: 'Fine too' }),
      '{broken',
      JSON.stringify({ customerGroupId: 'G-P-4', name: 'Fine as well' }),
      JSON.stringify({ customerGroupId: '', name: 'No id' }),
    ];
    await env.put('imports/poisoned/customerGroups.jsonl', `${lines.join('\n')}\n`);
    const dead = async () => {
      const { Messages = [] } = await env.sqs.send(
        new ReceiveMessageCommand({ QueueUrl: env.dlqUrl, VisibilityTimeout: 0, WaitTimeSeconds: 0 }),
      );
      // S3's notification, or the worker's continuation when the file was checked over several messages.
      type Body = { Records?: { s3: { object: { key: string } } }[]; importFile?: { key: string } };
      return Messages.map((m) => JSON.parse(m.Body!) as Body).map((b) => b.importFile?.key ?? b.Records![0]!.s3.object.key);
    };
    await expect.poll(dead, { timeout: 30_000, interval: 100 }).toEqual(['imports/poisoned/customerGroups.jsonl']);
    const file = await importOf('imports/poisoned/customerGroups.jsonl');
    expect(file).toMatchObject({ status: 'rejected', errorCount: 2, created: 0 });
    expect(await getImportErrors(env.backend.db, file!.fileId)).toEqual([
      { line: 3, reason: 'not valid JSON' },
      { line: 5, reason: expect.stringContaining('customerGroupId') },
    ]);
    expect((await groups()).filter((id) => id.startsWith('G-P-'))).toEqual([]);
  });

  it('a file written again while it is imported: the first import reads none of the new content, the new content is its own import', async () => {
    const key = 'imports/swapped/customerGroups.csv';
    const file = (prefix: string) =>
      `${['customerGroupId,name', ...[1, 2, 3, 4, 5].map((k) => `${prefix}-${k},Swapped ${k}`)].join('\n')}\n`;
    await env.put(key, file('G-S1'));
    await env.put(key, file('G-S2')); // the first import is still in its check: 2 lines a message
    const imports = async () =>
      (await listImportFiles(env.backend.db, { owner: '' }, { limit: 50 })).items
        .filter((f) => f.key === key)
        .map((f) => f.status)
        .sort();
    await expect.poll(imports, { timeout: 30_000, interval: 100 }).toEqual(['done', 'rejected']);
    const items = (await listImportFiles(env.backend.db, { owner: '' }, { limit: 50 })).items.filter((f) => f.key === key);
    expect(items.find((f) => f.status === 'rejected')!.problem).toMatch(/written again while it was imported/);
    expect(items.find((f) => f.status === 'done')).toMatchObject({ created: 5, errorCount: 0 });
    expect((await groups()).filter((id) => id.startsWith('G-S'))).toEqual(['G-S2-1', 'G-S2-2', 'G-S2-3', 'G-S2-4', 'G-S2-5']);
  });

  it('a kind a customer folder may not deliver is refused whole; a report copied to SFTP is no import', async () => {
    await env.put('sftp/C-1/reports/today.csv', 'a,b\n1,2\n');
    await env.put('sftp/C-1/imports/customerGroups.csv', 'customerGroupId,name\nG-C-1,Mine\n');
    await expect
      .poll(async () => (await listImportFiles(env.backend.db, { owner: 'C-1' }, { limit: 10 })).items.map((f) => [f.key, f.status]), {
        timeout: 30_000,
        interval: 100,
      })
      .toEqual([['sftp/C-1/imports/customerGroups.csv', 'rejected']]);
    const [file] = (await listImportFiles(env.backend.db, { owner: 'C-1' }, { limit: 10 })).items;
    expect(file!.problem).toBe("customerGroups.csv: a customer's folder delivers transactions only");
    expect(await groups()).not.toContain('G-C-1');
  });
});
