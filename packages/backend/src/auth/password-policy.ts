import { Messages } from '@portal/core/shared';
import { passwordRules } from '@portal/core/auth';

/**
 * The server's password policy (ADR 011): the rules of SPEC 5 (checked again, whatever the browser
 * said), plus 'Password is too weak' for the username itself and for any of the ~49,000 common passwords
 * of the zxcvbn-ts list shipped as an npm dependency, compared case-insensitively, also with the digits
 * and symbols people append ('Password123!' is 'password') stripped.
 * The list (~400 KB) is loaded on the first password check, not at the API's cold start (ADR 038).
 */
let common: Promise<ReadonlySet<string>> | undefined;
const commonPasswords = (): Promise<ReadonlySet<string>> =>
  (common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
  ));

const stripAffixes = (p: string) => p.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');

export async function isTooWeak(password: string, username: string): Promise<boolean> {
  const COMMON = await commonPasswords();
  const lower = password.toLowerCase();
  const name = username.trim().toLowerCase();
  if (name && (lower === name || stripAffixes(lower) === stripAffixes(name))) return true;
  const base = stripAffixes(lower);
  return COMMON.has(lower) || (base.length >= 4 && COMMON.has(base));
}

/** Every problem with a new password, as messages; empty when it is acceptable. */
export async function passwordProblems(password: string, username: string): Promise<string[]> {
  const problems = passwordRules(password).map((r) => r.message);
  if (await isTooWeak(password, username)) problems.push(Messages.passwordTooWeak);
  return problems;
}

export const commonPasswordCount = async () => (await commonPasswords()).size;
