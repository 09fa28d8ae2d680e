import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Backend } from '@portal/backend';
import { AppError } from '@portal/backend';
import { getAccount } from '@portal/backend/accounts';
import { FAILURES_PER_LOCK } from '@portal/backend/accounts/testing';
import { LoginResult, SessionStatus } from '@portal/core/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import type { createApp } from './app.ts';
import { jarCaller, type Portal } from '../../tests/support/api.ts';
import { CookieJar } from '../../tests/support/cookie-jar.ts';
import { activateMfa, setPendingEmailCode } from '@portal/backend/auth/testing';
import { parseFlagValue } from '@portal/backend/admin';
import { generatePassword } from '@portal/backend/admin/testing';
import { createTestApp } from '../../tests/support/test-app.ts';

let clock = new Date('2026-11-21T10:00:00Z');
/** Each reading moves the clock by a millisecond, so audit entries have distinct times and a fixed order. */
const now = () => (clock = new Date(clock.getTime() + 1));
let backend: Backend;
let app: ReturnType<typeof createApp>;
const PASSWORD = 'Operator-Made-2026!';
const ops = { name: 'ops.tester', host: 'test-host' };

// A fresh client address per request (callApi): the tests sign in often and the clock stands still.
const call = jarCaller(() => app);
const signIn = (jar: CookieJar, username: string, password = PASSWORD, portal: Portal = 'ordering') =>
  call(jar, 'POST', '/auth/signin', { username, password }, portal);
const status = async (jar: CookieJar, portal: Portal = 'ordering') =>
  SessionStatus.parse((await call(jar, 'GET', '/auth/status', undefined, portal)).body);

const createUser = (username: string, extra: Record<string, unknown> = {}) =>
  backend.admin.createUser(ops, { username, email: `${username}@example.com`, password: PASSWORD, ...extra });

/** The error a promise rejects with, for asserting kind and code. */
async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

const lastAudit = async (username: string) => (await backend.admin.auditTrail({ username }, { limit: 1 })).items[0];

beforeAll(async () => ({ backend, app } = await createTestApp(now, '10.9.0')));

describe('customers', () => {
  it('creates customers, refuses a duplicate id and lists them by name, page by page', async () => {
    const created = await backend.admin.createCustomer(ops, { customerId: 'R-100', name: 'Zeta Markets', kind: 'retailer' });
    expect(created).toMatchObject({ customerId: 'R-100', name: 'Zeta Markets', kind: 'retailer' });
    await backend.admin.createCustomer(ops, { customerId: 'P-7', name: 'alpha cards', kind: 'provider', customerGroupId: 'G1' });
    await backend.admin.createCustomer(ops, { customerId: 'R-200', name: 'Mid Town', kind: 'retailer' });

    const duplicate = await failure(backend.admin.createCustomer(ops, { customerId: 'R-100', name: 'Other', kind: 'retailer' }));
    expect(duplicate).toMatchObject({ kind: 'conflict', code: 'ADMIN.CUSTOMER_EXISTS' });
    const badKind = await failure(backend.admin.createCustomer(ops, { customerId: 'X-1', name: 'X', kind: 'wholesaler' as 'retailer' }));
    expect(badKind).toMatchObject({ kind: 'input', code: 'ADMIN.INVALID_INPUT' });
    expect(badKind.message).toContain('kind');

    const first = await backend.admin.listCustomers(ops, { limit: 2 });
    expect(first.items.map((c) => c.customerId)).toEqual(['P-7', 'R-200']);
    expect(first.cursor).toEqual(expect.any(String));
    const second = await backend.admin.listCustomers(ops, { limit: 2, cursor: first.cursor! });
    expect(second.items.map((c) => c.customerId)).toEqual(['R-100']);
    const bad = await failure(backend.admin.listCustomers(ops, { cursor: 'not-a-cursor' }));
    expect(bad).toMatchObject({ kind: 'input', code: 'ADMIN.BAD_CURSOR' });
  });
});

