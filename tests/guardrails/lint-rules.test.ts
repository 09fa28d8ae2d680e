import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layout's guardrails (docs/layout.md) fail on a deliberately bad file: each case lints a snippet as if
 * it lived at `at`, through the project's own eslint.config.js, and expects the named rule to report it.
 * The files named here need not exist; the imported ones do (the zone rule resolves them).
 */
const root = join(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, ignore: false });
});

async function errorsOf(at: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, at) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

const ZONE_RULES = /^(import-x\/no-restricted-paths|@typescript-eslint\/no-restricted-imports):/;
const zoneErrors = async (at: string, code: string) => (await errorsOf(at, code)).filter((e) => ZONE_RULES.test(e));

/** Some source file of a web feature, as a path relative to web/src/features/. */
function aFileOf(feature: string): string {
  const walk = (dir: string): string | undefined => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) return path;
      if (entry.isDirectory()) {
        const found = walk(path);
        if (found) return found;
      }
    }
    return undefined;
  };
  const found = walk(join(root, 'web/src/features', feature));
  if (!found) throw new Error(`no source file in feature ${feature}`);
  return relative(join(root, 'web/src/features'), found).replaceAll('\\', '/');
}

describe('import zones', () => {
  it.each([
    [
      'web → backend (package)',
      'web/src/lib/probe.ts',
      "import { createBackend } from '@portal/backend';\nexport const x = createBackend;",
    ],
    [
      'web → backend (path)',
      'web/src/lib/probe.ts',
      "import { createBackend } from '../../../packages/backend/src/index.ts';\nexport const x = createBackend;",
    ],
    [
      'web → functions (a value)',
      'web/src/lib/probe.ts',
      "import { createApp } from '../../../functions/api/app.ts';\nexport const x = createApp;",
    ],
    [
      'backend → functions',
      'packages/backend/src/probe.ts',
      "import { createApp } from '../../../functions/api/app.ts';\nexport const x = createApp;",
    ],
    ['backend → hono', 'packages/backend/src/probe.ts', "import { Hono } from 'hono';\nexport const x = new Hono();"],
    ['backend → react', 'packages/backend/src/probe.ts', "import { useState } from 'react';\nexport const x = useState;"],
    [
      'core → aws-sdk',
      'packages/core/src/shared/probe.ts',
      "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nexport const x = DynamoDBClient;",
    ],
    ['core → hono', 'packages/core/src/shared/probe.ts', "import { Hono } from 'hono';\nexport const x = Hono;"],
    ['core → react', 'packages/core/src/shared/probe.ts', "import { useState } from 'react';\nexport const x = useState;"],
    [
      'core → backend',
      'packages/core/src/shared/probe.ts',
      "import { createBackend } from '../../../backend/src/index.ts';\nexport const x = createBackend;",
    ],
    [
      'platform/jobs → a domain',
      'packages/backend/src/platform/jobs/probe.ts',
      "import { ExportJobEvent } from '../../export/index.ts';\nexport const x = ExportJobEvent;",
    ],
  ])('%s is an error', async (_zone, at, code) => {
    expect(await zoneErrors(at, code)).not.toEqual([]);
  });

  it('a feature importing another feature is an error; importing itself is not', async () => {
    const [feature, other] = readdirSync(join(root, 'web/src/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    if (!feature || !other) throw new Error('need two features');
    const at = `web/src/features/${feature}/probe.ts`;
    const importOf = (path: string) => `import * as m from '../${path}';\nexport const x = m;`;
    expect(await zoneErrors(at, importOf(aFileOf(other)))).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Features never import each other/),
    ]);
    expect(await zoneErrors(at, importOf(aFileOf(feature)))).toEqual([]);
  });

  it('allowed directions are not errors: web → core, web → functions for types only, functions → backend, platform/jobs → platform', async () => {
    expect(await zoneErrors('web/src/lib/probe.ts', "import * as core from '@portal/core/shared';\nexport const x = core;")).toEqual([]);
    expect(
      await zoneErrors('web/src/lib/probe.ts', "import type { AppType } from '../../../functions/api/app.ts';\nexport type X = AppType;"),
    ).toEqual([]);
    expect(
      await zoneErrors('functions/api/probe.ts', "import { createBackend } from '@portal/backend';\nexport const x = createBackend;"),
    ).toEqual([]);
    expect(
      await zoneErrors(
        'packages/backend/src/platform/jobs/probe.ts',
        "import { lazy } from '../lazy.ts';\nimport { AppError } from '../../errors.ts';\nexport const x = [lazy, AppError];",
      ),
    ).toEqual([]);
  });
});

