import type { Portal } from '@portal/core/shared';

/**
 * A team's account as the Users screens show it (ADR 113): the server's answer read into what the
 * screens need (api/team.ts), so the list, the detail and their tests share one shape.
 */
export type MemberStatus = 'active' | 'invited' | 'deactivated';
export type MemberMfa = 'none' | 'app' | 'email' | 'passkey';

/** The retailers, stores and divisions an account may act for (empty: none of that kind). */
export interface MemberScope {
  retailers: string[];
  stores: string[];
  divisions: string[];
}
export type ScopeKind = keyof MemberScope;
export const SCOPE_KINDS: readonly ScopeKind[] = ['retailers', 'stores', 'divisions'];

export interface TeamMember {
  userId: string;
  firstname: string;
  surname: string;
  email: string;
  portal: Portal;
  /** `module.permission` keys (permissions.ts). */
  permissions: string[];
  mfa: MemberMfa;
  lastSignInAt: string | null;
  status: MemberStatus;
  scope: MemberScope;
  /** The stored version a change is conditional on (a concurrent change answers 409). */
  version: number;
}

/** What the admin may hand out in scope: the admin's own retailers, stores and divisions, with their names. */
export interface ScopeOption {
  id: string;
  name: string;
}
export type ScopeOptions = Record<ScopeKind, ScopeOption[]>;

export const memberName = (member: Pick<TeamMember, 'firstname' | 'surname' | 'email'>): string =>
  `${member.firstname} ${member.surname}`.trim() || member.email;

/** The list's search: every word of the query in the name or the e-mail address, case and accents ignored. */
export function matchesSearch(member: TeamMember, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(`${member.firstname} ${member.surname} ${member.email}`);
  return words.every((word) => haystack.includes(word));
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('en');

export type StatusFilter = 'all' | MemberStatus;

/** The list as shown: searched, filtered by status, sorted by name. */
export function visibleMembers(members: readonly TeamMember[], query: string, status: StatusFilter): TeamMember[] {
  return members
    .filter((member) => (status === 'all' || member.status === status) && matchesSearch(member, query))
    .sort((a, b) => memberName(a).localeCompare(memberName(b)));
}
