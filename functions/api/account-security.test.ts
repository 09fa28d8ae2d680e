import type { Backend } from '@portal/backend';
import { getAccount } from '@portal/backend/accounts';
import { REAUTH_WINDOW_MS } from '@portal/backend/accounts/testing';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { jarCaller } from '../../tests/support/api.ts';
import { CookieJar } from '../../tests/support/cookie-jar.ts';
import { lastMailTo, sentMails } from '../../tests/support/mailbox.ts';
import type { createApp } from './app.ts';
import { createTestApp } from '../../tests/support/test-app.ts';

/**
 * ADR 017: a stolen session must not take the account over. Changing the e-mail address, the MFA
 * method or the recovery codes needs the current password; a new address counts only once the link
 * mailed to it is followed, and the old address hears of it. A sign-in of the last few minutes stands
 * in for the password (ADR 055); the tests that need the password let that window pass first.
 */
let clock = new Date('2026-11-21T10:00:00Z');
let backend: Backend;
let app: ReturnType<typeof createApp>;
const PASSWORD = 'Account-Owner-2026!';

const call = jarCaller(() => app);

/** Lets the sign-in's re-authentication window pass (ADR 055): the session alone is no proof any more. */
const afterWindow = () => {
  clock = new Date(clock.getTime() + REAUTH_WINDOW_MS + 1000);
};

/** A session signed in `fresh`ly, or (the default) one whose sign-in is older than the window. */
async function signedIn(username: string, extra: Record<string, unknown> = {}, fresh = false) {
  await backend.imports.importRecords('accounts', [
    { line: 1, data: { username, password: PASSWORD, email: `${username}@example.com`, ...extra } },
  ]);
  const jar = new CookieJar();
  expect((await call(jar, 'POST', '/auth/signin', { username, password: PASSWORD })).status).toBe(200);
  if (!fresh) afterWindow();
  return jar;
}

const profile = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  firstname: 'Erik',
  surname: 'Example',
  jobTitle: 'Buyer',
  ...extra,
});
const linkToken = async (to: string) => /confirm-email\?token=([A-Za-z0-9_-]{43})/.exec((await lastMailTo(to)).body.text ?? '')?.[1];
const storedEmail = async (username: string) => (await getAccount(backend.db, username))?.email;

beforeAll(async () => ({ backend, app } = await createTestApp(() => clock, '10.2.0')));

