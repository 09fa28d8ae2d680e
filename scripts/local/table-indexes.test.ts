import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { ensureTable, TABLE_KEYS } from '@portal/backend/platform/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const client = new DynamoDBClient({
      region: 'eu-central-1',
      endpoint: ddb.endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const TableName = `old-${randomUUID()}`;
    const old = TABLE_KEYS.indexes.slice(0, 2);
    await client.send(
      new CreateTableCommand({
        TableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: ['pk', 'sk', ...old.flatMap((i) => [i.partitionKey, i.sortKey])].map((AttributeName) => ({
          AttributeName,
          AttributeType: 'S',
        })),
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
    // ensureTable returns once every added index is built (DynamoDB Local builds it in the background).
    expect(await ensureTable(client, TableName)).toBe('exists');
    const statuses = async () =>
      ((await client.send(new DescribeTableCommand({ TableName }))).Table?.GlobalSecondaryIndexes ?? [])
        .map((i) => [i.IndexName, i.IndexStatus])
        .sort();
    expect(await statuses()).toEqual(TABLE_KEYS.indexes.map((i) => [i.name, 'ACTIVE']));
    expect(await ensureTable(client, TableName)).toBe('exists');
  }, 240_000);

  it('stops with an error naming the index when an added index is not built in time (never goes on silently)', async () => {
    const client = new DynamoDBClient({
      region: 'eu-central-1',
      endpoint: 'http://127.0.0.1:9',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const index = (i: (typeof TABLE_KEYS.indexes)[number], IndexStatus: 'ACTIVE' | 'CREATING') => ({ IndexName: i.name, IndexStatus });
    const [gsi1, gsi2, gsi3] = TABLE_KEYS.indexes;
    // An older table without gsi3 whose new index then stays CREATING (a busy or huge local table).
    const mock = mockClient(client);
    mock
      .on(DescribeTableCommand)
      .resolvesOnce({ Table: { GlobalSecondaryIndexes: [index(gsi1, 'ACTIVE'), index(gsi2, 'ACTIVE')] } })
      .resolves({ Table: { GlobalSecondaryIndexes: [index(gsi1, 'ACTIVE'), index(gsi2, 'ACTIVE'), index(gsi3, 'CREATING')] } });
    mock.on(UpdateTableCommand).resolves({});
    await expect(ensureTable(client, 'old', { indexWaitMs: 600 })).rejects.toThrow(
      /Index gsi3 of table old is not ready after \d+ s \(CREATING\)/,
    );
    expect(mock.commandCalls(UpdateTableCommand)).toHaveLength(1);
    mock.restore();
  });
});
