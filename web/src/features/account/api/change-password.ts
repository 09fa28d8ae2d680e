import { Messages, type Portal } from '@portal/core/shared';
import { ChangePasswordFormSchema } from '@portal/core/auth';
import * as z from '@portal/core/zod';
import { api } from '../../../lib/api.ts';
import { ApiError, readJson } from '../../../lib/api-client.ts';
import { type FieldErrors, schemaErrors, serverFieldErrors } from '../../../lib/forms.ts';

export const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'newPasswordVerify'] as const;
export type PasswordField = (typeof PASSWORD_FIELDS)[number];
export type PasswordValues = Record<PasswordField, string>;
export const emptyPasswordValues: PasswordValues = {
  currentPassword: '',
  newPassword: '',
  newPasswordVerify: '',
};

/** Core's ChangePasswordFormSchema: all three required, the policy, and 'The passwords do not match.' */
export const changePasswordErrors = (values: PasswordValues): FieldErrors<PasswordField> => schemaErrors(ChangePasswordFormSchema, values);

/**
 * PUT auth/change-password. The dialog shows the outcome itself; a 401/403 still opens the auth dialog
 * (an expired password is allowed here, ADR 011).
 */
export async function changePassword(portal: Portal, values: PasswordValues, endOtherSessions: boolean): Promise<{ message: string }> {
  const options = { portal, notify: false };
  const res = await api(options).auth['change-password'].$put({ json: { ...values, endOtherSessions } });
  return readJson(res, z.object({ success: z.literal(true), message: z.string() }), options);
}

export interface ChangePasswordFailure {
  /** Shown above the form: the server's message ('Password was already used', 'Password is too weak',
   * 'Current password does not match', …) or 'Failed to change password'. */
  message: string;
  fieldErrors: FieldErrors<PasswordField>;
}

export function changePasswordFailure(error: unknown): ChangePasswordFailure {
  if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) {
    return { message: Messages.passwordChangeFailed, fieldErrors: {} };
  }
  return {
    message: error.message || Messages.passwordChangeFailed,
    fieldErrors: serverFieldErrors(error, PASSWORD_FIELDS),
  };
}
