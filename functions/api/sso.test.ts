import { createHash } from 'node:crypto';
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Backend, ConfigError, loadConfig } from '@portal/backend';
import type { Portal } from '@portal/core/shared';
import { LoginResult, SessionStatus, SSO_CALLBACK_PATHS, SsoStartResult } from '@portal/core/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_OIDC_CLIENT, startLocalOidcProvider } from '../../scripts/local/oidc-provider.ts';
import { freePort } from '../../scripts/local/ports.ts';
import { seedDemoDataOnce } from '../../scripts/seed/seed.ts';
import { expectSignedIn, readJson, sessionCookie } from '../../tests/support/api.ts';
import { CookieJar } from '../../tests/support/cookie-jar.ts';
import { createTestBackend, teamAdminReader } from '../../tests/support/test-backend.ts';
import { createApp } from './app.ts';
import { REQUIRED_CONFIG_ENV } from '../../tests/support/config-env.ts';

/**
 * Single sign-on end to end: the real local OpenID provider (the stand-in for Entra ID) on a free port,
 * its development login and consent pages driven with fetch, the API through app.request().
 */
const APP_URL = 'http://localhost:3000';
const PASSWORD = 'Correct-Horse-42!';
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

let oidc: Awaited<ReturnType<typeof startLocalOidcProvider>>;
let backend: Backend;
let app: ReturnType<typeof createApp>;

const ssoSettings = () => ({
  SSO_ISSUER: oidc.issuer,
  SSO_CLIENT_ID: LOCAL_OIDC_CLIENT.clientId,
  SSO_CLIENT_SECRET: LOCAL_OIDC_CLIENT.clientSecret,
  SIGNINS_PER_IP_PER_MINUTE: '1000',
});

const headers = (portal: Portal = 'ordering', extra: Record<string, string> = {}) => ({
  'X-Portal': portal,
  'Content-Type': 'application/json',
  ...extra,
});

function startSso(query: Record<string, string>, portal: Portal = 'ordering', target: ReturnType<typeof createApp> = app) {
  const params = new URLSearchParams({
    provider: 'Microsoft',
    app: portal,
    callback: SSO_CALLBACK_PATHS[portal],
    ...query,
  });
  return target.request(`/api/auth/sso?${params}`, { headers: headers(portal) });
}

async function authorizationUrl(portal: Portal = 'ordering', target = app): Promise<URL> {
  const res = await startSso({}, portal, target);
  expect(res.status).toBe(200);
  return new URL(SsoStartResult.parse(await readJson(res)).url);
}

/**
 * What a browser does at the provider: follows the authorization URL, signs in on the development login
 * page (any login name is the subject, any password), consents, and is sent to the callback. Returns the
 * callback URL with its code, state and iss. A fresh cookie jar each time: a new browser, a new login.
 */
