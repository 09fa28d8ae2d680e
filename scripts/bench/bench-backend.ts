import { randomBytes, randomUUID } from 'node:crypto';
import { type Actor, type Backend, createBackend, loadConfig } from '@portal/backend';
import { decodeAccess, type RawAccess } from '@portal/core/auth';
import { ensureTable } from '@portal/backend/platform/db';
import { markMigrationsOfNewTable } from '@portal/backend/migration';
import { startDynamoDbLocal } from '../local/dynamodb-local.ts';

/**
 * The in-process benchmarks' backend: a private DynamoDB Local with a fresh table (the stand-in that
 * speaks the real protocol), the demo-free configuration every such bench uses, and `stop()` for the end;
 * `now` the backend's clock (the real one by default).
 */
export async function startBenchBackend(now?: () => Date): Promise<{ backend: Backend; stop: () => Promise<void> }> {
  const dynamo = await startDynamoDbLocal({});
  const backend = await openBenchBackend(dynamo.endpoint, `bench-${randomUUID()}`, now);
  return { backend, stop: () => dynamo.stop() };
}

/** The in-process benches' signed-in user: an ordering-portal account with the four ordering permissions. */
export const BENCH_USER = { username: 'bench.user', password: 'Bench-Password-2026!' } as const;

/** Imports BENCH_USER through the import path like any account; a refused line fails the bench. */
export async function importBenchUser(backend: Backend): Promise<void> {
  const report = await backend.imports.importRecords('accounts', [
    { line: 1, data: { ...BENCH_USER, email: 'bench@example.com', modules: { ordering: { permissions: 15 } } } },
  ]);
  if (report.errors.length) throw new Error(`bench account: ${JSON.stringify(report.errors)}`);
}

/** A bench backend on table `tableName` of the DynamoDB at `endpoint`, the table created (as new) if missing. */
export async function openBenchBackend(endpoint: string, tableName: string, now?: () => Date): Promise<Backend> {
  // The SDK's credential chain reads these; DynamoDB Local accepts any.
  process.env.AWS_ACCESS_KEY_ID = 'local';
  process.env.AWS_SECRET_ACCESS_KEY = 'local';
  const config = benchConfig(tableName, endpoint);
  const backend = createBackend(config, now);
  await ensureTable(backend.db.raw, config.TABLE_NAME, { onIndexWait: (message) => console.error(`bench: ${message}`) });
  // A new table holds no shape a migration rewrites (ADR 095): every migration is recorded done at its creation.
  await markMigrationsOfNewTable(backend.db, new Date());
  return backend;
}

/** The demo-free configuration of an in-process bench backend on table `tableName` of the DynamoDB at `endpoint`. */
export function benchConfig(tableName: string, endpoint: string) {
  return loadConfig({
    STAGE: 'bench',
    AWS_REGION: 'eu-central-1',
    TABLE_NAME: tableName,
    FILES_BUCKET: 'bench-files',
    REPORTS_BUCKET: 'bench-reports',
    MAIL_FROM: 'bench@example.com',
    APP_URL: 'http://localhost',
    DYNAMODB_ENDPOINT: endpoint,
    // Seals the session tokens (ADR 052); a bench's sessions live as long as its process.
    REPORT_LINK_KEY: randomBytes(32).toString('base64'),
  });
}

/**
 * The parseArgs options of a bench over an existing data set: the running DynamoDB Local's port and
 * table (the generator's default), the customer, the period and the zone its days are read in.
 */
export const DATA_SET_OPTIONS = {
  'dynamodb-port': { type: 'string' },
  table: { type: 'string', default: 'portal-local' },
  customer: { type: 'string' },
  start: { type: 'string' },
  end: { type: 'string' },
  zone: { type: 'string', default: 'Europe/Berlin' },
} as const;

/**
 * The in-process benches' caller: a connect user of no customer (every customer's data) with a strong
 * security flag (medium + private) and the given modules, whose days are those of `timezone`.
 */
export const benchActor = (modules: RawAccess['modules'], timezone = 'UTC'): Actor => ({
  username: 'bench',
  displayName: 'Bench',
  customerId: '',
  access: decodeAccess({ securityFlag: 16 + 4096, permissions: 0, settings: 0, modules }),
  strongAuthentication: true,
  timezone,
  locale: 'en-US',
});
