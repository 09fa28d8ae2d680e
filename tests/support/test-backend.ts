import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { type Backend, type BackendAdapters, createBackend, loadConfig } from '@portal/backend';
import { type Db, ensureTable, migrationStateKey } from '@portal/backend/platform/db';
import { markMigrationsOfNewTable } from '@portal/backend/migration';
import { createFileStore, type FileStore } from '@portal/backend/platform/files';
import { listKeys, S3_STAND_IN_CREDENTIALS, startS3StandIn } from '@portal/backend/platform/files/test';
import type { AuditReader } from '@portal/backend/audit';
import { decodeAccess } from '@portal/core/auth';
import { expect } from 'vitest';
import { testEan } from './ean.ts';
import { suiteWorld } from './suite-world.ts';

/**
 * A backend on its own fresh table in the suite's DynamoDB Local (tests/setup/stand-ins.ts), so
 * test files never see each other's data. The password hash cost is lowered to keep tests fast.
 * `overrides` sets or replaces configuration variables (e.g. the SSO_* ones); `adapters` as createBackend's
 * (e.g. `faults`, ADR 025; `forgotAnswerFloorMs`, 0 here unless given).
 */
export async function createTestBackend(
  now?: () => Date,
  overrides: Record<string, string | undefined> = {},
  adapters: BackendAdapters = {},
): Promise<Backend> {
  const config = loadConfig({
    STAGE: 'test',
    AWS_REGION: 'eu-central-1',
    TABLE_NAME: `test-${randomUUID()}`,
    FILES_BUCKET: 'test-files',
    REPORTS_BUCKET: 'test-reports',
    MAIL_FROM: 'portal@example.com',
    APP_URL: 'http://localhost:3000',
    DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT,
    SES_ENDPOINT: process.env.SES_ENDPOINT,
    PASSWORD_HASH_COST: '12',
    TOTP_KEY_FILE: join(tmpdir(), `portal-test-totp-${process.pid}.key`),
    REPORT_LINK_KEY_FILE: join(tmpdir(), `portal-test-report-link-${process.pid}.key`),
    ...overrides,
  });
  // forgot-password answers without its 600 ms floor (ADR 017) unless a suite asks for it: only
  // signin-hardening.test.ts measures the floor; the route fuzz and the fault suites call it hundreds of times.
  const backend = createBackend(config, now, { forgotAnswerFloorMs: 0, ...adapters });
  await ensureTable(backend.db.raw, config.TABLE_NAME);
  // A new table holds no shape a migration rewrites (ADR 095): every migration is recorded done at its creation.
  await markMigrationsOfNewTable(backend.db, new Date());
  return backend;
}

/**
 * createTestBackend over a local S3 of the suite's own (the stand-in of ADR 050) holding one bucket, which
 * `bucket` names as the configuration variable the backend reads it from (FILES_BUCKET or REPORTS_BUCKET).
 * The stand-in's keys go into the environment, where the AWS SDK of the backend's file store reads them;
 * the suite stops `s3` in its afterAll.
 */
export async function createS3TestBackend(
  now: (() => Date) | undefined,
  bucket: { FILES_BUCKET: string } | { REPORTS_BUCKET: string },
  overrides: Record<string, string | undefined> = {},
): Promise<{ s3: S3StandIn; backend: Backend; files: FileStore }> {
  const [name = ''] = Object.values(bucket);
  const s3 = await startS3StandIn([name]);
  Object.assign(process.env, S3_STAND_IN_CREDENTIALS);
  const backend = await createTestBackend(now, { S3_ENDPOINT: s3.endpoint, ...bucket, ...overrides });
  // The bucket's own file store, for a suite that puts or reads files beside the backend's.
  const files = createFileStore({ AWS_REGION: backend.config.AWS_REGION, S3_ENDPOINT: s3.endpoint, bucket: name });
  return { s3, backend, files };
}
export type S3StandIn = Awaited<ReturnType<typeof startS3StandIn>>;

/** A started S3 suite: the stand-in, the backend over it and the bucket's own file store. */
export type S3World = { s3: S3StandIn; backend: Backend; files: FileStore };

/**
 * The world of a suite over a local S3 (createS3TestBackend): `start` (in the suite's beforeAll, with the
 * configuration `overrides` known only then, e.g. an SFTP stand-in's) makes it, its fields read it once
 * started (a read before throws) and the stand-in stops after the suite, so no suite declares, assigns and
 * stops the same variables again.
 */
export function s3Suite(now: (() => Date) | undefined, bucket: { FILES_BUCKET: string } | { REPORTS_BUCKET: string }) {
  const world = suiteWorld<S3World>('the S3 suite', (started) => started.s3.stop());
  return Object.assign(world.view(['s3', 'backend', 'files']), {
    start: async (overrides: Record<string, string | undefined> = {}) => world.set(await createS3TestBackend(now, bucket, overrides)),
    /** The keys of the bucket's objects under `prefix`, in the listing's order. */
    keys: (prefix: string) => listKeys(world.started().s3.endpoint, Object.values(bucket)[0] ?? '', prefix),
  });
}

/**
 * A table of before these migrations: their states removed, so a migration test's table has them pending as a table
 * of older code has (createTestBackend records every migration done, as a new table does).
 */
export async function unmarkMigrations(db: Db, ...ids: number[]): Promise<void> {
  for (const id of ids) await db.doc.send(new DeleteCommand({ TableName: db.table, Key: migrationStateKey(id) }));
}