async function signInAtProvider(url: URL, login: string): Promise<URL> {
  const jar = new CookieJar();
  const go = async (target: string, form?: Record<string, string>) => {
    const res = await fetch(new URL(target, oidc.issuer), {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    jar.remember(res);
    return res;
  };
  let res = await go(url.href);
  for (let step = 0; step < 12; step++) {
    if (res.status === 200) {
      // The development interaction page: a login form first, then a consent form.
      const html = await res.text();
      const action = /action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
      if (!action || !prompt) throw new Error(`unexpected provider page: ${html.slice(0, 200)}`);
      res = await go(action, prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
      continue;
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider answered ${res.status} without a redirect`);
    if (location.startsWith(`${APP_URL}/`)) return new URL(location);
    res = await go(location);
  }
  throw new Error('too many redirects at the provider');
}

/** What the web's callback page does: POST auth/sso with the callback's parameters. */
function completeSso(callback: URL, portal: Portal = 'ordering', target = app, extra: Record<string, string> = {}) {
  const body = {
    app: portal,
    code: callback.searchParams.get('code'),
    state: callback.searchParams.get('state'),
    iss: callback.searchParams.get('iss') ?? undefined,
  };
  return target.request('/api/auth/sso', {
    method: 'POST',
    headers: headers(portal, extra),
    body: JSON.stringify(body),
  });
}

/** The customer's audit entries of one person (ADR 114), as its team administrator would read them. */
async function customerEntries(person: string) {
  return (await backend.customerAudit.list(teamAdminReader('R-SSO'), { person, limit: 50 })).items;
}

const status = async (cookie: string, portal: Portal = 'ordering') =>
  SessionStatus.parse(await readJson(await app.request('/api/auth/status', { headers: headers(portal, { Cookie: cookie }) })));

beforeAll(async () => {
  oidc = await startLocalOidcProvider({
    port: await freePort(),
    redirectUris: Object.values(SSO_CALLBACK_PATHS).map((path) => APP_URL + path),
  });
  backend = await createTestBackend(clock, ssoSettings());
  app = createApp(backend, () => '203.0.113.9');
  await backend.imports.importRecords('retailers', [{ line: 1, data: { customerId: 'R-SSO', name: 'Single Sign-On Retail' } }]);
  const accounts = await backend.imports.importRecords(
    'accounts',
    [
      { username: 'Sso.Retail', email: 'sso.retail@example.com', securityFlag: 1040 },
      { username: 'sso.locked', email: 'l@example.com', status: 'locked' },
      { username: 'sso.connect', email: 'c@example.com', portals: ['connect'] },
      // Same e-mail as the provider's 'entra-demo-connect' identity, but no link: must not be signed in.
      { username: 'same.mail', email: 'connect@demo.example' },
    ].map((data, i) => ({ line: i + 1, data: { password: PASSWORD, customerId: 'R-SSO', ...data } })),
  );
  expect(accounts.errors).toEqual([]);
  const links = await backend.imports.importRecords('identityLinks', [
    { line: 1, data: { username: 'sso.retail', issuer: '$SSO_ISSUER', subject: 'entra-demo-retailer' } },
    { line: 2, data: { username: 'sso.locked', issuer: '$SSO_ISSUER', subject: 'locked-subject' } },
    { line: 3, data: { username: 'sso.connect', issuer: oidc.issuer, subject: 'connect-subject' } },
  ]);
  expect(links).toMatchObject({ created: 3, errors: [] });
}, 30_000);

afterAll(async () => {
  await oidc?.stop();
});

describe('GET auth/sso', () => {
  it('answers the authorization URL of a code flow with PKCE, state and nonce', async () => {
    const url = await authorizationUrl();
    expect(url.origin).toBe(oidc.issuer);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      client_id: LOCAL_OIDC_CLIENT.clientId,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: `${APP_URL}/sso-callback`,
      code_challenge_method: 'S256',
    });
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Each start is its own transaction.
    expect((await authorizationUrl()).searchParams.get('state')).not.toBe(params.state);
  });

  it('refuses a callback that is not a path of this site, with 400', async () => {
    for (const callback of [
      'https://evil.example/x',
      '//evil.example',
      '//evil.example/sso-callback',
      '/\\evil.example',
      'sso-callback',
      'javascript:alert(1)',
      '/sso-callback?next=https://evil.example',
      '/sso-callback#x',
      `${APP_URL}/sso-callback`,
    ]) {
      const res = await startSso({ callback });
      expect(res.status, callback).toBe(400);
      expect(await readJson(res), callback).toMatchObject({
        code: 'SSO.CALLBACK_INVALID',
        issues: [{ path: 'callback', message: expect.any(String) }],
      });
    }
  });

  it('accepts only the provider Microsoft and a portal as app, matching the X-Portal header', async () => {
    for (const provider of ['Google', 'microsoft', '']) {
      const res = await startSso({ provider });
      expect(res.status, provider).toBe(400);
      expect(await readJson(res)).toMatchObject({
        code: 'REQUEST.VALIDATION_FAILED',
        issues: [{ path: 'provider' }],
      });
    }
    const badApp = await startSso({ app: 'admin' });
    expect(badApp.status).toBe(400);
    expect(await readJson(badApp)).toMatchObject({ issues: [{ path: 'app' }] });
    const query = new URLSearchParams({
      provider: 'Microsoft',
      app: 'connect',
      callback: '/connect/sso-callback',
    });
    const otherPortal = await app.request(`/api/auth/sso?${query}`, { headers: headers('ordering') });
    expect(otherPortal.status).toBe(400);
    expect(await readJson(otherPortal)).toMatchObject({ code: 'SSO.PORTAL_MISMATCH' });
  });
});

describe('POST auth/sso', () => {
  it('signs in the account linked to the identity and sets the session cookie like /signin', async () => {
    const callback = await signInAtProvider(await authorizationUrl(), 'entra-demo-retailer');
    expect(callback.pathname).toBe('/sso-callback');
    expect([...callback.searchParams.keys()].sort()).toEqual(['code', 'iss', 'state']);

    const res = await completeSso(callback);
    const session = await status(await expectSignedIn(res, { username: 'Sso.Retail', securityFlag: 1040 }));
    expect(session.loggedIn).toBe(true);
    expect(session.user?.username).toBe('Sso.Retail');
    expect(session.signInMethod).toBe('sso');
    // Microsoft's sign-in counts as re-authentication for a few minutes, like a password's (ADR 055).
    expect(session.reauthUntil).toBeDefined();
    expect(session.lastLogin).toBeNull();

    const audit = await backend.audit.forUser('sso.retail');
    expect(audit.items[0]).toMatchObject({ outcome: 'sso_success', method: 'sso', portal: 'ordering' });
    // And in the customer's audit log (ADR 114, ADR 122), with the address, as a single sign-on.
    expect(await customerEntries('sso.retail')).toContainEqual(
      expect.objectContaining({ kind: 'signin.succeeded', ip: '203.0.113.9', details: { method: 'sso', portal: 'ordering' } }),
    );

    // Nothing of the flow stays in the table: the transaction is gone, codes and tokens were never stored.
    const all = await backend.db.doc.send(new ScanCommand({ TableName: backend.db.table }));
    const dump = JSON.stringify(all.Items);
    const state = callback.searchParams.get('state')!;
    expect(dump).not.toContain(callback.searchParams.get('code'));
    expect(dump).not.toContain(state);
    expect(dump).not.toContain(createHash('sha256').update(state).digest('hex'));
  });

  it('replaces the session the browser presented (no fixation)', async () => {
    const planted = sessionCookie(
      await app.request('/api/auth/signin', {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify({ username: 'same.mail', password: PASSWORD }),
      }),
    );
    const callback = await signInAtProvider(await authorizationUrl(), 'entra-demo-retailer');
    const res = await completeSso(callback, 'ordering', app, { Cookie: planted });
    expect(res.status).toBe(200);
    expect(sessionCookie(res)).not.toBe(planted);
    expect((await status(planted)).loggedIn).toBe(false);
    expect((await status(sessionCookie(res))).user?.username).toBe('Sso.Retail');
  });

  it('accepts a state once: a replayed callback is refused', async () => {
    const callback = await signInAtProvider(await authorizationUrl(), 'entra-demo-retailer');
    expect((await completeSso(callback)).status).toBe(200);
    const replay = await completeSso(callback);
    expect(replay.status).toBe(401);
    expect(await readJson(replay)).toMatchObject({ code: 'SSO.STATE_INVALID' });
    expect(replay.headers.get('set-cookie')).toBeNull();
  });

  it('refuses two racing callbacks with one state but one', async () => {
    const callback = await signInAtProvider(await authorizationUrl(), 'entra-demo-retailer');
    const answers = await Promise.all([completeSso(callback), completeSso(callback), completeSso(callback)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401, 401]);
  });

  it('refuses an unknown state and an expired one', async () => {
    const callback = await signInAtProvider(await authorizationUrl(), 'entra-demo-retailer');
    const forged = new URL(callback);
    forged.searchParams.set('state', 'A'.repeat(43));
    const unknown = await completeSso(forged);
    expect(unknown.status).toBe(401);
    expect(await readJson(unknown)).toMatchObject({
      code: 'SSO.STATE_INVALID',
      message: 'This sign-in link has expired or was already used. Please sign in again.',
    });

    const late = await signInAtProvider(await authorizationUrl(), 'entra-demo-retailer');
    offsetMs = 10 * 60_000 + 1000;
    try {
      const expired = await completeSso(late);
      expect(expired.status).toBe(401);
      expect(await readJson(expired)).toMatchObject({ code: 'SSO.STATE_INVALID' });
    } finally {
      offsetMs = 0;
    }
  });

  it('refuses a code from another sign-in (PKCE binds the code to its transaction)', async () => {
    const mine = await authorizationUrl();
    const theirs = await signInAtProvider(await authorizationUrl(), 'entra-demo-retailer');
    const spliced = new URL(theirs);
    spliced.searchParams.set('state', mine.searchParams.get('state')!);
    const res = await completeSso(spliced);
    expect(res.status).toBe(401);
    expect(await readJson(res)).toMatchObject({ code: 'SSO.FAILED' });
  });

  it("checks the ID token's nonce and the response's issuer", async () => {
    // The nonce the provider put in the ID token no longer matches the transaction's.
    const callback = await signInAtProvider(await authorizationUrl(), 'entra-demo-retailer');
    const stateHash = createHash('sha256').update(callback.searchParams.get('state')!).digest('hex');
    await backend.db.doc.send(
      new UpdateCommand({
        TableName: backend.db.table,
        Key: { pk: `SSOTX#${stateHash}`, sk: 'SSOTX' },
        UpdateExpression: 'SET nonce = :n',
        ExpressionAttributeValues: { ':n': 'another-nonce' },
      }),
    );
    const wrongNonce = await completeSso(callback);
    expect(wrongNonce.status).toBe(401);
    expect(await readJson(wrongNonce)).toMatchObject({ code: 'SSO.FAILED' });

    // A response claiming to come from another issuer (mix-up).
    const mixedUp = await signInAtProvider(await authorizationUrl(), 'entra-demo-retailer');
    mixedUp.searchParams.set('iss', 'https://login.example.com/other/v2.0');
    const wrongIssuer = await completeSso(mixedUp);
    expect(wrongIssuer.status).toBe(401);
    expect(await readJson(wrongIssuer)).toMatchObject({ code: 'SSO.FAILED' });
  });

  it('refuses an identity nobody linked, even when its e-mail matches an account', async () => {
    // entra-demo-connect carries the e-mail connect@demo.example, which the account same.mail has.
    for (const login of ['entra-demo-connect', 'someone.unlinked']) {
      const res = await completeSso(await signInAtProvider(await authorizationUrl(), login));
      expect(res.status, login).toBe(401);
      expect(await readJson(res)).toEqual({
        code: 'SSO.NOT_LINKED',
        message: 'This Microsoft account is not linked to a portal account. Ask your administrator to link it.',
      });
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    // The administrator finds the subject to link in the audit log.
    const audit = await backend.audit.forUser('sso:someone.unlinked');
    expect(audit.items[0]).toMatchObject({ outcome: 'sso_not_linked', method: 'sso' });
  });

  it('applies the account checks of a password sign-in: locked account, wrong portal', async () => {
    const locked = await completeSso(await signInAtProvider(await authorizationUrl(), 'locked-subject'));
    expect(locked.status).toBe(401);
    expect(await readJson(locked)).toMatchObject({ code: 'LOGIN.FORM.ERROR.ACCOUNT_LOCKED' });
    expect(locked.headers.get('set-cookie')).toBeNull();

    const connectOnly = await signInAtProvider(await authorizationUrl(), 'connect-subject');
    const wrongPortal = await completeSso(connectOnly);
    expect(await readJson(wrongPortal)).toMatchObject({ code: 'LOGIN.FORM.ERROR.WRONG_URL' });

    const onConnect = await signInAtProvider(await authorizationUrl('connect'), 'connect-subject');
    expect(onConnect.pathname).toBe('/connect/sso-callback');
    const res = await completeSso(onConnect, 'connect');
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/^__Host-portal_session_connect=/);
    const connected = await status(sessionCookie(res), 'connect');
    expect(connected.user?.username).toBe('sso.connect');
    // Security flag 0 and no portal MFA, yet Microsoft's sign-in counts as the second factor (ADR 009).
    expect(connected.user?.securityFlag).toBe(0);
    expect(connected.user?.strongAuthentication).toBe(true);

    // The customer's audit log has the refusals with their reasons and the success (ADR 122).
    expect(await customerEntries('sso.locked')).toContainEqual(
      expect.objectContaining({ kind: 'signin.failed', details: { method: 'sso', portal: 'ordering', reason: 'account_locked' } }),
    );
    const connectEntries = await customerEntries('sso.connect');
    expect(connectEntries).toContainEqual(
      expect.objectContaining({ kind: 'signin.failed', details: { method: 'sso', portal: 'ordering', reason: 'wrong_url' } }),
    );
    expect(connectEntries).toContainEqual(
      expect.objectContaining({ kind: 'signin.succeeded', details: { method: 'sso', portal: 'connect' } }),
    );
  });

  it('finishes a sign-in only on the portal it was started on', async () => {
    const callback = await signInAtProvider(await authorizationUrl('ordering'), 'connect-subject');
    const res = await completeSso(callback, 'connect');
    expect(res.status).toBe(401);
    expect(await readJson(res)).toMatchObject({ code: 'SSO.STATE_INVALID' });
  });

  it('validates the body', async () => {
    const res = await app.request('/api/auth/sso', {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ app: 'ordering', code: '' }),
    });
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      issues: expect.arrayContaining([expect.objectContaining({ path: 'code' }), expect.objectContaining({ path: 'state' })]),
    });
  });
});

