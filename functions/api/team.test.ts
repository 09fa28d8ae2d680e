import { lastMailTo, sentMails } from '../../tests/support/mailbox.ts';
import type { Backend } from '@portal/backend';
import { getAccount } from '@portal/backend/accounts';
import { activateMfa, setPendingEmailCode } from '@portal/backend/auth/testing';
import { decodeAccess, ORDERING_PERMISSIONS, SessionStatus } from '@portal/core/auth';
import { TeamMember, TeamOverview } from '@portal/core/auth/team';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { idempotencyKeys, jarCaller, type Portal } from '../../tests/support/api.ts';
import { CookieJar } from '../../tests/support/cookie-jar.ts';
import { createTestBackend, importOk } from '../../tests/support/test-backend.ts';
import { assert, createCredential, type SoftCredential } from '../../tests/support/soft-authenticator.ts';

/**
 * The customer's own administrator (ADR 113) through the API: its team and nobody else's, no escalation
 * (every ordering bit the admin lacks is tried), invitations end to end, sessions that end at once, the
 * re-authentication of the resets, the brand's cap, and hostile input answered with a 4xx.
 */
let clock = new Date('2026-11-21T10:00:00Z');
/** Each reading moves the clock by a millisecond, so every write has its own version (updatedAt). */
const now = () => (clock = new Date(clock.getTime() + 1));
let backend: Backend;
let app: ReturnType<typeof createApp>;
const PASSWORD = 'Team-Tests-2026!';
const ADMIN_BITS = ORDERING_PERMISSIONS.manageTeam | ORDERING_PERMISSIONS.cardOrdering | ORDERING_PERMISSIONS.couponingManagement;
const LACKING = (Object.entries(ORDERING_PERMISSIONS) as [string, number][]).filter(([, bit]) => (ADMIN_BITS & bit) === 0);

const call = jarCaller(() => app);
const teamTestKey = idempotencyKeys('team-test-key');
const invite = (jar: CookieJar, body: unknown, portal: Portal = 'ordering') =>
  call(jar, 'POST', '/team/invitations', body, portal, { 'Idempotency-Key': teamTestKey() });

/** The invitation's acceptance (no session): the chosen username and the new password typed twice. */
const accept = (token: string, username: string, password = PASSWORD) =>
  call(null, 'POST', '/team/invitation/accept', { token, username, newPassword: password, newPasswordVerify: password });

async function signedIn(username: string, portal: Portal = 'ordering') {
  const jar = new CookieJar();
  const res = await call(jar, 'POST', '/auth/signin', { username, password: PASSWORD }, portal);
  expect(res.status).toBe(200);
  return jar;
}
const account = (username: string, customerId: string, ordering: number, extra: object = {}) => ({
  username,
  password: PASSWORD,
  email: `${username}@example.com`,
  customerId,
  passwordExpiry: '2030-01-01T00:00:00.000Z',
  securityFlag: 16,
  portals: ['ordering'],
  modules: { ordering: { permissions: ordering, settings: 1 } },
  ...extra,
});

/** The customer's audit log (ADR 114) as its team admin reads it: the latest 50 entries. */
const auditLogOf = (customerId: string) =>
  backend.customerAudit.list(
    {
      customerId,
      timezone: 'UTC',
      brandId: 'default',
      access: decodeAccess({ securityFlag: 16, permissions: 0, settings: 0, modules: { ordering: { permissions: 16, settings: 0 } } }),
    },
    { limit: 50 },
  );

let admin: CookieJar;
beforeAll(async () => {
  backend = await createTestBackend(now);
  app = createApp(
    backend,
    (c) => `10.7.${Math.floor(Number(c.req.header('X-Test-Ip') ?? 0) / 250)}.${Number(c.req.header('X-Test-Ip') ?? 0) % 250}`,
  );
  await importOk(backend, 'brands', [
    {
      id: 'default',
      name: 'Brand',
      layout: 'default',
      footerLinks: [],
      customFields: { maxUsersPerCustomer: 6, invitedUsersMfaRequired: true },
    },
  ]);
  await importOk(backend, 'customerGroups', [
    { customerGroupId: 'G-A', name: 'Alpha Group' },
    { customerGroupId: 'G-B', name: 'Beta Group' },
  ]);
  await importOk(backend, 'retailers', [
    { customerId: 'R-A1', name: 'Alpha One', groupId: 'G-A' },
    { customerId: 'R-A2', name: 'Alpha Two', groupId: 'G-A' },
    { customerId: 'R-B1', name: 'Beta One', groupId: 'G-B' },
  ]);
  await importOk(backend, 'accounts', [
    account('team.admin', 'G-A', ADMIN_BITS),
    account('team.peer', 'R-A1', ORDERING_PERMISSIONS.cardOrdering),
    account('team.boss', 'G-A', 31),
    account('team.connect', 'G-A', 0, {
      portals: ['connect'],
      modules: { team: { permissions: 1, settings: 0 }, payment: { permissions: 3, settings: 0 } },
    }),
    account('other.admin', 'R-B1', ADMIN_BITS),
    account('other.user', 'R-B1', ORDERING_PERMISSIONS.cardOrdering),
    account('supplier.staff', 'G-A', 31, { securityFlag: 16 + 4096 }),
  ]);
  admin = await signedIn('team.admin');
}, 60_000);

