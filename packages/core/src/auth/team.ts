import * as z from '../shared/zod.ts';
import { MAX_LENGTH } from '../shared/constants.ts';
import type { Portal } from '../shared/contracts.ts';
import { emailString } from '../shared/validation.ts';
import { maxKeys } from '../shared/input-bounds.ts';
import { MODULE_FLAGS, MODULE_NAMES, type ModuleName } from './flags.ts';
import { MfaMethod } from './contracts.ts';
import { InvitationToken } from './forms.ts';

/**
 * The customer's own administrator (ADR 113): the wire contract of the Users section. One admin per portal
 * holds its portal's manageTeam bit (ordering `ordering.manageTeam`, connect `team.manageTeam`); it sees the
 * accounts of its customer scope that use its portal and grants only the bits of its portal's modules that it
 * holds itself. Every route answers a 4xx `{code, message, issues?}` from the TEAM catalogue (errors.ts).
 */

/** The routes (under /api). `:username` is a team member's username, `:invitationId` an invitation's id. */
export const TEAM_ROUTES = {
  /** GET: the section's data (TeamOverview). */
  overview: '/api/team',
  /** POST TeamInviteInput (Idempotency-Key header): 201 TeamInvitation. */
  invitations: '/api/team/invitations',
  /** DELETE: the pending invitation is withdrawn (200 {success}); its link stops working. */
  invitation: '/api/team/invitations/:invitationId',
  /** POST: the invitation mailed again with a fresh link and a fresh expiry (200 TeamInvitation). */
  invitationResend: '/api/team/invitations/:invitationId/resend',
  /** PUT TeamAccessInput: 200 TeamMember. */
  memberAccess: '/api/team/members/:username/access',
  /** POST {}: 200 TeamMember; its sessions end at once. */
  memberDeactivate: '/api/team/members/:username/deactivate',
  /** POST {}: 200 TeamMember. */
  memberReactivate: '/api/team/members/:username/reactivate',
  /** POST TeamReauthInput: 200 TeamMember (MFA off; set up again at the next sign-in where required). */
  memberResetMfa: '/api/team/members/:username/reset-mfa',
  /** POST TeamReauthInput: 200 {success}; a reset link is mailed to the member. */
  memberPasswordReset: '/api/team/members/:username/password-reset',
  /** Anonymous, the token is the proof. POST TeamInvitationCheckInput: 200 TeamInvitationPreview. */
  invitationCheck: '/api/team/invitation/check',
  /** Anonymous, the token is the proof. POST TeamInvitationAcceptInput: 201 TeamInvitationAccepted. */
  invitationAccept: '/api/team/invitation/accept',
} as const;

/** The modules whose bits a portal's admin grants: ordering's one, connect's sections (connect-sections.ts). */
export const TEAM_MODULES = {
  ordering: ['ordering'],
  connect: ['flow', 'payment', 'atm', 'licenseManagement', 'salesReporting', 'reportManagement', 'productManagement', 'content', 'team'],
} as const satisfies Record<Portal, readonly ModuleName[]>;

/** The manageTeam bit of each portal (flags.ts). */
export const TEAM_ADMIN_PERMISSION = {
  ordering: { module: 'ordering', permission: 'manageTeam' },
  connect: { module: 'team', permission: 'manageTeam' },
} as const satisfies Record<Portal, { module: ModuleName; permission: string }>;

/** The web page an invitation mail links to: `<app URL><path>?token=<token>` (both portals; the check tells which). */
export const INVITATION_LINK_PATH = '/invitation';

/** Days an invitation link stays good (ADR 113). */
export const INVITATION_TTL_DAYS = 7;

const moduleName = z.enum(MODULE_NAMES);
const permissionName = z.string().check(z.minLength(1), z.maxLength(64));

/**
 * Permissions by module, as names of core's flag maps (`{ ordering: ['cardOrdering', 'retailerSales'] }`).
 * A module left out has no bits; only the modules of the admin's portal (TEAM_MODULES) count. Names are
 * checked against MODULE_FLAGS here, so an unknown name is a 400 naming its field.
 */
export const TeamPermissions = z.partialRecord(moduleName, z.array(permissionName).check(z.maxLength(32))).check(
  maxKeys(MODULE_NAMES.length),
  z.superRefine((value, ctx) => {
    for (const module of MODULE_NAMES) {
      const map: Readonly<Record<string, number>> = MODULE_FLAGS[module].permissions;
      for (const [i, name] of (value[module] ?? []).entries()) {
        if (!Object.hasOwn(map, name)) ctx.addIssue({ code: 'custom', path: [module, i], message: `Unknown permission ${name}` });
      }
    }
  }),
);
export type TeamPermissions = z.infer<typeof TeamPermissions>;

/** A customer id the admin may place a member in: its own customer, or a retailer of its own group. */
const customerIdString = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));

export const TeamMemberStatus = z.enum(['active', 'locked', 'password expired']);

