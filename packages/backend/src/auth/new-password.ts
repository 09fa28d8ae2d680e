import { Messages } from '@portal/core/shared';
import { PASSWORD } from '@portal/core/auth';
import type { PasswordChange } from '../accounts/index.ts';
import type { Account } from '../accounts/index.ts';
import { AppError } from '../errors.ts';
import { hashPassword, verifyPassword } from '../platform/security/password-hash.ts';
import { passwordProblems } from './password-policy.ts';

/** How many recent passwords (the current one included) may not be chosen again. */
export const PASSWORD_HISTORY = 5;

/** Policy and reuse checks; the new hash and history to store. */
export async function acceptNewPassword(
  account: Account,
  newPassword: string,
  rules: { passwordHashCost: number; passwordMaxAgeDays: number; now: () => Date },
): Promise<PasswordChange> {
  const problems = await passwordProblems(newPassword, account.username);
  if (problems.length) {
    const message = problems.includes(Messages.passwordTooWeak) ? Messages.passwordTooWeak : problems[0]!;
    throw new AppError('input', PASSWORD.TOO_WEAK, message, {
      issues: problems.map((m) => ({ path: 'newPassword', message: m })),
    });
  }
  const history = (account.passwordHistory ?? [account.passwordHash]).slice(0, PASSWORD_HISTORY);
  for (const old of history) {
    if (await verifyPassword(newPassword, old)) {
      throw new AppError('input', PASSWORD.ALREADY_USED, Messages.passwordAlreadyUsed, {
        issues: [{ path: 'newPassword', message: Messages.passwordAlreadyUsed }],
      });
    }
  }
  const newHash = await hashPassword(newPassword, rules.passwordHashCost);
  const at = rules.now();
  return {
    newHash,
    history: [newHash, ...history].slice(0, PASSWORD_HISTORY),
    passwordExpiry: new Date(at.getTime() + rules.passwordMaxAgeDays * 86_400_000).toISOString(),
    at,
  };
}