describe('the overview', () => {
  it("lists the admin's customer scope on its portal: not another customer's, not the other portal's, not supplier staff", async () => {
    const res = await call(admin, 'GET', '/team');
    expect(res.status).toBe(200);
    const overview = TeamOverview.parse(res.body);
    expect(overview.members.map((m) => m.username)).toEqual(['team.admin', 'team.boss', 'team.peer']);
    expect(overview.scopes.map((s) => [s.customerId, s.kind])).toEqual([
      ['G-A', 'group'],
      ['R-A1', 'retailer'],
      ['R-A2', 'retailer'],
    ]);
    expect(overview.grantable).toEqual({ ordering: ['couponingManagement', 'cardOrdering', 'manageTeam'] });
    // team.admin, team.boss and the connect account of G-A (a seat is an account, whatever its portal); each
    // scope has a cap of its own, counted apart (team.peer at R-A1).
    expect(overview.cap).toEqual({
      limit: 6,
      used: 3,
      byCustomer: [
        { customerId: 'G-A', used: 3 },
        { customerId: 'R-A1', used: 1 },
        { customerId: 'R-A2', used: 0 },
      ],
    });
    expect(overview.members.find((m) => m.username === 'team.admin')?.self).toBe(true);
  });

  it('answers 403 to a user without the portal manageTeam bit, and to the connect admin on ordering', async () => {
    expect((await call(await signedIn('team.peer'), 'GET', '/team')).body.code).toBe('PERMISSION.DENIED');
    const connect = await signedIn('team.connect', 'connect');
    const there = await call(connect, 'GET', '/team', undefined, 'connect');
    expect(TeamOverview.parse(there.body).members.map((m) => m.username)).toEqual(['team.connect']);
    expect(TeamOverview.parse(there.body).grantable).toEqual({ payment: ['transactions', 'serialLookup'], team: ['manageTeam'] });
  });
});