/** One account of the team as the Users section lists it. */
export const TeamMember = z.object({
  username: z.string(),
  email: z.string(),
  firstname: z.string(),
  surname: z.string(),
  customerId: z.string(),
  /** The customer's name from master data; null when it has none. */
  customerName: z.nullable(z.string()),
  portals: z.array(z.enum(['ordering', 'connect'])),
  /** The member's bits of the admin's portal's modules, by name (the web words them). */
  permissions: TeamPermissions,
  mfa: z.object({
    method: MfaMethod,
    /** Passkeys registered (ADR 098). */
    passkeys: z.number().check(z.int()),
    /** MFA must be set up before the portal answers (the brand or the operator requires it). */
    required: z.boolean(),
  }),
  lastLoginAt: z.nullable(z.string()),
  /** 'locked' is deactivated (by this admin, an operator or the sign-in guard's administrative lock). */
  status: TeamMemberStatus,
  /** The caller's own account: no deactivate, demote, MFA or password reset on it here. */
  self: z.boolean(),
  /** The account's version: send it back with an access change, so a parallel edit is not overwritten (409 TEAM.STALE). */
  version: z.string(),
});
export type TeamMember = z.infer<typeof TeamMember>;

/** A pending invitation (used, withdrawn and expired ones are not listed). */
export const TeamInvitation = z.object({
  invitationId: z.string(),
  email: z.string(),
  firstname: z.string(),
  surname: z.string(),
  customerId: z.string(),
  permissions: TeamPermissions,
  invitedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TeamInvitation = z.infer<typeof TeamInvitation>;

/** A customer a member may be placed in. */
export const TeamScope = z.object({ customerId: z.string(), name: z.string(), kind: z.enum(['group', 'retailer', 'customer']) });
export type TeamScope = z.infer<typeof TeamScope>;

/** GET /api/team. */
export const TeamOverview = z.object({
  portal: z.enum(['ordering', 'connect']),
  members: z.array(TeamMember),
  invitations: z.array(TeamInvitation),
  /** Where the admin may place members (its own customer first). */
  scopes: z.array(TeamScope),
  /** What the admin may grant: its own bits of its portal's modules (no escalation). */
  grantable: TeamPermissions,
  /**
   * The brand's cap on accounts per customer (`limit` null: none; ADR 113): `used` counts the admin's own
   * customer's accounts that are not deactivated and its pending invitations, `byCustomer` the same for every
   * scope (a group admin places members at its retailers too, each with a cap of its own).
   */
  cap: z.object({
    limit: z.nullable(z.number().check(z.int())),
    used: z.number().check(z.int()),
    byCustomer: z.array(z.object({ customerId: z.string(), used: z.number().check(z.int()) })),
  }),
});
export type TeamOverview = z.infer<typeof TeamOverview>;

/** POST /api/team/invitations (with an Idempotency-Key header). */
export const TeamInviteInput = z.object({
  email: emailString(),
  firstname: z.string().check(z.trim(), z.maxLength(MAX_LENGTH.name)),
  surname: z.string().check(z.trim(), z.maxLength(MAX_LENGTH.name)),
  customerId: customerIdString,
  permissions: TeamPermissions,
});
export type TeamInviteInput = z.infer<typeof TeamInviteInput>;

/** PUT /api/team/members/:username/access: the whole new access of the admin's portal (not a diff). */
export const TeamAccessInput = z.object({
  customerId: customerIdString,
  permissions: TeamPermissions,
  /** TeamMember.version as read. */
  version: z.string().check(z.minLength(1), z.maxLength(40)),
});
export type TeamAccessInput = z.infer<typeof TeamAccessInput>;

/** MFA and password resets: the admin's own password unless it signed in within the last minutes (ADR 055). */
export const TeamReauthInput = z.object({ currentPassword: z.optional(z.string().check(z.maxLength(MAX_LENGTH.password))) });
export type TeamReauthInput = z.infer<typeof TeamReauthInput>;

/** POST /api/team/invitation/check: the link's token (forms.ts InvitationToken). */
export const TeamInvitationCheckInput = z.object({ token: InvitationToken });

/** What the invitee sees before choosing a username and password. */
export const TeamInvitationPreview = z.object({
  email: z.string(),
  firstname: z.string(),
  surname: z.string(),
  portal: z.enum(['ordering', 'connect']),
  /** The brand requires a second factor: the first sign-in sets up MFA or a passkey before the portal answers. */
  mfaRequired: z.boolean(),
  expiresAt: z.string(),
});
export type TeamInvitationPreview = z.infer<typeof TeamInvitationPreview>;

/** POST /api/team/invitation/accept: `InvitationAcceptFormSchema` (forms.ts: the password policy, as a reset's). */

export const TeamInvitationAccepted = z.object({ username: z.string(), portal: z.enum(['ordering', 'connect']), mfaRequired: z.boolean() });
export type TeamInvitationAccepted = z.infer<typeof TeamInvitationAccepted>;
