import { createHash, randomBytes } from 'node:crypto';
import type { Portal } from '@portal/core/shared';
import { type InvitationAcceptForm, PASSWORD, TEAM } from '@portal/core/auth';
import {
  INVITATION_TTL_DAYS,
  type TeamInvitation,
  type TeamInvitationAccepted,
  type TeamInvitationPreview,
  type TeamInviteInput,
  type TeamScope,
} from '@portal/core/auth/team';
import { type Account, AccountFields, getAccount, listAccountsOfCustomer, newAccountPut, usernameKey } from '../accounts/index.ts';
import { passwordProblems } from '../auth/index.ts';
import type { Db } from '../platform/db/client.ts';
import { isConditionFailure } from '../platform/db/conditions.ts';
import { transactWrite } from '../platform/db/transact.ts';
import { hashPassword } from '../platform/security/password-hash.ts';
import { AppError } from '../errors.ts';
import {
  findInvitationByToken,
  getInvitation,
  type InvitationRecord,
  invitationClose,
  invitationPut,
  invitationRenew,
  listInvitations,
} from './team-entity.ts';
import type { RateLimiter } from '../platform/security/rate-limiter.ts';
import { permissionList, type TeamEvent, type TeamEventKind, type TeamEventRecorder } from './team-events.ts';
import { grantedModules, permissionsOf } from './team-rules.ts';
import { takeSeat } from './team-seats.ts';
import { personOf, type TeamCaller } from './team-caller.ts';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const DAY_MS = 86_400_000;
/** Link checks and acceptances per client address a minute, like a reset link's check (password-service.ts). */
const LINKS_PER_IP = { name: 'team-link-ip', limit: 20, windowSeconds: 60 };
/**
 * Invitation mails (a new invitation or one sent again) per admin account an hour (ADR 123): a person
 * inviting a department never meets it; a script or a stolen admin session cannot mail without end (the
 * 100 pending invitations per customer bound the live ones, not a withdraw-and-invite or resend loop).
 */
const INVITATION_MAILS_PER_ADMIN = { name: 'team-invitation-mails', limit: 50, windowSeconds: 3600 } as const;

/**
 * An invitation's id names its customer (base64url of the id, a dot, 16 random bytes), so one GetItem finds
 * it in the customer's partition; a customer outside the admin's scopes answers as an unknown id (404).
 */
const newInvitationId = (customerId: string) => `${Buffer.from(customerId).toString('base64url')}.${randomBytes(16).toString('base64url')}`;
function customerOfInvitationId(invitationId: string): string | null {
  const match = /^([A-Za-z0-9_-]{1,100})\.[A-Za-z0-9_-]{22}$/.exec(invitationId);
  return match?.[1] ? Buffer.from(match[1], 'base64url').toString('utf8') : null;
}

const invalidLink = () =>
  new AppError('input', TEAM.INVITATION_INVALID, 'This invitation link is invalid, was already used or has expired.');

type InvitationDeps = {
  db: Db;
  now: () => Date;
  passwordHashCost: number;
  rateLimiter: RateLimiter;
  sendInvitationMail: (invitation: InvitationRecord, inviter: string, token: string) => Promise<void>;
  record: TeamEventRecorder;
  requireAdmin: (caller: TeamCaller) => void;
  scopesOf: (admin: Account) => Promise<TeamScope[]>;
  onTeam: (account: Account, scopes: readonly TeamScope[], portal: Portal) => boolean;
  invitationView: (invitation: InvitationRecord) => TeamInvitation;
  scopeUnknown: () => AppError;
  teamSettings: (account: Pick<Account, 'brandId'>) => Promise<{ cap: number | null; mfaRequired: boolean }>;
};

