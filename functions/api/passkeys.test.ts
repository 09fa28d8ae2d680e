import type { Backend } from '@portal/backend';
import { SessionStatus } from '@portal/core/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { jarCaller } from '../../tests/support/api.ts';
import { CookieJar } from '../../tests/support/cookie-jar.ts';
import { lastMailTo } from '../../tests/support/mailbox.ts';
import {
  assert,
  cloneCredential,
  createCredential,
  type SoftCredential,
  USER_PRESENT_ONLY,
} from '../../tests/support/soft-authenticator.ts';
import { teamAdminReader } from '../../tests/support/test-backend.ts';
import type { createApp } from './app.ts';
import { createTestApp } from '../../tests/support/test-app.ts';

/** Passkeys end to end through the API (ADR 098), answered by a software authenticator on the test APP_URL's origin. */
let clock = new Date('2026-11-21T10:00:00Z');
let backend: Backend;
let app: ReturnType<typeof createApp>;
const PASSWORD = 'Passkey-Journey-2026!';
const ORIGIN = 'http://localhost:3000';

const call = jarCaller(() => app);
const status = async (jar: CookieJar) => SessionStatus.parse((await call(jar, 'GET', '/auth/status')).body);
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

async function signedIn(username: string, customerId = ''): Promise<CookieJar> {
  await backend.imports.importRecords('accounts', [
    { line: 1, data: { username, password: PASSWORD, email: `${username}@example.com`, ...(customerId ? { customerId } : {}) } },
  ]);
  const jar = new CookieJar();
  expect((await call(jar, 'POST', '/auth/signin', { username, password: PASSWORD })).status).toBe(200);
  return jar;
}

async function register(jar: CookieJar, name = 'Laptop'): Promise<SoftCredential> {
  const options = await call(jar, 'POST', '/auth/passkeys/registration/options', {});
  expect(options.status).toBe(200);
  const { credential, response } = createCredential(options.body as never, ORIGIN);
  const registered = await call(jar, 'POST', '/auth/passkeys/registration', { name, response });
  expect(registered.body).toMatchObject({ name });
  return credential;
}

async function signInOptions(jar: CookieJar) {
  const options = await call(jar, 'POST', '/auth/passkeys/signin/options');
  expect(options.status).toBe(200);
  return options.body as { challenge: string; rpId: string; userVerification: string };
}

beforeAll(async () => ({ backend, app } = await createTestApp(() => clock, '10.2.0')));

