import { Messages } from '@portal/core/shared';
import { ACCOUNT, LOGIN } from '@portal/core/auth';
import { verifyPassword } from '../platform/security/password-hash.ts';
import type { LoginGuard } from './login-guard.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../errors.ts';
import { getAccount } from './account-entity.ts';

/**
 * How long a sign-in counts as re-authentication ("sudo mode", ADR 055): one constant for every gated
 * action. Long enough to choose and set up a second factor right after signing in, short enough that a
 * session taken later (an unlocked computer, a stolen cookie) still has to know the password.
 */
export const REAUTH_WINDOW_MS = 5 * 60_000;

/** What a session contributes to re-authentication: when its password or single sign-on happened. */
export type ReauthSession = { authenticatedAt?: string };

/** Until when a session's sign-in still counts as re-authentication, or null once it does not (ADR 055). */
export function reauthFreshUntil(session: ReauthSession | undefined, now: Date): Date | null {
  const at = session?.authenticatedAt ? Date.parse(session.authenticatedAt) : Number.NaN;
  if (!Number.isFinite(at)) return null;
  const until = at + REAUTH_WINDOW_MS;
  return until > now.getTime() ? new Date(until) : null;
}

/**
 * Asks for the current password again before a change that could take the account over (ADR 017):
 * the e-mail address, the MFA method and the recovery codes. A session alone is not enough, because a
 * stolen session must not outlive a password the thief does not know. Wrong passwords count toward
 * the sign-in failure budget (ADR 010), and a locked name is refused even with the right password, so
 * this is no way around the lockout. The right password gives its reserved unit back but does not
 * clear earlier failures (that is a sign-in's to do).
 * A sign-in within REAUTH_WINDOW_MS is proof enough without the password (ADR 055): the user has just
 * typed it (or come back from single sign-on). A password sent anyway is still checked.
 */
export function createReauth(deps: { db: Db; guard: LoginGuard; now: () => Date }) {
  const { db, guard, now } = deps;
  const lockedError = (until: Date) =>
    new AppError('rate_limited', LOGIN.FORM.ERROR.ACCOUNT_LOCKED, 'Too many wrong passwords. Please try again later.', {
      retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now().getTime()) / 1000)),
    });

  return {
    async confirmPassword(username: string, password: string | undefined, session?: ReauthSession): Promise<void> {
      if (!password && reauthFreshUntil(session, now())) return;
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
