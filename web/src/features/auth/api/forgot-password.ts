import type { Portal } from '@portal/core/shared';
import { ForgotPasswordFormSchema, ResetPasswordFormSchema, ResetToken, PASSWORD } from '@portal/core/auth';
import * as z from '@portal/core/zod';
import { api } from '../../../lib/api.ts';
import { ApiError, readJson } from '../../../lib/api-client.ts';
import { type FieldErrors, schemaErrors, serverFieldErrors } from '../../../lib/forms.ts';

/** The form rule is core's (`ForgotPasswordFormSchema`: an e-mail address or username, required). */
export function forgotPasswordError(username: string): string | undefined {
  const result = ForgotPasswordFormSchema.safeParse({ username });
  return result.success ? undefined : result.error.issues[0]?.message;
}

const MessageAnswer = z.object({ message: z.string() });

export type ForgotPasswordOutcome = { ok: true; serverMessage: string | undefined } | { ok: false; serverMessage: string | undefined };

/**
 * POST auth/forgot-password with `{ username }` (SPEC 7, ADR 011). The answer is the same whether or not
 * an account matches: 'Please follow the instructions we sent to: …'.
 */
export async function requestPasswordReset(username: string, portal: Portal): Promise<ForgotPasswordOutcome> {
  const options = { portal, notify: false, authDialog: false };
  try {
    const res = await api(options).auth['forgot-password'].$post({ json: { username: username.trim() } });
    const answer = await readJson(res, MessageAnswer, options);
    return { ok: true, serverMessage: answer.message || undefined };
  } catch (error) {
    return {
      ok: false,
      serverMessage: error instanceof ApiError && error.message ? error.message : undefined,
    };
  }
}

/** The reset link's token (`/forgot-password?token=…`), when the page was opened from the e-mail. */
export function resetTokenOf(search: string): string | null {
  const token = new URLSearchParams(search).get('token');
  return token && token.trim() !== '' ? token.trim() : null;
}

export type ResetField = 'newPassword' | 'newPasswordVerify';
export type ResetValues = Record<ResetField, string>;
export type ResetErrors = FieldErrors<ResetField | 'token'>;

/** Every field's first failing rule (core's ResetPasswordFormSchema); `token` when the link is malformed. */
export const resetPasswordErrors = (token: string, values: ResetValues): ResetErrors =>
  schemaErrors(ResetPasswordFormSchema, { token, ...values });

/** What opening a reset link found: usable, spent/expired/unknown, or not known (the check failed). */
export type ResetLinkState = 'valid' | 'invalid' | 'unknown';

const LinkCheck = z.object({ valid: z.literal(true) });

/**
 * POST auth/reset-password/check when the page opens (ADR 017): a spent or expired link says so
 * before the form is filled in. The check does not use the link up. When the check itself fails (offline,
 * rate limited) the form shows and the submit checks again.
 */
export async function checkResetLink(token: string, portal: Portal): Promise<ResetLinkState> {
  if (!ResetToken.safeParse(token).success) return 'invalid';
  const options = { portal, notify: false, authDialog: false };
  try {
    await readJson(await api(options).auth['reset-password'].check.$post({ json: { token } }), LinkCheck, options);
    return 'valid';
  } catch (error) {
    return error instanceof ApiError && error.code === PASSWORD.RESET_LINK_INVALID ? 'invalid' : 'unknown';
  }
}

export type ResetOutcome = { ok: true; message: string } | { ok: false; linkInvalid: boolean; message: string; fieldErrors: ResetErrors };

/** POST auth/reset-password `{ token, newPassword, newPasswordVerify }`. */
export async function resetPassword(token: string, values: ResetValues, portal: Portal): Promise<ResetOutcome> {
  const options = { portal, notify: false, authDialog: false };
  try {
    const res = await api(options).auth['reset-password'].$post({ json: { token, ...values } });
    return { ok: true, message: (await readJson(res, MessageAnswer, options)).message };
  } catch (error) {
    return resetFailure(error);
  }
}

/** A failed reset: the link problem, or the server's field issues (policy, history) on their fields. */
export function resetFailure(error: unknown): Extract<ResetOutcome, { ok: false }> {
  if (!(error instanceof ApiError)) return { ok: false, linkInvalid: false, message: '', fieldErrors: {} };
  const fieldErrors: ResetErrors = serverFieldErrors(error, ['newPassword', 'newPasswordVerify', 'token']);
  const linkInvalid = error.code === PASSWORD.RESET_LINK_INVALID || fieldErrors.token !== undefined;
  return { ok: false, linkInvalid, message: error.message, fieldErrors };
}
