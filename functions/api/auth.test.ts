import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Backend } from '@portal/backend';
import { SessionStatus } from '@portal/core/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectSignedIn, readJson, sessionCookie } from '../../tests/support/api.ts';
import { createTestBackend } from '../../tests/support/test-backend.ts';
import { createApp } from './app.ts';

let clock = new Date('2026-11-21T10:00:00Z');
let backend: Backend;
let app: ReturnType<typeof createApp>;
const PASSWORD = 'Correct-Horse-42!';

const headers = (extra: Record<string, string> = {}) => ({
  'X-Portal': 'ordering',
  'Content-Type': 'application/json',
  ...extra,
});
const signIn = (username: string, password: string, extra: Record<string, string> = {}) =>
  app.request('/api/auth/signin', {
    method: 'POST',
    headers: headers(extra),
    body: JSON.stringify({ username, password }),
  });
const status = async (cookie?: string) =>
  SessionStatus.parse(await readJson(await app.request('/api/auth/status', { headers: headers(cookie ? { Cookie: cookie } : {}) })));

beforeAll(async () => {
  backend = await createTestBackend(() => clock);
  app = createApp(backend, () => '203.0.113.7');
  const report = await backend.imports.importRecords('accounts', [
    {
      line: 1,
      data: {
        username: 'anna.retail',
        password: PASSWORD,
        email: 'anna@example.com',
        firstname: 'Anna',
        surname: 'Retail',
        securityFlag: 16 + 1024,
        permissions: 2 ** 24 + 2 ** 25,
        settings: 8,
        modules: { ordering: { permissions: 4 + 8, settings: 1 } },
        passwordExpiry: '2026-12-01T00:00:00.000Z',
      },
    },
    {
      line: 2,
      data: { username: 'locked.user', password: PASSWORD, email: 'l@example.com', status: 'locked' },
    },
    {
      line: 3,
      data: { username: 'connect.only', password: PASSWORD, email: 'c@example.com', portals: ['connect'] },
    },
    {
      line: 4,
      data: { username: 'office.only', password: PASSWORD, email: 'o@example.com', ipAllowlist: ['192.0.2.0/24'] },
    },
  ]);
  expect(report.errors).toEqual([]);
});

describe('sign-in', () => {
  it('signs in, sets a secure session cookie and reports the decoded session', async () => {
    const res = await signIn('Anna.Retail', PASSWORD);
    const session = await status(await expectSignedIn(res, { username: 'anna.retail', securityFlag: 1040 }));
    expect(session.loggedIn).toBe(true);
    expect(session.user?.username).toBe('anna.retail');
    expect(session.user?.strongAuthentication).toBe(true);
    expect(session.user?.permissions.orderManagement).toBe(true);
    expect(session.user?.permissions.orderCancellation).toBe(true);
    expect(session.user?.permissions.sale).toBe(false);
    expect(session.user?.settings.showLastLoginIp).toBe(true);
    expect(session.user?.modules.ordering?.permissions.cardOrdering).toBe(true);
    expect(session.user?.modules.ordering?.permissions.couponingManagement).toBe(false);
    expect(session.user?.modules.ordering?.settings.showStoreList).toBe(true);
    expect(session.signInMethod).toBe('password');
    // 'Last login' is the sign-in before this one: none yet for a first sign-in, then this one.
    expect(session.lastLogin).toBeNull();
    const firstAt = clock.toISOString();
    clock = new Date(clock.getTime() + 60_000);
    const again = await status(sessionCookie(await signIn('anna.retail', PASSWORD)));
    expect(again.lastLogin).toEqual({ at: firstAt, ip: '203.0.113.7' });
    clock = new Date(firstAt);
    // Expiry within 14 days: the status warns.
    expect(session.serviceMessages.map((m) => m.message)).toEqual([
      'Your password is going to expire. Please renew it as soon as possible.',
    ]);
  });

  it('stores only the hash of the session token', async () => {
    const res = await signIn('anna.retail', PASSWORD);
    const token = sessionCookie(res).split('=')[1]!;
    const all = await backend.db.doc.send(new ScanCommand({ TableName: backend.db.table }));
    const dump = JSON.stringify(all.Items);
    expect(dump).not.toContain(token);
    expect(dump).not.toContain(PASSWORD);
  });

  it('answers a wrong password and an unknown user identically', async () => {
    const wrong = await signIn('anna.retail', 'Wrong-password-1!');
    const unknown = await signIn('nobody.here', 'Wrong-password-1!');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const wrongBody = await readJson(wrong);
    expect(wrongBody).toEqual({
      code: 'LOGIN.FORM.ERROR.WRONG_PASSWORD',
      message: 'Invalid username or password',
    });
    expect(await readJson(unknown)).toEqual(wrongBody);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a locked account and an account of the other portal after the password check', async () => {
    expect(await readJson(await signIn('locked.user', PASSWORD))).toMatchObject({
      code: 'LOGIN.FORM.ERROR.ACCOUNT_LOCKED',
    });
    expect(await readJson(await signIn('locked.user', 'Wrong-password-1!'))).toMatchObject({
      code: 'LOGIN.FORM.ERROR.WRONG_PASSWORD',
    });
    expect(await readJson(await signIn('connect.only', PASSWORD))).toMatchObject({
      code: 'LOGIN.FORM.ERROR.WRONG_URL',
    });
    const onConnect = await signIn('connect.only', PASSWORD, { 'X-Portal': 'connect' });
    expect(onConnect.status).toBe(200);
    // The test app's client address is 203.0.113.7, outside the account's allowlist.
    expect(await readJson(await signIn('office.only', PASSWORD))).toEqual({
      code: 'LOGIN.FORM.ERROR.INVALID_IP',
      message: 'invalid ip',
    });
  });

  it('rejects blank and malformed input with field issues and writes nothing', async () => {
    const blank = await signIn('   ', '');
    expect(blank.status).toBe(400);
    const body = await readJson<{ code: string; issues: { path: string; message: string }[] }>(blank);
    expect(body.code).toBe('REQUEST.VALIDATION_FAILED');
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'username', message: 'Value is required', code: 'FIELD.REQUIRED' },
        { path: 'password', message: 'Value is required', code: 'FIELD.REQUIRED' },
      ]),
    );
    const notJson = await app.request('/api/auth/signin', {
      method: 'POST',
      headers: headers(),
      body: '{oops',
    });
    expect(notJson.status).toBe(400);
    expect(await readJson(notJson)).toMatchObject({ code: 'REQUEST.MALFORMED' });
    const letters = await app.request('/api/auth/signin', {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ username: 'a', password: 'b', secretCode: '12ab' }),
    });
    expect(await readJson(letters)).toMatchObject({
      issues: [{ path: 'secretCode', message: 'Value must be numeric', code: 'FIELD.NUMERIC' }],
    });
  });
});

