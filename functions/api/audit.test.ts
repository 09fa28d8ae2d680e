import type { Backend } from '@portal/backend';
import { verifyCustomerChain } from '@portal/backend/audit';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectCaller, signInAll } from '../../tests/support/api.ts';
import { connectAccount, createTestBackend, importOk } from '../../tests/support/test-backend.ts';
import { createApp } from './app.ts';

/**
 * The customer's audit log through the app (ADR 114) against DynamoDB Local: sign-ins of the customer's accounts
 * are recorded with the address, the team admin reads its own customer's entries only, a user without the
 * permission gets 403, and hostile query strings are 400s with nothing written.
 */
let backend: Backend;
let app: ReturnType<typeof createApp>;
const PASSWORD = 'Correct-Horse-42!';
const clock = new Date('2026-11-21T10:00:00Z');
const cookies: Record<string, string> = {};
const call = connectCaller(
  () => app,
  () => cookies,
);
const TEAM = { team: { permissions: 1, settings: 0 } };

beforeAll(async () => {
  backend = await createTestBackend(() => clock, { SESSION_IDLE_MINUTES: '1440' });
  app = createApp(backend, () => '203.0.113.44');
  await importOk(backend, 'brands', [
    { id: 'default', name: 'Brand', layout: 'default', footerLinks: [], customFields: { auditRetentionDays: 90 } },
  ]);
  await importOk(backend, 'retailers', [
    { customerId: 'R-AA', name: 'Alpha' },
    { customerId: 'R-AB', name: 'Beta' },
  ]);
  await importOk(backend, 'accounts', [
    connectAccount('a.admin', 'R-AA', PASSWORD, { modules: TEAM, firstname: 'Ada', surname: 'Admin' }),
    connectAccount('a.clerk', 'R-AA', PASSWORD),
    connectAccount('b.admin', 'R-AB', PASSWORD, { modules: TEAM }),
  ]);
  const wrong = await app.request('/api/auth/signin', {
    method: 'POST',
    headers: { 'X-Portal': 'connect', 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'a.clerk', password: 'Wrong-Password-1!' }),
  });
  expect(wrong.status).toBe(401);
  Object.assign(cookies, await signInAll(app, ['a.admin', 'a.clerk', 'b.admin'], PASSWORD));
}, 120_000);

describe('GET /api/audit', () => {
  it("answers the team admin its own customer's sign-ins, newest first, with the address and the brand's retention", async () => {
    const res = await call('a.admin', 'GET', '/audit');
    expect(res.status).toBe(200);
    expect(res.body.retentionDays).toBe(90);
    const items = res.body.items as { kind: string; actor: { username: string; name: string }; ip: string; details: object }[];
    expect(items.map((e) => [e.kind, e.actor.username])).toEqual([
      ['signin.succeeded', 'a.clerk'],
      ['signin.succeeded', 'a.admin'],
      ['signin.failed', 'a.clerk'],
    ]);
    expect(items[1]).toMatchObject({
      actor: { name: 'Ada Admin' },
      ip: '203.0.113.44',
      details: { method: 'password', portal: 'connect' },
    });
    expect(items[2]?.details).toMatchObject({ reason: 'wrong_password' });
    const other = await call('b.admin', 'GET', '/audit');
    expect((other.body.items as { actor: { username: string } }[]).map((e) => e.actor.username)).toEqual(['b.admin']);
    expect(await verifyCustomerChain(backend.db, 'R-AA', clock)).toMatchObject({ checked: 3, problem: null });
  });

  it('filters by person and kind, and refuses a user without the team permission (403)', async () => {
    const res = await call('a.admin', 'GET', '/audit?person=A.CLERK&kind=signin.failed');
    expect((res.body.items as { kind: string }[]).map((e) => e.kind)).toEqual(['signin.failed']);
    expect((await call('a.clerk', 'GET', '/audit')).status).toBe(403);
    expect((await call(null, 'GET', '/audit')).status).toBe(401);
  });

  it('answers hostile query strings with a 400 and writes nothing', async () => {
    for (const query of [
      'limit=abc',
      'limit=1000',
      'kind=signin.everything',
      'from=2026-13-45x',
      'from=2026-13-01',
      'to=2026-02-30',
      'from=2026-11-21&to=2026-11-01',
      `person=${'x'.repeat(500)}`,
      'cursor=%00%01',
      `cursor=${'A'.repeat(300)}`,
      'cursor=bm90LWEta2V5',
    ]) {
      const res = await call('a.admin', 'GET', `/audit?${query}`);
      expect(res.status, query).toBe(400);
      expect(typeof res.body.code, query).toBe('string');
    }
    expect(await verifyCustomerChain(backend.db, 'R-AA', clock)).toMatchObject({ checked: 3, problem: null });
  });
});
