import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Config } from '../../config.ts';

export type Db = { doc: DynamoDBDocumentClient; raw: DynamoDBClient; table: string };

/** One client per process; only the endpoint differs between AWS and DynamoDB Local. */
export function createDb(config: Pick<Config, 'AWS_REGION' | 'DYNAMODB_ENDPOINT' | 'TABLE_NAME'>): Db {
  const raw = new DynamoDBClient({
    region: config.AWS_REGION,
    ...(config.DYNAMODB_ENDPOINT ? { endpoint: config.DYNAMODB_ENDPOINT } : {}),
  });
  const doc = DynamoDBDocumentClient.from(raw, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return { doc, raw, table: config.TABLE_NAME };
}
