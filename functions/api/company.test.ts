import type { Backend } from '@portal/backend';
import { retryCompanyEffects } from '@portal/backend/company';
import { CompanyView } from '@portal/core/company';
import { RequestDetail } from '@portal/core/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, signInAll } from '../../tests/support/api.ts';
import { sentMails } from '../../tests/support/mailbox.ts';
import { connectAccount, createTestBackend, importCompanyApproval, importOk } from '../../tests/support/test-backend.ts';
import { createApp } from './app.ts';
import { companyProfile } from '../../tests/support/company-fixtures.ts';

/**
 * The company profile (ADR 085) through the API against DynamoDB Local: read by every connect user of the
 * customer, saved by its flow.editCompanyProfile holders at once (a stale form 409) or, on a brand that asks for
 * approval, filed as a "Company profile change" request with its diff; the approval applies it exactly once
 * (parallel and retried approvals, a rejected one never); a second change while one waits is 409 naming it; the
 * assets kind goes through its port (a test double here). Hostile input is 4xx and changes nothing.
 */
const PASSWORD = 'Company-Profile-2026!';
const APPROVAL_HOST = 'approve.company.test';
let ticks = 0;
const clock = () => new Date(Date.UTC(2026, 10, 20, 9) + ++ticks * 1000);
const applied: [string, string][] = [];
/** The port double fails this many calls first (a logo apply that fails after the approval). */
let portFailures = 0;
const port = {
  apply: async (customerId: string, logoId: string) => {
    if (portFailures > 0 && portFailures--) throw new Error('port down');
    return applied.push([customerId, logoId]) > 0;
  },
};
let backend: Backend;
let app: ReturnType<typeof createApp>;
let cookies: Record<string, string>;

