import type { AuthErrorCode } from '@portal/core/auth';
import type { CouponingErrorCode } from '@portal/core/couponing';
import type { TransactionErrorCode } from '@portal/core/transaction';
import type { ExportErrorCode } from '@portal/core/export';
import type { OrderingErrorCode } from '@portal/core/ordering';
import type { ReportErrorCode } from '@portal/core/report';
import type { WorkflowErrorCode } from '@portal/core/workflow';
import type { NewsErrorCode } from '@portal/core/news';
import type { DocumentsErrorCode } from '@portal/core/documents';
import type { CompanyErrorCode } from '@portal/core/company';
import type { AllocationErrorCode } from '@portal/core/product';
import type { LogoErrorCode } from '@portal/core/logo';
import type { AuditErrorCode } from '@portal/core/audit';
import { REQUEST, SERVER, type SharedErrorCode } from '@portal/core/shared';
import { errorField, errorHttpStatus, fieldOf } from './platform/error-fields.ts';

/** Every code the API may answer: the union of the domain catalogues in core (`<domain>/errors.ts`). */
export type ErrorCode =
  | SharedErrorCode
  | AuthErrorCode
  | OrderingErrorCode
  | CouponingErrorCode
  | ExportErrorCode
  | TransactionErrorCode
  | ReportErrorCode
  | WorkflowErrorCode
  | NewsErrorCode
  | DocumentsErrorCode
  | CompanyErrorCode
  | AllocationErrorCode
  | LogoErrorCode
  | AuditErrorCode;

/** The one application error (ARCHITECTURE convention 2); `app.onError` maps kind -> HTTP status. */
export type ErrorKind = 'input' | 'auth' | 'forbidden' | 'not_found' | 'conflict' | 'rate_limited' | 'unavailable';

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: ErrorCode,
    message: string,
    readonly details: {
      issues?: { path: string; message: string }[];
      retryAfterSeconds?: number;
      /** The values the code's catalogue text names (ErrorBody.params). */
      params?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const statusOfKind: Record<ErrorKind, 400 | 401 | 403 | 404 | 409 | 429 | 503> = {
  input: 400,
  auth: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
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

/**
 * Names of AWS errors that mean "not now" rather than "never": throttling (DynamoDB, S3 SlowDown, SES
 * Throttling), server faults and timeouts. The SDK's own classification (`$retryable`, an HTTP status
 * of 5xx or 429) catches most; the names and Node's network codes catch the rest (a TimeoutError has no
 * status; a modelled exception such as InternalServerError may lack `$retryable`).
 */
const UNAVAILABLE_NAMES = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'Throttling',
  'SlowDown',
  'TooManyRequestsException',
  'TransactionInProgressException',
  'InternalServerError',
  'InternalFailure',
  'InternalError',
  'ServiceUnavailable',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
]);
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);

/** Seconds a client waits before retrying after a 503 (the SDK has already retried with backoff). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 1;

/**
 * An AWS SDK error that is the store's fault, not the request's (throttling, 5xx, a timeout, a dropped
 * connection) as the 503 SERVER.UNAVAILABLE it is, with Retry-After; null for anything else (ADR 025).
 * The change may or may not have been applied (a response lost after the write): writes a client
 * retries carry an Idempotency-Key, so the same request sent again answers what the first one did.
 */
export function unavailableErrorOf(error: unknown): AppError | null {
  if (!(error instanceof Error)) return null;
  const status = errorHttpStatus(error) ?? 0;
  const code = errorField(error, 'code');
  const transient =
    Boolean(fieldOf(error, '$retryable')) ||
    status >= 500 ||
    status === 429 ||
    UNAVAILABLE_NAMES.has(error.name) ||
    (code !== undefined && NETWORK_CODES.has(code));
  if (!transient) return null;
  return new AppError('unavailable', SERVER.UNAVAILABLE, 'The service is busy right now. Please try again in a moment.', {
    retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
  });
}
