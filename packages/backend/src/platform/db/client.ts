import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Config } from '../../config.ts';
import type { FaultInjector } from '../faults/fault-injector.ts';

export type Db = { doc: DynamoDBDocumentClient; raw: DynamoDBClient; table: string };

/**
 * One client per process; only the endpoint differs between AWS and DynamoDB Local. `faults` (tests and
 * the fault bench only, ADR 025) injects throttling, 5xx and timeouts into its calls.
 */
export function createDb(config: Pick<Config, 'AWS_REGION' | 'DYNAMODB_ENDPOINT' | 'TABLE_NAME'>, faults?: FaultInjector): Db {
  const raw = new DynamoDBClient({
    region: config.AWS_REGION,
    ...(config.DYNAMODB_ENDPOINT ? { endpoint: config.DYNAMODB_ENDPOINT } : {}),
  });
  // The SDK's logger step runs every response through its sensitive-data filter, walking each
  // AttributeValue, even with no logger configured (its no-op logger has an `info`). Nothing here logs
  // SDK calls, and the walk was ~8 % of the products step's CPU (ADR 029).
  raw.middlewareStack.remove('loggerMiddleware');
  faults?.install(raw, 'dynamodb');
  const doc = DynamoDBDocumentClient.from(raw, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return { doc, raw, table: config.TABLE_NAME };
}
