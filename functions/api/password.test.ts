import type { Backend } from '@portal/backend';
import { SessionStatus } from '@portal/core/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { readJson, sessionCookie } from '../../tests/support/api.ts';
import { lastMailTo, sentMails } from '../../tests/support/mailbox.ts';
import type { createApp } from './app.ts';
import { createTestApp } from '../../tests/support/test-app.ts';

let clock = new Date('2026-11-21T10:00:00Z');
let backend: Backend;
let app: ReturnType<typeof createApp>;
let ipCounter = 0;

const call = async (method: string, path: string, body?: unknown, cookie?: string) => {
  const res = await app.request(`/api${path}`, {
    method,
    headers: {
      'X-Portal': 'ordering',
      'Content-Type': 'application/json',
      // A fresh address per call keeps the per-address limits out of these tests.
      'X-Test-Ip': String(++ipCounter),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { res, status: res.status, body: await readJson<Record<string, unknown>>(res) };
};
const signIn = async (username: string, password: string) => {
  const r = await call('POST', '/auth/signin', { username, password });
  return { ...r, cookie: r.status === 200 ? sessionCookie(r.res) : '' };
};
const statusOf = async (cookie: string) => SessionStatus.parse((await call('GET', '/auth/status', undefined, cookie)).body);
const importAccount = (username: string, extra: Record<string, unknown> = {}) =>
  backend.imports.importRecords('accounts', [
    { line: 1, data: { username, password: 'Start-Password-2026!', email: `${username}@example.com`, ...extra } },
  ]);

beforeAll(async () => ({ backend, app } = await createTestApp(() => clock, '10.0.0')));

describe('change password', () => {
  it('applies the policy, refuses the last 5 passwords, and ends the other sessions unless asked not to', async () => {
    await importAccount('changer');
    const first = await signIn('changer', 'Start-Password-2026!');
    const other = await signIn('changer', 'Start-Password-2026!');
    const change = (currentPassword: string, newPassword: string, extra: Record<string, unknown> = {}) =>
      call('PUT', '/auth/change-password', { currentPassword, newPassword, newPasswordVerify: newPassword, ...extra }, first.cookie);

    expect((await change('Not-The-Password-1!', 'Brand-New-Secret-1!')).body).toMatchObject({
      code: 'PASSWORD.CURRENT_MISMATCH',
      message: 'Current password does not match',
    });
    expect((await change('Start-Password-2026!', 'short')).status).toBe(400);
    expect((await change('Start-Password-2026!', 'Password123!')).body).toMatchObject({ message: 'Password is too weak' });
    expect((await change('Start-Password-2026!', 'Changer-2026!!')).body).toMatchObject({ message: 'Password is too weak' });
    const mismatch = await call(
      'PUT',
      '/auth/change-password',
      { currentPassword: 'Start-Password-2026!', newPassword: 'Brand-New-Secret-1!', newPasswordVerify: 'Other-Secret-1!' },
      first.cookie,
    );
    expect(mismatch.body).toMatchObject({ issues: [{ path: 'newPasswordVerify', message: 'The passwords do not match.' }] });

    // Five changes in a row; each earlier password is refused while it is among the last five.
    const passwords = ['Start-Password-2026!', 'Second-Secret-2026!', 'Third-Secret-2026!', 'Fourth-Secret-2026!', 'Fifth-Secret-2026!'];
    for (let i = 1; i < passwords.length; i++) {
      const kept = await change(passwords[i - 1]!, passwords[i]!, { endOtherSessions: false });
      expect(kept.body).toMatchObject({ message: 'Password changed successfully', endedSessions: 0 });
    }
    expect((await change('Fifth-Secret-2026!', 'Start-Password-2026!')).body).toMatchObject({
      code: 'PASSWORD.ALREADY_USED',
      message: 'Password was already used',
    });
    // The sixth password pushes the first one out of the history.
    expect((await change('Fifth-Secret-2026!', 'Sixth-Secret-2026!', { endOtherSessions: false })).status).toBe(200);
    expect((await change('Sixth-Secret-2026!', 'Start-Password-2026!', { endOtherSessions: false })).status).toBe(200);

    expect((await statusOf(other.cookie)).loggedIn).toBe(true);
    // By default a change ends every other session and keeps the one that made it (as a reset does).
    const ending = await change('Start-Password-2026!', 'Seventh-Secret-2026!');
    expect(ending.body).toMatchObject({ success: true, endedSessions: 1 });
    expect((await statusOf(other.cookie)).loggedIn).toBe(false);
    expect((await statusOf(first.cookie)).loggedIn).toBe(true);
    expect((await signIn('changer', 'Seventh-Secret-2026!')).status).toBe(200);
  });

  it('needs a session', async () => {
    const res = await call('PUT', '/auth/change-password', {
      currentPassword: 'a',
      newPassword: 'Brand-New-Secret-1!',
      newPasswordVerify: 'Brand-New-Secret-1!',
    });
    expect(res.status).toBe(401);
  });
});

describe('password expiry', () => {
  it('lets an expired password sign in only to My Account until it is renewed', async () => {
    await importAccount('expired.user', { passwordExpiry: '2026-11-01T00:00:00.000Z' });
    const session = await signIn('expired.user', 'Start-Password-2026!');
    expect(session.body).toMatchObject({ passwordExpired: true, response: { success: true } });
    expect((await statusOf(session.cookie)).passwordExpired).toBe(true);
    expect((await call('GET', '/account', undefined, session.cookie)).status).toBe(200);
    const renewed = await call(
      'PUT',
      '/auth/change-password',
      { currentPassword: 'Start-Password-2026!', newPassword: 'Renewed-Secret-2026!', newPasswordVerify: 'Renewed-Secret-2026!' },
      session.cookie,
    );
    expect(renewed.status).toBe(200);
    const status = await statusOf(session.cookie);
    expect(status.passwordExpired).toBe(false);
    // The new password lasts 180 days.
    expect(status.passwordExpiry).toBe(new Date(clock.getTime() + 180 * 86_400_000).toISOString());
  });

  it('warns within 14 days of expiry', async () => {
    await importAccount('soon.user', { passwordExpiry: new Date(clock.getTime() + 10 * 86_400_000).toISOString() });
    const session = await signIn('soon.user', 'Start-Password-2026!');
    expect((await statusOf(session.cookie)).serviceMessages.map((m) => m.message)).toEqual([
      'Your password is going to expire. Please renew it as soon as possible.',
    ]);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for unknown and known names, and mails a single-use link to known ones', async () => {
    await importAccount('forgetful');
    const before = (await sentMails()).length;
    const unknown = await call('POST', '/auth/forgot-password', { username: 'nobody@nowhere.example' });
    expect(unknown).toMatchObject({ status: 200, body: { message: 'Please follow the instructions we sent to: nobody@nowhere.example' } });
    expect((await sentMails()).length).toBe(before);

    const known = await call('POST', '/auth/forgot-password', { username: 'forgetful@example.com' });
    expect(known).toMatchObject({ status: 200, body: { message: 'Please follow the instructions we sent to: forgetful@example.com' } });
    const mail = await lastMailTo('forgetful@example.com');
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail.body.text ?? '')?.[1];
    expect(token).toBeDefined();

    const sessionBefore = await signIn('forgetful', 'Start-Password-2026!');
    const weak = await call('POST', '/auth/reset-password', { token, newPassword: 'Password123!', newPasswordVerify: 'Password123!' });
    expect(weak.body).toMatchObject({ message: 'Password is too weak' });
    // A refused password does not use up the link.
    const reset = await call('POST', '/auth/reset-password', {
      token,
      newPassword: 'Recovered-Secret-2026!',
      newPasswordVerify: 'Recovered-Secret-2026!',
    });
    expect(reset).toMatchObject({ status: 200, body: { message: 'Password changed successfully' } });
    expect((await statusOf(sessionBefore.cookie)).loggedIn).toBe(false);
    expect((await signIn('forgetful', 'Recovered-Secret-2026!')).status).toBe(200);

    const again = await call('POST', '/auth/reset-password', {
      token,
      newPassword: 'Another-Secret-2026!',
      newPasswordVerify: 'Another-Secret-2026!',
    });
    expect(again).toMatchObject({ status: 400, body: { code: 'PASSWORD.RESET_LINK_INVALID' } });
  });

  it('refuses a link after 30 minutes', async () => {
    await importAccount('slowpoke');
    await call('POST', '/auth/forgot-password', { username: 'slowpoke' });
    const token = /token=([A-Za-z0-9_-]{43})/.exec((await lastMailTo('slowpoke@example.com')).body.text ?? '')?.[1];
    clock = new Date(clock.getTime() + 31 * 60_000);
    const late = await call('POST', '/auth/reset-password', {
      token,
      newPassword: 'Too-Late-Secret-2026!',
      newPasswordVerify: 'Too-Late-Secret-2026!',
    });
    expect(late.body).toMatchObject({ code: 'PASSWORD.RESET_LINK_INVALID' });
  });

  it('rejects a malformed token as bad input', async () => {
    const res = await call('POST', '/auth/reset-password', {
      token: 'x',
      newPassword: 'Recovered-Secret-2026!',
      newPasswordVerify: 'Recovered-Secret-2026!',
    });
    expect(res.status).toBe(400);
  });
});

describe('sessions of my account', () => {
  it('lists live sessions with the current one marked and ends the others', async () => {
    await importAccount('multi');
    const a = await signIn('multi', 'Start-Password-2026!');
    const b = await signIn('multi', 'Start-Password-2026!');
    const list = await call('GET', '/account/sessions', undefined, a.cookie);
    const sessions = list.body.sessions as { current: boolean; ip: string }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect((await call('POST', '/account/sessions/end-others', undefined, a.cookie)).body).toEqual({ success: true, ended: 1 });
    expect((await statusOf(b.cookie)).loggedIn).toBe(false);
    expect((await statusOf(a.cookie)).loggedIn).toBe(true);
  });
});

describe('my profile and locale', () => {
  it('saves the profile and accepts only supported locales', async () => {
    await importAccount('profiled');
    const { cookie } = await signIn('profiled', 'Start-Password-2026!');
    const saved = await call(
      'POST',
      '/account',
      { email: 'profiled@example.com', firstname: 'Pia', surname: 'Profile', jobTitle: 'Buyer' },
      cookie,
    );
    expect(saved.body).toMatchObject({ email: 'profiled@example.com', jobTitle: 'Buyer', message: 'Changes saved successfully' });
    // A new e-mail address needs the password and a confirmation link: account-security.test.ts.

    const bad = await call('POST', '/account', { email: 'not-an-address', firstname: '', surname: '', jobTitle: '' }, cookie);
    expect(bad.body).toMatchObject({ issues: [{ path: 'email', message: 'Value is not a valid email address' }] });

    expect((await call('GET', '/account/set-locale?locale=de-DE', undefined, cookie)).body).toEqual({ locale: 'de-DE' });
    expect((await statusOf(cookie)).user?.locale).toBe('de-DE');
    expect((await call('GET', '/account/set-locale?locale=xx-XX', undefined, cookie)).status).toBe(400);
  });
});