describe('changing the e-mail address', () => {
  it('refuses a new address with the session alone, but saves names and job title with it', async () => {
    const jar = await signedIn('session.only');
    const refused = await call(jar, 'POST', '/account', profile('thief@example.com'));
    expect(refused).toMatchObject({
      status: 400,
      body: { code: 'ACCOUNT.PASSWORD_REQUIRED', issues: [{ path: 'currentPassword' }] },
    });
    expect(await storedEmail('session.only')).toBe('session.only@example.com');
    expect(await sentMails('thief@example.com')).toHaveLength(0);

    const names = await call(jar, 'POST', '/account', profile('session.only@example.com', { firstname: 'Sina' }));
    expect(names).toMatchObject({ status: 200, body: { firstname: 'Sina', email: 'session.only@example.com', pendingEmail: null } });
  });

  it('refuses a wrong password, counts it toward the sign-in lockout, and saves nothing', async () => {
    const jar = await signedIn('wrong.guess');
    for (let i = 0; i < 4; i++) {
      const wrong = await call(
        jar,
        'POST',
        '/account',
        profile('thief@example.com', { firstname: 'X', currentPassword: `Guess-${i}-2026!` }),
      );
      expect(wrong).toMatchObject({ status: 400, body: { code: 'ACCOUNT.PASSWORD_MISMATCH', issues: [{ path: 'currentPassword' }] } });
    }
    // The fifth wrong password uses up the budget: the name is locked, for sign-in too.
    const fifth = await call(jar, 'POST', '/account', profile('thief@example.com', { currentPassword: 'Guess-5-2026!' }));
    expect(fifth).toMatchObject({ status: 429, body: { code: 'LOGIN.FORM.ERROR.ACCOUNT_LOCKED' } });
    const locked = await call(new CookieJar(), 'POST', '/auth/signin', { username: 'wrong.guess', password: PASSWORD });
    expect(locked.body).toMatchObject({ code: 'LOGIN.FORM.ERROR.ACCOUNT_LOCKED' });
    // While locked, even the right password does not get through here.
    expect((await call(jar, 'POST', '/account', profile('thief@example.com', { currentPassword: PASSWORD }))).status).toBe(429);
    const account = await getAccount(backend.db, 'wrong.guess');
    expect(account).toMatchObject({ email: 'wrong.guess@example.com', firstname: '' });
    expect(await sentMails('thief@example.com')).toHaveLength(0);
  });

  it('keeps the old address until the link mailed to the new one is followed, and tells the old address', async () => {
    const jar = await signedIn('mover');
    const requested = await call(jar, 'POST', '/account', profile('moved@example.com', { currentPassword: PASSWORD }));
    expect(requested).toMatchObject({
      status: 200,
      body: { email: 'mover@example.com', firstname: 'Erik', pendingEmail: { address: 'moved@example.com' } },
    });
    expect((await lastMailTo('mover@example.com')).subject).toBe('Your portal e-mail address is about to change');
    expect((await lastMailTo('mover@example.com')).body.text).toContain('moved@example.com');
    const token = await linkToken('moved@example.com');
    expect(token).toBeDefined();
    // Stored only as its hash.
    expect(JSON.stringify(await getAccount(backend.db, 'mover'))).not.toContain(token!);

    // Pending: password reset still goes to the confirmed address only.
    const before = (await sentMails('moved@example.com')).length;
    await call(new CookieJar(), 'POST', '/auth/forgot-password', { username: 'mover' });
    await call(new CookieJar(), 'POST', '/auth/forgot-password', { username: 'moved@example.com' });
    expect(await sentMails('moved@example.com')).toHaveLength(before);
    expect((await lastMailTo('mover@example.com')).subject).toBe('Reset your portal password');
    expect((await call(jar, 'GET', '/auth/status')).body).toMatchObject({ user: { email: 'mover@example.com' } });

    // The link works without a session, once.
    const confirmed = await call(new CookieJar(), 'POST', '/account/email/confirm', { token });
    expect(confirmed).toMatchObject({ status: 200, body: { success: true, email: 'moved@example.com' } });
    expect(await storedEmail('mover')).toBe('moved@example.com');
    expect((await lastMailTo('mover@example.com')).subject).toBe('Your portal e-mail address was changed');
    expect((await call(jar, 'GET', '/account')).body).toMatchObject({ email: 'moved@example.com', pendingEmail: null });
    const again = await call(new CookieJar(), 'POST', '/account/email/confirm', { token });
    expect(again).toMatchObject({ status: 400, body: { code: 'ACCOUNT.EMAIL_LINK_INVALID' } });

    // Now the reset link goes to the new address.
    await call(new CookieJar(), 'POST', '/auth/forgot-password', { username: 'mover' });
    expect((await lastMailTo('moved@example.com')).subject).toBe('Reset your portal password');
  });

  it('refuses an expired link, a cancelled one and one replaced by a resend', async () => {
    const jar = await signedIn('linker');
    await call(jar, 'POST', '/account', profile('linked@example.com', { currentPassword: PASSWORD }));
    const first = await linkToken('linked@example.com');
    const resent = await call(jar, 'POST', '/account/email/resend');
    expect(resent).toMatchObject({ status: 200, body: { pendingEmail: { address: 'linked@example.com' } } });
    const second = await linkToken('linked@example.com');
    expect(second).not.toBe(first);
    expect((await call(new CookieJar(), 'POST', '/account/email/confirm', { token: first })).status).toBe(400);

    clock = new Date(clock.getTime() + 25 * 3_600_000);
    const jar2 = await signedIn('linker');
    expect((await call(jar2, 'GET', '/account')).body).toMatchObject({ pendingEmail: null });
    expect((await call(new CookieJar(), 'POST', '/account/email/confirm', { token: second })).body).toMatchObject({
      code: 'ACCOUNT.EMAIL_LINK_INVALID',
    });
    expect(await storedEmail('linker')).toBe('linker@example.com');

    await call(jar2, 'POST', '/account', profile('cancelled@example.com', { currentPassword: PASSWORD }));
    const third = await linkToken('cancelled@example.com');
    expect((await call(jar2, 'POST', '/account/email/cancel')).body).toMatchObject({ pendingEmail: null });
    expect((await call(new CookieJar(), 'POST', '/account/email/confirm', { token: third })).status).toBe(400);
    expect((await call(new CookieJar(), 'POST', '/account/email/confirm', { token: 'x'.repeat(43) })).status).toBe(400);
    expect(await storedEmail('linker')).toBe('linker@example.com');
  });
});

