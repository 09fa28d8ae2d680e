import { randomBytes } from 'node:crypto';
import type { Portal } from '@portal/core/shared';
import { MfaState, MFA } from '@portal/core/auth';
import type { StoredAccount } from '../../accounts/index.ts';
import {
  type MfaCalls,
  sha256,
  ATTEMPT_VALID_MS,
  EMAIL_CODE_VALID_MS,
  EMAIL_CODES_PER_ATTEMPT,
  EMAIL_CODE_INTERVAL_MS,
  SIGNIN_CODES_PER_ACCOUNT,
} from './mfa-shared.ts';
import { applied } from '../../platform/db/conditions.ts';
import { accountMails } from '../../platform/mail/index.ts';
import { AppError } from '../../errors.ts';
import { claimTotpStep, consumeRecoveryCode } from './account-mfa-entity.ts';
import { deleteAttempt, getAttempt, putAttempt, recordEmailCode } from './mfa-attempt-entity.ts';
import { hashCode, isRecoveryCodeShape, randomDigits, sameHash } from './one-time-codes.ts';
import { verifyTotp } from './totp.ts';

type AccountMfa = StoredAccount;

/** The second step of a sign-in (ADR 012): which one, its attempt, the code's check, the e-mailed code. */
export function mfaSignInStep(calls: MfaCalls) {
  const { db, secrets, mailer, now, expired, load } = calls;
  return {
    /** The login-result state an account's password step leads to, if any. */
    requiredStep(account: AccountMfa): 10 | 20 | null {
      if (account.mfaMethod !== 'none') return MfaState.firstStepPassed;
      return account.mfaRequired ? MfaState.mustBeSetUp : null;
    },

    /** Starts the second step: a pending attempt whose token goes into an HttpOnly cookie. */
    async begin(account: AccountMfa, portal: Portal) {
      const token = randomBytes(32).toString('base64url');
      const validUntil = new Date(now().getTime() + ATTEMPT_VALID_MS);
      await putAttempt(db, { tokenHash: sha256(token), username: account.username, portal, validUntil: validUntil.toISOString() });
      return { token, maxAgeSeconds: ATTEMPT_VALID_MS / 1000 };
    },

    /**
     * Checks a second factor for the attempt in the cookie: a TOTP code (app method), an e-mailed code
     * (e-mail method) or a recovery code (either). True once; the attempt ends on success.
     */
    async verify(account: AccountMfa, attemptToken: string | undefined, code: string): Promise<boolean> {
      if (!attemptToken) throw expired();
      const tokenHash = sha256(attemptToken);
      const attempt = await getAttempt(db, tokenHash);
      if (!attempt || attempt.username !== account.username || Date.parse(attempt.validUntil) <= now().getTime()) {
        throw expired();
      }
      let ok = false;
      if (isRecoveryCodeShape(code)) {
        const hash = hashCode(code, `recovery:${account.usernameKey}`);
        const codes = account.recoveryCodeHashes ?? [];
        ok =
          codes.some((h) => sameHash(h, hash)) &&
          (await consumeRecoveryCode(
            db,
            account.username,
            codes.filter((h) => h !== hash),
            hash,
          ));
      } else if (account.mfaMethod === 'app' && account.totpSecret) {
        const secret = await secrets.decrypt(account.totpSecret, account.usernameKey);
        const step = await verifyTotp(secret, code, now(), account.totpLastStep);
        ok = step !== null && (await claimTotpStep(db, account.username, step));
      } else if (account.mfaMethod === 'email' && attempt.emailCodeHash && attempt.emailCodeValidUntil) {
        const hash = hashCode(code, `attempt:${tokenHash}`);
        ok =
          Date.parse(attempt.emailCodeValidUntil) > now().getTime() &&
          sameHash(hash, attempt.emailCodeHash) &&
          (await deleteAttempt(db, tokenHash, attempt.emailCodeHash));
        return ok;
      }
      if (ok) await deleteAttempt(db, tokenHash);
      return ok;
    },

    /** GET /send-otp-code: e-mails a 6-digit code for the pending attempt (e-mail method only). */
    async sendEmailCode(attemptToken: string | undefined) {
      if (!attemptToken) throw expired();
      const tokenHash = sha256(attemptToken);
      const attempt = await getAttempt(db, tokenHash);
      const at = now();
      if (!attempt || Date.parse(attempt.validUntil) <= at.getTime()) throw expired();
      const account = await load(attempt.username);
      if (account.mfaMethod !== 'email') {
        throw new AppError('input', MFA.EMAIL_NOT_ENABLED, 'Your account uses an authenticator app. Enter the code it shows.');
      }
      const last = attempt.lastEmailCodeAt ? Date.parse(attempt.lastEmailCodeAt) : 0;
      if ((attempt.emailCodesSent ?? 0) >= EMAIL_CODES_PER_ATTEMPT || at.getTime() - last < EMAIL_CODE_INTERVAL_MS) {
        throw new AppError('rate_limited', MFA.TOO_MANY_CODES, 'A code was sent recently. Please check your mailbox or wait a moment.', {
          retryAfterSeconds: Math.max(1, Math.ceil((last + EMAIL_CODE_INTERVAL_MS - at.getTime()) / 1000)),
        });
      }
      await calls.rateLimiter.hit(SIGNIN_CODES_PER_ACCOUNT, account.usernameKey);
      const code = randomDigits(6);
      const sent = recordEmailCode(db, attempt, hashCode(code, `attempt:${tokenHash}`), new Date(at.getTime() + EMAIL_CODE_VALID_MS), at);
      if (!(await applied(sent))) throw expired();
      await mailer.send(await accountMails.signInCode(account.email, account.locale, code, EMAIL_CODE_VALID_MS / 60_000));
      return { message: 'OTP code sent' };
    },
  };
}