describe("the backend's domain faces (ADR 060)", () => {
  const ADR_060 = /^(import-x\/no-restricted-paths|@typescript-eslint\/no-restricted-imports): .*ADR 060/;

  it.each([
    [
      'a deep import of another domain',
      'packages/backend/src/report/probe.ts',
      "import { transactionSource } from '../export/transaction-source.ts';\nexport const x = transactionSource;",
    ],
    [
      'a face the map does not allow (an upward arrow)',
      'packages/backend/src/accounts/probe.ts',
      "import * as auth from '../auth/index.ts';\nexport const x = auth;",
    ],
    [
      'a domain importing the composition root',
      'packages/backend/src/sales/probe.ts',
      "import { createBackend } from '../index.ts';\nexport const x = createBackend;",
    ],
    [
      'platform/ importing a domain',
      'packages/backend/src/platform/db/probe.ts',
      "import { getAccount } from '../../accounts/index.ts';\nexport const x = getAccount;",
    ],
    [
      "a domain's test importing another domain's inner file",
      'packages/backend/src/report/probe.test.ts',
      "import { getAccount } from '../accounts/account-entity.ts';\nexport const x = getAccount;",
    ],
    [
      'functions/ importing a deep @portal/backend path',
      'functions/api/probe.ts',
      "import { getAccount } from '@portal/backend/accounts/account-entity';\nexport const x = getAccount;",
    ],
    [
      "functions/ code importing a domain's testing face",
      'functions/api/probe.ts',
      "import { getDelivery } from '@portal/backend/report/testing';\nexport const x = getDelivery;",
    ],
    [
      "a domain importing another domain's testing face",
      'packages/backend/src/workflow/probe.ts',
      "import { getDelivery } from '../report/testing.ts';\nexport const x = getDelivery;",
    ],
    [
      'a test importing the backend by a relative path',
      'tests/support/probe.ts',
      "import { getAccount } from '../../packages/backend/src/accounts/index.ts';\nexport const x = getAccount;",
    ],
  ])('%s is an error', async (_case, at, code) => {
    expect(await zoneErrors(at, code)).toEqual(expect.arrayContaining([expect.stringMatching(ADR_060)]));
  });

  it('faces, the floor and own files are not errors', async () => {
    expect(
      await zoneErrors(
        'packages/backend/src/report/probe.ts',
        "import { transactionSource } from '../export/index.ts';\nimport { countReportRun } from './report-entity.ts';\nimport { lazy } from '../platform/lazy.ts';\nexport const x = [transactionSource, countReportRun, lazy];",
      ),
    ).toEqual([]);
    expect(
      await zoneErrors(
        'packages/backend/src/accounts/probe.test.ts',
        "import type { Backend } from '@portal/backend';\nimport * as report from '../report/index.ts';\nexport const x: [Backend | null, unknown] = [null, report];",
      ),
    ).toEqual([]);
    expect(
      await zoneErrors(
        'functions/api/probe.test.ts',
        "import { getDelivery } from '@portal/backend/report/testing';\nexport const x = getDelivery;",
      ),
    ).toEqual([]);
    expect(
      await zoneErrors(
        'functions/api/probe.ts',
        "import { getAccount } from '@portal/backend/accounts';\nimport { ensureTable } from '@portal/backend/platform/db';\nexport const x = [getAccount, ensureTable];",
      ),
    ).toEqual([]);
  });
});

describe('no import cycles', () => {
  it('a cycle is an error', async () => {
    const at = 'tests/guardrails/fixtures/cycle-a.ts';
    const errors = await errorsOf(at, readFileSync(join(root, at), 'utf8'));
    expect(errors).toEqual([expect.stringMatching(/^import-x\/no-cycle:/)]);
  });
});

describe('zod only through @portal/core/zod (ADR 027)', () => {
  it.each([
    ['web', 'web/src/lib/probe.ts'],
    ['backend', 'packages/backend/src/probe.ts'],
    ['functions', 'functions/api/probe.ts'],
    ['core', 'packages/core/src/shared/probe.ts'],
    ['scripts', 'scripts/probe.ts'],
  ])('importing zod directly in %s is an error', async (_where, at) => {
    for (const from of ['zod', 'zod/mini', 'zod/v4/core']) {
      expect(await zoneErrors(at, `import * as z from '${from}';\nexport const x = z;`)).toEqual([
        expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*ADR 027/),
      ]);
    }
  });

  it('the zod module may import zod; others import it; a zod namespace as a value is an error', async () => {
    expect(await zoneErrors('packages/core/src/shared/zod.ts', "export * from 'zod/mini';")).toEqual([]);
    expect(await zoneErrors('web/src/lib/probe.ts', "import * as z from '@portal/core/zod';\nexport const x = z.string();")).toEqual([]);
    const valueUse = "import * as z from '@portal/core/zod';\nexport const x = z.core.$ZodError;\nexport type T = z.core.$ZodIssue;";
    expect(await errorsOf('functions/api/probe.ts', valueUse)).toEqual([expect.stringMatching(/^no-restricted-syntax:/)]);
  });
});

