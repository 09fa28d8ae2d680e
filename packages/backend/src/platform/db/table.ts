import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';

/**
 * The single table's shape (ADR 003). infra/storage.ts declares the same keys for AWS; the infra test
 * checks the two agree. Locally and in tests the table is created from this definition.
 */
export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
} as const;

/**
 * The prod table's warm throughput (CloudFormation `WarmThroughput`): the units per second it serves from
 * its creation, where a new on-demand table starts at 12,000 RCU / 4,000 WCU and doubles only as traffic
 * grows. Sized by the load model (ADR 067, docs/benchmarks.md): the mid-size processor's fleet peak is
 * ~7,500 WCU/s (the import at 50 million transactions a day); writes at about 1.3× that. Reads (ADR 077):
 * the 1st of the month at 00:00 adds the report runner's reads, ≤ 300 invocations × ~92 RCU/s ≈ 27,600
 * RCU/s, to the fleet's ~9,300: 40,000, an on-demand table's default per-table quota. Other stages stay on
 * the default (warming costs a one-time fee).
 */
export const PROD_WARM_THROUGHPUT = { readUnitsPerSecond: 40_000, writeUnitsPerSecond: 10_000 } as const;

export type IndexName = (typeof TABLE_KEYS.indexes)[number]['name'];

export type EnsureTableOptions = {
  /** Told every ~30 s while an added index is still being built (a large local table takes minutes). */
  onIndexWait?: (message: string) => void;
  /** How long to wait for an added index before giving up with an error. Default 15 minutes. */
  indexWaitMs?: number;
};

/** Creates the table (on-demand, with its GSIs and TTL) unless it exists. Safe to call on every start. */
export async function ensureTable(
  client: DynamoDBClient,
  tableName: string,
  options: EnsureTableOptions = {},
): Promise<'created' | 'exists'> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    await addMissingIndexes(client, tableName, new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName)), options);
    return 'exists';
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const keyNames = [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, ...TABLE_KEYS.indexes.flatMap((i) => [i.partitionKey, i.sortKey])];
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE_KEYS.indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: tableName });
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE_KEYS.ttlAttribute, Enabled: true },
    }),
  );
  return 'created';
}

/**
 * A table made before an index was added to TABLE_KEYS (a local data folder from an older version; gsi3
 * came with ADR 032) gets it here, one UpdateTable per index (DynamoDB creates one at a time), waiting
 * until it is active and backfilled: queries on a half-built index would answer too little without an error.
 * An index not ready within `indexWaitMs` stops the start with an error naming it (never a silent go-on).
 * On AWS, infra/storage.ts adds indexes by deployment.
 */
async function addMissingIndexes(
  client: DynamoDBClient,
  tableName: string,
  present: Set<string | undefined>,
  { onIndexWait, indexWaitMs = 15 * 60_000 }: EnsureTableOptions,
): Promise<void> {
  for (const index of TABLE_KEYS.indexes) {
    if (present.has(index.name)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [index.partitionKey, index.sortKey].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: index.name,
              KeySchema: [
                { AttributeName: index.partitionKey, KeyType: 'HASH' },
                { AttributeName: index.sortKey, KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
          },
        ],
      }),
    );
    const started = Date.now();
    let toldAt = started;
    for (;;) {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      const created = Table?.GlobalSecondaryIndexes?.find((g) => g.IndexName === index.name);
      if (created?.IndexStatus === 'ACTIVE' && !created.Backfilling) break;
      const state = `${created?.IndexStatus ?? 'missing'}${created?.Backfilling ? ', backfilling' : ''}`;
      const waited = Date.now() - started;
      if (waited >= indexWaitMs) {
        throw new Error(`Index ${index.name} of table ${tableName} is not ready after ${Math.round(waited / 1000)} s (${state})`);
      }
      if (Date.now() - toldAt >= 30_000) {
        toldAt = Date.now();
        onIndexWait?.(`Building index ${index.name} of table ${tableName} (${state}), ${Math.round(waited / 1000)} s so far`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Epoch seconds, the unit DynamoDB TTL expects. */
export const toTtl = (date: Date): number => Math.floor(date.getTime() / 1000);