describe('without single sign-on configured', () => {
  it('answers SSO.NOT_CONFIGURED to both calls', async () => {
    const plain = createApp(await createTestBackend(), () => '203.0.113.10');
    const start = await startSso({}, 'ordering', plain);
    expect(start.status).toBe(404);
    expect(await readJson(start)).toEqual({
      code: 'SSO.NOT_CONFIGURED',
      message: 'Single sign-on is not available here.',
    });
    const complete = await completeSso(new URL(`${APP_URL}/sso-callback?code=x&state=y`), 'ordering', plain);
    expect(complete.status).toBe(404);
    expect(await readJson(complete)).toMatchObject({ code: 'SSO.NOT_CONFIGURED' });
  });
});

describe('configuration', () => {
  const base = { ...REQUIRED_CONFIG_ENV, APP_URL };
  const entra = {
    SSO_ISSUER: 'https://login.microsoftonline.com/11111111-2222-3333-4444-555555555555/v2.0',
    SSO_CLIENT_ID: 'client-id',
  };

  it('takes all three SSO settings or none', () => {
    expect(loadConfig(base).SSO_ISSUER).toBeUndefined();
    const blank = { SSO_ISSUER: '', SSO_CLIENT_ID: '', SSO_CLIENT_SECRET: '' };
    expect(loadConfig({ ...base, ...blank }).SSO_ISSUER).toBeUndefined();
    const all = { ...entra, SSO_CLIENT_SECRET: 's' };
    expect(loadConfig({ ...base, ...all })).toMatchObject(all);
    expect(() => loadConfig({ ...base, ...entra })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...entra })).toThrow(/missing: SSO_CLIENT_SECRET/);
    expect(() => loadConfig({ ...base, SSO_CLIENT_ID: 'x' })).toThrow(/missing: SSO_ISSUER, SSO_CLIENT_SECRET/);
  });

  it('refuses a plain-http issuer except on loopback', () => {
    const secret = { SSO_CLIENT_ID: 'c', SSO_CLIENT_SECRET: 's' };
    expect(() => loadConfig({ ...base, ...secret, SSO_ISSUER: 'http://login.example.com/t/v2.0' })).toThrow(
      /SSO_ISSUER: must be an https URL/,
    );
    expect(() => loadConfig({ ...base, ...secret, SSO_ISSUER: 'not a url' })).toThrow(/SSO_ISSUER/);
    const loopback = 'http://127.0.0.1:4013';
    expect(loadConfig({ ...base, ...secret, SSO_ISSUER: loopback }).SSO_ISSUER).toBe(loopback);
  });

  it('reads the client secret from the SST secret binding; its placeholder leaves SSO off', () => {
    const bound = loadConfig({ ...base, ...entra, SST_Secret_value_SSO_CLIENT_SECRET: 'from-ssm' });
    expect(bound.SSO_CLIENT_SECRET).toBe('from-ssm');
    const pending = loadConfig({
      ...base,
      ...entra,
      SST_Secret_value_SSO_CLIENT_SECRET: '__FETCH_FROM_SSM__',
    });
    expect(pending.SSO_CLIENT_SECRET).toBeUndefined();
  });
});

