import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { ensureTable, TABLE_KEYS } from './table.ts';

describe('ensureTable', () => {
  it('adds the indexes a table made by an older version lacks (a local data folder from before gsi3)', async () => {
    const client = new DynamoDBClient({ region: 'eu-central-1', endpoint: process.env.DYNAMODB_ENDPOINT });
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
    const { Table } = await client.send(new DescribeTableCommand({ TableName }));
    expect(Table?.GlobalSecondaryIndexes?.map((i) => [i.IndexName, i.IndexStatus]).sort()).toEqual(TABLE_KEYS.indexes.map((i) => [i.name, 'ACTIVE']));
    expect(await ensureTable(client, TableName)).toBe('exists');
    // DynamoDB Local builds the index in the background: seconds here, more on a busy machine.
  }, 90_000);
});
