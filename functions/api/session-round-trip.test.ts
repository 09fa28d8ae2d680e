import type { Backend } from '@portal/backend';
import { hashToken } from '@portal/backend/auth';
import { putSession } from '@portal/backend/auth/testing';
import { SessionStatus } from '@portal/core/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { countCalls } from '@portal/backend/platform/db';
import { callApi, sessionCookie } from '../../tests/support/api.ts';
import type { createApp } from './app.ts';
import { createTestApp } from '../../tests/support/test-app.ts';

/**
 * ADR 028: a signed-in request reads its session and account in ONE DynamoDB call, and every change to
 * either (sign-out, other sessions ended, permissions, lock, disable, expiry) applies to the next request.
 */
let clock = new Date('2026-11-21T10:00:00Z');
let backend: Backend;
let app: ReturnType<typeof createApp>;
const PASSWORD = 'Start-Password-2026!';
const ops = { name: 'session-test' };

const call = (method: string, path: string, cookie?: string, body?: unknown, portal: 'ordering' | 'connect' = 'ordering') =>
  callApi(app, method, path, { cookie, body, portal });
const signIn = async (username: string) =>
  sessionCookie((await call('POST', '/auth/signin', undefined, { username, password: PASSWORD })).res);
const statusOf = async (cookie: string, portal: 'ordering' | 'connect' = 'ordering') =>
  SessionStatus.parse((await call('GET', '/auth/status', cookie, undefined, portal)).body);
const signedIn = async (cookie: string, portal: 'ordering' | 'connect' = 'ordering') => (await statusOf(cookie, portal)).loggedIn;
const importAccount = (username: string, extra: Record<string, unknown> = {}) =>
  backend.imports.importRecords('accounts', [
    { line: 1, data: { username, password: PASSWORD, email: `${username}@example.com`, ...extra } },
  ]);
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
const b64 = (text: string) => Buffer.from(text).toString('base64url');
/** A live session item for `token`, written directly (as no sign-in would), to test what the read refuses. */
const sessionItem = (token: string, username: string) => ({
  tokenHash: hashToken(token),
  username,
  portal: 'ordering' as const,
  method: 'password' as const,
  createdAt: clock.toISOString(),
  lastSeenAt: clock.toISOString(),
});

beforeAll(async () => {
  ({ backend, app } = await createTestApp(() => clock, '10.0.0'));
  for (const name of ['Anna.Retail', 'bob', 'carla', 'dora', 'emil', 'frida', 'gus', 'hanna']) {
    expect((await importAccount(name)).errors).toEqual([]);
  }
});

describe('one round trip (ADR 028)', () => {
  it('reads session and account in exactly one DynamoDB call before the route works', async () => {
    const cookie = await signIn('Anna.Retail');
    // The host's brand (does it require terms of use? ADR 086) is read once a minute per process, not per request.
    const brandOfHost = () => backend.brands.requiresTerms(undefined);
    await brandOfHost();
    const counter = countCalls(backend.db, 'countSessionCalls');
    try {
      // auth/status does no reads of its own: what it costs is what the session middleware costs.
      const signedInCall = await counter.counted(() => statusOf(cookie));
      expect(signedInCall.result.loggedIn).toBe(true);
      expect(signedInCall.calls).toBe(1);
      const anonymous = await counter.counted(() => call('GET', '/auth/status'));
      expect(anonymous.calls).toBe(0);
      // Sliding the idle expiry is the one write, at most once a minute per session.
      clock = new Date(clock.getTime() + 2 * 60_000);
      await brandOfHost();
      expect((await counter.counted(() => statusOf(cookie))).calls).toBe(2);
      expect((await counter.counted(() => statusOf(cookie))).calls).toBe(1);
    } finally {
      counter.stop();
    }
  });

  it('names the account in the token only sealed, so the cookie says nothing of who it is (ADR 052), and stores only the hash of the whole token', async () => {
    const cookie = await signIn('Anna.Retail');
    const token = tokenOf(cookie);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    // Neither the name nor any spelling or encoding of it appears in the cookie's value.
    for (const form of [
      'anna',
      'retail',
      b64('anna.retail'),
      b64('Anna.Retail'),
      Buffer.from('anna.retail').toString('hex'),
      Buffer.from('anna.retail').toString('base64'),
    ]) {
      expect(token.toLowerCase()).not.toContain(form.toLowerCase());
      expect(Buffer.from(token.split('.')[0]!, 'base64url').toString('latin1').toLowerCase()).not.toContain('anna');
    }
    // Two sign-ins of one account share nothing recognisable: the seal takes a fresh nonce each time.
    const again = tokenOf(await signIn('anna.retail'));
    expect(again.split('.')[0]!.slice(0, 16)).not.toBe(token.split('.')[0]!.slice(0, 16));
    const live = await backend.sessions.listLive('anna.retail', clock);
    expect(live.map((s) => s.tokenHash)).toContain(hashToken(token));
    expect(JSON.stringify(live)).not.toContain(token.split('.')[1]);
  });

  it('finds no session when the account part is changed, forged or not in its one spelling', async () => {
    const [sealed, secret] = tokenOf(await signIn('bob')).split('.') as [string, string];
    const cookieFor = (accountPart: string) => `__Host-portal_session_ordering=${accountPart}.${secret}`;
    expect(await signedIn(cookieFor(sealed))).toBe(true);
    // The readable names of ADR 028's tokens open nothing any more.
    expect(await signedIn(cookieFor(b64('bob')))).toBe(false);
    // Another account's sealed part (a sign-in of carla) with bob's secret: no such session.
    expect(await signedIn(cookieFor(tokenOf(await signIn('carla')).split('.')[0]!))).toBe(false);
    const flipped = Buffer.from(sealed, 'base64url');
    flipped[14] = flipped[14]! ^ 1;
    expect(await signedIn(cookieFor(flipped.toString('base64url')))).toBe(false);
    expect(await signedIn(cookieFor(`${sealed}A`))).toBe(false);
    expect(await signedIn(cookieFor(''))).toBe(false);
  });

  it('treats a session issued before ADR 028 (a bare 43-character token) as signed out, without a read', async () => {
    const oldToken = 'O'.repeat(43);
    const until = new Date(clock.getTime() + 3_600_000).toISOString();
    await putSession(backend.db, { ...sessionItem(oldToken, 'bob'), idleExpiresAt: until, absoluteExpiresAt: until });
    const counter = countCalls(backend.db, 'countOldTokenCalls');
    try {
      const old = await counter.counted(() => statusOf(`__Host-portal_session_ordering=${oldToken}`));
      expect(old.result.loggedIn).toBe(false);
      expect(old.calls).toBe(0);
    } finally {
      counter.stop();
    }
    // Signing out with it still removes it from the table.
    await call('GET', '/auth/logout', `__Host-portal_session_ordering=${oldToken}`);
    expect((await backend.sessions.listLive('bob', clock)).some((s) => s.tokenHash === hashToken(oldToken))).toBe(false);
  });
});

