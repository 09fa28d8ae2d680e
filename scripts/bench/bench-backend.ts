import { randomUUID } from 'node:crypto';
import { type Backend, createBackend, loadConfig } from '@portal/backend';
import { ensureTable } from '@portal/backend/platform/db/table';
import { startDynamoDbLocal } from '../local/dynamodb-local.ts';

/**
 * The in-process benchmarks' backend: a private DynamoDB Local with a fresh table (the stand-in that
 * speaks the real protocol), the demo-free configuration every such bench uses, and `stop()` for the end.
 */
export async function startBenchBackend(): Promise<{ backend: Backend; stop: () => Promise<void> }> {
  const dynamo = await startDynamoDbLocal({});
  // The SDK's credential chain reads these; DynamoDB Local accepts any.
  process.env.AWS_ACCESS_KEY_ID = 'local';
  process.env.AWS_SECRET_ACCESS_KEY = 'local';
  const config = loadConfig({
    STAGE: 'bench',
    AWS_REGION: 'eu-central-1',
    TABLE_NAME: `bench-${randomUUID()}`,
    FILES_BUCKET: 'bench-files',
    REPORTS_BUCKET: 'bench-reports',
    MAIL_FROM: 'bench@example.com',
    APP_URL: 'http://localhost',
    DYNAMODB_ENDPOINT: dynamo.endpoint,
  });
  const backend = createBackend(config);
  await ensureTable(backend.db.raw, config.TABLE_NAME, { onIndexWait: (message) => console.error(`bench: ${message}`) });
  return { backend, stop: () => dynamo.stop() };
}