type Answer = { status: number; body: Record<string, unknown>; text: string };
async function call(user: string, method: string, path: string, body?: unknown, host = 'localhost'): Promise<Answer> {
  const res = await app.request(`/api${path}`, {
    method,
    headers: { 'X-Portal': 'connect', 'Content-Type': 'application/json', Cookie: cookies[user]!, Host: host },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.clone().text();
  const json = res.headers.get('content-type')?.includes('json') ? await readJson<Record<string, unknown>>(res) : {};
  return { status: res.status, body: json, text };
}
const view = async (user = 'reader.c') => {
  const got = await call(user, 'GET', '/company');
  expect(got.status, got.text).toBe(200);
  return CompanyView.parse(got.body);
};
const profile = companyProfile;

beforeAll(async () => {
  backend = await createTestBackend(clock, {}, { companyAssets: port });
  app = createApp(backend, () => '203.0.113.85');
  const account = (username: string, customerId: string, flow: number) =>
    connectAccount(username, customerId, PASSWORD, { email: `${username}@company.example`, modules: { flow: { permissions: flow } } });
  await importOk(backend, 'retailers', [
    { customerId: 'R-C1', name: 'Company Markets' },
    { customerId: 'R-C2', name: 'Foreign Company' },
  ]);
  await importOk(backend, 'accounts', [
    account('reader.c', 'R-C1', 0),
    account('editor.c', 'R-C1', 1 + 4 + 8),
    account('approver.c', 'R-C1', 2),
    account('approver2.c', 'R-C1', 2),
    account('foreign.c', 'R-C2', 1 + 4),
  ]);
  await importCompanyApproval(backend, 'approving', APPROVAL_HOST, { profile: true, assets: true });
  cookies = await signInAll(app, ['reader.c', 'editor.c', 'approver.c', 'approver2.c', 'foreign.c'], PASSWORD);
}, 120_000);
afterAll(() => undefined);
/** A profile save on the brand that asks for approval, from the current revision. */
const saveForApproval = async (over: Record<string, unknown>) =>
  call('editor.c', 'PUT', '/company/R-C1/profile', { rev: (await view()).rev, profile: profile(over) }, APPROVAL_HOST);

describe('a save without approval', () => {
  it('shows the master data’s name first, applies a save at once with its audit entry, refuses a stale form', async () => {
    const first = await view();
    expect([first.profile.name, first.rev, first.mayEdit, first.approvalRequired]).toEqual(['Company Markets', 0, false, false]);
    const saved = await call('editor.c', 'PUT', '/company/R-C1/profile', { rev: 0, profile: profile() });
    expect(saved.body, saved.text).toEqual({ outcome: 'applied', rev: 1 });
    const after = await view();
    expect([after.profile.name, after.profile.vatId, after.rev, after.updatedBy]).toEqual([
      'Company Markets GmbH',
      'DE123456789',
      1,
      'editor.c',
    ]);
    expect(after.history[0]!.diff).toContainEqual({ field: 'name', before: 'Company Markets', after: 'Company Markets GmbH' });
    const stale = await call('editor.c', 'PUT', '/company/R-C1/profile', { rev: 0, profile: profile({ name: 'Stale' }) });
    expect([stale.status, stale.body.code]).toEqual([409, 'COMPANY.STALE']);
    expect((await view()).profile.name).toBe('Company Markets GmbH');
  });

  it('reads the own company; another customer’s answers like a missing one; a reader may not save', async () => {
    expect((await view('foreign.c')).profile.name).toBe('Foreign Company');
    const foreign = await call('foreign.c', 'PUT', '/company/R-C1/profile', { rev: 1, profile: profile() });
    const missing = await call('foreign.c', 'PUT', '/company/R-NONE/profile', { rev: 1, profile: profile() });
    expect([foreign.status, foreign.body]).toEqual([404, missing.body]);
    expect((await call('reader.c', 'PUT', '/company/R-C1/profile', { rev: 1, profile: profile() })).status).toBe(403);
  });

  it('refuses hostile input with 4xx and changes nothing; HTML in a name is kept as text', async () => {
    const contact = profile().contacts[0];
    const hostile = [
      profile({ name: 'N'.repeat(201) }),
      profile({ name: 'Null\u0000Byte' }),
      profile({ contacts: Array.from({ length: 10_000 }, () => contact) }),
      profile({ vatId: 'DE12' }),
      profile({ invoiceEmail: 'not an address' }),
      profile({ billingAddress: { street: 'x', postalCode: '1', city: 'y', country: 'Germany' } }),
    ];
    for (const body of hostile) {
      const res = await call('editor.c', 'PUT', '/company/R-C1/profile', { rev: 1, profile: body });
      expect(res.status, res.text).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const vat = await call('editor.c', 'PUT', '/company/R-C1/profile', { rev: 1, profile: profile({ vatId: 'DE12' }) });
    expect(JSON.stringify(vat.body)).toContain('vatId');
    expect((await view()).rev).toBe(1);
    const html = await call('editor.c', 'PUT', '/company/R-C1/profile', {
      rev: 1,
      profile: profile({ name: '<img src=x onerror=alert(1)>' }),
    });
    expect(html.status).toBe(200);
    expect((await view()).profile.name).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('a save that needs approval', () => {
  it('files a request with the diff; a second change is 409 naming it; parallel and retried approvals apply it once; the requester is mailed', async () => {
    const before = await view();
    const filed = await saveForApproval({ name: 'Approved Name AG' });
    expect(filed.body.outcome, filed.text).toBe('filed');
    const requestId = String(filed.body.requestId);
    const waiting = await view();
    expect([waiting.rev, waiting.profile.name, waiting.pending.map((p) => [p.requestId, p.status])]).toEqual([
      before.rev,
      before.profile.name,
      [[requestId, 'pending']],
    ]);
    const second = await call(
      'editor.c',
      'PUT',
      '/company/R-C1/profile',
      { rev: before.rev, profile: profile({ name: 'Other' }) },
      APPROVAL_HOST,
    );
    expect([second.status, second.body.code]).toEqual([409, 'COMPANY.CHANGE_PENDING']);
    expect(String(second.body.message)).toContain(requestId);
    expect(second.body.params).toEqual({ requestId });
    const direct = await call('editor.c', 'PUT', '/company/R-C1/profile', { rev: before.rev, profile: profile({ name: 'Other' }) });
    expect(direct.status).toBe(409);

    const detail = RequestDetail.parse((await call('approver.c', 'GET', `/flow/workflow-requests/${requestId}`)).body);
    expect([detail.request.status, detail.change?.kind]).toEqual(['pending', 'profile']);
    expect(detail.change?.diff).toContainEqual({ field: 'name', before: '<img src=x onerror=alert(1)>', after: 'Approved Name AG' });

    const approvals = await Promise.all(
      ['approver.c', 'approver2.c', 'approver.c', 'approver2.c'].map((u) =>
        call(u, 'POST', `/flow/workflow-requests/${requestId}/approve`, {}),
      ),
    );
    expect(approvals.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const retried = await call('approver.c', 'POST', `/flow/workflow-requests/${requestId}/approve`, {});
    expect(retried.status).toBe(409);
    const done = await view();
    expect([done.profile.name, done.rev, done.pending]).toEqual(['Approved Name AG', before.rev + 1, []]);
    expect(done.history.filter((h) => h.requestId === requestId)).toHaveLength(1);
    expect((await sentMails('editor.c@company.example')).some((m) => m.subject.includes(requestId) && m.subject.includes('approved'))).toBe(
      true,
    );
  });

  it('a rejected change never applies, and frees the way for the next one', async () => {
    const before = await view();
    const filed = await saveForApproval({ name: 'Rejected Name' });
    const requestId = String(filed.body.requestId);
    const rejected = await call('approver.c', 'POST', `/flow/workflow-requests/${requestId}/reject`, { comment: 'Not our name.' });
    expect(rejected.status, rejected.text).toBe(200);
    const after = await view();
    expect([after.profile.name, after.rev, after.pending]).toEqual([before.profile.name, before.rev, []]);
    const next = await saveForApproval({ name: 'Next Name' });
    expect(next.body.outcome, next.text).toBe('filed');
  });
});

describe('the assets kind', () => {
  it('hands an approved logo to its port once, however often it is approved', async () => {
    const filed = await backend.company.changeAssets(await actorOf('editor.c'), 'R-C1', { logoId: 'logo-1' }, APPROVAL_HOST);
    expect(filed.outcome).toBe('filed');
    const requestId = filed.outcome === 'filed' ? filed.requestId : '';
    const approvals = await Promise.all(
      ['approver.c', 'approver2.c'].map((u) => call(u, 'POST', `/flow/workflow-requests/${requestId}/approve`, {})),
    );
    expect(approvals.map((a) => a.status).sort()).toEqual([200, 409]);
    await view();
    expect(applied).toEqual([['R-C1', 'logo-1']]);
    expect(await retryCompanyEffects(backend.db, clock, port)).toEqual({ found: 0, failed: 0 });
  });

  it('leaves a failed apply to the scheduled sweep, which applies it once; reading the company writes nothing', async () => {
    applied.length = 0;
    portFailures = 2;
    const filed = await backend.company.changeAssets(await actorOf('editor.c'), 'R-C1', { logoId: 'logo-2' }, APPROVAL_HOST);
    const requestId = filed.outcome === 'filed' ? filed.requestId : '';
    expect((await call('approver.c', 'POST', `/flow/workflow-requests/${requestId}/approve`, {})).status).toBe(200);
    expect(applied).toEqual([]);
    const writes = await commandsDuring(() => view());
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.filter((name) => !/^(GetItem|BatchGetItem|Query)Command$/.test(name))).toEqual([]);
    expect(applied).toEqual([]);
    // The approval's own try still holds its claim (60 s); the sweep after it meets the port down again; the next applies it once.
    const later = (minutes: number) => () => new Date(clock().getTime() + minutes * 60_000);
    expect(await retryCompanyEffects(backend.db, clock, port)).toEqual({ found: 1, failed: 0 });
    expect(await retryCompanyEffects(backend.db, later(2), port)).toEqual({ found: 1, failed: 1 });
    expect(applied).toEqual([]);
    expect(await retryCompanyEffects(backend.db, later(4), port)).toEqual({ found: 1, failed: 0 });
    expect(await retryCompanyEffects(backend.db, later(6), port)).toEqual({ found: 0, failed: 0 });
    expect(applied).toEqual([['R-C1', 'logo-2']]);
  });
});

/** The names of the DynamoDB commands `run` sends (nothing else may run meanwhile). */
async function commandsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const names: string[] = [];
  const step = 'companyCommands';
  backend.db.doc.middlewareStack.add(
    (next, context) => async (args) => {
      names.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize', name: step },
  );
  try {
    await run();
  } finally {
    backend.db.doc.middlewareStack.remove(step);
  }
  return names;
}

async function actorOf(username: string) {
  const { actorFor } = await import('@portal/backend');
  const { getAccount } = await import('@portal/backend/accounts');
  return actorFor((await getAccount(backend.db, username))!, { method: 'password' });
}
