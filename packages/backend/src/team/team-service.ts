import type { Portal } from '@portal/core/shared';
import {
  INVITATION_LINK_PATH,
  INVITATION_TTL_DAYS,
  TEAM,
  type TeamAccessInput,
  type TeamInvitation,
  type TeamMember,
  type TeamOverview,
  type TeamScope,
} from '@portal/core/auth';
import {
  type Account,
  accountStatusUpdate,
  getAccount,
  listAccountsOfCustomer,
  type Reauth,
  type StoredAccount,
  teamAccessUpdate,
  usernameKey,
} from '../accounts/index.ts';
import { permissionDenied } from '../access/index.ts';
import { resetMfa, type SessionStore } from '../auth/index.ts';
import { getBrand } from '../brands/index.ts';
import { allCustomerRoles, getCustomer, getCustomerRole } from '../customers/index.ts';
import { getCustomerGroup } from '../masterdata/index.ts';
import { mapLimit } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { transactWrite } from '../platform/db/transact.ts';
import { isConditionFailure } from '../platform/db/conditions.ts';
import { AppError } from '../errors.ts';
import { type InvitationRecord, listInvitations } from './team-entity.ts';
import { createInvitations } from './team-invitations.ts';
import { personOf, type TeamCaller } from './team-caller.ts';

export type { TeamCaller } from './team-caller.ts';
import { grantedModules, isSupplierStaff, isTeamAdmin, isWithinReach, permissionsOf } from './team-rules.ts';
import { seatsUsed, takeSeat } from './team-seats.ts';
import { auditRecorder, permissionList, type TeamEvent, type TeamEventKind, type TeamEventRecorder } from './team-events.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import type { RateLimiter } from '../platform/security/rate-limiter.ts';
import { accountMails } from '../platform/mail/index.ts';

export type TeamDeps = {
  db: Db;
  now: () => Date;
  sessions: SessionStore;
  reauth: Reauth;
  /** Mails a password reset link to the account (auth's password service; 429 over its mail budget). */
  mailResetLink: (account: Account) => Promise<void>;
  mailer: Mailer;
  appUrl: string;
  passwordHashCost: number;
  rateLimiter: RateLimiter;
  /** Where events go; the customer's audit log (ADR 114) when not given. */
  record?: TeamEventRecorder;
};

export const notFound = () => new AppError('not_found', TEAM.NOT_FOUND, 'This user or invitation was not found.');
const selfChange = () => new AppError('conflict', TEAM.SELF_CHANGE, 'You cannot do this to your own account.');
const stale = () => new AppError('conflict', TEAM.STALE, 'This user was changed meanwhile. Please reload and try again.');
const scopeUnknown = () =>
  new AppError('input', TEAM.SCOPE_UNKNOWN, 'Choose a customer you manage.', {
    issues: [{ path: 'customerId', message: 'Choose a customer you manage.' }],
  });

/** The brand's team settings of the admin's account (ADR 113). */
export async function teamSettings(db: Db, account: Pick<Account, 'brandId'>) {
  const fields = (await getBrand(db, account.brandId))?.customFields;
  return { cap: fields?.maxUsersPerCustomer ?? null, mfaRequired: fields?.invitedUsersMfaRequired === true };
}

/**
 * The customer's own administrator (ADR 113): lists its team, invites, changes access within what it holds,
 * deactivates and reactivates, resets MFA and sends a password reset. Every call checks the portal's
 * manageTeam bit (403) and that the member is on the admin's team (else 404, as a username nobody has).
 */
