import { TEAM } from '@portal/core/auth';
import {
  INVITATION_LINK_PATH,
  INVITATION_TTL_DAYS,
  type TeamAccessInput,
  type TeamMember,
  type TeamOverview,
  type TeamScope,
} from '@portal/core/auth/team';
import { type Account, accountStatusUpdate, getAccount, type Reauth, teamAccessUpdate, usernameKey } from '../accounts/index.ts';
import { permissionDenied } from '../access/index.ts';
import { resetSecondFactors, type SessionStore } from '../auth/index.ts';
import type { Db } from '../platform/db/client.ts';
import { transactWrite, type TxItem } from '../platform/db/transact.ts';
import { isConditionFailure } from '../platform/db/conditions.ts';
import { accountMails } from '../platform/mail/index.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import type { RateLimiter } from '../platform/security/rate-limiter.ts';
import { AppError } from '../errors.ts';
import { personOf, type TeamCaller } from './team-caller.ts';
import { auditRecorder, permissionList, type TeamEvent, type TeamEventKind, type TeamEventRecorder } from './team-events.ts';
import { createInvitations } from './team-invitations.ts';
import { grantedModules, isTeamAdmin, isWithinReach, permissionsOf } from './team-rules.ts';
import { takeSeat } from './team-seats.ts';
import { invitationView, memberView, onTeam, overviewOf, scopesOf, teamSettings } from './team-views.ts';

export type { TeamCaller } from './team-caller.ts';

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
/** A conditional write on the member that lost its race answers 409 TEAM.STALE (the page reloads it). */
async function staleOnConflict(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (error) {
    if (isConditionFailure(error)) throw stale();
    throw error;
  }
}
const scopeUnknown = () =>
  new AppError('input', TEAM.SCOPE_UNKNOWN, 'Choose a customer you manage.', {
    issues: [{ path: 'customerId', message: 'Choose a customer you manage.' }],
  });

/**
 * The customer's own administrator (ADR 113): lists its team, invites, changes access within what it holds,
 * deactivates and reactivates, resets MFA and sends a password reset. Every call checks the portal's
 * manageTeam bit (403) and that the member is on the admin's team (else 404, as a username nobody has).
 */
/** The admin's reach over its team's members (ADR 113), shared by the service's actions. */
function memberAccess(db: TeamDeps['db'], now: TeamDeps['now'], record: TeamEventRecorder) {
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

  /** The member by username, on the admin's team, else 404 (another customer's answers alike). */
  async function memberOf(caller: TeamCaller, username: string) {
    requireAdmin(caller);
    const scopes = await scopesOf(db, now, caller.account);
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

  /**
   * `write` with a seat of `customerId` taken for `account`, under the brand's cap (ADR 113): a parallel change of
   * the account is 409 stale; a seat ledger that moved meanwhile is read again (takeSeat).
   */
  const writeTakingSeat = async (caller: TeamCaller, customerId: string, account: Account, write: TxItem) => {
    const { cap } = await teamSettings(db, caller.account);
    await staleOnConflict(
      takeSeat(db, now, { customerId, cap, becomesActive: account.usernameKey }, async () => [write], unchanged(account)),
    );
  };

  const reread = async (caller: TeamCaller, username: string, scopes: readonly TeamScope[]) => {
    const account = await getAccount(db, username);
    if (!account) throw notFound();
    return memberView(account, caller, scopes);
  };

  return { recordOn, requireAdmin, memberOf, reachableMember, writeTakingSeat, reread };
}

export function createTeamService(deps: TeamDeps) {
  const { db, now } = deps;

  const record = deps.record ?? auditRecorder(db, now);
  const { recordOn, requireAdmin, memberOf, reachableMember, writeTakingSeat, reread } = memberAccess(db, now, record);

  const invitations = createInvitations({
    ...deps,
    record,
    requireAdmin,
    scopesOf: (admin: Account) => scopesOf(db, now, admin),
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
      return overviewOf(db, now, caller);
    },

    /**
     * PUT access: the member's bits of the portal's modules and its customer, within what the admin holds
     * (team-rules.ts grantedModules). Not on itself. A move to another customer takes a seat there.
     */
    async changeAccess(caller: TeamCaller, username: string, input: TeamAccessInput): Promise<TeamMember> {
      const { account, scopes } = await memberOf(caller, username);
      if (account.usernameKey === usernameKey(caller.account.username)) throw selfChange();
      if (!scopes.some((s) => s.customerId === input.customerId)) throw scopeUnknown();
      // What the admin may never grant is refused as such, whatever version the request names.
      const modules = grantedModules(caller.account, account.modules, input.permissions, caller.portal);
      if (input.version !== account.updatedAt) throw stale();
      const write = teamAccessUpdate(db, account.username, { modules, customerId: input.customerId }, account.updatedAt, now());
      if (input.customerId !== account.customerId && account.status !== 'locked') {
        await writeTakingSeat(caller, input.customerId, account, write);
      } else {
        await staleOnConflict(transactWrite(db, [write]));
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
        await staleOnConflict(transactWrite(db, [accountStatusUpdate(db, account.username, 'locked', account.updatedAt, now())]));
      }
      const sessionsEnded = await deps.sessions.revokeAll(account.username);
      await recordOn(caller, 'deactivated', account, { sessionsEnded });
      return reread(caller, account.username, scopes);
    },

    /** Reactivates a deactivated member (locked -> active), taking a seat under the brand's cap. */
    async reactivate(caller: TeamCaller, username: string): Promise<TeamMember> {
      const { account, scopes } = await reachableMember(caller, username);
      if (account.status === 'locked') {
        await writeTakingSeat(
          caller,
          account.customerId,
          account,
          accountStatusUpdate(db, account.username, 'active', account.updatedAt, now()),
        );
        await recordOn(caller, 'reactivated', account);
      }
      return reread(caller, account.username, scopes);
    },

    /**
     * Removes the member's second factors, its passkeys with them (ADR 123: the reset is asked for when the
     * device is lost), and ends its sessions, after the admin's re-authentication (ADR 055). The password stays.
     */
    async resetMfa(caller: TeamCaller, username: string, currentPassword: string | undefined): Promise<TeamMember> {
      const { account, scopes } = await reachableMember(caller, username);
      await deps.reauth.confirmPassword(caller.account.username, currentPassword, caller.session);
      const reset = await resetSecondFactors(db, account.username);
      if (reset === 'missing') throw notFound();
      if (reset === 'busy') throw stale();
      const sessionsEnded = await deps.sessions.revokeAll(account.username);
      await recordOn(caller, 'mfa-reset', account, {
        previousMethod: account.mfaMethod,
        passkeysRemoved: reset.passkeysRemoved,
        sessionsEnded,
      });
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
