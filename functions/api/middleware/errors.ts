import { AppError, statusOfKind } from '@portal/backend';
import { inputErrorOf, unavailableErrorOf } from '@portal/backend/errors';
import { type ErrorBody, fieldIssueOf, REQUEST, SERVER } from '@portal/core/shared';
import { $ZodError } from '@portal/core/zod';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../env.ts';
import { log } from './logging.ts';

/** Maps every thrown error to the one error body (ARCHITECTURE convention 2). */
export function handleError(thrown: Error, c: Context<AppEnv>) {
  const error = inputErrorOf(thrown) ?? unavailableErrorOf(thrown) ?? thrown;
  if (error !== thrown && error instanceof AppError && error.kind === 'unavailable') {
    // A store throttled, failed or timed out (ADR 025): logged with its cause, answered 503 + Retry-After.
    log('warn', 'store unavailable', { requestId: c.get('requestId'), error: thrown.name, message: thrown.message });
  }
  if (error instanceof AppError) {
    const body: ErrorBody = {
      code: error.code,
      message: error.message,
      ...(error.details.issues ? { issues: error.details.issues } : {}),
      ...(error.details.params ? { params: error.details.params } : {}),
    };
    if (error.details.retryAfterSeconds) c.header('Retry-After', String(error.details.retryAfterSeconds));
    return c.json(body, statusOfKind[error.kind]);
  }
  if (error instanceof $ZodError) {
    const body: ErrorBody = {
      code: REQUEST.VALIDATION_FAILED,
      message: 'The request has invalid fields',
      issues: error.issues.map(fieldIssueOf),
    };
    return c.json(body, 400);
  }
  if (error instanceof HTTPException && error.status < 500) {
    // Raised by Hono itself, e.g. a body that is not JSON.
    return c.json({ code: REQUEST.MALFORMED, message: error.message || 'Bad request' } satisfies ErrorBody, error.status);
  }
  log('error', 'unhandled error', {
    requestId: c.get('requestId'),
    error: error.name,
    message: error.message,
    stack: error.stack,
  });
  return c.json({ code: SERVER.INTERNAL, message: 'Something went wrong. Please try again later.' } satisfies ErrorBody, 500);
}

export function handleNotFound(c: Context<AppEnv>) {
  return c.json({ code: REQUEST.NO_ENDPOINT, message: 'No such endpoint' } satisfies ErrorBody, 404);
}