describe('every change applies to the very next request', () => {
  it('sign-out', async () => {
    const cookie = await signIn('carla');
    expect(await signedIn(cookie)).toBe(true);
    await call('GET', '/auth/logout', cookie);
    expect(await signedIn(cookie)).toBe(false);
    expect((await call('GET', '/account', cookie)).status).toBe(401);
  });

  it('"sign out other sessions" and a password change that ends them', async () => {
    const mine = await signIn('dora');
    const other = await signIn('dora');
    const third = await signIn('dora');
    expect((await call('POST', '/account/sessions/end-others', mine)).body).toMatchObject({ ended: 2 });
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(third)).toBe(false);
    expect(await signedIn(mine)).toBe(true);

    const fourth = await signIn('dora');
    const newPassword = 'Quite-Different-Secret-77!';
    const changed = await call('PUT', '/auth/change-password', mine, {
      currentPassword: PASSWORD,
      newPassword,
      newPasswordVerify: newPassword,
    });
    expect(changed.body).toMatchObject({ endedSessions: 1 });
    expect(await signedIn(fourth)).toBe(false);
    expect(await signedIn(mine)).toBe(true);
  });

  it('a permission change', async () => {
    const cookie = await signIn('emil');
    const before = await statusOf(cookie);
    await backend.admin.setAccess(ops, 'emil', { securityFlag: 16 + 1024, permissions: 2 ** 24 });
    const after = await statusOf(cookie);
    expect(before.user?.securityFlag).toBe(0);
    expect(after.user?.securityFlag).toBe(1040);
    expect(after.user?.permissions).not.toEqual(before.user?.permissions);
  });

  it('a lock of the account, and its lifting', async () => {
    const cookie = await signIn('frida');
    await importAccount('frida', { status: 'locked' });
    expect(await signedIn(cookie)).toBe(false);
    expect((await call('GET', '/account', cookie)).status).toBe(401);
    // The lock ended no session: lifted, the session counts again (disable below ends them).
    await importAccount('frida', { status: 'active' });
    expect(await signedIn(cookie)).toBe(true);
  });

  it('disabling the account', async () => {
    const cookie = await signIn('gus');
    await backend.admin.disable(ops, 'gus');
    expect(await signedIn(cookie)).toBe(false);
    await backend.admin.enable(ops, 'gus');
    expect(await signedIn(cookie)).toBe(false);
  });

  it('the idle timeout, and another portal', async () => {
    const cookie = await signIn('hanna');
    expect(await signedIn(`__Host-portal_session_connect=${tokenOf(cookie)}`, 'connect')).toBe(false);
    const start = clock;
    clock = new Date(start.getTime() + 31 * 60_000);
    expect(await signedIn(cookie)).toBe(false);
    clock = start;
    // Expired sessions are deleted on sight.
    expect(await signedIn(cookie)).toBe(false);
  });
});
