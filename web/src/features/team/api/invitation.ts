import { InvitationAcceptFormSchema, TEAM, TEAM_ROUTES, TeamInvitationAccepted, TeamInvitationPreview } from '@portal/core/auth';
import type * as z from '@portal/core/zod';
import { ApiError, fetchFor, readJson } from '../../../lib/api-client.ts';
import { type FieldErrors, schemaErrors, serverFieldErrors } from '../../../lib/forms.ts';

/*
 * PROVISIONAL: the invitation link's calls on core's contract (TEAM_ROUTES, ADR 113), spelled as paths until
 * the server's routes are in the typed client. Anonymous: the token is the proof.
 */
const options = { notify: false, authDialog: false } as const;
async function post<S extends z.ZodMiniType>(path: string, body: unknown, schema: S): Promise<z.infer<S>> {
  const res = await fetchFor(options)(path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  return readJson(res, schema, options);
}

export type Invitation = TeamInvitationPreview;
export type Accepted = TeamInvitationAccepted;

/** The mailed link's token (`/invitation?token=…`). */
export function invitationTokenOf(search: string): string | null {
  const token = new URLSearchParams(search).get('token');
  return token && token.trim() !== '' ? token.trim() : null;
}

const isInvalid = (error: unknown) => error instanceof ApiError && error.code === TEAM.INVITATION_INVALID;

export type InvitationState = { kind: 'valid'; invitation: Invitation } | { kind: 'invalid' } | { kind: 'unknown' };

/** Whether the link is still good (not used, withdrawn or expired), with whom it invites; the check does not use it up. */
export async function checkInvitation(token: string): Promise<InvitationState> {
  if (!InvitationAcceptFormSchema.shape.token.safeParse(token).success) return { kind: 'invalid' };
  try {
    return { kind: 'valid', invitation: await post(TEAM_ROUTES.invitationCheck, { token }, TeamInvitationPreview) };
  } catch (error) {
    return isInvalid(error) ? { kind: 'invalid' } : { kind: 'unknown' };
  }
}

export type AcceptField = 'username' | 'newPassword' | 'newPasswordVerify';
export type AcceptValues = Record<AcceptField, string>;

/** The username's rule, the password policy and the repetition (core's InvitationAcceptFormSchema). */
export const acceptErrors = (token: string, values: AcceptValues): FieldErrors<AcceptField | 'token'> =>
  schemaErrors(InvitationAcceptFormSchema, { token, ...values });

export type AcceptOutcome =
  { ok: true; accepted: Accepted } | { ok: false; linkInvalid: boolean; error: unknown; fieldErrors: FieldErrors<AcceptField> };

/** Creates the account with the chosen username and password: the invitation is used up. */
export async function acceptInvitation(token: string, values: AcceptValues): Promise<AcceptOutcome> {
  try {
    return { ok: true, accepted: await post(TEAM_ROUTES.invitationAccept, { token, ...values }, TeamInvitationAccepted) };
  } catch (error) {
    const fieldErrors =
      error instanceof ApiError ? serverFieldErrors(error, ['username', 'newPassword', 'newPasswordVerify'] as const) : {};
    return { ok: false, linkInvalid: isInvalid(error), error, fieldErrors };
  }
}