describe('no escalation', () => {
  it('refuses every ordering bit the admin lacks, in an invitation and in an access change (403 TEAM.ESCALATION)', async () => {
    expect(LACKING.length).toBeGreaterThan(0);
    const peer = TeamMember.parse(
      TeamOverview.parse((await call(admin, 'GET', '/team')).body).members.find((m) => m.username === 'team.peer'),
    );
    for (const [name] of LACKING) {
      const invited = await invite(admin, {
        email: `x.${name}@example.com`,
        firstname: 'X',
        surname: 'Y',
        customerId: 'G-A',
        permissions: { ordering: [name] },
      });
      expect({ name, status: invited.status, code: invited.body.code }).toEqual({ name, status: 403, code: 'TEAM.ESCALATION' });
      const changed = await call(admin, 'PUT', '/team/members/team.peer/access', {
        customerId: 'R-A1',
        permissions: { ordering: ['cardOrdering', name] },
        version: peer.version,
      });
      expect({ name, status: changed.status, code: changed.body.code }).toEqual({ name, status: 403, code: 'TEAM.ESCALATION' });
    }
    // Another portal's module is not the ordering admin's to grant either.
    const connectBit = await invite(admin, {
      email: 'x.connect@example.com',
      firstname: '',
      surname: '',
      customerId: 'G-A',
      permissions: { team: ['manageTeam'] },
    });
    expect(connectBit.body.code).toBe('TEAM.ESCALATION');
    expect((await getAccount(backend.db, 'team.peer'))?.modules.ordering?.permissions).toBe(ORDERING_PERMISSIONS.cardOrdering);
  });

  it('grants what it holds, moves a member within its scopes, and leaves the bits it lacks as they were', async () => {
    const overview = TeamOverview.parse((await call(admin, 'GET', '/team')).body);
    const peer = overview.members.find((m) => m.username === 'team.peer')!;
    const granted = await call(admin, 'PUT', '/team/members/team.peer/access', {
      customerId: 'R-A2',
      permissions: { ordering: ['cardOrdering', 'couponingManagement'] },
      version: peer.version,
    });
    expect(granted.status).toBe(200);
    expect(TeamMember.parse(granted.body)).toMatchObject({
      customerId: 'R-A2',
      permissions: { ordering: ['couponingManagement', 'cardOrdering'] },
    });
    // The same version again: the account changed meanwhile.
    const again = await call(admin, 'PUT', '/team/members/team.peer/access', {
      customerId: 'R-A2',
      permissions: {},
      version: peer.version,
    });
    expect(again.body.code).toBe('TEAM.STALE');
    // The boss holds retailerSales and couponingCancellation, which the admin lacks: taking cardOrdering keeps them.
    const boss = overview.members.find((m) => m.username === 'team.boss')!;
    const demoted = await call(admin, 'PUT', '/team/members/team.boss/access', {
      customerId: 'G-A',
      permissions: { ordering: [] },
      version: boss.version,
    });
    expect(TeamMember.parse(demoted.body).permissions).toEqual({ ordering: ['couponingCancellation', 'retailerSales'] });
    // Outside its scopes: another customer's id answers as an unknown one.
    const moved = await call(admin, 'PUT', '/team/members/team.boss/access', { customerId: 'R-B1', permissions: {}, version: 'x' });
    const unknown = await call(admin, 'PUT', '/team/members/team.boss/access', { customerId: 'R-NONE', permissions: {}, version: 'x' });
    expect([moved.status, moved.text]).toEqual([unknown.status, unknown.text]);
    expect(moved.body.code).toBe('TEAM.SCOPE_UNKNOWN');
  });

  it('does not change, deactivate or reset itself (409 TEAM.SELF_CHANGE), nor act on an account holding more than it', async () => {
    expect((await call(admin, 'POST', '/team/members/team.admin/deactivate', {})).body.code).toBe('TEAM.SELF_CHANGE');
    expect((await call(admin, 'POST', '/team/members/TEAM.ADMIN/reset-mfa', {})).body.code).toBe('TEAM.SELF_CHANGE');
    expect(
      (await call(admin, 'PUT', '/team/members/team.admin/access', { customerId: 'G-A', permissions: {}, version: 'v' })).body.code,
    ).toBe('TEAM.SELF_CHANGE');
    expect((await call(admin, 'POST', '/team/members/team.boss/deactivate', {})).body.code).toBe('TEAM.ESCALATION');
  });
});

describe("another customer's account", () => {
  it('answers byte for byte as a username nobody has, on every member route', async () => {
    const routes: [string, string, unknown][] = [
      ['PUT', 'access', { customerId: 'G-A', permissions: {}, version: 'v' }],
      ['POST', 'deactivate', {}],
      ['POST', 'reactivate', {}],
      ['POST', 'reset-mfa', { currentPassword: PASSWORD }],
      ['POST', 'password-reset', { currentPassword: PASSWORD }],
    ];
    for (const [method, action, body] of routes) {
      const theirs = await call(admin, method, `/team/members/other.user/${action}`, body);
      const nobodys = await call(admin, method, `/team/members/no.such.user/${action}`, body);
      expect({ action, status: theirs.status, text: theirs.text.replace('other.user', 'no.such.user') }).toEqual({
        action,
        status: 404,
        text: nobodys.text,
      });
    }
    // ... and the other customer's admin sees none of ours.
    const other = await signedIn('other.admin');
    expect((await call(other, 'POST', '/team/members/team.peer/deactivate', {})).status).toBe(404);
  });
});

describe('deactivation', () => {
  it("ends the member's sessions at once and lets it back in after reactivation", async () => {
    const peer = await signedIn('team.peer');
    expect(SessionStatus.parse((await call(peer, 'GET', '/auth/status')).body).loggedIn).toBe(true);
    const off = await call(admin, 'POST', '/team/members/team.peer/deactivate', {});
    expect(TeamMember.parse(off.body).status).toBe('locked');
    expect(SessionStatus.parse((await call(peer, 'GET', '/auth/status')).body).loggedIn).toBe(false);
    expect((await call(new CookieJar(), 'POST', '/auth/signin', { username: 'team.peer', password: PASSWORD })).status).not.toBe(200);
    const on = await call(admin, 'POST', '/team/members/team.peer/reactivate', {});
    expect(TeamMember.parse(on.body).status).toBe('active');
    await signedIn('team.peer');
    // Both are in the member's customer's audit log (ADR 114), the admin acting on the member.
    const log = await auditLogOf('R-A2');
    const kinds = log.items.map((e) => [e.kind, e.actor.username, e.subject?.username]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['account.deactivated', 'team.admin', 'team.peer'],
        ['account.reactivated', 'team.admin', 'team.peer'],
        ['account.permissions_changed', 'team.admin', 'team.peer'],
      ]),
    );
  });
});

