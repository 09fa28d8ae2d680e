import {
  TEAM_ROUTES,
  type TeamAccessInput,
  TeamInvitation,
  type TeamInviteInput,
  TeamMember,
  TeamOverview,
  type TeamReauthInput,
} from '@portal/core/auth';
import { IDEMPOTENCY_HEADER, type Portal } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import useSWR, { mutate } from 'swr';
import { fetchFor, readJson } from '../../../lib/api-client.ts';

/*
 * PROVISIONAL: the Users section's calls on core's contract (TEAM_ROUTES, ADR 113), spelled as paths until
 * the server's routes are in the typed client.
 */
const Success = z.object({ success: z.boolean() });

const at = (route: string, params: Record<string, string> = {}) =>
  route.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

async function call<S extends z.ZodMiniType>(portal: Portal, path: string, schema: S, init: RequestInit = {}): Promise<z.infer<S>> {
  const options = { portal, notify: false } as const;
  const res = await fetchFor(options)(path, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  return readJson(res, schema, options);
}
const send = (method: 'POST' | 'PUT' | 'DELETE', body?: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers,
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

const teamKey = (portal: Portal) => ['team', portal] as const;
const refresh = (portal: Portal) => mutate(teamKey(portal));

/** GET /api/team: members, pending invitations, scopes, what the admin may grant, the cap. */
export function useTeam(portal: Portal) {
  return useSWR(teamKey(portal), ([, p]) => call(p, TEAM_ROUTES.overview, TeamOverview), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

/** Every write re-reads the overview, whatever its outcome (a failed write may have changed something all the same). */
async function write<T>(portal: Portal, run: Promise<T>): Promise<T> {
  try {
    return await run;
  } finally {
    void refresh(portal);
  }
}

const member = (username: string) => ({ username });

export const inviteMember = (portal: Portal, input: TeamInviteInput, idempotencyKey: string) =>
  write(portal, call(portal, TEAM_ROUTES.invitations, TeamInvitation, send('POST', input, { [IDEMPOTENCY_HEADER]: idempotencyKey })));
export const resendInvitation = (portal: Portal, invitationId: string) =>
  write(portal, call(portal, at(TEAM_ROUTES.invitationResend, { invitationId }), TeamInvitation, send('POST', {})));
export const withdrawInvitation = (portal: Portal, invitationId: string) =>
  write(portal, call(portal, at(TEAM_ROUTES.invitation, { invitationId }), Success, send('DELETE')));
export const updateAccess = (portal: Portal, username: string, input: TeamAccessInput) =>
  write(portal, call(portal, at(TEAM_ROUTES.memberAccess, member(username)), TeamMember, send('PUT', input)));
export const setMemberActive = (portal: Portal, username: string, active: boolean) =>
  write(
    portal,
    call(portal, at(active ? TEAM_ROUTES.memberReactivate : TEAM_ROUTES.memberDeactivate, member(username)), TeamMember, send('POST', {})),
  );
const reauth = (currentPassword: string): TeamReauthInput => (currentPassword === '' ? {} : { currentPassword });
export const resetMemberMfa = (portal: Portal, username: string, currentPassword: string) =>
  write(portal, call(portal, at(TEAM_ROUTES.memberResetMfa, member(username)), TeamMember, send('POST', reauth(currentPassword))));
export const sendMemberPasswordReset = (portal: Portal, username: string, currentPassword: string) =>
  call(portal, at(TEAM_ROUTES.memberPasswordReset, member(username)), Success, send('POST', reauth(currentPassword)));
