import { randomUUID } from 'node:crypto';
import type { Actor, Backend } from '@portal/backend';
import { getItem, migrationStateKey, runMigrations } from '@portal/backend/platform/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeRequestsLegacy } from '../../../../tests/support/legacy-requests.ts';
import { flowActor, importRequestWorkflow } from '../../../../tests/support/request-fixtures.ts';
import { createTestBackend, unmarkMigrations } from '../../../../tests/support/test-backend.ts';
import { requestBuckets } from './request-buckets-entity.ts';
import { dyingOnPage, RUNNER_DIED } from '../../../../tests/support/migrations.ts';

/**
 * Migration 4 (ADR 048, ADR 095) on DynamoDB Local: requests made through the service, then turned into the
 * shape of before ADR 048 (gsi1 without a bucket, no gsi2, no done counters): invisible to the lists. The
 * migration gives them their keys and builds the counters exactly, also when a run dies between a page's writes
 * and its checkpoint and is resumed, and when today's code archived an old approved request before it ran; the
 * lists then answer as before; a second run changes nothing.
 */
const T0 = Date.parse('2026-11-29T02:00:00Z');
let backend: Backend;

const actor = (username: string, flow: number) => flowActor(username, 'RB-1', flow);
const ann = actor('rb.ann', 1);
const bob = actor('rb.bob', 1);
const approver = actor('rb.approver', 2);
const service = () => backend.workflowRequests;
const create = async (by: Actor) => (await service().create(by, { workflowId: 'wf-rb', customerId: 'RB-1' }, randomUUID())).request.id;
const submit = (by: Actor, id: string) => service().submit(by, id, { workflowStepId: 's', enquiry: '' });
const approve = async (by: Actor) => {
  const id = await create(by);
  await submit(by, id);
  await service().decide(approver, id, 'approve', undefined);
  return id;
};

/** What the lists and counters show: the open list, the inbox, each history with its total. */
async function lists() {
  const page = { onlyPending: false, index: 0, maxResults: 50 };
  const ids = async (by: Actor, mode?: 'history') => {
    const { items, totalCount } = await service().list(by, { ...page, ...(mode ? { mode } : {}) });
    return { totalCount, items: items.map((r) => `${r.id}:${r.status}`) };
  };
  return {
    open: await ids(approver),
    inbox: await service().inboxCount(approver),
    history: await ids(approver, 'history'),
    annHistory: await ids(ann, 'history'),
    bobHistory: await ids(bob, 'history'),
  };
}

const counters = async () =>
  Object.fromEntries(
    await Promise.all(
      ['DONE', 'DONE#rb.ann', 'DONE#rb.bob'].map(async (sk) => [sk, (await getItem(backend.db, { pk: 'REQCOUNT#RB-1', sk }))?.n ?? 0]),
    ),
  );

let expected: Awaited<ReturnType<typeof lists>>;
let legacyApproved: string;

beforeAll(async () => {
  backend = await createTestBackend(() => new Date(T0));
  await unmarkMigrations(backend.db, requestBuckets.id);
  await importRequestWorkflow(backend, 'RB-1', 'wf-rb');
  await create(ann); // draft
  await submit(ann, await create(ann)); // pending
  await submit(bob, await create(bob)); // pending
  for (let n = 0; n < 2; n++) await approve(ann);
  await approve(bob);
  await service().archive(bob, await create(bob)); // archived draft
  const archived = await approve(ann);
  await service().archive(ann, archived); // approved, then archived: counted once
  legacyApproved = await approve(ann);
  expected = await lists();
  expect(expected.history.totalCount).toBe(6);
  expect(expected.annHistory.totalCount).toBe(4);
  expect(await makeRequestsLegacy(backend.db)).toHaveLength(9);
}, 60_000);

describe('migration 4: request index keys by bucket, done counters (ADR 048)', () => {
  it('old requests are invisible; the migration, stopped half way and resumed, shows them again with exact counters', async () => {
    const hidden = await lists();
    expect(hidden.open.items).toEqual([]);
    expect(hidden.history).toEqual({ totalCount: 0, items: [] });

    // Today's code archives an old approved request before the migration reaches it: that transition counts it.
    await service().archive(ann, legacyApproved);
    expect(await counters()).toEqual({ DONE: 1, 'DONE#rb.ann': 1, 'DONE#rb.bob': 0 });
    const changed = expected.history.items.map((r) => (r.startsWith(`${legacyApproved}:`) ? `${legacyApproved}:archived` : r));
    expected = { ...expected, history: { ...expected.history, items: changed } };
    expected.annHistory.items = expected.annHistory.items.map((r) =>
      r.startsWith(`${legacyApproved}:`) ? `${legacyApproved}:archived` : r,
    );

    // A runner dies on its second page after that page's writes, before its checkpoint (8 old METAs, ≤ 3 a page: ≥ 3 pages).
    const dying = dyingOnPage(requestBuckets, 2, { afterWrites: true });
    const options = { pageSize: 3, leaseMs: 60_000 };
    await expect(runMigrations(backend.db, [dying], { ...options, owner: 'first', now: () => T0 })).rejects.toThrow(RUNNER_DIED);
    expect(await getItem(backend.db, migrationStateKey(4))).toMatchObject({ status: 'running', owner: 'first' });
    // Another runner resumes once the lease ran out, applying the dead runner's last page again.
    const [resumed] = await runMigrations(backend.db, [requestBuckets], { ...options, owner: 'second', now: () => T0 + 61_000 });
    expect(resumed).toMatchObject({ id: 4, result: 'done' });

    expect(await counters()).toEqual({ DONE: 6, 'DONE#rb.ann': 4, 'DONE#rb.bob': 2 });
    expect(await lists()).toEqual(expected);
  }, 30_000);

  it('a second run, and a page applied again, change nothing', async () => {
    const before = await counters();
    expect(await runMigrations(backend.db, [requestBuckets], { owner: 'third', now: () => T0 + 120_000 })).toEqual([
      { id: 4, name: requestBuckets.name, result: 'skipped', items: 0 },
    ]);
    // The walk of an old page (the items as read before the migration): every condition holds it back.
    const metas = await Promise.all(
      expected.history.items.map(async (r) => (await getItem(backend.db, { pk: `REQ#${r.split(':')[0]}`, sk: 'META' }))!),
    );
    await requestBuckets.apply(
      backend.db,
      metas.map(({ gsi2pk: _pk, gsi2sk: _sk, ...meta }) => ({ ...meta, gsi1pk: 'REQS#RB-1' })),
    );
    expect(await counters()).toEqual(before);
    expect(await lists()).toEqual(expected);
  });
});
