import { randomUUID } from 'node:crypto';
import { MIGRATIONS } from '@portal/backend/migration';
import { createDb, getItem, migrationStateKey } from '@portal/backend/platform/db';
import { describe, expect, it } from 'vitest';
import { makeRequestsLegacy } from '../../tests/support/legacy-requests.ts';
import { flowActor, importRequestWorkflow } from '../../tests/support/request-fixtures.ts';
import { createTestBackend, unmarkMigrations } from '../../tests/support/test-backend.ts';
import { prepareLocalTable } from './local-table.ts';

/**
 * `npm start`'s table step (ADR 095) without the rest of the runtime: a fresh data folder's table records every
 * migration done and runs none; a table of an older data folder (requests in the keys of before ADR 048, no
 * migration state) gets its pending migrations run before serving, and says so; the next start has none pending.
 */
const T0 = new Date('2026-11-29T03:00:00Z');
const dbOf = (table: string) =>
  createDb({ AWS_REGION: 'eu-central-1', DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT, TABLE_NAME: table });

describe('npm start: the local table and its migrations', () => {
  it('a new table: created, every migration recorded done, none run', async () => {
    const db = dbOf(`start-${randomUUID()}`);
    const lines: string[] = [];
    expect(await prepareLocalTable(db, T0, (l) => lines.push(l))).toEqual([]);
    expect(lines).toEqual([`migrations: new table, ${MIGRATIONS.map((m) => m.id).join(', ')} recorded done`]);
    for (const m of MIGRATIONS) expect(await getItem(db, migrationStateKey(m.id))).toMatchObject({ status: 'done', items: 0 });
  });

  it('an old data folder: its requests are migrated before serving, then listed; the next start runs nothing', async () => {
    const backend = await createTestBackend(() => T0);
    await importRequestWorkflow(backend, 'LS-1', 'wf-ls');
    const requester = flowActor('ls.req', 'LS-1', 1);
    const service = backend.workflowRequests;
    const open = (await service.create(requester, { workflowId: 'wf-ls', customerId: 'LS-1' }, randomUUID())).request.id;
    const done = (await service.create(requester, { workflowId: 'wf-ls', customerId: 'LS-1' }, randomUUID())).request.id;
    await service.archive(requester, done);
    // The table as older code left it: requests in the old keys, no counters, no migration recorded.
    await makeRequestsLegacy(backend.db);
    await unmarkMigrations(backend.db, ...MIGRATIONS.map((m) => m.id));
    const page = { onlyPending: false, index: 0, maxResults: 10 };
    expect((await service.list(requester, page)).items).toEqual([]);

    const lines: string[] = [];
    const outcomes = await prepareLocalTable(backend.db, T0, (l) => lines.push(l));
    expect(outcomes.map((o) => `${o.id}:${o.result}:${o.items}`)).toEqual(['1:done:0', '2:done:0', '3:done:0', '4:done:2']);
    expect(lines.at(-1)).toMatch(
      /^migrations: 1 \(.*\) done, 0 items; .*; 4 \(request index keys by status bucket, done counters \(ADR 048\)\) done, 2 items$/,
    );
    expect((await service.list(requester, page)).items.map((r) => r.id)).toEqual([open]);
    expect(await service.list(requester, { ...page, mode: 'history' })).toMatchObject({
      totalCount: 1,
      items: [{ id: done, status: 'archived' }],
    });

    const again: string[] = [];
    expect((await prepareLocalTable(backend.db, T0, (l) => again.push(l))).map((o) => o.result)).toEqual([
      'skipped',
      'skipped',
      'skipped',
      'skipped',
    ]);
    expect(again).toEqual(['migrations: none pending']);
  }, 30_000);
});
