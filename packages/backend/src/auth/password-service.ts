import { createHash, randomBytes } from 'node:crypto';
import { Messages } from '@portal/core/shared';
import { type ChangePasswordForm, type ResetPasswordForm, resetInstructionsSentMessage, LOGIN, PASSWORD } from '@portal/core/auth';
import { type Account, findAccountsByEmail, getAccount, replacePassword, type LoginGuard } from '../accounts/index.ts';
import type { Db } from '../platform/db/client.ts';
import { isConditionFailure } from '../platform/db/conditions.ts';
import { AppError } from '../errors.ts';
import { accountMails } from '../platform/mail/index.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import type { RateLimiter } from '../platform/security/rate-limiter.ts';
import { verifyPassword } from '../platform/security/password-hash.ts';

import { getResetToken, putResetToken, replacePasswordByResetLink } from './reset-token-entity.ts';
import type { SessionStore } from './sessions.ts';
import { acceptNewPassword } from './new-password.ts';

export { PASSWORD_HISTORY } from './new-password.ts';

const RESET_VALID_MS = 30 * 60_000;
const FORGOT_PER_IP = { name: 'forgot-ip', limit: 5, windowSeconds: 60 };
const RESET_MAILS_PER_ACCOUNT = { name: 'forgot-account', limit: 3, windowSeconds: 3600 };
const RESET_CHECKS_PER_IP = { name: 'reset-check-ip', limit: 20, windowSeconds: 60 };
/** forgot-password answers no sooner than this, known name or not (ADR 017). */
export const FORGOT_ANSWER_FLOOR_MS = 600;

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export function createPasswordService(deps: {
  db: Db;
  sessions: SessionStore;
  guard: LoginGuard;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  passwordHashCost: number;
  passwordMaxAgeDays: number;
  appUrl: string;
  now: () => Date;
  /** Default FORGOT_ANSWER_FLOOR_MS; lower only where a test does not measure it (BackendAdapters). */
  forgotAnswerFloorMs?: number;
}) {
  const { db, sessions, guard, now } = deps;
  const forgotAnswerFloorMs = deps.forgotAnswerFloorMs ?? FORGOT_ANSWER_FLOOR_MS;

  /** One single-use link to the account, within its mail budget (RESET_MAILS_PER_ACCOUNT; over it: 429). */
  async function mailResetLink(account: Pick<Account, 'username' | 'usernameKey' | 'email' | 'locale'>) {
    await deps.rateLimiter.hit(RESET_MAILS_PER_ACCOUNT, account.usernameKey);
    const token = randomBytes(32).toString('base64url');
    await putResetToken(db, sha256(token), account.username, new Date(now().getTime() + RESET_VALID_MS));
    const link = `${deps.appUrl}/forgot-password?token=${token}`;
    await deps.mailer.send(
      await accountMails.passwordReset(account.email, account.locale, account.username, link, RESET_VALID_MS / 60_000),
    );
  }

  /** A single-use link to every account the identifier names (by username, else all with that e-mail). */
  async function mailResetLinks(typed: string) {
    const byName = await getAccount(db, typed);
    const accounts = byName ? [byName] : typed.includes('@') ? (await findAccountsByEmail(db, typed)).items : [];
    for (const account of accounts) {
      try {
        await mailResetLink(account);
      } catch (error) {
        // Enough links in flight: answer as always. A store fault is not a limit (503, ADR 025).
        if (error instanceof AppError && error.kind === 'rate_limited') continue;
        throw error;
      }
    }
  }

  const invalidLink = () =>
    new AppError('input', PASSWORD.RESET_LINK_INVALID, 'This link is invalid or has expired. Please request a new one.');

  const changeFailed = () => new AppError('conflict', PASSWORD.CHANGE_FAILED, Messages.passwordChangeFailed);

  return {
    /** A reset link to one account on its administrator's request (ADR 113); over the account's mail budget: 429. */
    mailResetLink,

    /**
     * PUT auth/change-password. Ends the account's other sessions (as a reset does) unless the body
     * says `endOtherSessions: false`; the session making the change stays signed in.
     */
    async change(username: string, currentSessionHash: string, input: ChangePasswordForm & { endOtherSessions?: boolean }) {
      const account = await getAccount(db, username);
      if (!account) throw changeFailed();
      // Counts toward the sign-in budget, reserved before checking: a stolen session must not be a
      // password oracle, not even with parallel requests.
      const reservation = await guard.reserve(username);
      if (!reservation.ok) {
        throw new AppError('rate_limited', LOGIN.FORM.ERROR.ACCOUNT_LOCKED, 'account locked', {
          retryAfterSeconds: Math.max(1, Math.ceil((reservation.lockedUntil.getTime() - now().getTime()) / 1000)),
        });
      }
      if (!(await verifyPassword(input.currentPassword, account.passwordHash))) {
        throw new AppError('input', PASSWORD.CURRENT_MISMATCH, Messages.currentPasswordMismatch, {
          issues: [{ path: 'currentPassword', message: Messages.currentPasswordMismatch }],
        });
      }
      await guard.release(reservation);
      const change = await acceptNewPassword(account, input.newPassword, deps);
      try {
        await replacePassword(db, account, change);
      } catch (error) {
        if (isConditionFailure(error)) throw changeFailed();
        throw error;
      }
      const endedSessions = input.endOtherSessions !== false ? await sessions.revokeAll(username, currentSessionHash) : 0;
      return { success: true as const, message: Messages.passwordChanged, endedSessions };
    },

    /**
     * POST auth/forgot-password: the same answer whether or not an account matches (no enumeration),
     * and at the same time: never before FORGOT_ANSWER_FLOOR_MS, so the link and mail work of a known
     * name cannot be told from the lookup of an unknown one. (Padding rather than answering first and
     * working after: a Lambda is frozen once it has answered, so detached work could be lost.)
     * Each matching account (by username, or all accounts with that e-mail) gets a single-use link.
     */
    async requestReset(identifier: string, ip: string | undefined) {
      await deps.rateLimiter.hit(FORGOT_PER_IP, ip ?? 'unknown');
      const started = performance.now();
      const typed = identifier.trim();
      await mailResetLinks(typed);
      // The floor sits well above a lookup plus a mail (~40 ms locally, ~150 ms with SES).
      const left = forgotAnswerFloorMs - (performance.now() - started);
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
      return { message: resetInstructionsSentMessage(typed) };
    },

    /**
     * POST auth/reset-password/check: whether an e-mailed link can still be used, so the page can say
     * so before the form is filled in. Does not use the link up; limited per address like forgot-password.
     */
    async checkResetToken(token: string, ip: string | undefined) {
      await deps.rateLimiter.hit(RESET_CHECKS_PER_IP, ip ?? 'unknown');
      const found = await getResetToken(db, sha256(token));
      if (!found || Date.parse(found.validUntil) <= now().getTime()) throw invalidLink();
      return { valid: true as const };
    },

    /** Sets a new password through an e-mailed link, then ends every session of the account. */
    async reset(input: ResetPasswordForm) {
      const tokenHash = sha256(input.token);
      const token = await getResetToken(db, tokenHash);
      const invalid = invalidLink();
      if (!token || Date.parse(token.validUntil) <= now().getTime()) throw invalid;
      const account = await getAccount(db, token.username);
      if (!account) throw invalid;
      const change = await acceptNewPassword(account, input.newPassword, deps);
      try {
        await replacePasswordByResetLink(db, tokenHash, account, change);
      } catch (error) {
        if (isConditionFailure(error)) throw invalid;
        throw error;
      }
      await sessions.revokeAll(account.username);
      await guard.clear(account.username);
      return { success: true as const, message: Messages.passwordChanged };
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