describe('create-user', () => {
  it('creates an account through the import path that signs in with its initial password', async () => {
    const created = await createUser('new.user', { customerId: 'R-100', firstname: 'New', portals: ['ordering', 'connect'] });
    expect(created).toEqual({ username: 'new.user' });
    const signedIn = await signIn(new CookieJar(), 'new.user');
    expect(LoginResult.parse(signedIn.body).response.success).toBe(true);
    expect(await backend.accounts.profile('new.user')).toMatchObject({ customerId: 'R-100', firstname: 'New' });
    expect(await lastAudit('new.user')).toMatchObject({
      actor: 'ops.tester',
      host: 'test-host',
      action: 'create-user',
      outcome: 'done',
      target: { kind: 'account', id: 'new.user' },
      details: { customerId: 'R-100', passwordGenerated: false },
    });
    expect(JSON.stringify(await backend.admin.auditTrail({ username: 'new.user' }))).not.toContain(PASSWORD);
  });

  it('refuses weak passwords with the policy messages, and audits the refusal', async () => {
    const short = await failure(createUser('weak.one', { password: 'short' }));
    expect(short).toMatchObject({ kind: 'input', code: 'PASSWORD.TOO_WEAK' });
    expect(short.details.issues?.length).toBeGreaterThan(1);
    const common = await failure(createUser('weak.two', { password: 'Password123!' }));
    expect(common.message).toContain('Password is too weak');
    const ownName = await failure(createUser('weak.three', { password: 'Weak.Three-2026!' }));
    expect(ownName.message).toContain('Password is too weak');
    expect(await getAccount(backend.db, 'weak.one')).toBeNull();
    expect(await lastAudit('weak.one')).toMatchObject({ action: 'create-user', outcome: 'refused', error: 'PASSWORD.TOO_WEAK' });
  });

  it('refuses an existing username in any case and leaves that account untouched', async () => {
    await createUser('taken.name', { firstname: 'First' });
    const before = await getAccount(backend.db, 'taken.name');
    const again = await failure(createUser('Taken.Name', { firstname: 'Second', password: 'Another-Strong-2026!' }));
    expect(again).toMatchObject({ kind: 'conflict', code: 'ADMIN.USERNAME_TAKEN' });
    expect(again.message).toBe("Username 'Taken.Name' is taken");
    expect(await getAccount(backend.db, 'taken.name')).toEqual(before);
  });

  it('refuses an unknown customer and bad fields', async () => {
    expect(await failure(createUser('no.customer', { customerId: 'NOPE' }))).toMatchObject({
      kind: 'not_found',
      code: 'ADMIN.CUSTOMER_NOT_FOUND',
    });
    const badMail = await failure(backend.admin.createUser(ops, { username: 'bad.mail', email: 'nope', password: PASSWORD }));
    expect(badMail).toMatchObject({ kind: 'input', code: 'ADMIN.INVALID_INPUT' });
    expect(badMail.message).toMatch(/^email: /);
  });

  it('generates a strong password when none is given, returned once and never stored in clear', async () => {
    const created = await backend.admin.createUser(ops, { username: 'generated.pw', email: 'g@example.com' });
    const password = created.generatedPassword!;
    expect(password).toHaveLength(20);
    expect((await signIn(new CookieJar(), 'generated.pw', password)).body).toMatchObject({ response: { success: true } });
    const item = await backend.db.doc.send(
      new GetCommand({ TableName: backend.db.table, Key: { pk: 'ACCOUNT#generated.pw', sk: 'PROFILE' } }),
    );
    expect(JSON.stringify(item.Item)).not.toContain(password);
    expect(await lastAudit('generated.pw')).toMatchObject({ details: { passwordGenerated: true } });
    expect(JSON.stringify(await lastAudit('generated.pw'))).not.toContain(password);
    expect(new Set(await Promise.all(Array.from({ length: 20 }, () => generatePassword()))).size).toBe(20);
  });

  it('can expire the initial password and grant access at creation', async () => {
    await createUser('first.login', { passwordExpired: true, access: { ordering: { permissions: ['cardOrdering'] } } });
    const result = LoginResult.parse((await signIn(new CookieJar(), 'first.login')).body);
    expect(result.passwordExpired).toBe(true);
    expect((await getAccount(backend.db, 'first.login'))?.modules.ordering).toEqual({ permissions: 4, settings: 0 });
  });
});