describe('identity links import', () => {
  it('checks the account, is idempotent, resolves $SSO_ISSUER only where it is configured', async () => {
    const link = { username: 'SSO.RETAIL', issuer: '$SSO_ISSUER', subject: 'entra-demo-retailer' };
    expect(await backend.imports.importRecords('identityLinks', [{ line: 1, data: link }])).toMatchObject({
      created: 0,
      updated: 1,
      errors: [],
    });
    const report = await backend.imports.importRecords('identityLinks', [
      { line: 1, data: { ...link, username: 'nobody.here' } },
      { line: 2, data: { ...link, issuer: 'not a url' } },
      { line: 3, data: { ...link, subject: '' } },
    ]);
    expect(report).toMatchObject({ created: 0, updated: 0 });
    expect(report.errors).toEqual([
      { line: 1, reason: "username: no account 'nobody.here'" },
      { line: 2, reason: expect.stringContaining('issuer') },
      { line: 3, reason: expect.stringContaining('subject') },
    ]);

    const plain = await createTestBackend();
    expect(await plain.imports.importRecords('identityLinks', [{ line: 7, data: link }])).toMatchObject({
      errors: [{ line: 7, reason: 'issuer: $SSO_ISSUER needs SSO_ISSUER to be configured' }],
    });
  });

  // Seeds the demo through seedDemoDataOnce: every import file, but one day of activity instead of 90 (the
  // links need none of it, and 90 days of transactions take tens of seconds; scripts/seed/seed.test.ts seeds them).
  it('seeds the demo links, so the local demo identity signs in as its demo account', async () => {
    const demo = await createTestBackend(undefined, ssoSettings());
    const reports = await seedDemoDataOnce(demo, { days: 1 });
    expect(reports?.map((r) => [r.kind, r.created, r.errors.length])).toContainEqual(['identityLinks', 2, 0]);
    const demoApp = createApp(demo, () => '203.0.113.11');
    for (const [login, username, portal] of [
      ['entra-demo-retailer', 'demo.retailer', 'ordering'],
      ['entra-demo-connect', 'demo.connect', 'connect'],
    ] as const) {
      const callback = await signInAtProvider(await authorizationUrl(portal, demoApp), login);
      const res = await completeSso(callback, portal, demoApp);
      expect(res.status, login).toBe(200);
      expect(LoginResult.parse(await readJson(res)).username).toBe(username);
    }
  }, 120_000);
});
