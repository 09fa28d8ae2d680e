import { Messages } from '@portal/core/shared';
import { ACCOUNT, LOGIN } from '@portal/core/auth';
import { verifyPassword } from '../auth/password-hash.ts';
import type { LoginGuard } from '../auth/login-guard.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../errors.ts';
import { getAccount } from './account-entity.ts';

/**
 * Asks for the current password again before a change that could take the account over (issue 10 A):
 * the e-mail address, the MFA method and the recovery codes. A session alone is not enough, because a
 * stolen session must not outlive a password the thief does not know. Wrong passwords count toward
 * the sign-in failure budget (ADR 010), and a locked name is refused even with the right password, so
 * this is no way around the lockout. The right password gives its reserved unit back but does not
 * clear earlier failures (that is a sign-in's to do).
 */
export function createReauth(deps: { db: Db; guard: LoginGuard; now: () => Date }) {
  const { db, guard, now } = deps;
  const lockedError = (until: Date) =>
    new AppError('rate_limited', LOGIN.FORM.ERROR.ACCOUNT_LOCKED, 'Too many wrong passwords. Please try again later.', {
      retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now().getTime()) / 1000)),
    });

  return {
    async confirmPassword(username: string, password: string | undefined): Promise<void> {
      if (!password) {
        throw new AppError('input', ACCOUNT.PASSWORD_REQUIRED, 'Please enter your current password.', {
          issues: [{ path: 'currentPassword', message: Messages.required }],
        });
      }
      // Reserved before checking (ADR 010), so parallel guesses cannot overrun the budget either.
      const reservation = await guard.reserve(username);
      if (!reservation.ok) throw lockedError(reservation.lockedUntil);
      const account = await getAccount(db, username);
      if (account && (await verifyPassword(password, account.passwordHash))) {
        await guard.release(reservation);
        return;
      }
      if (reservation.lockedUntil) throw lockedError(reservation.lockedUntil);
      throw new AppError('input', ACCOUNT.PASSWORD_MISMATCH, Messages.currentPasswordMismatch, {
        issues: [{ path: 'currentPassword', message: Messages.currentPasswordMismatch }],
      });
    },
  };
}

export type Reauth = ReturnType<typeof createReauth>;