describe('set-access', () => {
  it('sets flags by name, reflected in GET auth/status of a live session', async () => {
    await createUser('access.names');
    const jar = new CookieJar();
    await signIn(jar, 'access.names');
    expect((await status(jar)).user?.modules.ordering?.permissions.cardOrdering).toBe(false);

    const result = await backend.admin.setAccess(ops, 'access.names', {
      securityFlag: parseFlagValue('strong,normal'),
      permissions: parseFlagValue('orderManagement, orderCancellation'),
      settings: parseFlagValue('showLastLoginIp'),
      ordering: { permissions: parseFlagValue('cardOrdering,retailerSales'), settings: parseFlagValue('showStoreList') },
      flow: { permissions: parseFlagValue('doRequests') },
    });
    expect(result).toMatchObject({
      securityFlag: 32 + 1024,
      permissions: 2 ** 24 + 2 ** 25,
      settings: 8,
      modules: { ordering: { permissions: 12, settings: 1 }, flow: { permissions: 1, settings: 0 } },
    });
    const user = (await status(jar)).user!;
    expect(user.securityFlag).toBe(1056);
    expect(user.strongAuthentication).toBe(true);
    expect(user.permissions.orderManagement).toBe(true);
    expect(user.permissions.sale).toBe(false);
    expect(user.settings.showLastLoginIp).toBe(true);
    expect(user.modules.ordering?.permissions).toMatchObject({ cardOrdering: true, retailerSales: true, couponingManagement: false });
    expect(user.modules.ordering?.settings.showStoreList).toBe(true);
    expect(user.modules.flow?.permissions.doRequests).toBe(true);
    expect(await lastAudit('access.names')).toMatchObject({
      action: 'set-access',
      outcome: 'done',
      details: { securityFlag: 1056, modules: { ordering: { permissions: 12, settings: 1 } } },
    });
  });

  it('sets flags by number and keeps what the change leaves out', async () => {
    await createUser('access.numbers');
    await backend.admin.setAccess(ops, 'access.numbers', {
      ordering: { permissions: parseFlagValue('3'), settings: 2 },
      permissions: 2,
    });
    await backend.admin.setAccess(ops, 'access.numbers', { ordering: { settings: parseFlagValue('none') } });
    const jar = new CookieJar();
    await signIn(jar, 'access.numbers');
    const user = (await status(jar)).user!;
    expect(user.modules.ordering?.permissions).toMatchObject({
      couponingManagement: true,
      couponingCancellation: true,
      cardOrdering: false,
    });
    expect(user.modules.ordering?.settings.showAirsColumn).toBe(false);
    expect(user.permissions.sale).toBe(true);
  });

  it('changes portals: a connect grant lets the user sign in there', async () => {
    await createUser('portal.grant');
    expect((await signIn(new CookieJar(), 'portal.grant', PASSWORD, 'connect')).body).toMatchObject({
      code: 'LOGIN.FORM.ERROR.WRONG_URL',
    });
    await backend.admin.setAccess(ops, 'portal.grant', { portals: ['ordering', 'connect'] });
    expect((await signIn(new CookieJar(), 'portal.grant', PASSWORD, 'connect')).body).toMatchObject({ response: { success: true } });
  });

  it('refuses unknown flag names, nothing to change and unknown accounts', async () => {
    await createUser('access.refused');
    const unknown = await failure(
      backend.admin.setAccess(ops, 'access.refused', { ordering: { permissions: ['cardOrdering', 'flyToMoon'] } }),
    );
    expect(unknown).toMatchObject({ kind: 'input', code: 'ADMIN.UNKNOWN_FLAG' });
    expect(unknown.message).toContain('ordering.permissions: unknown flag flyToMoon (known: couponingManagement');
    expect((await getAccount(backend.db, 'access.refused'))?.modules).toEqual({});
    expect(await failure(backend.admin.setAccess(ops, 'access.refused', {}))).toMatchObject({ code: 'ADMIN.NOTHING_TO_CHANGE' });
    expect(await failure(backend.admin.setAccess(ops, 'access.refused', { portals: ['elsewhere' as 'ordering'] }))).toMatchObject({
      code: 'ADMIN.INVALID_INPUT',
    });
    expect(await failure(backend.admin.setAccess(ops, 'nobody.here', { permissions: 1 }))).toMatchObject({
      kind: 'not_found',
      code: 'ADMIN.ACCOUNT_NOT_FOUND',
    });
    expect(await lastAudit('nobody.here')).toMatchObject({ action: 'set-access', outcome: 'refused', error: 'ADMIN.ACCOUNT_NOT_FOUND' });
  });
});