describe('the resets', () => {
  it('ask for the admin password once its sign-in is older than the re-authentication window (ADR 055)', async () => {
    await activateMfa(backend.db, 'team.peer', 'email', { recoveryCodeHashes: [] });
    clock = new Date(clock.getTime() + 10 * 60_000);
    const asked = await call(admin, 'POST', '/team/members/team.peer/reset-mfa', {});
    expect(asked.body.code).toBe('ACCOUNT.PASSWORD_REQUIRED');
    const wrong = await call(admin, 'POST', '/team/members/team.peer/reset-mfa', { currentPassword: 'Wrong-Password-1!' });
    expect(wrong.body.code).toBe('ACCOUNT.PASSWORD_MISMATCH');
    const done = await call(admin, 'POST', '/team/members/team.peer/reset-mfa', { currentPassword: PASSWORD });
    expect(TeamMember.parse(done.body).mfa.method).toBe('none');

    const mailsBefore = (await sentMails('team.peer@example.com')).length;
    const reset = await call(admin, 'POST', '/team/members/team.peer/password-reset', { currentPassword: PASSWORD });
    expect(reset.body).toEqual({ success: true });
    expect((await sentMails('team.peer@example.com')).length).toBe(mailsBefore + 1);
    expect((await lastMailTo('team.peer@example.com')).body.text).toContain('/forgot-password?token=');
  });
});

describe('an invitation', () => {
  const tokenOf = async (to: string) => /token=([A-Za-z0-9_-]{43})/.exec((await lastMailTo(to)).body.text ?? '')?.[1] ?? '';

  it('is mailed as a single-use link; accepting it creates the account with the granted bits and MFA required', async () => {
    const key = { 'Idempotency-Key': 'team-test-invite-new-1' };
    const body = {
      email: 'new.colleague@example.com',
      firstname: 'New',
      surname: 'Colleague',
      customerId: 'R-A1',
      permissions: { ordering: ['cardOrdering'] },
    };
    const made = await call(admin, 'POST', '/team/invitations', body, 'ordering', key);
    expect(made.status).toBe(201);
    // A retry of the same request answers the same invitation; another request for the address is a conflict.
    const retried = await call(admin, 'POST', '/team/invitations', body, 'ordering', key);
    expect(retried.body).toEqual(made.body);
    expect((await invite(admin, body)).body.code).toBe('TEAM.ALREADY_INVITED');
    expect((await invite(admin, { ...body, email: 'team.boss@example.com' })).body.code).toBe('TEAM.ALREADY_MEMBER');

    const token = await tokenOf('new.colleague@example.com');
    const preview = await call(null, 'POST', '/team/invitation/check', { token });
    expect(preview.body).toMatchObject({ email: 'new.colleague@example.com', portal: 'ordering', mfaRequired: true });
    const weak = await accept(token, 'new.colleague', 'short');
    expect(weak.status).toBe(400);
    const taken = await accept(token, 'team.boss');
    expect(taken.body.code).toBe('TEAM.USERNAME_TAKEN');
    const accepted = await accept(token, 'new.colleague');
    expect(accepted.status).toBe(201);
    expect(accepted.body).toEqual({ username: 'new.colleague', portal: 'ordering', mfaRequired: true });
    const again = await accept(token, 'new.colleague2');
    expect(again.body.code).toBe('TEAM.INVITATION_INVALID');

    const created = await getAccount(backend.db, 'new.colleague');
    expect(created).toMatchObject({ customerId: 'R-A1', portals: ['ordering'], mfaRequired: true, securityFlag: 0 });
    expect(created?.modules.ordering?.permissions).toBe(ORDERING_PERMISSIONS.cardOrdering);
    const jar = new CookieJar();
    await call(jar, 'POST', '/auth/signin', { username: 'new.colleague', password: PASSWORD });
    expect(SessionStatus.parse((await call(jar, 'GET', '/auth/status')).body).mfaSetupRequired).toBe(true);
  });

  it('can be resent (the old link stops working) and withdrawn (404 after); another customer cannot touch it', async () => {
    const made = await invite(admin, { email: 'later@example.com', firstname: '', surname: '', customerId: 'G-A', permissions: {} });
    const id = String(made.body.invitationId);
    const first = await tokenOf('later@example.com');
    expect((await call(admin, 'POST', `/team/invitations/${id}/resend`, {})).status).toBe(200);
    const second = await tokenOf('later@example.com');
    expect(second).not.toBe(first);
    expect((await call(null, 'POST', '/team/invitation/check', { token: first })).body.code).toBe('TEAM.INVITATION_INVALID');
    const other = await signedIn('other.admin');
    expect((await call(other, 'DELETE', `/team/invitations/${id}`)).status).toBe(404);
    expect((await call(admin, 'DELETE', `/team/invitations/${id}`)).body).toEqual({ success: true });
    expect((await call(admin, 'DELETE', `/team/invitations/${id}`)).status).toBe(404);
    expect((await call(null, 'POST', '/team/invitation/check', { token: second })).body.code).toBe('TEAM.INVITATION_INVALID');
  });

  it("stops at the brand's cap on accounts per customer (409 TEAM.USER_CAP_REACHED)", async () => {
    // G-A holds team.admin, team.boss and team.connect (supplier staff do not count); the cap is 6.
    const results: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      results.push(
        (await invite(admin, { email: `cap.${i}@example.com`, firstname: '', surname: '', customerId: 'G-A', permissions: {} })).status,
      );
    }
    expect(results).toEqual([201, 201, 201, 409, 409]);
    const seatsAt = (o: TeamOverview, customerId: string) => o.cap.byCustomer.find((s) => s.customerId === customerId)?.used;
    const before = TeamOverview.parse((await call(admin, 'GET', '/team')).body);
    expect(before.cap.used).toBe(6);
    expect(seatsAt(before, 'G-A')).toBe(6);
    // A retailer of the group has a cap of its own: still room there, and its count shows the invitation.
    const atRetailer = { email: 'cap.r@example.com', firstname: '', surname: '', customerId: 'R-A2', permissions: {} };
    expect((await invite(admin, atRetailer)).status).toBe(201);
    const after = TeamOverview.parse((await call(admin, 'GET', '/team')).body);
    expect(seatsAt(after, 'R-A2')).toBe(seatsAt(before, 'R-A2')! + 1);
    expect(after.cap.used).toBe(6);
  });
});

