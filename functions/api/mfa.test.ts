import { generate } from 'otplib';
import type { Backend } from '@portal/backend';
import { getAccount } from '@portal/backend/accounts';
import { SessionStatus } from '@portal/core/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '@portal/backend/auth/testing';
import { jarCaller } from '../../tests/support/api.ts';
import { CookieJar } from '../../tests/support/cookie-jar.ts';
import { lastMailTo } from '../../tests/support/mailbox.ts';
import type { createApp } from './app.ts';
import { createTestApp } from '../../tests/support/test-app.ts';

let clock = new Date('2026-11-21T10:00:00Z');
let backend: Backend;
let app: ReturnType<typeof createApp>;
const PASSWORD = 'Second-Factor-2026!';

const call = jarCaller(() => app);
const signIn = (jar: CookieJar, username: string, secretCode?: string, password = PASSWORD) =>
  call(jar, 'POST', '/auth/signin', { username, password, ...(secretCode ? { secretCode } : {}) });
const status = async (jar: CookieJar) => SessionStatus.parse((await call(jar, 'GET', '/auth/status')).body);
const totpAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

async function pendingSecretOf(username: string): Promise<string> {
  const account = (await getAccount(backend.db, username)) as { totpPendingSecret?: string; usernameKey: string };
  return createSecretBox(backend.config).decrypt(account.totpPendingSecret!, account.usernameKey);
}

async function setUpApp(username: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const jar = new CookieJar();
  expect((await signIn(jar, username)).status).toBe(200);
  const fresh = await call(jar, 'POST', '/auth/secret-code/new', { currentPassword: PASSWORD });
  expect(fresh.status).toBe(200);
  const qr = String(fresh.body.qr);
  expect(qr).toMatch(/^data:image\/png;base64,/);
  expect(Buffer.from(qr.split(',')[1]!, 'base64').subarray(1, 4).toString()).toBe('PNG');
  const secret = await pendingSecretOf(username);
  const activated = await call(jar, 'POST', '/auth/secret-code', { secretCode: await totpAt(secret, clock), currentPassword: PASSWORD });
  expect(activated.status).toBe(200);
  // Activating ends the session: the user logs in again with the new factor.
  expect((await status(jar)).loggedIn).toBe(false);
  return { secret, recoveryCodes: activated.body.recoveryCodes as string[] };
}

const importAccount = (username: string, extra: Record<string, unknown> = {}) =>
  backend.imports.importRecords('accounts', [
    { line: 1, data: { username, password: PASSWORD, email: `${username}@example.com`, ...extra } },
  ]);
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => ({ backend, app } = await createTestApp(() => clock, '10.1.0')));

