import { ResetPasswordFormSchema } from '@portal/core/auth';
import * as z from '@portal/core/zod';
import { ApiError, fetchFor, readJson } from '../../../lib/api-client.ts';
import { type FieldErrors, schemaErrors, serverFieldErrors } from '../../../lib/forms.ts';

/*
 * PROVISIONAL: the invitation link's calls as the web side expects them, until the server's routes and
 * core schemas land (they replace this file's schemas and raw calls).
 */
const Invitation = z.object({
  email: z.string(),
  firstname: z.string(),
  portal: z.enum(['ordering', 'connect']),
  mfaRequired: z.boolean(),
});
export type Invitation = z.infer<typeof Invitation>;
const Accepted = z.object({ portal: z.enum(['ordering', 'connect']), mfaRequired: z.boolean() });
export type Accepted = z.infer<typeof Accepted>;

export const INVITATION_INVALID = 'TEAM.INVITATION_INVALID';

const options = { portal: 'ordering', notify: false, authDialog: false } as const;
const post = async <S extends z.ZodMiniType>(path: string, body: unknown, schema: S) =>
  readJson(
    await fetchFor(options)(`/api/team/invitations/${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    }),
    schema,
    options,
  );

/** The mailed link's token (`/invitation?token=…`). */
export function invitationTokenOf(search: string): string | null {
  const token = new URLSearchParams(search).get('token');
  return token && token.trim() !== '' ? token.trim() : null;
}

export type InvitationState = { kind: 'valid'; invitation: Invitation } | { kind: 'invalid' } | { kind: 'unknown' };

/** Whether the link is still good (not used, not expired), with whom it invites; the check does not use it up. */
export async function checkInvitation(token: string): Promise<InvitationState> {
  try {
    return { kind: 'valid', invitation: await post('check', { token }, Invitation) };
  } catch (error) {
    return error instanceof ApiError && (error.code === INVITATION_INVALID || error.status === 404)
      ? { kind: 'invalid' }
      : { kind: 'unknown' };
  }
}

export type PasswordField = 'newPassword' | 'newPasswordVerify';
export type PasswordValues = Record<PasswordField, string>;

/** The password policy and the repetition (core's reset-form rules). */
export const invitationPasswordErrors = (token: string, values: PasswordValues): FieldErrors<PasswordField | 'token'> =>
  schemaErrors(ResetPasswordFormSchema, { token, ...values });

export type AcceptOutcome =
  { ok: true; accepted: Accepted } | { ok: false; linkInvalid: boolean; error: unknown; fieldErrors: FieldErrors<PasswordField> };

/** Sets the account's password: the invitation is used up, the account active. */
export async function acceptInvitation(token: string, values: PasswordValues): Promise<AcceptOutcome> {
  try {
    return { ok: true, accepted: await post('accept', { token, ...values }, Accepted) };
  } catch (error) {
    const fieldErrors = error instanceof ApiError ? serverFieldErrors(error, ['newPassword', 'newPasswordVerify'] as const) : {};
    const linkInvalid = error instanceof ApiError && (error.code === INVITATION_INVALID || error.status === 404);
    return { ok: false, linkInvalid, error, fieldErrors };
  }
}