describe('passkey registration', () => {
  it('asks for the password once the sign-in is no longer recent, and lists the new passkey without its key', async () => {
    const jar = await signedIn('pk.register');
    advance(6 * 60_000);
    expect((await call(jar, 'POST', '/auth/passkeys/registration/options', {})).body).toMatchObject({ code: 'ACCOUNT.PASSWORD_REQUIRED' });
    const options = await call(jar, 'POST', '/auth/passkeys/registration/options', { currentPassword: PASSWORD });
    expect(options.body).toMatchObject({
      rp: { id: 'localhost' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
    });
    const { response } = createCredential(options.body as never, ORIGIN);
    expect((await call(jar, 'POST', '/auth/passkeys/registration', { name: 'Phone', response })).status).toBe(200);
    const list = await call(jar, 'GET', '/auth/passkeys');
    expect(list.body).toEqual({ passkeys: [expect.objectContaining({ credentialId: response.id, name: 'Phone' })] });
    expect(JSON.stringify(list.body)).not.toContain('publicKey');
  });

  it('refuses an answer for another origin, without user verification, or to a challenge already used', async () => {
    const jar = await signedIn('pk.refused');
    const options = (await call(jar, 'POST', '/auth/passkeys/registration/options', {})).body as never;
    const wrongOrigin = createCredential(options, 'https://evil.example').response;
    expect((await call(jar, 'POST', '/auth/passkeys/registration', { name: 'X', response: wrongOrigin })).body).toMatchObject({
      code: 'PASSKEY.NOT_VERIFIED',
    });
    // The challenge went with the refused answer: single use.
    const again = createCredential(options, ORIGIN).response;
    expect((await call(jar, 'POST', '/auth/passkeys/registration', { name: 'X', response: again })).body).toMatchObject({
      code: 'PASSKEY.CHALLENGE_INVALID',
    });
    const fresh = (await call(jar, 'POST', '/auth/passkeys/registration/options', {})).body as never;
    const noUv = createCredential(fresh, ORIGIN, USER_PRESENT_ONLY).response;
    expect((await call(jar, 'POST', '/auth/passkeys/registration', { name: 'X', response: noUv })).status).toBe(401);
    expect((await call(jar, 'GET', '/auth/passkeys')).body).toEqual({ passkeys: [] });
  });

  it('limits the registration options one account may ask for (each stores a challenge): past its budget a 429', async () => {
    const jar = await signedIn('pk.flood');
    const asked = [];
    for (let i = 0; i < 11; i++) asked.push((await call(jar, 'POST', '/auth/passkeys/registration/options', {})).status);
    expect(asked).toEqual([...Array<number>(10).fill(200), 429]);
    // Another account is not affected.
    expect((await call(await signedIn('pk.flood.other'), 'POST', '/auth/passkeys/registration/options', {})).status).toBe(200);
    advance(5 * 60_000);
    expect((await call(jar, 'POST', '/auth/passkeys/registration/options', { currentPassword: PASSWORD })).status).toBe(200);
  });

  it('answers hostile input with a 4xx', async () => {
    const jar = await signedIn('pk.hostile');
    for (const body of [{}, { name: 'x', response: { id: '!' } }, { name: 'x'.repeat(61), response: {} }]) {
      const res = await call(jar, 'POST', '/auth/passkeys/registration', body);
      expect(res.status).toBe(400);
    }
    expect((await call(new CookieJar(), 'POST', '/auth/passkeys/signin', { response: { id: 'a' } })).status).toBe(400);
    expect((await call(new CookieJar(), 'GET', '/auth/passkeys')).status).toBe(401);
  });
});

describe('passkey sign-in', () => {
  it('limits the challenges one address may ask for (each is stored): past its budget a 429, other addresses unaffected', async () => {
    const ask = (ip: string) =>
      app.request('/api/auth/passkeys/signin/options', {
        method: 'POST',
        headers: { 'X-Portal': 'ordering', 'Content-Type': 'application/json', 'X-Test-Ip': ip },
      });
    let granted = 0;
    let refused: Response | undefined;
    while (!refused && granted < 500) {
      const res = await ask('250');
      if (res.status === 200) granted += 1;
      else refused = res;
    }
    expect(granted).toBe(60); // twice the default 30 sign-ins per address a minute
    expect(refused?.status).toBe(429);
    expect((await ask('251')).status).toBe(200);
  });

  it('signs in with no username, as strong authentication, where the password sign-in was not strong', async () => {
    const jar = await signedIn('pk.signin');
    expect((await status(jar)).user?.strongAuthentication).toBe(false);
    const credential = await register(jar);
    const browser = new CookieJar();
    const options = await signInOptions(browser);
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    const res = await call(browser, 'POST', '/auth/passkeys/signin', { response: assert(credential, options, ORIGIN) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ response: { success: true }, username: 'pk.signin' });
    const signedInStatus = await status(browser);
    expect(signedInStatus).toMatchObject({ loggedIn: true, signInMethod: 'passkey', user: { strongAuthentication: true } });
    expect((await call(browser, 'GET', '/auth/passkeys')).body).toEqual({
      passkeys: [expect.objectContaining({ lastUsedAt: clock.toISOString() })],
    });
  });

  it('refuses a reused challenge, a wrong origin, a missing user verification and a cloned credential whose counter goes back', async () => {
    const credential = await register(await signedIn('pk.attacks'));
    const clone = cloneCredential(credential);
    const browser = new CookieJar();
    const signIn = (response: unknown) => call(browser, 'POST', '/auth/passkeys/signin', { response });

    const options = await signInOptions(browser);
    const answer = assert(credential, options, ORIGIN);
    expect((await signIn(answer)).status).toBe(200);
    expect((await signIn(answer)).body).toMatchObject({ code: 'PASSKEY.CHALLENGE_INVALID' });

    expect((await signIn(assert(credential, await signInOptions(browser), 'https://evil.example'))).body).toMatchObject({
      code: 'PASSKEY.NOT_VERIFIED',
    });
    expect((await signIn(assert(credential, await signInOptions(browser), ORIGIN, { flags: USER_PRESENT_ONLY }))).status).toBe(401);

    // The clone still holds the counter of before the first sign-in: going back (or standing still) is refused.
    const cloned = await signIn(assert(clone, await signInOptions(browser), ORIGIN, { counter: 1 }));
    expect(cloned.body).toMatchObject({ code: 'PASSKEY.NOT_VERIFIED' });
    expect((await signIn(assert(credential, await signInOptions(browser), ORIGIN))).status).toBe(200);
  });

  it('lets exactly one of parallel answers through: one challenge twice, or a clone racing the original with one counter', async () => {
    const credential = await register(await signedIn('pk.race'));
    const clone = cloneCredential(credential);
    const answer = assert(credential, await signInOptions(new CookieJar()), ORIGIN);
    const twice = await Promise.all(
      [answer, answer].map((response) => call(new CookieJar(), 'POST', '/auth/passkeys/signin', { response })),
    );
    expect(twice.map((r) => r.status).sort()).toEqual([200, 401]);

    const [a, b] = [await signInOptions(new CookieJar()), await signInOptions(new CookieJar())];
    const racing = [assert(credential, a, ORIGIN, { counter: 2 }), assert(clone, b, ORIGIN, { counter: 2 })];
    const raced = await Promise.all(racing.map((response) => call(new CookieJar(), 'POST', '/auth/passkeys/signin', { response })));
    expect(raced.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('refuses an expired challenge and a removed passkey', async () => {
    const jar = await signedIn('pk.removed');
    const credential = await register(jar);
    const browser = new CookieJar();
    const stale = await signInOptions(browser);
    advance(5 * 60_000 + 1);
    expect((await call(browser, 'POST', '/auth/passkeys/signin', { response: assert(credential, stale, ORIGIN) })).body).toMatchObject({
      code: 'PASSKEY.CHALLENGE_INVALID',
    });
    const id = Buffer.from(credential.id).toString('base64url');
    expect((await call(jar, 'POST', `/auth/passkeys/${id}/remove`, { currentPassword: PASSWORD })).status).toBe(200);
    const options = await signInOptions(browser);
    expect((await call(browser, 'POST', '/auth/passkeys/signin', { response: assert(credential, options, ORIGIN) })).body).toMatchObject({
      code: 'PASSKEY.NOT_VERIFIED',
    });
  });
});

describe('managing passkeys', () => {
  it('renames and removes only the own passkeys', async () => {
    const mine = await signedIn('pk.owner');
    const other = await signedIn('pk.other');
    const credential = await register(mine);
    const id = Buffer.from(credential.id).toString('base64url');
    expect((await call(other, 'PATCH', `/auth/passkeys/${id}`, { name: 'Stolen' })).body).toMatchObject({ code: 'PASSKEY.NOT_FOUND' });
    expect((await call(other, 'POST', `/auth/passkeys/${id}/remove`, { currentPassword: PASSWORD })).status).toBe(404);
    expect((await call(mine, 'PATCH', `/auth/passkeys/${id}`, { name: '  Work laptop ' })).status).toBe(200);
    expect((await call(mine, 'GET', '/auth/passkeys')).body).toEqual({ passkeys: [expect.objectContaining({ name: 'Work laptop' })] });
    expect((await call(mine, 'POST', `/auth/passkeys/${id}/remove`, { currentPassword: 'Wrong-Guess-2026!' })).status).toBe(400);
    expect((await call(mine, 'POST', `/auth/passkeys/${id}/remove`, {})).status).toBe(200);
    expect((await call(mine, 'GET', '/auth/passkeys')).body).toEqual({ passkeys: [] });
  });
});

/** An account with a passkey that then sets up e-mailed codes as its second factor (ADR 012): MFA state 20 after a password. */
async function withPasskeyAndMfa(username: string, customerId = ''): Promise<SoftCredential> {
  const jar = await signedIn(username, customerId);
  const credential = await register(jar);
  expect((await call(jar, 'POST', '/auth/mfa/email', { currentPassword: PASSWORD })).status).toBe(200);
  const code = /\b(\d{6})\b/.exec((await lastMailTo(`${username}@example.com`)).body.text ?? '')?.[1];
  expect((await call(jar, 'POST', '/auth/mfa/email/confirm', { secretCode: code, currentPassword: PASSWORD })).status).toBe(200);
  return credential;
}

/** The password step of a sign-in: the answer asks for the second factor and offers the passkey. */
async function passwordStep(jar: CookieJar, username: string) {
  const res = await call(jar, 'POST', '/auth/signin', { username, password: PASSWORD });
  expect(res.body).toMatchObject({ response: { success: false, mfa: 20, mfaMethod: 'email', passkey: true } });
}

async function secondFactorOptions(jar: CookieJar) {
  const options = await call(jar, 'POST', '/auth/passkeys/mfa/options');
  expect(options.status).toBe(200);
  return options.body as { challenge: string; allowCredentials: { id: string }[] };
}

describe('passkey as the second factor (ADR 112)', () => {
  const second = (jar: CookieJar, username: string, response: unknown) =>
    call(jar, 'POST', '/auth/passkeys/mfa', { username, password: PASSWORD, response });

  it("answers the second step with one of the account's own passkeys, once", async () => {
    const credential = await withPasskeyAndMfa('pk.second', 'C-PASSKEY');
    const jar = new CookieJar();
    await passwordStep(jar, 'pk.second');
    const options = await secondFactorOptions(jar);
    expect(options.allowCredentials.map((c) => c.id)).toEqual([Buffer.from(credential.id).toString('base64url')]);
    const answer = assert(credential, options, ORIGIN);
    const res = await second(jar, 'pk.second', answer);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ response: { success: true }, username: 'pk.second' });
    expect(await status(jar)).toMatchObject({ loggedIn: true, mfaStatus: 'email', user: { strongAuthentication: true } });
    // The customer's audit log says the sign-in's method: the passkey (ADR 114, ADR 122), from the request's address.
    const entries = (
      await backend.customerAudit.list(teamAdminReader('C-PASSKEY'), { person: 'pk.second', kind: 'signin.succeeded', limit: 50 })
    ).items;
    expect(entries[0]).toMatchObject({
      actor: { username: 'pk.second' },
      ip: expect.stringMatching(/^10\.2\.0\./),
      details: { method: 'passkey' },
    });
    // The attempt ended with the sign-in: the same answer again finds none.
    expect((await second(jar, 'pk.second', answer)).body).toMatchObject({ code: 'LOGIN.FORM.ERROR.MFA_EXPIRED' });
  });

  it('refuses options and answers without a pending attempt, and hostile bodies', async () => {
    expect((await call(new CookieJar(), 'POST', '/auth/passkeys/mfa/options')).body).toMatchObject({
      code: 'LOGIN.FORM.ERROR.MFA_EXPIRED',
    });
    const credential = await withPasskeyAndMfa('pk.second.noattempt');
    const jar = new CookieJar();
    await passwordStep(jar, 'pk.second.noattempt');
    const answer = assert(credential, await secondFactorOptions(jar), ORIGIN);
    // Another browser (no attempt cookie) cannot use the answer.
    expect((await second(new CookieJar(), 'pk.second.noattempt', answer)).body).toMatchObject({ code: 'LOGIN.FORM.ERROR.MFA_EXPIRED' });
    for (const body of [{}, { username: 'x', password: 'y', response: { id: '!' } }, { username: 'x', password: 7, response: answer }]) {
      expect((await call(jar, 'POST', '/auth/passkeys/mfa', body)).status).toBe(400);
    }
  });

  it("counts another account's passkey, a discoverable sign-in's challenge and a clone's counter going back like wrong codes, up to the lock", async () => {
    const credential = await withPasskeyAndMfa('pk.second.guess');
    const stranger = await register(await signedIn('pk.second.stranger'));
    const clone = cloneCredential(credential);
    const jar = new CookieJar();
    await passwordStep(jar, 'pk.second.guess');
    // The owner signs in once, so the clone's counter now lies behind.
    expect((await second(jar, 'pk.second.guess', assert(credential, await secondFactorOptions(jar), ORIGIN))).status).toBe(200);

    const browser = new CookieJar();
    await passwordStep(browser, 'pk.second.guess');
    const wrong = (response: unknown) => second(browser, 'pk.second.guess', response);
    expect((await wrong(assert(stranger, await secondFactorOptions(browser), ORIGIN))).body).toMatchObject({
      code: 'LOGIN.FORM.ERROR.WRONG_CODE',
    });
    expect((await wrong(assert(clone, await secondFactorOptions(browser), ORIGIN, { counter: 1 }))).body).toMatchObject({
      code: 'LOGIN.FORM.ERROR.WRONG_CODE',
    });
    expect((await wrong(assert(credential, await secondFactorOptions(browser), ORIGIN, { flags: USER_PRESENT_ONLY }))).body).toMatchObject({
      code: 'LOGIN.FORM.ERROR.WRONG_CODE',
    });
    // A discoverable sign-in's challenge is not this attempt's: refused without counting.
    expect((await wrong(assert(credential, await signInOptions(browser), ORIGIN))).body).toMatchObject({
      code: 'PASSKEY.CHALLENGE_INVALID',
    });
    expect((await wrong(assert(stranger, await secondFactorOptions(browser), ORIGIN))).body).toMatchObject({
      code: 'LOGIN.FORM.ERROR.WRONG_CODE',
    });
    expect((await wrong(assert(stranger, await secondFactorOptions(browser), ORIGIN))).body).toMatchObject({
      code: 'LOGIN.FORM.ERROR.ACCOUNT_LOCKED',
    });
  });
});
