import type { AuthErrorCode } from '@portal/core/auth';
import type { CouponingErrorCode } from '@portal/core/couponing';
import type { OrderingErrorCode } from '@portal/core/ordering';
import { REQUEST, type SharedErrorCode } from '@portal/core/shared';

/** Every code the API may answer: the union of the domain catalogues in core (`<domain>/errors.ts`). */
export type ErrorCode = SharedErrorCode | AuthErrorCode | OrderingErrorCode | CouponingErrorCode;

/** The one application error (ARCHITECTURE convention 2); `app.onError` maps kind -> HTTP status. */
export type ErrorKind = 'input' | 'auth' | 'forbidden' | 'not_found' | 'conflict' | 'rate_limited';

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: ErrorCode,
    message: string,
    readonly details: { issues?: { path: string; message: string }[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const statusOfKind: Record<ErrorKind, 400 | 401 | 403 | 404 | 409 | 429> = {
  input: 400,
  auth: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
};

/**
 * A DynamoDB refusal caused by the request's own data (a key over 1-2 KB, an item over 400 KB) as the
 * input error it is; null for anything else. Schemas bound every text input, so this is the backstop
 * for a limit they missed: a 400, never a 500. Other ValidationExceptions (a malformed expression) are
 * our bugs and stay 500s.
 */
export function inputErrorOf(error: unknown): AppError | null {
  if (!(error instanceof Error) || error.name !== 'ValidationException') return null;
  if (!/size|bytes|too large/i.test(error.message)) return null;
  return new AppError('input', REQUEST.INPUT_TOO_LARGE, 'A value is too long.');
}
