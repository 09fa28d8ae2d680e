import { ADMIN } from '@portal/core/auth';
import { expireAccountPassword } from '../accounts/index.ts';
import { resetMfa } from '../auth/index.ts';
import { AppError } from '../errors.ts';
import type { AdminActor, AdminContext } from './admin-audited.ts';
import { notFound } from './admin-input.ts';

/** The repairs a user cannot do alone (ADR 013): unlock, reset MFA, expire a password, disable, enable. */
export function accountRepairs(ctx: AdminContext) {
  const { db, now, sessions, guard, audited, accountTarget, existingAccount, updateAccount, setStatus } = ctx;
  return {
    /** Clears the sign-in failure budget and lock (ADR 010) and, if an administrator locked it, the status. */
    async unlock(actor: AdminActor, username: string) {
      return audited(actor, 'unlock', accountTarget(username), async () => {
        const account = await existingAccount(username);
        const lockedUntil = await guard.lockedUntil(account.username);
        await guard.clear(account.username);
        const statusChanged = await setStatus(account.username, 'active', 'locked');
        const result = { username: account.username, loginLockCleared: lockedUntil !== null, statusChanged };
        return { result, details: { loginLockedUntil: lockedUntil?.toISOString() ?? null, statusChanged } };
      });
    },

    /**
     * Removes the account's second factor (secret, recovery codes, pending set-up) and ends its sessions:
     * the user signs in with the password alone (or sets MFA up again when it is required).
     */
    async resetMfa(actor: AdminActor, username: string) {
      return audited(actor, 'reset-mfa', accountTarget(username), async () => {
        const account = await existingAccount(username);
        if (!(await resetMfa(db, account.username))) throw notFound(username.trim());
        const sessionsEnded = await sessions.revokeAll(account.username);
        const result = { username: account.username, previousMethod: account.mfaMethod, sessionsEnded };
        return { result, details: { previousMethod: account.mfaMethod, sessionsEnded } };
      });
    },

    /** Sets the password's expiry to now: the next request or sign-in goes to My Account to renew it. */
    async expirePassword(actor: AdminActor, username: string) {
      return audited(actor, 'expire-password', accountTarget(username), async () => {
        const account = await existingAccount(username);
        const expiry = now().toISOString();
        const written = await updateAccount(account.username, (at) => expireAccountPassword(db, account.username, expiry, at));
        if (!written) {
          // Such a user could never renew it: the account would be unusable.
          throw new AppError(
            'input',
            ADMIN.PASSWORD_CHANGE_NOT_ALLOWED,
            `Account '${account.username}' may not change its password; expiring it would shut the user out`,
          );
        }
        return { result: { username: account.username, passwordExpiry: expiry }, details: { passwordExpiry: expiry } };
      });
    },

    /** Locks the account (status 'locked') and ends every session it has, on both portals. */
    async disable(actor: AdminActor, username: string) {
      return audited(actor, 'disable', accountTarget(username), async () => {
        const account = await existingAccount(username);
        // The status first: from here on no sign-in succeeds, so no session appears after the sweep.
        await setStatus(account.username, 'locked');
        const sessionsEnded = await sessions.revokeAll(account.username);
        return {
          result: { username: account.username, sessionsEnded },
          details: { previousStatus: account.status, sessionsEnded },
        };
      });
    },

    /** Lifts an administrator's lock (status 'locked' -> 'active'); other statuses stay as they are. */
    async enable(actor: AdminActor, username: string) {
      return audited(actor, 'enable', accountTarget(username), async () => {
        const account = await existingAccount(username);
        const statusChanged = await setStatus(account.username, 'active', 'locked');
        return { result: { username: account.username, statusChanged }, details: { statusChanged } };
      });
    },
  };
}