describe('hostile input', () => {
  it('answers a clear 4xx and changes nothing', async () => {
    const bodies: unknown[] = [
      'not json',
      { email: 42 },
      { email: 'a@example.com', firstname: 'x'.repeat(5000), surname: '', customerId: 'G-A', permissions: {} },
      { email: 'a@example.com', firstname: '', surname: '', customerId: 'G-A', permissions: { ordering: ['noSuchBit'] } },
      { email: 'a@example.com', firstname: '', surname: '', customerId: 'G-A', permissions: { noModule: ['x'] } },
      { email: 'a@example.com', firstname: '', surname: '', customerId: 'G-A', permissions: { ordering: 'cardOrdering' } },
    ];
    for (const body of bodies) {
      const res = await invite(admin, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    expect(
      (
        await call(admin, 'POST', '/team/invitations', {
          email: 'a@example.com',
          firstname: '',
          surname: '',
          customerId: 'G-A',
          permissions: {},
        })
      ).status,
    ).toBe(400);
    expect((await call(admin, 'PUT', `/team/members/${'x'.repeat(300)}/access`, {})).status).toBe(400);
    expect((await call(admin, 'DELETE', '/team/invitations/not-an-id')).status).toBe(400);
    expect((await call(null, 'POST', '/team/invitation/check', { token: 'x' })).status).toBe(400);
    expect((await accept('A'.repeat(43), 'a b')).status).toBe(400);
    expect((await accept('A'.repeat(43), 'fine.name')).body.code).toBe('TEAM.INVITATION_INVALID');
    expect(await getAccount(backend.db, 'fine.name')).toBeNull();
  });
});

describe('the MFA reset and passkeys (ADR 123)', () => {
  const ORIGIN = 'http://localhost:3000';
  async function register(jar: CookieJar, name: string): Promise<SoftCredential> {
    const options = await call(jar, 'POST', '/auth/passkeys/registration/options', {});
    expect(options.status).toBe(200);
    const { credential, response } = createCredential(options.body as never, ORIGIN);
    expect((await call(jar, 'POST', '/auth/passkeys/registration', { name, response })).body).toMatchObject({ name });
    return credential;
  }
  const passkeySignIn = async (credential: SoftCredential) => {
    const browser = new CookieJar();
    const options = (await call(browser, 'POST', '/auth/passkeys/signin/options')).body as { challenge: string };
    return call(browser, 'POST', '/auth/passkeys/signin', { response: assert(credential, options, ORIGIN) });
  };

  it("removes the member's passkeys with its second factor, keeps its password, records it, and lets it register again", async () => {
    await importOk(backend, 'accounts', [account('team.keys', 'R-A1', ORDERING_PERMISSIONS.cardOrdering)]);
    const member = await signedIn('team.keys');
    const lost = await register(member, 'Lost phone');
    await register(member, 'Lost laptop');
    // Two sessions: the password's and the lost passkey's.
    expect((await passkeySignIn(lost)).status).toBe(200);
    await setPendingEmailCode(backend.db, 'team.keys', 'x'.repeat(64), '2030-01-01T00:00:00.000Z');
    expect(await activateMfa(backend.db, 'team.keys', 'email', { recoveryCodeHashes: [] })).toBe(true);
    expect(await getAccount(backend.db, 'team.keys')).toMatchObject({ mfaMethod: 'email', passkeyCount: 2 });

    const done = await call(admin, 'POST', '/team/members/team.keys/reset-mfa', { currentPassword: PASSWORD });
    expect(TeamMember.parse(done.body).mfa).toMatchObject({ method: 'none', passkeys: 0 });
    expect(SessionStatus.parse((await call(member, 'GET', '/auth/status')).body).loggedIn).toBe(false);
    // The passkey on the lost device signs in no more; the password alone does, with no code asked for.
    expect((await passkeySignIn(lost)).status).not.toBe(200);
    const again = await signedIn('team.keys');
    expect((await call(again, 'GET', '/auth/passkeys')).body).toEqual({ passkeys: [] });
    await register(again, 'New phone');
    expect((await call(again, 'GET', '/auth/passkeys')).body).toEqual({ passkeys: [expect.objectContaining({ name: 'New phone' })] });

    const log = await auditLogOf('R-A1');
    const entry = log.items.find((e) => e.kind === 'account.mfa_reset' && e.subject?.username === 'team.keys');
    expect(entry).toMatchObject({
      actor: { username: 'team.admin' },
      details: { previousMethod: 'email', passkeysRemoved: 2, sessionsEnded: 2 },
    });
  });
});

describe('the invitation mails of one admin (ADR 123)', () => {
  /** team-invitations.ts INVITATION_MAILS_PER_ADMIN: mails (invitations and resends) per admin an hour. */
  const LIMIT = 50;
  it(`stops at ${LIMIT} an hour per admin, invitations and resends together (429), others unaffected`, async () => {
    await importOk(backend, 'accounts', [account('team.mailer', 'R-A1', ADMIN_BITS)]);
    const mailer = await signedIn('team.mailer');
    const made = await invite(mailer, { email: 'often@example.com', firstname: '', surname: '', customerId: 'R-A1', permissions: {} });
    expect(made.status).toBe(201);
    const id = String(made.body.invitationId);
    const statuses: number[] = [];
    for (let i = 1; i < LIMIT; i += 1) statuses.push((await call(mailer, 'POST', `/team/invitations/${id}/resend`, {})).status);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const mailsBefore = (await sentMails('often@example.com')).length;
    const over = await call(mailer, 'POST', `/team/invitations/${id}/resend`, {});
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'REQUEST.RATE_LIMITED', message: expect.any(String) });
    const fresh = await invite(mailer, { email: 'new@example.com', firstname: '', surname: '', customerId: 'R-A1', permissions: {} });
    expect(fresh.status).toBe(429);
    expect((await sentMails('often@example.com')).length).toBe(mailsBefore);
    expect(TeamOverview.parse((await call(mailer, 'GET', '/team')).body).invitations.map((i) => i.email)).toEqual(['often@example.com']);
    // Another admin's budget is its own; the next hour the first one mails again.
    expect((await call(admin, 'POST', `/team/invitations/${id}/resend`, {})).status).toBe(200);
    clock = new Date(clock.getTime() + 60 * 60_000);
    expect((await call(await signedIn('team.mailer'), 'POST', `/team/invitations/${id}/resend`, {})).status).toBe(200);
  }, 60_000);
});