describe('changing the second factor', () => {
  it('needs the password for a new authenticator secret, its activation and new recovery codes', async () => {
    const jar = await signedIn('factor.owner');
    expect((await call(jar, 'POST', '/auth/secret-code/new', {})).status).toBe(400);
    expect((await call(jar, 'POST', '/auth/secret-code/new', { currentPassword: 'Wrong-Guess-2026!' })).body).toMatchObject({
      code: 'ACCOUNT.PASSWORD_MISMATCH',
    });
    const key = await call(jar, 'POST', '/auth/secret-code/new', { currentPassword: PASSWORD });
    expect(key).toMatchObject({ status: 200, body: { issuer: 'CardPortal', account: 'factor.owner' } });
    const secret = key.body.secret as string;
    expect(key.body.qr).toMatch(/^data:image\/png;base64,/);

    const code = await generate({ secret, epoch: Math.floor(clock.getTime() / 1000) });
    expect((await call(jar, 'POST', '/auth/secret-code', { secretCode: code })).status).toBe(400);
    expect((await call(jar, 'POST', '/auth/secret-code', { secretCode: code, currentPassword: 'Wrong-Guess-2026!' })).status).toBe(400);
    const activated = await call(jar, 'POST', '/auth/secret-code', { secretCode: code, currentPassword: PASSWORD });
    expect(activated.status).toBe(200);

    // Signed in again with the new factor: recovery codes need the password too.
    const again = new CookieJar();
    clock = new Date(clock.getTime() + 60_000);
    await call(again, 'POST', '/auth/signin', { username: 'factor.owner', password: PASSWORD });
    const next = await generate({ secret, epoch: Math.floor(clock.getTime() / 1000) });
    expect((await call(again, 'POST', '/auth/signin', { username: 'factor.owner', password: PASSWORD, secretCode: next })).status).toBe(
      200,
    );
    afterWindow();
    expect((await call(again, 'POST', '/auth/recovery-codes')).status).toBe(400);
    expect((await call(again, 'POST', '/auth/recovery-codes', { currentPassword: 'Wrong-Guess-2026!' })).body).toMatchObject({
      code: 'ACCOUNT.PASSWORD_MISMATCH',
    });
    const fresh = await call(again, 'POST', '/auth/recovery-codes', { currentPassword: PASSWORD });
    expect(fresh.body.recoveryCodes).toHaveLength(10);
  });

  it('needs the password to set up e-mail codes, also for an account that must set up MFA', async () => {
    const jar = await signedIn('must.protect', { mfaRequired: true });
    expect((await call(jar, 'POST', '/auth/mfa/email')).status).toBe(400);
    expect(await sentMails('must.protect@example.com')).toHaveLength(0);
    expect((await call(jar, 'POST', '/auth/mfa/email', { currentPassword: PASSWORD })).body).toEqual({ message: 'OTP code sent' });
    const code = /\b(\d{6})\b/.exec((await lastMailTo('must.protect@example.com')).body.text ?? '')![1]!;
    expect((await call(jar, 'POST', '/auth/mfa/email/confirm', { secretCode: code })).status).toBe(400);
    expect((await call(jar, 'POST', '/auth/mfa/email/confirm', { secretCode: code, currentPassword: PASSWORD })).status).toBe(200);
  });
});

describe('a recent sign-in counts as re-authentication (sudo mode, ADR 055)', () => {
  it('sets up MFA right after a password sign-in without asking for the password again', async () => {
    const signInAt = clock.getTime();
    const jar = await signedIn('just.signed', { mfaRequired: true }, true);
    const status = await call(jar, 'GET', '/auth/status');
    expect(status.body.reauthUntil).toBe(new Date(signInAt + REAUTH_WINDOW_MS).toISOString());

    clock = new Date(signInAt + REAUTH_WINDOW_MS - 60_000);
    const key = await call(jar, 'POST', '/auth/secret-code/new', {});
    expect(key).toMatchObject({ status: 200, body: { account: 'just.signed' } });
    // A password sent anyway is still checked: a wrong one is refused inside the window too.
    expect((await call(jar, 'POST', '/auth/secret-code/new', { currentPassword: 'Wrong-Guess-2026!' })).body).toMatchObject({
      code: 'ACCOUNT.PASSWORD_MISMATCH',
    });
    const again = await call(jar, 'POST', '/auth/secret-code/new', {});
    const code = await generate({ secret: again.body.secret as string, epoch: Math.floor(clock.getTime() / 1000) });
    expect((await call(jar, 'POST', '/auth/secret-code', { secretCode: code })).status).toBe(200);
  });

  it('asks for the password again once the window has passed', async () => {
    const jar = await signedIn('signed.earlier', { mfaRequired: true }, true);
    expect((await call(jar, 'POST', '/auth/mfa/email', {})).body).toEqual({ message: 'OTP code sent' });
    clock = new Date(clock.getTime() + REAUTH_WINDOW_MS);
    expect((await call(jar, 'GET', '/auth/status')).body.reauthUntil).toBeUndefined();
    const refused = await call(jar, 'POST', '/auth/mfa/email/confirm', { secretCode: '123456' });
    expect(refused).toMatchObject({ status: 400, body: { code: 'ACCOUNT.PASSWORD_REQUIRED' } });
    expect((await call(jar, 'POST', '/auth/secret-code/new', {})).body).toMatchObject({ code: 'ACCOUNT.PASSWORD_REQUIRED' });
    expect((await call(jar, 'POST', '/auth/secret-code/new', { currentPassword: PASSWORD })).status).toBe(200);
  });

  it('lets a fresh session change the e-mail address without the password, but not an older one', async () => {
    const jar = await signedIn('fresh.mover', {}, true);
    const moved = await call(jar, 'POST', '/account', profile('fresh.mover.new@example.com'));
    expect(moved).toMatchObject({ status: 200, body: { pendingEmail: { address: 'fresh.mover.new@example.com' } } });
    afterWindow();
    const refused = await call(jar, 'POST', '/account', profile('thief@example.com'));
    expect(refused.body).toMatchObject({ code: 'ACCOUNT.PASSWORD_REQUIRED' });
  });
});