describe('unlock', () => {
  it('lets a name locked by failed attempts sign in at once', async () => {
    await createUser('locked.out');
    for (let i = 0; i < FAILURES_PER_LOCK; i += 1) await signIn(new CookieJar(), 'locked.out', 'Wrong-Password-2026!');
    expect((await signIn(new CookieJar(), 'locked.out')).body).toMatchObject({ code: 'LOGIN.FORM.ERROR.ACCOUNT_LOCKED' });

    const result = await backend.admin.unlock(ops, 'Locked.Out');
    expect(result).toEqual({ username: 'locked.out', loginLockCleared: true, statusChanged: false });
    expect((await signIn(new CookieJar(), 'locked.out')).body).toMatchObject({ response: { success: true } });
  });

  it("also lifts an administrator's lock", async () => {
    await createUser('admin.locked');
    await backend.admin.disable(ops, 'admin.locked');
    expect(await backend.admin.unlock(ops, 'admin.locked')).toMatchObject({ statusChanged: true });
    expect((await getAccount(backend.db, 'admin.locked'))?.status).toBe('active');
    expect((await signIn(new CookieJar(), 'admin.locked')).body).toMatchObject({ response: { success: true } });
    expect(await failure(backend.admin.unlock(ops, 'nobody.here'))).toMatchObject({ code: 'ADMIN.ACCOUNT_NOT_FOUND' });
  });
});

describe('reset-mfa', () => {
  it('lets an MFA account sign in with the password alone and ends its sessions', async () => {
    await createUser('mfa.lost');
    const jar = new CookieJar();
    await signIn(jar, 'mfa.lost');
    expect(await setPendingEmailCode(backend.db, 'mfa.lost', 'code-hash', clock.toISOString())).toBe(true);
    expect(await activateMfa(backend.db, 'mfa.lost', 'email', { recoveryCodeHashes: ['r1', 'r2'] })).toBe(true);
    expect((await signIn(new CookieJar(), 'mfa.lost')).body).toMatchObject({ response: { success: false, mfa: 20 } });
    expect((await status(jar)).loggedIn).toBe(true);

    const result = await backend.admin.resetMfa(ops, 'mfa.lost');
    expect(result).toEqual({ username: 'mfa.lost', previousMethod: 'email', sessionsEnded: 1 });
    expect((await status(jar)).loggedIn).toBe(false);
    const fresh = new CookieJar();
    expect((await signIn(fresh, 'mfa.lost')).body).toMatchObject({ response: { success: true } });
    expect((await status(fresh)).mfaStatus).toBe('none');
    const stored = (await getAccount(backend.db, 'mfa.lost')) as Record<string, unknown>;
    expect(stored.recoveryCodeHashes).toBeUndefined();
    expect(await lastAudit('mfa.lost')).toMatchObject({ action: 'reset-mfa', details: { previousMethod: 'email', sessionsEnded: 1 } });
  });
});

describe('expire-password', () => {
  it('makes the next sign-in report passwordExpired, and the live session too', async () => {
    await createUser('expire.me');
    const jar = new CookieJar();
    await signIn(jar, 'expire.me');
    expect((await status(jar)).passwordExpired).toBe(false);
    const before = clock.getTime();
    const result = await backend.admin.expirePassword(ops, 'expire.me');
    expect(Date.parse(result.passwordExpiry)).toBeGreaterThan(before);
    expect(Date.parse(result.passwordExpiry)).toBeLessThanOrEqual(clock.getTime());
    expect((await status(jar)).passwordExpired).toBe(true);
    const login = LoginResult.parse((await signIn(new CookieJar(), 'expire.me')).body);
    expect(login).toMatchObject({ response: { success: true }, passwordExpired: true });
  });

  it('refuses an account that may not change its password', async () => {
    await createUser('fixed.password', { mayChangePassword: false });
    expect(await failure(backend.admin.expirePassword(ops, 'fixed.password'))).toMatchObject({
      kind: 'input',
      code: 'ADMIN.PASSWORD_CHANGE_NOT_ALLOWED',
    });
    expect((await getAccount(backend.db, 'fixed.password'))?.passwordExpiry).toBeNull();
  });
});