/** Imports records of one kind through the one import path (line numbers 1..n); any line error fails the set-up. */
export async function importOk(backend: Backend, kind: string, records: readonly object[]): Promise<void> {
  const report = await backend.imports.importRecords(
    kind as 'accounts',
    records.map((data, i) => ({ line: i + 1, data })),
  );
  if (report.errors.length) throw new Error(`${kind}: ${JSON.stringify(report.errors.slice(0, 5))}`);
}

/**
 * Imports `lines` of one kind that must all be refused: nothing is created or updated, and the answer is
 * each refusal as [line, the field its reason names first] for the test to compare.
 */
export async function importRefused(
  backend: Backend,
  kind: Parameters<Backend['imports']['importRecords']>[0],
  lines: { line: number; data: unknown }[],
) {
  const report = await backend.imports.importRecords(kind, lines);
  expect(report.created + report.updated).toBe(0);
  return report.errors.map((e) => [e.line, e.reason.split(':')[0]]);
}

/**
 * An `accounts` import record the suites sign in with `password`: never expired, flag 16 (medium security)
 * unless `extra` says otherwise, no `portals` (the import's default). `extra` adds or replaces fields
 * (modules, locale, portals, securityFlag, timezone).
 */
export function testAccount(username: string, customerId: string, password: string, extra: object = {}) {
  return {
    username,
    password,
    email: `${username}@example.com`,
    passwordExpiry: '2030-01-01T00:00:00.000Z',
    customerId,
    securityFlag: 16,
    ...extra,
  };
}

/** testAccount of a connect user (portals ['connect'], as the connect suites use); `extra` as testAccount's. */
export function connectAccount(username: string, customerId: string, password: string, extra: object = {}) {
  return testAccount(username, customerId, password, { portals: ['connect'], ...extra });
}

/** A `stores` import record with the suites' one address; `extra` adds fields (customerStoreId). */
export function storeRecord(storeId: string, retailerId: string, extra: object = {}) {
  return { storeId, retailerId, name: `Store ${storeId}`, street: 'Main Street 1', postalCode: '10115', city: 'Berlin', ...extra };
}

/**
 * The provider sales suites' world (ADR 072): retailer `<prefix>-R` with `stores` stores `<prefix>-S0…`,
 * provider `<prefix>-P` and its one product `<prefix>-1` (EAN `ean`). Answers the suites' sale line of
 * that product: `quantity` cards of 25 at `storeId` on `date`.
 */
export async function importProviderSalesWorld(backend: Backend, prefix: string, ean: string, stores: number) {
  await importOk(backend, 'retailers', [{ customerId: `${prefix}-R`, name: 'Retailer' }]);
  await importOk(backend, 'providers', [{ customerId: `${prefix}-P`, name: 'Provider' }]);
  const product = { productId: `${prefix}-1`, inventoryProductId: `${prefix}-I1`, ean, sku: 'S', name: 'Card', company: 'C' };
  await importOk(backend, 'products', [{ ...product, contentProviderId: `${prefix}-P` }]);
  const storeIds = Array.from({ length: stores }, (_, n) => `${prefix}-S${n}`);
  await importOk(
    backend,
    'stores',
    storeIds.map((storeId) => storeRecord(storeId, `${prefix}-R`)),
  );
  return (storeId: string, date: string, quantity: number) => ({ storeId, ean, date, quantity, amount: quantity * 25 });
}

/**
 * A `products` import record P-<n>, "Card <n>" of Brand Co, with an EAN in the suite's own range (`eanPrefix`,
 * as testEan's); `extra` adds or replaces fields (faceValue, brand prices, allocation data).
 */
export function productRecord(n: number, eanPrefix: string, extra: object = {}) {
  return {
    productId: `P-${n}`,
    inventoryProductId: `I-${n}`,
    ean: testEan(eanPrefix, n),
    sku: `SKU-${n}`,
    name: `Card ${n}`,
    company: 'Brand Co',
    ...extra,
  };
}

/** The demo's company change workflows (ADR 085: profile, assets, documents), as the seed imports them. */
async function importCompanyWorkflows(backend: Backend): Promise<void> {
  const workflows = readFileSync(new URL('../../scripts/seed/demo/workflows.jsonl', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.includes('"wf-company-'))
    .map((l) => JSON.parse(l) as object);
  await importOk(backend, 'workflows', workflows);
}

/**
 * The company change workflows and a brand on `host` whose company changes of the kinds in `approval` wait
 * for an approver (ADR 085).
 */
export async function importCompanyApproval(backend: Backend, id: string, host: string, approval: Record<string, boolean>): Promise<void> {
  await importCompanyWorkflows(backend);
  await importOk(backend, 'brands', [
    {
      id,
      name: 'Approving brand',
      layout: 'default',
      hosts: [host],
      footerLinks: [],
      customFields: { companyChangesRequireApproval: approval },
    },
  ]);
}

/** A reader of `customerId`'s audit log with the team administrator's permission (ADR 114), in Berlin time. */
export const teamAdminReader = (customerId: string): AuditReader => ({
  customerId,
  timezone: 'Europe/Berlin',
  brandId: 'default',
  access: decodeAccess({ securityFlag: 0, permissions: 0, settings: 0, modules: { team: { permissions: 1, settings: 0 } } }),
});
