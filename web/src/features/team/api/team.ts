import * as z from '@portal/core/zod';
import type { Portal } from '@portal/core/shared';
import useSWR, { mutate } from 'swr';
import { fetchFor, readJson } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER } from '@portal/core/shared';
import type { MemberScope, ScopeOptions, TeamMember } from '../model/members.ts';

/*
 * PROVISIONAL: the calls of the Users section against the contract as the web side expects it, until
 * the server's routes and core schemas land (they replace this file's schemas and raw calls).
 */
const Scope = z.object({ retailers: z.array(z.string()), stores: z.array(z.string()), divisions: z.array(z.string()) });
const Member = z.object({
  userId: z.string(),
  firstname: z.string(),
  surname: z.string(),
  email: z.string(),
  portal: z.enum(['ordering', 'connect']),
  permissions: z.array(z.string()),
  mfa: z.enum(['none', 'app', 'email', 'passkey']),
  lastSignInAt: z.nullable(z.string()),
  status: z.enum(['active', 'invited', 'deactivated']),
  scope: Scope,
  version: z.number(),
});
const Option = z.object({ id: z.string(), name: z.string() });
const Team = z.object({
  items: z.array(Member),
  scopeOptions: z.object({ retailers: z.array(Option), stores: z.array(Option), divisions: z.array(Option) }),
});
const Ok = z.object({});

export interface TeamAnswer {
  items: TeamMember[];
  scopeOptions: ScopeOptions;
}

const call = async <S extends z.ZodMiniType>(portal: Portal, path: string, schema: S, init?: RequestInit): Promise<z.infer<S>> => {
  const options = { portal, notify: false } as const;
  const res = await fetchFor(options)(`/api/team/${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init?.headers },
  });
  return readJson(res, schema, options);
};
const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers,
});

const teamKey = (portal: Portal) => ['team', portal, 'users'] as const;
const refresh = (portal: Portal) => mutate((key: unknown) => Array.isArray(key) && key[0] === 'team' && key[1] === portal);

export function useTeam(portal: Portal) {
  return useSWR(teamKey(portal), ([, p]): Promise<TeamAnswer> => call(p, 'users', Team), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

export interface InviteInput {
  email: string;
  firstname: string;
  surname: string;
  permissions: string[];
  scope: MemberScope;
}

async function write<T>(portal: Portal, run: Promise<T>): Promise<T> {
  try {
    return await run;
  } finally {
    void refresh(portal);
  }
}

export const inviteMember = (portal: Portal, input: InviteInput, idempotencyKey: string) =>
  write(portal, call(portal, 'invitations', Member, post(input, { [IDEMPOTENCY_HEADER]: idempotencyKey })));
export const updateMember = (portal: Portal, userId: string, input: { permissions: string[]; scope: MemberScope; version: number }) =>
  write(portal, call(portal, `users/${encodeURIComponent(userId)}`, Member, { method: 'PUT', body: JSON.stringify(input) }));
export const setMemberActive = (portal: Portal, userId: string, active: boolean, version: number) =>
  write(portal, call(portal, `users/${encodeURIComponent(userId)}/${active ? 'reactivate' : 'deactivate'}`, Member, post({ version })));
export const resetMemberMfa = (portal: Portal, userId: string, currentPassword: string) =>
  write(portal, call(portal, `users/${encodeURIComponent(userId)}/mfa-reset`, Ok, post({ currentPassword })));
export const sendMemberPasswordReset = (portal: Portal, userId: string, currentPassword: string) =>
  call(portal, `users/${encodeURIComponent(userId)}/password-reset`, Ok, post({ currentPassword }));