/** Invitations (ADR 113): created by the admin, mailed as a single-use link, accepted by the invitee. */
export function createInvitations(deps: InvitationDeps) {
  const { db, now } = deps;
  const inviterName = (account: Account) => `${account.firstname} ${account.surname}`.trim() || account.username;
  const isLive = (i: InvitationRecord, t: number) => i.status === 'pending' && Date.parse(i.expiresAt) > t;

  /** A pending invitation of the admin's portal in one of its scopes, else 404. */
  async function findInvitation(caller: TeamCaller, invitationId: string) {
    deps.requireAdmin(caller);
    const customerId = customerOfInvitationId(invitationId);
    const scopes = await deps.scopesOf(caller.account);
    if (customerId === null || !scopes.some((s) => s.customerId === customerId)) throw notFoundInvitation();
    const found = await getInvitation(db, customerId, invitationId);
    if (!found || found.portal !== caller.portal || !isLive(found, now().getTime())) throw notFoundInvitation();
    return found;
  }

  /** The address is free on the team: no member has it, no live invitation of another request names it. */
  async function assertNewAddress(caller: TeamCaller, scopes: readonly TeamScope[], input: TeamInviteInput, idempotencyKey: string) {
    const address = input.email.trim().toLowerCase();
    const t = now().getTime();
    for (const scope of scopes) {
      const [{ items }, invites] = await Promise.all([listAccountsOfCustomer(db, scope.customerId), listInvitations(db, scope.customerId)]);
      if (items.some((a) => deps.onTeam(a, scopes, caller.portal) && a.email.trim().toLowerCase() === address)) {
        throw new AppError('conflict', TEAM.ALREADY_MEMBER, 'A user with this e-mail address already exists.');
      }
      const pending = invites.find((i) => isLive(i, t) && i.portal === caller.portal && i.email.toLowerCase() === address);
      if (pending && pending.idempotencyKey === idempotencyKey && pending.invitedBy === caller.account.username) return pending;
      if (pending) throw new AppError('conflict', TEAM.ALREADY_INVITED, 'This e-mail address has already been invited.');
    }
    return null;
  }

  return {
    /** POST invitations: a single-use link mailed to the address, valid INVITATION_TTL_DAYS; a retry with the same key answers the same. */
    async invite(caller: TeamCaller, input: TeamInviteInput, idempotencyKey: string): Promise<TeamInvitation> {
      deps.requireAdmin(caller);
      const scopes = await deps.scopesOf(caller.account);
      if (!scopes.some((s) => s.customerId === input.customerId)) throw deps.scopeUnknown();
      const modules = grantedModules(caller.account, {}, input.permissions, caller.portal);
      const replay = await assertNewAddress(caller, scopes, input, idempotencyKey);
      if (replay) return deps.invitationView(replay);
      // Only a mail to send counts: a retried submit answered above and a refused address do not.
      await deps.rateLimiter.hit(INVITATION_MAILS_PER_ADMIN, usernameKey(caller.account.username));
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const invitation: InvitationRecord = {
        customerId: input.customerId,
        invitationId: newInvitationId(input.customerId),
        tokenHash: sha256(token),
        email: input.email.trim(),
        firstname: input.firstname,
        surname: input.surname,
        portal: caller.portal,
        brandId: caller.account.brandId,
        locale: caller.account.locale,
        permissions: permissionsOf({ modules }, caller.portal),
        modules,
        invitedBy: caller.account.username,
        idempotencyKey,
        status: 'pending',
        createdAt: at.toISOString(),
        expiresAt: new Date(at.getTime() + INVITATION_TTL_DAYS * DAY_MS).toISOString(),
      };
      const { cap } = await deps.teamSettings(caller.account);
      await takeSeat(db, now, { customerId: input.customerId, cap }, async () => [invitationPut(db, invitation)]);
      await deps.sendInvitationMail(invitation, inviterName(caller.account), token);
      await deps.record(
        invitationEvent(caller, 'invited', invitation, { portal: caller.portal, permissions: permissionList(invitation.permissions) }),
      );
      return deps.invitationView(invitation);
    },

    /** POST resend: a fresh link and expiry, mailed again; the previous link stops working. */
    async resendInvitation(caller: TeamCaller, invitationId: string): Promise<TeamInvitation> {
      const found = await findInvitation(caller, invitationId);
      await deps.rateLimiter.hit(INVITATION_MAILS_PER_ADMIN, usernameKey(caller.account.username));
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + INVITATION_TTL_DAYS * DAY_MS).toISOString();
      try {
        await transactWrite(db, [invitationRenew(db, found, sha256(token), expiresAt)]);
      } catch (error) {
        if (isConditionFailure(error)) throw notFoundInvitation();
        throw error;
      }
      const renewed = { ...found, tokenHash: sha256(token), expiresAt };
      await deps.sendInvitationMail(renewed, inviterName(caller.account), token);
      await deps.record(invitationEvent(caller, 'invitation-resent', found));
      return deps.invitationView(renewed);
    },

    /** DELETE an invitation: its link stops working, its seat is free. */
    async withdrawInvitation(caller: TeamCaller, invitationId: string) {
      const found = await findInvitation(caller, invitationId);
      try {
        await transactWrite(db, [invitationClose(db, found, { status: 'withdrawn', by: caller.account.username }, now())]);
      } catch (error) {
        if (isConditionFailure(error)) throw notFoundInvitation();
        throw error;
      }
      await deps.record(invitationEvent(caller, 'invitation-withdrawn', found));
      return { success: true as const };
    },

    ...invitationAcceptance(deps, isLive),
  };
}

