import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Backend } from '@portal/backend';
import { decodeAccess } from '@portal/core/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, importOk } from '../../../../tests/support/test-backend.ts';
import { type AuditInput, entriesPk, entrySk, walkAuditChain } from './audit-entity.ts';
import { recordAudit } from './audit-recording.ts';
import { createAuditService, type AuditReader } from './audit-service.ts';
import { verifyCustomerChain } from './audit-entity.ts';

/**
 * The customer's hash chain (ADR 114) against DynamoDB Local: a removed, changed or reordered entry is found;
 * entries the TTL removed at the old end are accepted, a gap among kept ones is not; parallel appends keep one
 * chain; the list reads a key range per filter, newest first, with a cursor.
 */
const T0 = new Date('2026-11-21T10:00:00Z');
const DAY = 86_400_000;
let backend: Backend;
let clock = T0;
const now = () => clock;

beforeAll(async () => {
  backend = await createTestBackend(now);
  await importOk(backend, 'brands', [{ id: 'default', name: 'Brand', layout: 'default', footerLinks: [], customFields: {} }]);
}, 120_000);

const event = (customerId: string, n: number, extra: Partial<AuditInput> = {}): AuditInput => ({
  customerId,
  brandId: 'default',
  kind: n % 2 === 0 ? 'signin.succeeded' : 'document.downloaded',
  actor: { username: n % 3 === 0 ? 'ann' : 'bob', name: n % 3 === 0 ? 'Ann A' : 'Bob B' },
  ip: '203.0.113.7',
  details: { n },
  ...extra,
});

async function appendMany(customerId: string, count: number, from = 1) {
  for (let n = from; n < from + count; n += 1) await recordAudit(backend.db, event(customerId, n), now);
}
async function entries(customerId: string) {
  const all = [];
  for await (const entry of walkAuditChain(backend.db, customerId)) all.push(entry);
  return all;
}
const keyOf = (customerId: string, e: { at: string; seq: number }) => ({ pk: entriesPk(customerId), sk: entrySk(e.at, e.seq) });