describe('authenticator app', () => {
  it('sets up with a QR code and a code, shows 10 recovery codes once, and refuses a wrong code', async () => {
    await importAccount('app.setup');
    const jar = new CookieJar();
    await signIn(jar, 'app.setup');
    const fresh = await call(jar, 'POST', '/auth/secret-code/new', { currentPassword: PASSWORD });
    const wrong = await call(jar, 'POST', '/auth/secret-code', { secretCode: '000000', currentPassword: PASSWORD });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'MFA.WRONG_CODE' } });
    const secret = await pendingSecretOf('app.setup');
    expect(fresh.body).toMatchObject({ secret, issuer: 'CardPortal', account: 'app.setup' });
    // Shown once (ADR 052): no later call of this session reads the pending secret back, as text or as QR code.
    for (const path of ['/auth/secret-code/key', '/auth/secret-code?app=ordering&height=200', '/auth/secret-code']) {
      const again = await call(jar, 'GET', path);
      expect({ path, status: again.status }).toEqual({ path, status: 404 });
      expect(JSON.stringify(again.body)).not.toContain(secret);
    }
    const ok = await call(jar, 'POST', '/auth/secret-code', { secretCode: await totpAt(secret, clock), currentPassword: PASSWORD });
    const codes = ok.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^\d{10}$/);
    const stored = JSON.stringify(await getAccount(backend.db, 'app.setup'));
    expect(stored).not.toContain(secret);
    for (const code of codes) expect(stored).not.toContain(code);
  });

  it('asks for the code after the password, accepts it once, and issues a new session id', async () => {
    await importAccount('app.user');
    const { secret } = await setUpApp('app.user');
    advance(60_000);
    const jar = new CookieJar({ '__Host-portal_session_ordering': 'planted-session-token-aaaaaaaaaaaaaaaaaaaaaaaa' });
    const first = await signIn(jar, 'app.user');
    expect(first.body).toMatchObject({ response: { success: false, mfa: 20 }, username: 'app.user' });
    expect(jar.get('__Host-portal_mfa_ordering')).toBeDefined();
    const code = await totpAt(secret, clock);
    const second = await signIn(jar, 'app.user', code);
    expect(second.body).toMatchObject({ response: { success: true } });
    expect(jar.get('__Host-portal_session_ordering')).not.toBe('planted-session-token-aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(jar.get('__Host-portal_mfa_ordering')).toBeUndefined();
    expect((await status(jar)).mfaStatus).toBe('app');

    // The same code again (a replay within its time step) is refused.
    const replayJar = new CookieJar();
    await signIn(replayJar, 'app.user');
    expect((await signIn(replayJar, 'app.user', code)).body).toMatchObject({ code: 'LOGIN.FORM.ERROR.WRONG_CODE' });
  });

  it('accepts one step of clock drift but not two', async () => {
    await importAccount('drift.user');
    const { secret } = await setUpApp('drift.user');
    advance(5 * 60_000);
    const jar = new CookieJar();
    await signIn(jar, 'drift.user');
    expect((await signIn(jar, 'drift.user', await totpAt(secret, new Date(clock.getTime() - 90_000)))).status).toBe(401);
    expect((await signIn(jar, 'drift.user', await totpAt(secret, new Date(clock.getTime() + 30_000)))).status).toBe(200);
  });

  it('needs the pending attempt of this browser', async () => {
    await importAccount('bound.user');
    const { secret } = await setUpApp('bound.user');
    advance(60_000);
    const res = await signIn(new CookieJar(), 'bound.user', await totpAt(secret, clock));
    expect(res.body).toMatchObject({ code: 'LOGIN.FORM.ERROR.MFA_EXPIRED' });
  });

  it('counts wrong codes toward the lockout', async () => {
    await importAccount('guessing.user');
    await setUpApp('guessing.user');
    const jar = new CookieJar();
    await signIn(jar, 'guessing.user');
    for (let i = 0; i < 4; i++) {
      expect((await signIn(jar, 'guessing.user', '123456')).body).toMatchObject({ code: 'LOGIN.FORM.ERROR.WRONG_CODE' });
    }
    expect((await signIn(jar, 'guessing.user', '123456')).body).toMatchObject({ code: 'LOGIN.FORM.ERROR.ACCOUNT_LOCKED' });
  });

  it('takes a recovery code instead of a code, each only once', async () => {
    await importAccount('recovering.user');
    const { recoveryCodes } = await setUpApp('recovering.user');
    const jar = new CookieJar();
    await signIn(jar, 'recovering.user');
    expect((await signIn(jar, 'recovering.user', recoveryCodes[0])).status).toBe(200);
    expect((await status(jar)).recoveryCodesLeft).toBe(9);
    const again = new CookieJar();
    await signIn(again, 'recovering.user');
    expect((await signIn(again, 'recovering.user', recoveryCodes[0])).status).toBe(401);

    // Regenerating replaces them all.
    const fresh = await call(jar, 'POST', '/auth/recovery-codes', { currentPassword: PASSWORD });
    const newCodes = fresh.body.recoveryCodes as string[];
    expect(newCodes).toHaveLength(10);
    const old = new CookieJar();
    await signIn(old, 'recovering.user');
    expect((await signIn(old, 'recovering.user', recoveryCodes[1])).status).toBe(401);
    await signIn(old, 'recovering.user');
    expect((await signIn(old, 'recovering.user', newCodes[0])).status).toBe(200);
  });
});