describe('disable and enable', () => {
  it('disabling ends every session (both portals) and the API answers 401; enable lets the user back in', async () => {
    await createUser('to.disable', { portals: ['ordering', 'connect'] });
    const ordering = new CookieJar();
    const connect = new CookieJar();
    await signIn(ordering, 'to.disable');
    await signIn(connect, 'to.disable', PASSWORD, 'connect');
    expect((await call(ordering, 'GET', '/account')).status).toBe(200);

    const result = await backend.admin.disable(ops, 'to.disable');
    expect(result).toEqual({ username: 'to.disable', sessionsEnded: 2 });
    expect(await backend.sessions.listLive('to.disable', clock)).toEqual([]);
    expect(await call(ordering, 'GET', '/account')).toMatchObject({ status: 401, body: { code: 'AUTH.REQUIRED' } });
    expect((await status(connect, 'connect')).loggedIn).toBe(false);
    expect((await signIn(new CookieJar(), 'to.disable')).body).toMatchObject({ code: 'LOGIN.FORM.ERROR.ACCOUNT_LOCKED' });
    expect(await lastAudit('to.disable')).toMatchObject({
      action: 'disable',
      outcome: 'done',
      details: { previousStatus: 'active', sessionsEnded: 2 },
    });

    expect(await backend.admin.enable(ops, 'to.disable')).toEqual({ username: 'to.disable', statusChanged: true });
    expect(await backend.admin.enable(ops, 'to.disable')).toEqual({ username: 'to.disable', statusChanged: false });
    expect((await signIn(new CookieJar(), 'to.disable')).body).toMatchObject({ response: { success: true } });
  });

  it('refuses unknown accounts without creating them', async () => {
    expect(await failure(backend.admin.disable(ops, 'ghost.user'))).toMatchObject({ code: 'ADMIN.ACCOUNT_NOT_FOUND' });
    expect(await failure(backend.admin.enable(ops, 'ghost.user'))).toMatchObject({ code: 'ADMIN.ACCOUNT_NOT_FOUND' });
    expect(await failure(backend.admin.expirePassword(ops, 'ghost.user'))).toMatchObject({ code: 'ADMIN.ACCOUNT_NOT_FOUND' });
    expect(await failure(backend.admin.resetMfa(ops, 'ghost.user'))).toMatchObject({ code: 'ADMIN.ACCOUNT_NOT_FOUND' });
    expect(await getAccount(backend.db, 'ghost.user')).toBeNull();
  });
});

describe('show-user and the audit trail', () => {
  it('shows the account with decoded access and without any secret', async () => {
    await createUser('show.me', { access: { ordering: { permissions: ['cardOrdering'] } } });
    await setPendingEmailCode(backend.db, 'show.me', 'pending-code-hash', clock.toISOString());
    await activateMfa(backend.db, 'show.me', 'email', { recoveryCodeHashes: ['recovery-hash-1', 'recovery-hash-2'] });
    await signIn(new CookieJar(), 'show.me');
    const view = await backend.admin.showUser(ops, 'SHOW.ME');
    expect(view).toMatchObject({
      username: 'show.me',
      status: 'active',
      mfaMethod: 'email',
      recoveryCodesLeft: 2,
      passwordExpired: false,
      loginLockedUntil: null,
      liveSessions: 0,
      access: { ordering: { permissions: ['cardOrdering'], settings: [] } },
    });
    const text = JSON.stringify(view);
    const stored = (await getAccount(backend.db, 'show.me'))!;
    expect(text).not.toContain(stored.passwordHash);
    expect(text).not.toMatch(/scrypt|passwordHash|passwordHistory|recoveryCodeHashes|recovery-hash|totp|pendingEmailCode/i);
    expect(await lastAudit('show.me')).toMatchObject({ action: 'show-user', outcome: 'done' });
  });

  it('records every command of the day with its actor, newest first', async () => {
    clock = new Date('2026-11-22T08:00:00Z');
    await createUser('audit.day');
    await backend.admin.disable({ name: 'second.operator' }, 'audit.day');
    await backend.admin.enable({ name: 'second.operator' }, 'nobody.at.all').catch(() => undefined);
    const day = await backend.admin.auditTrail({ day: '2026-11-22' });
    expect(day.items.map((e) => [e.actor, e.action, e.outcome, e.target?.id])).toEqual([
      ['second.operator', 'enable', 'refused', 'nobody.at.all'],
      ['second.operator', 'disable', 'done', 'audit.day'],
      ['ops.tester', 'create-user', 'done', 'audit.day'],
    ]);
    const customer = await backend.admin.auditTrail({ customerId: 'R-100' });
    expect(customer.items.map((e) => [e.action, e.outcome])).toEqual([
      ['create-customer', 'refused'],
      ['create-customer', 'done'],
    ]);
    expect(await failure(backend.admin.disable({ name: '  ' }, 'audit.day'))).toMatchObject({ code: 'ADMIN.ACTOR_REQUIRED' });
  });
});
