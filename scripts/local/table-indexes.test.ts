import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable, TABLE_KEYS } from '@portal/backend/platform/db/table';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DynamoDbLocal, startDynamoDbLocal } from './dynamodb-local.ts';

// Its own in-memory DynamoDB Local: the suite's shared one, busy with every other test file, was seen to
// leave an index added by UpdateTable in CREATING for minutes, which is not what this test is about.
let ddb: DynamoDbLocal;
beforeAll(async () => {
  ddb = await startDynamoDbLocal({});
}, 60_000);
afterAll(() => ddb?.stop());

describe('ensureTable', () => {
  it('adds the indexes a table made by an older version lacks (a local data folder from before gsi3)', async () => {
    const client = new DynamoDBClient({ region: 'eu-central-1', endpoint: ddb.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const TableName = `old-${randomUUID()}`;
    const old = TABLE_KEYS.indexes.slice(0, 2);
    await client.send(
      new CreateTableCommand({
        TableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: ['pk', 'sk', ...old.flatMap((i) => [i.partitionKey, i.sortKey])].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: old.map((i) => ({
          IndexName: i.name,
          KeySchema: [
            { AttributeName: i.partitionKey, KeyType: 'HASH' },
            { AttributeName: i.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
    expect(await ensureTable(client, TableName)).toBe('exists');
    // DynamoDB Local builds the index in the background: seconds here, more on a busy machine (ensureTable
    // waits up to a minute, then lets the start go on); what matters is that every index comes to be.
    const statuses = async () =>
      ((await client.send(new DescribeTableCommand({ TableName }))).Table?.GlobalSecondaryIndexes ?? []).map((i) => [i.IndexName, i.IndexStatus]).sort();
    await vi.waitFor(async () => expect(await statuses()).toEqual(TABLE_KEYS.indexes.map((i) => [i.name, 'ACTIVE'])), { timeout: 150_000, interval: 500 });
    expect(await ensureTable(client, TableName)).toBe('exists');
  }, 240_000);
});
