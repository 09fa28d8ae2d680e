import type { Portal } from '@portal/core/shared';
import type { TeamInvitation, TeamMember, TeamOverview } from '@portal/core/auth/team';
import { permissionKeys } from './permissions.ts';

/**
 * The Users list (ADR 113) as the screens show it: the team's accounts and its pending invitations in one
 * list, each row worded the same way (name, e-mail, portal, permissions, MFA, last sign-in, status).
 */
export type RowStatus = 'active' | 'passwordExpired' | 'deactivated' | 'invited';
export type RowMfa = 'none' | 'app' | 'email' | 'passkey';

export type TeamRow = {
  id: string;
  firstname: string;
  surname: string;
  email: string;
  portals: Portal[];
  /** `module.permission` keys (permissions.ts). */
  permissions: string[];
  mfa: RowMfa;
  lastSignInAt: string | null;
  status: RowStatus;
} & ({ kind: 'member'; member: TeamMember } | { kind: 'invitation'; invitation: TeamInvitation });

const MEMBER_STATUS = { active: 'active', locked: 'deactivated', 'password expired': 'passwordExpired' } as const;

/** The second factor in one word: a passkey counts where no app or e-mail code is set (ADR 098). */
export function mfaOf(member: Pick<TeamMember, 'mfa'>): RowMfa {
  if (member.mfa.method !== 'none') return member.mfa.method;
  return member.mfa.passkeys > 0 ? 'passkey' : 'none';
}

export function teamRows(overview: Pick<TeamOverview, 'members' | 'invitations' | 'portal'>): TeamRow[] {
  const members = overview.members.map((member): TeamRow => ({
    kind: 'member',
    member,
    id: member.username,
    firstname: member.firstname,
    surname: member.surname,
    email: member.email,
    portals: member.portals,
    permissions: permissionKeys(member.permissions),
    mfa: mfaOf(member),
    lastSignInAt: member.lastLoginAt,
    status: MEMBER_STATUS[member.status],
  }));
  const invitations = overview.invitations.map((invitation): TeamRow => ({
    kind: 'invitation',
    invitation,
    id: invitation.invitationId,
    firstname: invitation.firstname,
    surname: invitation.surname,
    email: invitation.email,
    portals: [overview.portal],
    permissions: permissionKeys(invitation.permissions),
    mfa: 'none',
    lastSignInAt: null,
    status: 'invited',
  }));
  return [...members, ...invitations];
}

export const memberName = (row: Pick<TeamRow, 'firstname' | 'surname' | 'email'>): string =>
  `${row.firstname} ${row.surname}`.trim() || row.email;

/** The list's search: every word of the query in the name or the e-mail address, case and accents ignored. */
export function matchesSearch(row: Pick<TeamRow, 'firstname' | 'surname' | 'email'>, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(`${row.firstname} ${row.surname} ${row.email}`);
  return words.every((word) => haystack.includes(word));
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('en');

export type StatusFilter = 'all' | RowStatus;
export const STATUS_FILTERS: readonly StatusFilter[] = ['all', 'active', 'invited', 'passwordExpired', 'deactivated'];

/** The list as shown: searched, filtered by status, sorted by name. */
export function visibleRows(rows: readonly TeamRow[], query: string, status: StatusFilter): TeamRow[] {
  return rows
    .filter((row) => (status === 'all' || row.status === status) && matchesSearch(row, query))
    .sort((a, b) => memberName(a).localeCompare(memberName(b)));
}