describe('the chain', () => {
  it('is whole after appends: seq from 1, each entry the hash of the one before', async () => {
    await appendMany('C-WHOLE', 6);
    const verdict = await verifyCustomerChain(backend.db, 'C-WHOLE', clock);
    expect(verdict).toEqual({ checked: 6, firstSeq: 1, lastSeq: 6, problem: null });
    const kept = await entries('C-WHOLE');
    expect(kept.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    for (let i = 1; i < kept.length; i += 1) expect(kept[i]?.prevHash).toBe(kept[i - 1]?.hash);
  });

  it('finds a removed entry (a gap), a changed one and a reordered one', async () => {
    for (const c of ['C-REMOVED', 'C-CHANGED', 'C-MOVED', 'C-NEWEST']) await appendMany(c, 5);
    const removed = (await entries('C-REMOVED'))[2]!;
    await backend.db.doc.send(new DeleteCommand({ TableName: backend.db.table, Key: keyOf('C-REMOVED', removed) }));
    expect((await verifyCustomerChain(backend.db, 'C-REMOVED', clock)).problem).toEqual({ seq: 4, reason: 'gap' });

    const changed = (await entries('C-CHANGED'))[1]!;
    await backend.db.doc.send(
      new UpdateCommand({
        TableName: backend.db.table,
        Key: keyOf('C-CHANGED', changed),
        UpdateExpression: 'SET ip = :ip',
        ExpressionAttributeValues: { ':ip': '198.51.100.1' },
      }),
    );
    expect((await verifyCustomerChain(backend.db, 'C-CHANGED', clock)).problem).toEqual({ seq: 2, reason: 'changed' });

    // Entry 2 moved after entry 4 (its key changed, its content not): the walk meets 3 where 2 belongs.
    const moved = (await entries('C-MOVED'))[1]!;
    const item = (
      await backend.db.doc.send(new DeleteCommand({ TableName: backend.db.table, Key: keyOf('C-MOVED', moved), ReturnValues: 'ALL_OLD' }))
    ).Attributes!;
    const later = (await entries('C-MOVED'))[2]!;
    await backend.db.doc.send(new PutCommand({ TableName: backend.db.table, Item: { ...item, sk: `${later.at}#000000000003z` } }));
    expect((await verifyCustomerChain(backend.db, 'C-MOVED', clock)).problem).toEqual({ seq: 3, reason: 'gap' });

    const newest = (await entries('C-NEWEST')).at(-1)!;
    await backend.db.doc.send(new DeleteCommand({ TableName: backend.db.table, Key: keyOf('C-NEWEST', newest) }));
    expect((await verifyCustomerChain(backend.db, 'C-NEWEST', clock)).problem).toEqual({ seq: 5, reason: 'head_mismatch' });
  });

  it('accepts the old end removed by the TTL, and still finds a gap among the kept entries', async () => {
    clock = T0;
    await appendMany('C-TTL', 3);
    clock = new Date(T0.getTime() + 100 * DAY);
    await appendMany('C-TTL', 3, 4);
    clock = new Date(T0.getTime() + 401 * DAY);
    // What the TTL does: the first three (400 days, the default retention) are gone, in any order.
    for (const e of (await entries('C-TTL')).slice(0, 3))
      await backend.db.doc.send(new DeleteCommand({ TableName: backend.db.table, Key: keyOf('C-TTL', e) }));
    expect(await verifyCustomerChain(backend.db, 'C-TTL', clock)).toEqual({ checked: 3, firstSeq: 4, lastSeq: 6, problem: null });
    const middle = (await entries('C-TTL'))[1]!;
    await backend.db.doc.send(new DeleteCommand({ TableName: backend.db.table, Key: keyOf('C-TTL', middle) }));
    expect((await verifyCustomerChain(backend.db, 'C-TTL', clock)).problem).toEqual({ seq: 6, reason: 'gap' });
    // The oldest kept entry removed while it had not expired: the next one names an expiry still ahead.
    clock = new Date(T0.getTime() + 402 * DAY);
    await appendMany('C-TTL-HEAD', 3);
    const first = (await entries('C-TTL-HEAD'))[0]!;
    await backend.db.doc.send(new DeleteCommand({ TableName: backend.db.table, Key: keyOf('C-TTL-HEAD', first) }));
    expect((await verifyCustomerChain(backend.db, 'C-TTL-HEAD', clock)).problem).toEqual({ seq: 2, reason: 'gap' });
    clock = T0;
  });

  it('keeps one chain under parallel appends: no fork, no lost entry', async () => {
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => recordAudit(backend.db, event('C-PARALLEL', i + 1), now)));
    expect(new Set(results.map((r) => r?.seq)).size).toBe(16);
    expect(await verifyCustomerChain(backend.db, 'C-PARALLEL', clock)).toEqual({ checked: 16, firstSeq: 1, lastSeq: 16, problem: null });
    const ns = (await entries('C-PARALLEL')).map((e) => e.details.n).sort((a, b) => Number(a) - Number(b));
    expect(ns).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
  });

  it('writes nothing for an account without a customer', async () => {
    expect(await recordAudit(backend.db, event('', 1), now)).toBeNull();
  });
});