export function createTeamService(deps: TeamDeps) {
  const { db, now } = deps;

  const record = deps.record ?? auditRecorder(db, now);
  /** An event of the admin on a member's account, in the member's customer's log. */
  const recordOn = (caller: TeamCaller, kind: TeamEventKind, member: Account, details?: TeamEvent['details']) =>
    record({
      kind,
      customerId: member.customerId,
      brandId: member.brandId,
      actor: personOf(caller.account),
      subject: personOf(member),
      ip: caller.ip,
      ...(details ? { details } : {}),
    });

  function requireAdmin(caller: TeamCaller) {
    if (!isTeamAdmin(caller.account, caller.portal)) throw permissionDenied();
  }

  /** Where the admin places members: its own customer, and the retailers of its group when it is one. */
  async function scopesOf(admin: Account): Promise<TeamScope[]> {
    if (admin.customerId === '' || isSupplierStaff(admin)) return [];
    const own = await getCustomerRole(db, admin.customerId, 'retailer');
    if (own) return [{ customerId: own.customerId, name: own.name, kind: 'retailer' }];
    const members = (await allCustomerRoles(db, 'retailer', now())).filter((r) => r.customerGroupId === admin.customerId);
    const name =
      (await getCustomerGroup(db, admin.customerId))?.name ?? (await getCustomer(db, admin.customerId))?.name ?? admin.customerId;
    return [
      { customerId: admin.customerId, name, kind: members.length > 0 ? 'group' : 'customer' },
      ...members.map((r) => ({ customerId: r.customerId, name: r.name, kind: 'retailer' as const })),
    ];
  }

  /** An account is on the team: its customer is one of the scopes, it uses the portal, it is no supplier staff. */
  const onTeam = (account: Account, scopes: readonly TeamScope[], portal: Portal) =>
    scopes.some((s) => s.customerId === account.customerId) && account.portals.includes(portal) && !isSupplierStaff(account);

  function memberView(account: StoredAccount, caller: TeamCaller, scopes: readonly TeamScope[]): TeamMember {
    const passkeys = 'passkeyCount' in account && typeof account.passkeyCount === 'number' ? account.passkeyCount : 0;
    return {
      username: account.username,
      email: account.email,
      firstname: account.firstname,
      surname: account.surname,
      customerId: account.customerId,
      customerName: scopes.find((s) => s.customerId === account.customerId)?.name ?? null,
      portals: account.portals,
      permissions: permissionsOf(account, caller.portal),
      mfa: { method: account.mfaMethod, passkeys, required: account.mfaRequired },
      lastLoginAt: account.lastLogin?.at ?? null,
      status: account.status,
      self: usernameKey(account.username) === usernameKey(caller.account.username),
      version: account.updatedAt,
    };
  }

  const invitationView = (i: InvitationRecord): TeamInvitation => ({
    invitationId: i.invitationId,
    email: i.email,
    firstname: i.firstname,
    surname: i.surname,
    customerId: i.customerId,
    permissions: i.permissions,
    invitedBy: i.invitedBy,
    createdAt: i.createdAt,
    expiresAt: i.expiresAt,
  });

  /** The member by username, on the admin's team, else 404 (another customer's answers alike). */
  async function memberOf(caller: TeamCaller, username: string) {
    requireAdmin(caller);
    const scopes = await scopesOf(caller.account);
    const account = await getAccount(db, username);
    if (!account || !onTeam(account, scopes, caller.portal)) throw notFound();
    return { account, scopes };
  }

  /** A member the admin acts on as a whole (deactivate, resets): not itself, no bit beyond its own. */
  async function reachableMember(caller: TeamCaller, username: string) {
    const found = await memberOf(caller, username);
    if (found.account.usernameKey === usernameKey(caller.account.username)) throw selfChange();
    if (!isWithinReach(caller.account, found.account)) {
      throw new AppError('forbidden', TEAM.ESCALATION, 'This user holds permissions you do not hold.');
    }
    return found;
  }

  /** After a lost race: 409 when the account itself changed; otherwise (the seat ledger moved) try again. */
  const unchanged = (seen: Account) => async () => {
    if ((await getAccount(db, seen.username))?.updatedAt !== seen.updatedAt) throw stale();
  };

  const reread = async (caller: TeamCaller, username: string, scopes: readonly TeamScope[]) => {
    const account = await getAccount(db, username);
    if (!account) throw notFound();
    return memberView(account, caller, scopes);
  };

  const invitations = createInvitations({
    ...deps,
    record,
    requireAdmin,
    scopesOf,
    onTeam,
    invitationView,
    scopeUnknown,
    teamSettings: (account) => teamSettings(db, account),
    sendInvitationMail: async (invitation, inviter, token) =>
      deps.mailer.send(
        await accountMails.teamInvitation(
          invitation.email,
          invitation.locale,
          inviter,
          `${deps.appUrl}${INVITATION_LINK_PATH}?token=${token}`,
          INVITATION_TTL_DAYS,
        ),
      ),
  });

  return {
    ...invitations,

    /** GET /api/team: members, pending invitations, scopes, what the admin may grant, the cap. */
    async overview(caller: TeamCaller): Promise<TeamOverview> {
      requireAdmin(caller);
      const scopes = await scopesOf(caller.account);
      const t = now().getTime();
      const perScope = await mapLimit(scopes, 4, async (scope) => {
        const [{ items }, invites] = await Promise.all([
          listAccountsOfCustomer(db, scope.customerId),
          listInvitations(db, scope.customerId),
        ]);
        return {
          members: items.filter((a) => onTeam(a, scopes, caller.portal)),
          invites: invites.filter((i) => i.status === 'pending' && i.portal === caller.portal && Date.parse(i.expiresAt) > t),
        };
      });
      const { cap } = await teamSettings(db, caller.account);
      const own = caller.account.customerId;
      const used = own ? (await seatsUsed(db, own, now())).used : 0;
      return {
        portal: caller.portal,
        members: perScope
          .flatMap((s) => s.members)
          .map((a) => memberView(a, caller, scopes))
          .sort((a, b) => a.username.localeCompare(b.username)),
        invitations: perScope.flatMap((s) => s.invites.map(invitationView)).sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
        scopes,
        grantable: permissionsOf(caller.account, caller.portal),
        cap: { limit: cap, used },
      };
    },

    /**
     * PUT access: the member's bits of the portal's modules and its customer, within what the admin holds
     * (team-rules.ts grantedModules). Not on itself. A move to another customer takes a seat there.
     */
    async changeAccess(caller: TeamCaller, username: string, input: TeamAccessInput): Promise<TeamMember> {
      const { account, scopes } = await memberOf(caller, username);
      if (account.usernameKey === usernameKey(caller.account.username)) throw selfChange();
      if (!scopes.some((s) => s.customerId === input.customerId)) throw scopeUnknown();
      if (input.version !== account.updatedAt) throw stale();
      const modules = grantedModules(caller.account, account.modules, input.permissions, caller.portal);
      const write = teamAccessUpdate(db, account.username, { modules, customerId: input.customerId }, account.updatedAt, now());
      try {
        if (input.customerId !== account.customerId && account.status !== 'locked') {
          const { cap } = await teamSettings(db, caller.account);
          await takeSeat(
            db,
            now,
            { customerId: input.customerId, cap, becomesActive: account.usernameKey },
            async () => [write],
            unchanged(account),
          );
        } else {
          await transactWrite(db, [write]);
        }
      } catch (error) {
        if (isConditionFailure(error)) throw stale();
        throw error;
      }
      await recordOn(
        caller,
        'permissions-changed',
        { ...account, customerId: input.customerId },
        {
          portal: caller.portal,
          from: permissionList(permissionsOf(account, caller.portal)),
          to: permissionList(permissionsOf({ modules }, caller.portal)),
          ...(input.customerId === account.customerId ? {} : { movedFrom: account.customerId }),
        },
      );
      return reread(caller, account.username, scopes);
    },

    /** Deactivates (status locked): the session read refuses a locked account at once; its sessions are deleted too. */
    async deactivate(caller: TeamCaller, username: string): Promise<TeamMember> {
      const { account, scopes } = await reachableMember(caller, username);
      if (account.status !== 'locked') {
        try {
          await transactWrite(db, [accountStatusUpdate(db, account.username, 'locked', account.updatedAt, now())]);
        } catch (error) {
          if (isConditionFailure(error)) throw stale();
          throw error;
        }
      }
      const sessionsEnded = await deps.sessions.revokeAll(account.username);
      await recordOn(caller, 'deactivated', account, { sessionsEnded });
      return reread(caller, account.username, scopes);
    },

    /** Reactivates a deactivated member (locked -> active), taking a seat under the brand's cap. */
    async reactivate(caller: TeamCaller, username: string): Promise<TeamMember> {
      const { account, scopes } = await reachableMember(caller, username);
      if (account.status === 'locked') {
        const { cap } = await teamSettings(db, caller.account);
        const write = accountStatusUpdate(db, account.username, 'active', account.updatedAt, now());
        try {
          await takeSeat(
            db,
            now,
            { customerId: account.customerId, cap, becomesActive: account.usernameKey },
            async () => [write],
            unchanged(account),
          );
        } catch (error) {
          if (isConditionFailure(error)) throw stale();
          throw error;
        }
        await recordOn(caller, 'reactivated', account);
      }
      return reread(caller, account.username, scopes);
    },

    /** Removes the member's second factor and ends its sessions, after the admin's re-authentication (ADR 055). */
    async resetMfa(caller: TeamCaller, username: string, currentPassword: string | undefined): Promise<TeamMember> {
      const { account, scopes } = await reachableMember(caller, username);
      await deps.reauth.confirmPassword(caller.account.username, currentPassword, caller.session);
      if (!(await resetMfa(db, account.username))) throw notFound();
      const sessionsEnded = await deps.sessions.revokeAll(account.username);
      await recordOn(caller, 'mfa-reset', account, { previousMethod: account.mfaMethod, sessionsEnded });
      return reread(caller, account.username, scopes);
    },

    /** Mails the member a password reset link, after the admin's re-authentication (ADR 055). */
    async sendPasswordReset(caller: TeamCaller, username: string, currentPassword: string | undefined) {
      const { account } = await reachableMember(caller, username);
      await deps.reauth.confirmPassword(caller.account.username, currentPassword, caller.session);
      await deps.mailResetLink(account);
      await recordOn(caller, 'password-reset-sent', account);
      return { success: true as const };
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
