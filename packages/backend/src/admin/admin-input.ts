import { ADMIN } from '@portal/core/auth';
import * as z from '@portal/core/zod';
import { AppError, type ErrorCode } from '../errors.ts';

/** How the admin commands (ADR 013) report bad input and page their lists. */

export const inputError = (code: ErrorCode, message: string, path = '') =>
  new AppError('input', code, message, { issues: [{ path, message }] });

export const notFound = (username: string) => new AppError('not_found', ADMIN.ACCOUNT_NOT_FOUND, `No account '${username}'`);

/** A zod failure as one input error naming every field. */
export function invalid(error: z.$ZodError): AppError {
  const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const message = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
  return new AppError('input', ADMIN.INVALID_INPUT, message, { issues });
}

/** An opaque page cursor (a DynamoDB key) as text an operator can paste back. */
export const encodeCursor = (key: Record<string, unknown> | undefined) =>
  key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined;

/** Reads a cursor back; `belongs` checks it is a key of the list asked for. */
export function decodeCursor(cursor: string | undefined, belongs: (key: Record<string, string>) => boolean) {
  if (cursor === undefined) return undefined;
  try {
    const key = z.record(z.string(), z.string()).parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (belongs(key)) return key;
  } catch {
    // reported below
  }
  throw inputError(ADMIN.BAD_CURSOR, 'cursor: not a cursor of this list', 'cursor');
}

export const pageLimit = (limit: number | undefined, max: number) => {
  const value = limit ?? 50;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw inputError(ADMIN.INVALID_INPUT, `limit: a whole number from 1 to ${max}`, 'limit');
  }
  return value;
};
