import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Codes a user types once: 6-digit e-mail codes and 10-digit recovery codes (digits only, because the
 * sign-in form's secret-code field accepts digits: SPEC 5). Stored only as SHA-256 with a pepper of
 * their context (the sign-in attempt or the account), never in clear.
 */
export const RECOVERY_CODE_COUNT = 10;

export const randomDigits = (length: number) => Array.from({ length }, () => String(randomInt(10))).join('');

export const hashCode = (code: string, context: string) => createHash('sha256').update(`${context}:${code}`).digest('hex');

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, () => randomDigits(10));

export const isRecoveryCodeShape = (code: string) => /^\d{10}$/.test(code);
