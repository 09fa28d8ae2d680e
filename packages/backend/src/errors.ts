/** The one application error (ARCHITECTURE convention 2); `app.onError` maps kind -> HTTP status. */
export type ErrorKind = 'input' | 'auth' | 'forbidden' | 'not_found' | 'conflict' | 'rate_limited';

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
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