describe('the web calls the API one way (ADR 057)', () => {
  const syntaxErrors = async (at: string, code: string) => (await errorsOf(at, code)).filter((e) => e.startsWith('no-restricted-syntax:'));
  const at = 'web/src/features/transactions/api/probe.ts';

  it.each([
    ['a fetch of an API path', "export const x = () => fetch('/api/transactions');"],
    ['window.fetch', 'export const x = (url: string) => window.fetch(url);'],
    [
      'the fetch wrapper on a string path',
      "import { fetchFor } from '../../../lib/api-client.ts';\nexport const x = () => fetchFor({})('/api/transactions');",
    ],
    ['an API path built as a string', 'export const x = (id: string) => `/api/transactions/${id}`;'],
    ['an API path as a literal', "export const x = '/api/master-data';"],
    ['XMLHttpRequest', 'export const x = () => new XMLHttpRequest();'],
  ])('%s outside lib/api-client.ts and lib/api.ts is an error', async (_what, code) => {
    const errors = await syntaxErrors(at, code);
    expect(errors).not.toEqual([]);
    for (const error of errors) expect(error).toMatch(/ADR 057/);
  });

  it('the typed client is how a feature calls; the wrapper itself may fetch', async () => {
    const typed =
      "import { api } from '../../../lib/api.ts';\nexport const x = () => api({ portal: 'connect' }).transactions.$get({ query: {} as never });";
    expect(await syntaxErrors(at, typed)).toEqual([]);
    expect(await syntaxErrors('web/src/lib/api-client.ts', "export const x = () => fetch('/api/auth/status');")).toEqual([]);
    expect(await syntaxErrors('web/src/lib/api.ts', "import { fetchFor } from './api-client.ts';\nexport const x = fetchFor({});")).toEqual(
      [],
    );
  });
});

describe('kebab-case names', () => {
  it('a file or folder named otherwise is an error', async () => {
    expect(await errorsOf('web/src/lib/UserFormat.ts', 'export {};')).toEqual([
      expect.stringMatching(/^check-file\/filename-naming-convention:/),
    ]);
    expect(await errorsOf('packages/backend/src/orderEntity/order-entity.ts', 'export {};')).toEqual([
      expect.stringMatching(/^check-file\/folder-naming-convention:/),
    ]);
    expect(await errorsOf('web/src/lib/user-format.test.ts', 'export {};')).toEqual([]);
  });
});

describe('DynamoDB only in the data layer (ADR 058)', () => {
  const command =
    "import { UpdateCommand } from '@aws-sdk/lib-dynamodb';\nexport const x = new UpdateCommand({ TableName: 't', Key: { pk: 'ACCOUNT#a', sk: 'PROFILE' } });";
  const client = "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nexport const x = DynamoDBClient;";
  const DATA_LAYER = /^@typescript-eslint\/no-restricted-imports: .*ADR 058/;

  it.each([
    ['a backend service', 'packages/backend/src/accounts/probe-service.ts'],
    ['a platform adapter outside platform/db', 'packages/backend/src/platform/security/probe.ts'],
    ['a route', 'functions/api/routes/probe.ts'],
    ['a job', 'functions/jobs/probe.ts'],
    ['a script', 'scripts/seed/probe.ts'],
  ])('a DynamoDB command in %s is an error', async (_where, at) => {
    expect(await zoneErrors(at, command)).toEqual([expect.stringMatching(DATA_LAYER)]);
    expect(await zoneErrors(at, client)).toEqual([expect.stringMatching(DATA_LAYER)]);
  });

  it.each([
    ['an entity file', 'packages/backend/src/accounts/probe-entity.ts'],
    ['the toolkit', 'packages/backend/src/platform/db/probe.ts'],
    ['a test', 'packages/backend/src/accounts/probe.test.ts'],
    ["a script's entity file", 'scripts/seed/probe-entity.ts'],
  ])('%s may use DynamoDB commands', async (_where, at) => {
    expect(await zoneErrors(at, command)).toEqual([]);
  });

  it("an entity file keeps the backend's other import rules", async () => {
    expect(
      await zoneErrors('packages/backend/src/accounts/probe-entity.ts', "import { Hono } from 'hono';\nexport const x = new Hono();"),
    ).toEqual([expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*never imports hono/)]);
  });
});
