import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { migrationStateKey } from '@portal/backend/platform/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, unmarkMigrations } from '../../tests/support/test-backend.ts';
import { handler } from './migrate.ts';

/** The deploy's migrate function (ADR 075) against DynamoDB Local: runs what is left, skips what is done, fails while another runner holds one. */
describe('migrate handler', () => {
  let db: Awaited<ReturnType<typeof createTestBackend>>['db'];
  beforeAll(async () => {
    db = (await createTestBackend()).db;
    await unmarkMigrations(db, 1); // the one whose run the handler is watched doing
    process.env.TABLE_NAME = db.table;
  });
  afterAll(() => {
    delete process.env.TABLE_NAME;
  });
  const state = async () => (await db.doc.send(new GetCommand({ TableName: db.table, Key: migrationStateKey(1) }))).Item;

  it('moves the old items on the first deploy and does nothing on the next', async () => {
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { pk: 'TXSUM#M1#ALL', sk: 'H#2026-10-01', type: 'transactionHours', 'h|23|sale|00|approved': 2 },
      }),
    );
    await handler({}, { awsRequestId: 'deploy-1' });
    expect(await state()).toMatchObject({ status: 'done', owner: 'lambda:deploy-1', items: 1 });
    const moved = await db.doc.send(new GetCommand({ TableName: db.table, Key: { pk: 'TXSUM#M1#ALL', sk: 'H#2026-10-01#23' } }));
    expect(moved.Item).toMatchObject({ type: 'transactionHour', 'c|sale|00|approved': 2 });
    await handler({}, { awsRequestId: 'deploy-2' });
    expect(await state()).toMatchObject({ owner: 'lambda:deploy-1' });
  });

  it('fails the deploy while another runner holds a migration', async () => {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: migrationStateKey(1),
        UpdateExpression: 'SET #status = :running, #owner = :other, leaseUntil = :later',
        ExpressionAttributeNames: { '#status': 'status', '#owner': 'owner' },
        ExpressionAttributeValues: { ':running': 'running', ':other': 'cli:elsewhere', ':later': Date.now() + 60_000 },
      }),
    );
    await expect(handler({}, { awsRequestId: 'deploy-3' })).rejects.toThrow(/another runner/);
  });
});