describe('e-mailed codes', () => {
  it('sets up by confirming a mailed code, then signs in with a code sent for that attempt', async () => {
    await importAccount('mail.user');
    const jar = new CookieJar();
    await signIn(jar, 'mail.user');
    expect((await call(jar, 'POST', '/auth/mfa/email', { currentPassword: PASSWORD })).body).toEqual({ message: 'OTP code sent' });
    const setupCode = /\b(\d{6})\b/.exec((await lastMailTo('mail.user@example.com')).body.text ?? '')![1]!;
    expect((await call(jar, 'POST', '/auth/mfa/email/confirm', { secretCode: setupCode, currentPassword: PASSWORD })).status).toBe(200);

    const login = new CookieJar();
    expect((await signIn(login, 'mail.user')).body).toMatchObject({ response: { mfa: 20 } });
    expect((await call(login, 'GET', '/send-otp-code')).body).toEqual({ message: 'OTP code sent' });
    // A second send within 30 s is refused.
    expect((await call(login, 'GET', '/send-otp-code')).status).toBe(429);
    const code = /\b(\d{6})\b/.exec((await lastMailTo('mail.user@example.com')).body.text ?? '')![1]!;
    expect((await signIn(login, 'mail.user', code)).body).toMatchObject({ response: { success: true } });
    expect((await status(login)).mfaStatus).toBe('email');

    // The code worked once; a new attempt needs a new code.
    const reuse = new CookieJar();
    await signIn(reuse, 'mail.user');
    expect((await signIn(reuse, 'mail.user', code)).status).toBe(401);
  });

  it('refuses a code older than 10 minutes and a code sent for another attempt', async () => {
    await importAccount('late.user');
    const jar = new CookieJar();
    await signIn(jar, 'late.user');
    await call(jar, 'POST', '/auth/mfa/email', { currentPassword: PASSWORD });
    const setupCode = /\b(\d{6})\b/.exec((await lastMailTo('late.user@example.com')).body.text ?? '')![1]!;
    await call(jar, 'POST', '/auth/mfa/email/confirm', { secretCode: setupCode, currentPassword: PASSWORD });

    const a = new CookieJar();
    const b = new CookieJar();
    await signIn(a, 'late.user');
    await signIn(b, 'late.user');
    await call(a, 'GET', '/send-otp-code');
    const codeForA = /\b(\d{6})\b/.exec((await lastMailTo('late.user@example.com')).body.text ?? '')![1]!;
    expect((await signIn(b, 'late.user', codeForA)).status).toBe(401);
    advance(11 * 60_000);
    expect((await signIn(a, 'late.user', codeForA)).status).toBe(401);
  });

  it('needs a sign-in in progress', async () => {
    expect((await call(new CookieJar(), 'GET', '/send-otp-code')).body).toMatchObject({ code: 'LOGIN.FORM.ERROR.MFA_EXPIRED' });
  });
});

describe('MFA obligations and notice', () => {
  it('answers mfaMustBeSetUp (10) for an account that must set up MFA', async () => {
    await importAccount('must.setup', { mfaRequired: true });
    const jar = new CookieJar();
    const res = await signIn(jar, 'must.setup');
    expect(res.body).toMatchObject({ response: { success: true, mfa: 10 } });
    expect((await status(jar)).loggedIn).toBe(true);
  });

  it('keeps the dismissal of the MFA notice on the server', async () => {
    await importAccount('notice.user');
    const jar = new CookieJar();
    await signIn(jar, 'notice.user');
    expect((await status(jar)).mfaNoticeDismissed).toBe(false);
    await call(jar, 'POST', '/account/mfa-notice/dismiss');
    const other = new CookieJar();
    await signIn(other, 'notice.user');
    expect((await status(other)).mfaNoticeDismissed).toBe(true);
  });
});
