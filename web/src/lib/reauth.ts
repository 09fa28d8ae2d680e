import { ACCOUNT, type SessionStatus } from '@portal/core/auth';
import { ApiError, errorMessage } from './api-client.ts';
import { serverFieldErrors } from './forms.ts';

/**
 * ADR 017: the e-mail address, the MFA method and the recovery codes change only with the current
 * password. What a password prompt shows after the server refused: a wrong or missing password on the
 * field (core's message, translated by the caller), anything else (a lock after too many wrong
 * passwords, a network failure) above it.
 */
export type ReauthFailure = { field: string; message?: undefined } | { field?: undefined; message: string };

export function reauthFailure(error: unknown): ReauthFailure {
  const field = error instanceof ApiError ? serverFieldErrors(error, ['currentPassword'] as const).currentPassword : undefined;
  return field ? { field } : { message: errorMessage(error) };
}

/** Leeway for the clock and the round trip: a window about to close asks for the password anyway. */
const FRESH_MARGIN_MS = 15_000;

/**
 * True while the server counts this session's sign-in as re-authentication (ADR 055, `reauthUntil` in
 * the status): a security change then goes ahead without the password prompt.
 */
export function isReauthFresh(status: Pick<SessionStatus, 'reauthUntil'> | undefined, now = Date.now()): boolean {
  const until = status?.reauthUntil ? Date.parse(status.reauthUntil) : Number.NaN;
  return Number.isFinite(until) && until - FRESH_MARGIN_MS > now;
}

/** The server wants the password after all (the window closed meanwhile): ask for it and try again. */
export const needsPassword = (error: unknown): boolean => error instanceof ApiError && error.code === ACCOUNT.PASSWORD_REQUIRED;
