import { createHash, randomBytes } from 'node:crypto';
import type { Portal } from '@portal/core/shared';
import { MfaState, AUTH, LOGIN, MFA } from '@portal/core/auth';
import { getAccount, type StoredAccount, type Reauth, type ReauthSession } from '../../accounts/index.ts';
import type { Db } from '../../platform/db/client.ts';
import { applied } from '../../platform/db/conditions.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { RateLimiter } from '../../platform/security/rate-limiter.ts';
import {
  activateMfa,
  claimTotpStep,
  consumeRecoveryCode,
  dismissMfaNotice,
  replaceRecoveryCodes,
  setPendingEmailCode,
  setPendingTotpSecret,
} from './account-mfa-entity.ts';
import { deleteAttempt, getAttempt, putAttempt, recordEmailCode } from './mfa-attempt-entity.ts';
import { hashCode, isRecoveryCodeShape, newRecoveryCodes, randomDigits, sameHash } from './one-time-codes.ts';
import type { SecretBox } from './secret-box.ts';
import { newTotpSecret, totpUri, verifyTotp } from './totp.ts';

/**
 * Multi-factor authentication (ADR 012): authenticator app (TOTP), e-mailed codes, recovery codes.
 * The sign-in service calls `begin` after a right password and `verify` with the code; the account
 * routes call the set-up functions.
 */
const ATTEMPT_VALID_MS = 10 * 60_000;
const EMAIL_CODE_VALID_MS = 10 * 60_000;
const EMAIL_CODES_PER_ATTEMPT = 5;
const EMAIL_CODE_INTERVAL_MS = 30_000;
/** The QR code's size: what the set-up page shows (web account/api/mfa.ts QR_HEIGHT). */
const QR_CODE_PIXELS = 200;
const SETUP_CODES_PER_HOUR = { name: 'mfa-setup-mail', limit: 5, windowSeconds: 3600 };
/** Sign-in codes mailed to one account, over all its attempts: fresh attempts must not flood its inbox. */
const SIGNIN_CODES_PER_ACCOUNT = { name: 'mfa-signin-mail', limit: 3, windowSeconds: 900 };

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The account with its second-factor state, as stored (account-record.ts). */
export type AccountMfa = StoredAccount;

