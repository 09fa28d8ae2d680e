import { dictionary } from '@zxcvbn-ts/language-common';
import { Messages } from '@portal/core/shared';
import { passwordRules } from '@portal/core/auth';

/**
 * The server's password policy (ADR 011): the rules of SPEC 5 (checked again, whatever the browser
 * said), plus 'Password is too weak' for the username itself and for any of the ~49,000 common passwords
 * of the zxcvbn-ts list shipped as an npm dependency, compared case-insensitively, also with the digits
 * and symbols people append ('Password123!' is 'password') stripped.
 */
const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

const stripAffixes = (p: string) => p.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');

export function isTooWeak(password: string, username: string): boolean {
  const lower = password.toLowerCase();
  const name = username.trim().toLowerCase();
  if (name && (lower === name || stripAffixes(lower) === stripAffixes(name))) return true;
  const base = stripAffixes(lower);
  return COMMON.has(lower) || (base.length >= 4 && COMMON.has(base));
}

/** Every problem with a new password, as messages; empty when it is acceptable. */
export function passwordProblems(password: string, username: string): string[] {
  const problems = passwordRules(password).map((r) => r.message);
  if (isTooWeak(password, username)) problems.push(Messages.passwordTooWeak);
  return problems;
}

export const commonPasswordCount = () => COMMON.size;
