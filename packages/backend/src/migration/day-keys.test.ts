import { DeleteCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Backend } from '@portal/backend';
import { decodeAccess } from '@portal/core/auth';
import type { TransactionQuery } from '@portal/core/transaction';
import { runMigrations } from '@portal/backend/platform/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, importOk, unmarkMigrations } from '../../../../tests/support/test-backend.ts';
import { PROVIDER, seedReferences } from '../../../../tests/support/transaction-references.ts';
import type { Actor } from '../access/index.ts';
import { countTransactions, DAY_KEYS_MIGRATION, transactionRows } from '../transaction/index.ts';
import { dayKeys } from './day-keys-entity.ts';
import { MIGRATIONS } from './index.ts';
import { dyingOnPage, oneSegment, RUNNER_DIED } from '../../../../tests/support/migrations.ts';

/**
 * Migration 3 (ADR 074, ADR 075) on DynamoDB Local: rows stored in a ledger's one key of before ADR 074 (put
 * there raw) are listed, counted, exported and opened as before while the migration is not done; the
 * migration moves them to their day keys (interrupted and resumed, run again: the same), a row an import
 * rewrote in its day key meanwhile keeps that version, and every answer stays the same.
 */
const NOW = new Date('2026-11-21T10:00:00Z');
const T0 = NOW.getTime();
let backend: Backend;

const ACTOR: Actor = {
  username: 'tester',
  displayName: 'Tester',
  customerId: '',
  access: decodeAccess({ securityFlag: 16 + 4096, permissions: 0, settings: 0, modules: { payment: { permissions: 1, settings: 0 } } }),
  strongAuthentication: true,
  timezone: 'UTC',
  locale: 'en-US',
};

// 130 rows of C-1 over three UTC days (some past midnight in Berlin), every fourth one of the provider's product.
const LINES = Array.from({ length: 130 }, (_, i) => ({
  transactionId: `M-${i}`,
  at: new Date(Date.parse('2026-11-17T20:00:00Z') + i * 29 * 60_000).toISOString(),
  customerId: 'C-1',
  terminalId: `TERM-${i % 3}`,
  type: i % 5 ? 'activation' : 'redemption',
  resultCode: '00',
  result: 'approved',
  ...(i % 4 === 0 ? { ean: PROVIDER.ean } : {}),
  amount: String(100 + i),
  currency: 'EUR',
}));

const scanAll = async () => {
  const items: Record<string, unknown>[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await backend.db.doc.send(new ScanCommand({ TableName: backend.db.table, ExclusiveStartKey: cursor }));
    items.push(...(page.Items ?? []));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return items;
};
const rowItems = async () => (await scanAll()).filter((item) => item.type === 'transaction');

/** What the screens and jobs answer of both ledgers: pages (with a filter), totals, the export's rows, a detail. */
async function answers() {
  const out: unknown[] = [];
  for (const customerId of ['C-1', PROVIDER.customerId])
    for (const extra of [{}, { type: 'redemption' }] as Partial<TransactionQuery>[])
      for (const [zone, index] of [
        ['UTC', 0],
        ['Europe/Berlin', 1],
        ['Asia/Kolkata', 2],
      ] as const) {
        const query = { customerId, startDate: '2026-11-17', endDate: '2026-11-20', maxResults: 20, index, ...extra } as TransactionQuery;
        const { asOf: _asOf, ...page } = await backend.transactions.list(ACTOR, query, zone);
        const exported: string[] = [];
        for await (const rows of transactionRows(backend.db, query, zone)) exported.push(...rows.map((r) => r.transactionId));
        out.push(page, exported, await countTransactions(backend.db, query, zone));
      }
  const first = await backend.transactions.list(
    ACTOR,
    { customerId: 'C-1', startDate: '2026-11-19', endDate: '2026-11-19', maxResults: 1, index: 0 },
    'UTC',
  );
  const key = first.items[0]?.key;
  out.push(key ? await backend.transactions.detail(ACTOR, key) : null);
  return out;
}

/** The rows as a table of before ADR 074 held them: each in `TXN#<ledger>`, none in a day key. */
async function intoOldKeys() {
  for (const item of await rowItems()) {
    const pk = String(item.pk);
    await backend.db.doc.send(new PutCommand({ TableName: backend.db.table, Item: { ...item, pk: pk.slice(0, pk.lastIndexOf('#')) } }));
    await backend.db.doc.send(new DeleteCommand({ TableName: backend.db.table, Key: { pk, sk: item.sk } }));
  }
}

const dayKeyed = (items: Record<string, unknown>[]) => items.every((item) => /^TXN#[^#]+#\d{4}-\d{2}-\d{2}$/.test(String(item.pk)));

beforeAll(async () => {
  backend = await createTestBackend(() => NOW);
  // A table of before ADR 074: migration 3 not done (a new table records it done).
  await unmarkMigrations(backend.db, DAY_KEYS_MIGRATION);
  await seedReferences(backend, ['C-1']);
  await importOk(backend, 'transactions', LINES);
});

describe('migration 3: transaction rows on day keys (ADR 074)', () => {
  it('answers the same from the old keys, during and after the move; a run again moves nothing', async () => {
    expect(MIGRATIONS.find((m) => m.id === DAY_KEYS_MIGRATION)).toBe(dayKeys);
    const rows = await rowItems();
    expect(rows.length).toBe(130 + 33);
    expect(dayKeyed(rows)).toBe(true);
    const before = await answers();

    await intoOldKeys();
    const old = await rowItems();
    expect(old.every((item) => /^TXN#[^#]+$/.test(String(item.pk)))).toBe(true);
    expect(await answers()).toEqual(before);

    // An import corrects a row after the deploy: the day key holds the new version, the old key the old one.
    const corrected = { ...LINES[129], amount: '9999' };
    await importOk(backend, 'transactions', [corrected]);
    const withCorrection = await answers();
    expect(JSON.stringify(withCorrection)).toContain('9999');
    expect(withCorrection).not.toEqual(before);

    // Stopped after its second page (the runner died), another runner resumes once the lease ran out.
    const stopping = dyingOnPage(oneSegment(dayKeys), 2);
    const options = { pageSize: 40, leaseMs: 60_000 };
    await expect(runMigrations(backend.db, [stopping], { ...options, owner: 'first', now: () => T0 })).rejects.toThrow(RUNNER_DIED);
    const half = await rowItems();
    expect(half.some((item) => /^TXN#[^#]+$/.test(String(item.pk)))).toBe(true);
    expect(dayKeyed(half)).toBe(false);
    expect(await answers()).toEqual(withCorrection);

    const [resumed] = await runMigrations(backend.db, [stopping], { ...options, owner: 'second', now: () => T0 + 61_000 });
    expect(resumed).toMatchObject({ id: DAY_KEYS_MIGRATION, result: 'done' });
    const after = await rowItems();
    expect(after.length).toBe(130 + 33);
    expect(dayKeyed(after)).toBe(true);
    expect(after.find((item) => item.transactionId === 'M-129' && item.customerId === 'C-1' && !item.providerId)?.amount).toBe(9999);
    expect(await answers()).toEqual(withCorrection);

    expect(await runMigrations(backend.db, [dayKeys], { owner: 'third', now: () => T0 + 62_000 })).toEqual([
      { id: DAY_KEYS_MIGRATION, name: dayKeys.name, result: 'skipped', items: 0 },
    ]);
    // A page applied again (a crash before its checkpoint): the old rows are gone, nothing is written.
    await dayKeys.apply(backend.db, old);
    expect(await rowItems()).toEqual(after);
  });
});