export function createMfaService(deps: {
  db: Db;
  secrets: SecretBox;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** Every change of the factor or the recovery codes asks for the current password, or a sign-in of the last minutes (ADR 055). */
  reauth: Reauth;
  issuer: string;
  now: () => Date;
}) {
  const { db, secrets, mailer, now } = deps;
  const expired = () =>
    new AppError('auth', LOGIN.FORM.ERROR.MFA_EXPIRED, 'Your sign-in has expired. Please enter your password again.');

  const load = async (username: string) => {
    const account = await getAccount(db, username);
    if (!account) throw new AppError('auth', AUTH.REQUIRED, 'Please login to access this section');
    return account;
  };

  async function issueRecoveryCodes(username: string) {
    const codes = newRecoveryCodes();
    return { codes, hashes: codes.map((c) => hashCode(c, `recovery:${username.toLowerCase()}`)) };
  }

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
        ok = codes.some((h) => sameHash(h, hash)) && (await consumeRecoveryCode(db, account.username, codes.filter((h) => h !== hash), hash));
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
      await deps.rateLimiter.hit(SIGNIN_CODES_PER_ACCOUNT, account.usernameKey);
      const code = randomDigits(6);
      const sent = recordEmailCode(db, attempt, hashCode(code, `attempt:${tokenHash}`), new Date(at.getTime() + EMAIL_CODE_VALID_MS), at);
      if (!(await applied(sent))) throw expired();
      await mailer.send({
        to: account.email,
        subject: 'Your sign-in code',
        text: `Your portal sign-in code is ${code}.\n\nIt is valid for 10 minutes and works once. If you did not try to sign in, change your password.`,
      });
      return { message: 'OTP code sent' };
    },

    /**
     * POST auth/secret-code/new: a new pending secret for the authenticator app (the current password
     * first: choosing a factor is the owner's, ADR 017). Answers the secret as text for typing and as a
     * QR code (PNG data URL), in this one answer only: no later call shows a pending secret again (ADR 052),
     * so a session taken over mid set-up cannot read it; a user who lost it asks for a new one (password).
     */
    async newAppSecret(username: string, password: string | undefined, session?: ReauthSession) {
      await deps.reauth.confirmPassword(username, password, session);
      const account = await load(username);
      const secret = await newTotpSecret();
      await setPendingTotpSecret(db, account.username, await secrets.encrypt(secret, account.usernameKey));
      // qrcode with pngjs and pako is loaded on the first QR code, not at the API's cold start (ADR 038).
      const { default: QRCode } = await import('qrcode');
      const png = await QRCode.toBuffer(await totpUri(secret, account.username, deps.issuer), { type: 'png', width: QR_CODE_PIXELS, margin: 1 });
      return { secret, issuer: deps.issuer, account: account.username, qr: `data:image/png;base64,${png.toString('base64')}` };
    },

    /** POST auth/secret-code: activates the app method when the code matches the pending secret. */
    async activateApp(username: string, code: string, password: string | undefined, session?: ReauthSession) {
      await deps.reauth.confirmPassword(username, password, session);
      const account = await load(username);
      if (!account.totpPendingSecret) throw new AppError('input', MFA.NO_PENDING_SECRET, 'Scan the QR code first.');
      const secret = await secrets.decrypt(account.totpPendingSecret, account.usernameKey);
      const step = await verifyTotp(secret, code, now());
      if (step === null) throw new AppError('input', MFA.WRONG_CODE, 'The code does not match. Please try again.', { issues: [{ path: 'secretCode', message: 'The code does not match' }] });
      const { codes, hashes } = await issueRecoveryCodes(account.username);
      const ok = await activateMfa(db, account.username, 'app', {
        totpSecret: account.totpPendingSecret,
        totpLastStep: step,
        recoveryCodeHashes: hashes,
        expectPendingSecret: account.totpPendingSecret,
      });
      if (!ok) throw new AppError('conflict', MFA.SETUP_CHANGED, 'The set-up changed meanwhile. Please scan the new QR code.');
      return { success: true as const, recoveryCodes: codes };
    },

    /** Starts switching to e-mail codes: sends a code to the account's address to prove it is reachable. */
    async startEmailSetup(username: string, password: string | undefined, session?: ReauthSession) {
      await deps.reauth.confirmPassword(username, password, session);
      const account = await load(username);
      await deps.rateLimiter.hit(SETUP_CODES_PER_HOUR, account.usernameKey);
      const code = randomDigits(6);
      const validUntil = new Date(now().getTime() + EMAIL_CODE_VALID_MS).toISOString();
      await setPendingEmailCode(db, account.username, hashCode(code, `setup:${account.usernameKey}`), validUntil);
      await mailer.send({
        to: account.email,
        subject: 'Confirm sign-in codes by e-mail',
        text: `Your confirmation code is ${code}.\n\nEnter it in My Account within 10 minutes to receive sign-in codes by e-mail.`,
      });
      return { message: 'OTP code sent' };
    },

    async activateEmail(username: string, code: string, password: string | undefined, session?: ReauthSession) {
      await deps.reauth.confirmPassword(username, password, session);
      const account = await load(username);
      const pending = account.pendingEmailCode;
      const ok =
        pending !== undefined &&
        Date.parse(pending.validUntil) > now().getTime() &&
        sameHash(hashCode(code, `setup:${account.usernameKey}`), pending.codeHash);
      if (!ok) throw new AppError('input', MFA.WRONG_CODE, 'The code does not match. Please try again.', { issues: [{ path: 'secretCode', message: 'The code does not match' }] });
      const { codes, hashes } = await issueRecoveryCodes(account.username);
      if (!(await activateMfa(db, account.username, 'email', { recoveryCodeHashes: hashes }))) {
        throw new AppError('conflict', MFA.SETUP_CHANGED, 'The set-up changed meanwhile. Please request a new code.');
      }
      return { success: true as const, recoveryCodes: codes };
    },

    /** New recovery codes; the old ones stop working. */
    async regenerateRecoveryCodes(username: string, password: string | undefined, session?: ReauthSession) {
      await deps.reauth.confirmPassword(username, password, session);
      const account = await load(username);
      const { codes, hashes } = await issueRecoveryCodes(account.username);
      if (account.mfaMethod === 'none' || !(await replaceRecoveryCodes(db, account.username, hashes))) {
        throw new AppError('input', MFA.NOT_ACTIVE, 'Set up multi-factor authentication first.');
      }
      return { recoveryCodes: codes };
    },

    async dismissNotice(username: string) {
      await dismissMfaNotice(db, username);
      return { success: true as const };
    },

    remainingRecoveryCodes: (account: AccountMfa) => account.recoveryCodeHashes?.length ?? 0,
  };
}

export type MfaService = ReturnType<typeof createMfaService>;
