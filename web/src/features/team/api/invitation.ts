import { InvitationAcceptFormSchema, TEAM } from '@portal/core/auth';
import { TeamInvitationAccepted, TeamInvitationPreview } from '@portal/core/auth/team';
import { api } from '../../../lib/api.ts';
import { ApiError, readJson } from '../../../lib/api-client.ts';
import { type FieldErrors, schemaErrors, serverFieldErrors } from '../../../lib/forms.ts';

/**
 * The invitation link's calls (ADR 113) on the typed client: anonymous, the token is the proof; failures are
 * shown on the page (no snack, no sign-in dialog).
 */
const options = { notify: false, authDialog: false } as const;
const invitationCalls = () => api(options).team.invitation;

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
    const res = await invitationCalls().check.$post({ json: { token } });
    return { kind: 'valid', invitation: await readJson(res, TeamInvitationPreview, options) };
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
    const res = await invitationCalls().accept.$post({ json: { token, ...values } });
    return { ok: true, accepted: await readJson(res, TeamInvitationAccepted, options) };
  } catch (error) {
    const fieldErrors =
      error instanceof ApiError ? serverFieldErrors(error, ['username', 'newPassword', 'newPasswordVerify'] as const) : {};
    return { ok: false, linkInvalid: isInvalid(error), error, fieldErrors };
  }
}