describe('sessions', () => {
  it('logout ends the session on the server, not only in the browser', async () => {
    const cookie = sessionCookie(await signIn('anna.retail', PASSWORD));
    expect((await status(cookie)).loggedIn).toBe(true);
    const out = await app.request('/api/auth/logout', { headers: headers({ Cookie: cookie }) });
    expect(await readJson(out)).toEqual({ success: true });
    expect(out.headers.get('set-cookie')).toMatch(/__Host-portal_session_ordering=;/);
    // Replaying the old cookie no longer works.
    expect((await status(cookie)).loggedIn).toBe(false);
  });

  it('expires after the idle time and slides while in use', async () => {
    const cookie = sessionCookie(await signIn('anna.retail', PASSWORD));
    const start = clock;
    clock = new Date(start.getTime() + 25 * 60_000);
    expect((await status(cookie)).loggedIn).toBe(true);
    clock = new Date(start.getTime() + 50 * 60_000); // 25 min after last use: still inside 30 min idle
    expect((await status(cookie)).loggedIn).toBe(true);
    clock = new Date(start.getTime() + 90 * 60_000);
    expect((await status(cookie)).loggedIn).toBe(false);
    clock = start;
  });

  it('ends at the absolute expiry however active the session is', async () => {
    const start = clock;
    const cookie = sessionCookie(await signIn('anna.retail', PASSWORD));
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      clock = new Date(start.getTime() + minutes * 60_000);
      expect((await status(cookie)).loggedIn).toBe(true);
    }
    clock = new Date(start.getTime() + 12 * 60 * 60_000);
    expect((await status(cookie)).loggedIn).toBe(false);
    clock = start;
  });

  it('keeps a session to the portal it was signed in on', async () => {
    const res = await signIn('anna.retail', PASSWORD);
    const token = sessionCookie(res).split('=')[1]!;
    const onConnect = await app.request('/api/auth/status', {
      headers: { 'X-Portal': 'connect', Cookie: `__Host-portal_session_connect=${token}` },
    });
    expect(SessionStatus.parse(await readJson(onConnect)).loggedIn).toBe(false);
    expect((await status(`__Host-portal_session_ordering=${token}`)).loggedIn).toBe(true);
  });

  it('treats a forged or malformed cookie as logged out', async () => {
    expect((await status('__Host-portal_session_ordering=abc')).loggedIn).toBe(false);
    expect((await status(`__Host-portal_session_ordering=${'A'.repeat(43)}`)).loggedIn).toBe(false);
  });

  it('guards the account endpoint', async () => {
    const anonymous = await app.request('/api/account', { headers: headers() });
    expect(anonymous.status).toBe(401);
    const cookie = sessionCookie(await signIn('anna.retail', PASSWORD));
    const mine = await app.request('/api/account', { headers: headers({ Cookie: cookie }) });
    expect(await readJson(mine)).toEqual({
      email: 'anna@example.com',
      firstname: 'Anna',
      surname: 'Retail',
      jobTitle: '',
      customerId: '',
      pendingEmail: null,
    });
  });
});
