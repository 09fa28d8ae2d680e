import type { Backend } from '@portal/backend';
import { getAccount } from '@portal/backend/accounts';
import { FORGOT_ANSWER_FLOOR_MS } from '@portal/backend/auth/testing';
import { LoginResult } from '@portal/core/auth';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { jarCaller } from '../../tests/support/api.ts';
import { CookieJar } from '../../tests/support/cookie-jar.ts';
import { lastMailTo, sentMails } from '../../tests/support/mailbox.ts';
import type { createApp } from './app.ts';
import { handleError } from './middleware/errors.ts';
import { createTestApp } from '../../tests/support/test-app.ts';

/** ADR 017: bounded input, forgot-password timing, e-mailed code cap, MFA method, reset-link check. */
let clock = new Date('2026-11-21T10:00:00Z');
let backend: Backend;
let app: ReturnType<typeof createApp>;
const PASSWORD = 'Hardened-Account-2026!';

const call = jarCaller(() => app);
const signIn = (jar: CookieJar, username: string, password = PASSWORD) => call(jar, 'POST', '/auth/signin', { username, password });
const importAccount = (username: string, extra: Record<string, unknown> = {}) =>
  backend.imports.importRecords('accounts', [
    { line: 1, data: { username, password: PASSWORD, email: `${username}@example.com`, ...extra } },
  ]);

beforeAll(async () => {
  // The floor measured below (the test backend leaves it out otherwise).
  ({ backend, app } = await createTestApp(() => clock, '10.2.0', { forgotAnswerFloorMs: FORGOT_ANSWER_FLOOR_MS }));
});

describe('input limits (F)', () => {
  it('answers a 3 KB forgot-password name with 400, not 500', async () => {
    const res = await call(new CookieJar(), 'POST', '/auth/forgot-password', { username: 'x'.repeat(3000) });
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'REQUEST.VALIDATION_FAILED', issues: [{ path: 'username', message: 'Value is too long', code: 'FIELD.TOO_LONG' }] },
    });
  });

  it('refuses an oversized profile e-mail (500 KB and 3,000 characters) and stores nothing', async () => {
    await importAccount('bounded');
    const jar = new CookieJar();
    expect((await signIn(jar, 'bounded')).status).toBe(200);
    for (const email of [`${'a'.repeat(500_000)}@example.com`, `${'a'.repeat(3000)}@example.com`]) {
      const res = await call(jar, 'POST', '/account', { email, firstname: 'B', surname: 'B', jobTitle: '', currentPassword: PASSWORD });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'REQUEST.VALIDATION_FAILED', message: expect.any(String) });
    }
    const stored = await getAccount(backend.db, 'bounded');
    expect(stored?.email).toBe('bounded@example.com');
    expect(JSON.stringify(stored)).not.toContain('a'.repeat(300));
  });

  it('maps a DynamoDB size refusal caused by input to 400 with {code, message}', async () => {
    // A real ValidationException from DynamoDB Local: a partition key far over the 2 KB limit.
    const thrown = await getAccount(backend.db, 'k'.repeat(5000)).catch((error: unknown) => error);
    expect(thrown).toMatchObject({ name: 'ValidationException' });
    const probe = new Hono()
      .get('/', () => {
        throw thrown;
      })
      .onError(handleError as never);
    const res = await probe.request('/');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'REQUEST.INPUT_TOO_LARGE', message: 'A value is too long.' });
  });
});

describe('forgot-password timing (G)', () => {
  it('answers known and unknown names alike and no sooner than the floor', async () => {
    await importAccount('timed');
    const timed = async (username: string) => {
      const started = performance.now();
      const res = await call(new CookieJar(), 'POST', '/auth/forgot-password', { username });
      return { ms: performance.now() - started, status: res.status, body: res.body };
    };
    const unknown = await timed('nobody.at.all');
    const known = await timed('timed');
    expect(known).toMatchObject({ status: 200, body: { message: 'Please follow the instructions we sent to: timed' } });
    expect(unknown).toMatchObject({ status: 200, body: { message: 'Please follow the instructions we sent to: nobody.at.all' } });
    // The unknown name does only a lookup (~20 ms): without the floor it answers at once.
    expect(unknown.ms).toBeGreaterThanOrEqual(FORGOT_ANSWER_FLOOR_MS - 5);
    expect(known.ms).toBeGreaterThanOrEqual(FORGOT_ANSWER_FLOOR_MS - 5);
    expect((await lastMailTo('timed@example.com')).subject).toBe('Reset your portal password');
  });
});

