import {
  type TeamAccessInput,
  TeamInvitation,
  type TeamInviteInput,
  TeamMember,
  TeamOverview,
  type TeamReauthInput,
} from '@portal/core/auth/team';
import type { Portal } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import useSWR from 'swr';
import { idempotent, routeSection, SECTION_READ, segment } from '../../../lib/resource-client.ts';

/**
 * The Users section's calls (ADR 113) on the typed client (ADR 057), in the portal the screen runs in: one
 * read (GET /api/team, the overview) that every write reads again, whatever its outcome. Failures are shown in
 * place. Read fresh on mount: the list is what an admin acts on.
 */
const sections = { ordering: routeSection('ordering', ['team']), connect: routeSection('connect', ['team']) } as const;
const READ = { ...SECTION_READ, dedupingInterval: 2_000 } as const;
const Success = z.object({ success: z.boolean() });

export function useTeam(portal: Portal) {
  const { client, read, key } = sections[portal];
  const at = client().team;
  return useSWR(key('team', 'get', at.$path()), () => read(at.$get(), TeamOverview), READ);
}

const team = (portal: Portal) => sections[portal].client().team;
const write = (portal: Portal) => sections[portal].write;
const member = (username: string) => ({ param: { username: segment(username) } });
const invitation = (invitationId: string) => ({ param: { invitationId: segment(invitationId) } });

export const inviteMember = (portal: Portal, input: TeamInviteInput, idempotencyKey: string) =>
  write(portal)(team(portal).invitations.$post({ json: input, header: idempotent(idempotencyKey) }), TeamInvitation);
export const resendInvitation = (portal: Portal, invitationId: string) =>
  write(portal)(team(portal).invitations[':invitationId'].resend.$post(invitation(invitationId)), TeamInvitation);
export const withdrawInvitation = (portal: Portal, invitationId: string) =>
  write(portal)(team(portal).invitations[':invitationId'].$delete(invitation(invitationId)), Success);
export const updateAccess = (portal: Portal, username: string, input: TeamAccessInput) =>
  write(portal)(team(portal).members[':username'].access.$put({ ...member(username), json: input }), TeamMember);
export const setMemberActive = (portal: Portal, username: string, active: boolean) => {
  const at = team(portal).members[':username'];
  return write(portal)(active ? at.reactivate.$post(member(username)) : at.deactivate.$post(member(username)), TeamMember);
};
/** Right after a sign-in (ADR 055) the prompt confirms without a password: the body leaves it out. */
const reauth = (currentPassword: string): TeamReauthInput => (currentPassword === '' ? {} : { currentPassword });
export const resetMemberMfa = (portal: Portal, username: string, currentPassword: string) =>
  write(portal)(team(portal).members[':username']['reset-mfa'].$post({ ...member(username), json: reauth(currentPassword) }), TeamMember);
export const sendMemberPasswordReset = (portal: Portal, username: string, currentPassword: string) =>
  write(portal)(team(portal).members[':username']['password-reset'].$post({ ...member(username), json: reauth(currentPassword) }), Success);