/** The invitee's half (anonymous, ADR 113): the link checked, then the account created from it. */
function invitationAcceptance(deps: InvitationDeps, isLive: (i: InvitationRecord, t: number) => boolean) {
  const { db, now } = deps;
  return {
    /** Anonymous: what the link is for, before the invitee chooses a username and password. */
    async checkInvitation(token: string, ip: string | undefined): Promise<TeamInvitationPreview> {
      await deps.rateLimiter.hit(LINKS_PER_IP, ip ?? 'unknown');
      const found = await findInvitationByToken(db, sha256(token));
      if (!found || found.tokenHash !== sha256(token) || !isLive(found, now().getTime())) throw invalidLink();
      return {
        email: found.email,
        firstname: found.firstname,
        surname: found.surname,
        portal: found.portal,
        mfaRequired: (await deps.teamSettings(found)).mfaRequired,
        expiresAt: found.expiresAt,
      };
    },

    /**
     * Anonymous: creates the account in one transaction with the invitation's consumption (single use by
     * its condition) and the customer's seat ledger (the cap). The password meets the policy.
     */
    async acceptInvitation(input: InvitationAcceptForm, ip: string | undefined): Promise<TeamInvitationAccepted> {
      await deps.rateLimiter.hit(LINKS_PER_IP, ip ?? 'unknown');
      const tokenHash = sha256(input.token);
      const found = await findInvitationByToken(db, tokenHash);
      if (!found || found.tokenHash !== tokenHash || !isLive(found, now().getTime())) throw invalidLink();
      const problems = await passwordProblems(input.newPassword, input.username);
      if (problems.length > 0) {
        throw new AppError('input', PASSWORD.TOO_WEAK, problems.join('; '), {
          issues: problems.map((message) => ({ path: 'newPassword', message })),
        });
      }
      const settings = await deps.teamSettings(found);
      const fields = AccountFields.parse({
        username: input.username,
        email: found.email,
        firstname: found.firstname,
        surname: found.surname,
        customerId: found.customerId,
        brandId: found.brandId,
        portals: [found.portal],
        locale: found.locale,
        modules: found.modules,
        mfaRequired: settings.mfaRequired,
      });
      const passwordHash = await hashPassword(input.newPassword, deps.passwordHashCost);
      const username = usernameKey(input.username);
      const taken = () =>
        new AppError('conflict', TEAM.USERNAME_TAKEN, 'This username is taken. Please choose another.', {
          issues: [{ path: 'username', message: 'This username is taken. Please choose another.' }],
        });
      if (await getAccount(db, username)) throw taken();
      await takeSeat(
        db,
        now,
        { customerId: found.customerId, cap: settings.cap, becomesActive: username, replacesInvitation: found.invitationId },
        async () => [
          newAccountPut(db, fields, passwordHash, now()),
          invitationClose(db, found, { status: 'accepted', by: username }, now()),
        ],
        async () => {
          if (await getAccount(db, username)) throw taken();
          const again = await getInvitation(db, found.customerId, found.invitationId);
          if (!again || again.tokenHash !== tokenHash || !isLive(again, now().getTime())) throw invalidLink();
        },
      );
      await deps.record({
        kind: 'invitation-accepted',
        customerId: found.customerId,
        brandId: found.brandId,
        actor: { username: fields.username, name: `${fields.firstname} ${fields.surname}`.trim() || fields.username },
        subject: null,
        ip,
        details: { invitedBy: found.invitedBy, permissions: permissionList(found.permissions) },
      });
      return { username: fields.username, portal: found.portal, mfaRequired: settings.mfaRequired };
    },
  };
}

const notFoundInvitation = () => new AppError('not_found', TEAM.NOT_FOUND, 'This user or invitation was not found.');

/** An event of the admin on an invitation: the invited address names the subject (no account yet). */
function invitationEvent(caller: TeamCaller, kind: TeamEventKind, invitation: InvitationRecord, details?: TeamEvent['details']): TeamEvent {
  return {
    kind,
    customerId: invitation.customerId,
    brandId: invitation.brandId,
    actor: personOf(caller.account),
    subject: { username: invitation.email, name: `${invitation.firstname} ${invitation.surname}`.trim() || invitation.email },
    ip: caller.ip,
    ...(details ? { details } : {}),
  };
}