describe('e-mailed sign-in codes (G, 4)', () => {
  it('names the MFA method in the login result: e-mail users may ask for a code, app users are told to use the app', async () => {
    await importAccount('by.mail', { mfaMethod: 'email' });
    await importAccount('by.app', { mfaMethod: 'app' });
    const mail = await signIn(new CookieJar(), 'by.mail');
    expect(LoginResult.parse(mail.body).response).toEqual({ success: false, mfa: 20, mfaMethod: 'email' });
    const appJar = new CookieJar();
    const app = await signIn(appJar, 'by.app');
    expect(LoginResult.parse(app.body).response).toEqual({ success: false, mfa: 20, mfaMethod: 'app' });
    expect((await call(appJar, 'GET', '/send-otp-code')).body).toMatchObject({ code: 'MFA.EMAIL_NOT_ENABLED' });
  });

  it('mails at most 3 codes per account in 15 minutes, however many fresh attempts ask', async () => {
    await importAccount('flooded', { mfaMethod: 'email' });
    const before = (await sentMails('flooded@example.com')).length;
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) {
      const jar = new CookieJar();
      expect((await signIn(jar, 'flooded')).status).toBe(200);
      answers.push((await call(jar, 'GET', '/send-otp-code')).status);
    }
    expect((await sentMails('flooded@example.com')).length - before).toBe(3);
    expect(answers).toEqual([200, 200, 200, 429, 429, 429, 429]);
    // After the window the account may be sent a code again.
    clock = new Date(clock.getTime() + 15 * 60_000);
    const later = new CookieJar();
    await signIn(later, 'flooded');
    expect((await call(later, 'GET', '/send-otp-code')).status).toBe(200);
  });
});

describe('reset-link check (5)', () => {
  const tokenOf = async (address: string) => /token=([A-Za-z0-9_-]{43})/.exec((await lastMailTo(address)).body.text ?? '')![1]!;
  const check = (token: string) => call(new CookieJar(), 'POST', '/auth/reset-password/check', { token });

  it('says whether a link is still good without using it up', async () => {
    await importAccount('checker');
    await call(new CookieJar(), 'POST', '/auth/forgot-password', { username: 'checker' });
    const token = await tokenOf('checker@example.com');
    expect(await check(token)).toMatchObject({ status: 200, body: { valid: true } });
    expect(await check(token)).toMatchObject({ status: 200, body: { valid: true } });
    const reset = await call(new CookieJar(), 'POST', '/auth/reset-password', {
      token,
      newPassword: 'Checked-Secret-2026!',
      newPasswordVerify: 'Checked-Secret-2026!',
    });
    expect(reset.status).toBe(200);
    // Used: the page can say so before the form is filled in.
    expect(await check(token)).toMatchObject({ status: 400, body: { code: 'PASSWORD.RESET_LINK_INVALID' } });
    expect(await check('A'.repeat(43))).toMatchObject({ status: 400, body: { code: 'PASSWORD.RESET_LINK_INVALID' } });
  });

  it('says an expired link is expired', async () => {
    await importAccount('expiring');
    await call(new CookieJar(), 'POST', '/auth/forgot-password', { username: 'expiring' });
    const token = await tokenOf('expiring@example.com');
    clock = new Date(clock.getTime() + 31 * 60_000);
    expect(await check(token)).toMatchObject({ status: 400, body: { code: 'PASSWORD.RESET_LINK_INVALID' } });
  });

  it('is limited per address', async () => {
    const from = async () =>
      (
        await app.request('/api/auth/reset-password/check', {
          method: 'POST',
          headers: { 'X-Portal': 'ordering', 'Content-Type': 'application/json', 'X-Test-Ip': 'same' },
          body: JSON.stringify({ token: 'B'.repeat(43) }),
        })
      ).status;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push(await from());
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
