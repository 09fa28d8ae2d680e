import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { serverFieldErrors } from '../../../lib/forms.ts';

/**
 * Issue 10 A: the e-mail address, the MFA method and the recovery codes change only with the current
 * password. What a password prompt shows after the server refused: a wrong or missing password on the
 * field (core's message, translated by the caller), anything else (a lock after too many wrong
 * passwords, a network failure) above it.
 */
export type ReauthFailure = { field: string; message?: undefined } | { field?: undefined; message: string };

export function reauthFailure(error: unknown): ReauthFailure {
  const field = error instanceof ApiError ? serverFieldErrors(error, ['currentPassword'] as const).currentPassword : undefined;
  return field ? { field } : { message: errorMessage(error) };
}