describe('the list', () => {
  const admin = (customerId: string, manageTeam = true): AuditReader => ({
    customerId,
    timezone: 'Europe/Berlin',
    brandId: 'default',
    access: decodeAccess({
      securityFlag: 0,
      permissions: 0,
      settings: 0,
      modules: { ordering: { permissions: manageTeam ? 16 : 0, settings: 0 } },
    }),
  });
  const list = (reader: AuditReader, query: Record<string, unknown>) =>
    createAuditService({ db: backend.db, now }).list(reader, { limit: 50, ...query });

  beforeAll(async () => {
    clock = new Date('2026-11-20T09:00:00Z');
    await appendMany('C-LIST', 5);
    clock = new Date('2026-11-21T09:00:00Z');
    await appendMany('C-LIST', 5, 6);
    await appendMany('C-OTHER', 3);
    clock = T0;
  }, 60_000);

  it('answers the reader its own customer only, newest first, with the retention', async () => {
    const page = await list(admin('C-LIST'), {});
    expect(page.items.map((e) => e.seq)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(page.retentionDays).toBe(400);
    expect(page.cursor).toBeNull();
    expect(page.items[0]).toMatchObject({ kind: 'signin.succeeded', actor: { username: 'bob', name: 'Bob B' }, ip: '203.0.113.7' });
  });

  it('filters by day, person and kind, and pages with a cursor', async () => {
    expect((await list(admin('C-LIST'), { from: '2026-11-21', to: '2026-11-21' })).items.map((e) => e.seq)).toEqual([10, 9, 8, 7, 6]);
    expect((await list(admin('C-LIST'), { to: '2026-11-20' })).items.map((e) => e.seq)).toEqual([5, 4, 3, 2, 1]);
    expect((await list(admin('C-LIST'), { person: 'ANN' })).items.map((e) => e.seq)).toEqual([9, 6, 3]);
    expect((await list(admin('C-LIST'), { kind: 'document.downloaded' })).items.map((e) => e.seq)).toEqual([9, 7, 5, 3, 1]);
    expect((await list(admin('C-LIST'), { person: 'ann', kind: 'signin.succeeded' })).items.map((e) => e.seq)).toEqual([6]);
    const first = await list(admin('C-LIST'), { limit: 4 });
    expect(first.items.map((e) => e.seq)).toEqual([10, 9, 8, 7]);
    const second = await list(admin('C-LIST'), { limit: 4, cursor: first.cursor });
    expect(second.items.map((e) => e.seq)).toEqual([6, 5, 4, 3]);
    const third = await list(admin('C-LIST'), { limit: 4, cursor: second.cursor });
    expect(third.items.map((e) => e.seq)).toEqual([2, 1]);
    expect(third.cursor).toBeNull();
    const filtered = await list(admin('C-LIST'), { limit: 2, kind: 'document.downloaded', cursor: first.cursor });
    expect(filtered.items.map((e) => e.seq)).toEqual([5, 3]);
  });

  it('finds a person as the actor or the subject, in one order, and pages across both (ADR 122)', async () => {
    const ben = { username: 'Ben.M', name: 'Ben M' };
    const subjectOf = (n: number, subject: AuditInput['subject']) =>
      recordAudit(backend.db, event('C-SUBJ', n, { kind: 'account.deactivated', actor: { username: 'ann', name: 'Ann A' }, subject }), now);
    await recordAudit(backend.db, event('C-SUBJ', 1, { actor: ben }), now); // 1: Ben signs in
    await subjectOf(2, ben); // 2: Ann deactivates Ben
    await recordAudit(backend.db, event('C-SUBJ', 3), now); // 3: Ann downloads a document
    await subjectOf(4, { username: 'ann', name: 'Ann A' }); // 4: Ann on herself: no copy, listed once
    await subjectOf(5, ben); // 5
    const byBen = await list(admin('C-SUBJ'), { person: 'ben.m' });
    expect(byBen.items.map((e) => [e.seq, e.actor.username, e.subject?.username ?? null])).toEqual([
      [5, 'ann', 'Ben.M'],
      [2, 'ann', 'Ben.M'],
      [1, 'Ben.M', null],
    ]);
    expect((await list(admin('C-SUBJ'), { person: 'ann' })).items.map((e) => e.seq)).toEqual([5, 4, 3, 2]);
    const first = await list(admin('C-SUBJ'), { person: 'ben.m', limit: 2 });
    expect((await list(admin('C-SUBJ'), { person: 'ben.m', limit: 2, cursor: first.cursor })).items.map((e) => e.seq)).toEqual([1]);
    expect((await list(admin('C-SUBJ'), { person: 'ben.m', kind: 'account.deactivated' })).items.map((e) => e.seq)).toEqual([5, 2]);
    // The whole log and the kind index list each entry once; the chain is whole (the copies are not in it).
    expect((await list(admin('C-SUBJ'), {})).items.map((e) => e.seq)).toEqual([5, 4, 3, 2, 1]);
    expect((await list(admin('C-SUBJ'), { kind: 'account.deactivated' })).items.map((e) => e.seq)).toEqual([5, 4, 2]);
    expect(await verifyCustomerChain(backend.db, 'C-SUBJ', clock)).toMatchObject({ checked: 5, problem: null });
  });

  it('refuses a reader without the team admin permission (403) and a malformed cursor (400)', async () => {
    await expect(list(admin('C-LIST', false), {})).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(list(admin('C-LIST'), { cursor: 'bm90LWEta2V5' })).rejects.toMatchObject({ kind: 'input', code: 'AUDIT.BAD_CURSOR' });
  });
});
