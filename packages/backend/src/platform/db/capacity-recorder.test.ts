import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend } from '../../../../../tests/support/test-backend.ts';
import { batchGet, batchPut } from './batch.ts';
import type { Db } from './client.ts';
import { itemSize, recordCapacity } from './capacity-recorder.ts';

/**
 * The load model's recorder against DynamoDB Local: each call's units land on the partition key values it
 * touched (table and index keys), and a call on many keys is spread so its records sum to what DynamoDB
 * reported.
 */
let db: Db;
beforeAll(async () => {
  db = (await createTestBackend()).db;
});

const big = (pk: string, bytes: number, extra: object = {}) => ({ pk, sk: 'S', blob: 'x'.repeat(bytes), ...extra });

describe('recordCapacity', () => {
  it('puts a single write on its table key and its index keys, a read on the key it reads', async () => {
    const recorder = recordCapacity(db);
    try {
      const { records } = await recorder.recorded(async () => {
        await db.doc.send(new PutCommand({ TableName: db.table, Item: big('A', 2500, { gsi1pk: 'G#A', gsi1sk: '1' }) }));
        await db.doc.send(new GetCommand({ TableName: db.table, Key: { pk: 'A', sk: 'S' }, ConsistentRead: true }));
        await db.doc.send(
          new QueryCommand({
            TableName: db.table,
            IndexName: 'gsi1',
            KeyConditionExpression: '#k = :v',
            ExpressionAttributeNames: { '#k': 'gsi1pk' },
            ExpressionAttributeValues: { ':v': 'G#A' },
          }),
        );
      });
      expect(records.map((r) => [r.op, r.on, r.pk, r.rcu, r.wcu])).toEqual([
        ['Put', 'table', 'A', 0, 3],
        ['Put', 'gsi1', 'G#A', 0, 3],
        ['Get', 'table', 'A', 1, 0],
        ['Query', 'gsi1', 'G#A', 0.5, 0],
      ]);
      expect(records[0]!.itemBytes).toBeGreaterThan(2500);
      expect(records[0]!.itemBytes).toBeLessThan(2600);
    } finally {
      recorder.stop();
    }
  });

  it('spreads a transaction and a batch over their keys by size, summing to what DynamoDB reported', async () => {
    const recorder = recordCapacity(db);
    try {
      const { records, result: reported } = await recorder.recorded(async () => {
        const out = await db.doc.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: db.table, Item: big('T1', 3000) } },
              { Put: { TableName: db.table, Item: big('T2', 10) } },
              {
                Update: {
                  TableName: db.table,
                  Key: { pk: 'T3', sk: 'S' },
                  UpdateExpression: 'ADD n :one',
                  ExpressionAttributeValues: { ':one': 1 },
                },
              },
            ],
          }),
        );
        await batchPut(db, [big('B1', 100), big('B2', 5000)]);
        await batchGet(db, [
          { pk: 'B1', sk: 'S' },
          { pk: 'B2', sk: 'S' },
        ]);
        return (out.ConsumedCapacity ?? []).reduce((n, c) => n + (c.CapacityUnits ?? 0), 0);
      });
      const sum = (op: string, field: 'rcu' | 'wcu') => records.filter((r) => r.op === op).reduce((n, r) => n + r[field], 0);
      const tx = records.filter((r) => r.op === 'TransactWrite');
      expect(tx.map((r) => r.pk)).toEqual(['T1', 'T2', 'T3']);
      expect(tx[0]!.wcu).toBeGreaterThan(tx[1]!.wcu);
      expect(tx.every((r) => r.callItems === 3)).toBe(true);
      expect(reported).toBeGreaterThan(0);
      expect(sum('TransactWrite', 'wcu')).toBeCloseTo(reported, 9);
      expect(records.filter((r) => r.op === 'BatchWrite').map((r) => [r.pk, r.wcu])).toEqual([
        ['B1', 1],
        ['B2', 5],
      ]);
      expect(sum('BatchGet', 'rcu')).toBeGreaterThan(0);
    } finally {
      recorder.stop();
    }
  });

  it("records an update's table key; sizes follow DynamoDB's rules", async () => {
    const recorder = recordCapacity(db);
    try {
      const { records } = await recorder.recorded(() =>
        db.doc.send(
          new UpdateCommand({
            TableName: db.table,
            Key: { pk: 'U', sk: 'S' },
            UpdateExpression: 'SET v = :v',
            ExpressionAttributeValues: { ':v': 'y'.repeat(1500) },
          }),
        ),
      );
      expect(records.map((r) => [r.op, r.on, r.pk, r.wcu])).toEqual([['Update', 'table', 'U', 2]]);
    } finally {
      recorder.stop();
    }
    expect(itemSize({ pk: 'ab', n: 12345, ok: true, list: ['a', 'b'] })).toBe(2 + 2 + 1 + 4 + 2 + 1 + 4 + (3 + 2 + 2));
  });
});
