import { createHash } from 'node:crypto';
import { AUTH, LOGIN } from '@portal/core/auth';
import { getAccount } from '../../accounts/index.ts';
import type { Reauth } from '../../accounts/index.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { RateLimiter } from '../../platform/security/rate-limiter.ts';
import { hashCode, newRecoveryCodes } from './one-time-codes.ts';
import type { SecretBox } from './secret-box.ts';

/** What the second step of sign-in and the set-up of a factor share (ADR 012). */
export const ATTEMPT_VALID_MS = 10 * 60_000;
export const EMAIL_CODE_VALID_MS = 10 * 60_000;
export const EMAIL_CODES_PER_ATTEMPT = 5;
export const EMAIL_CODE_INTERVAL_MS = 30_000;
/** The QR code's size: what the set-up page shows (web account/api/mfa.ts QR_HEIGHT). */
export const QR_CODE_PIXELS = 200;
export const SETUP_CODES_PER_HOUR = { name: 'mfa-setup-mail', limit: 5, windowSeconds: 3600 };
/** Sign-in codes mailed to one account, over all its attempts: fresh attempts must not flood its inbox. */
export const SIGNIN_CODES_PER_ACCOUNT = { name: 'mfa-signin-mail', limit: 3, windowSeconds: 900 };

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export type MfaDeps = {
  db: Db;
  secrets: SecretBox;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** Every change of the factor or the recovery codes asks for the current password, or a sign-in of the last minutes (ADR 055). */
  reauth: Reauth;
  issuer: string;
  now: () => Date;
};

/** The account of a call, its expired attempt, fresh recovery codes. */
export function mfaShared(deps: MfaDeps) {
  const { db } = deps;
  const expired = () => new AppError('auth', LOGIN.FORM.ERROR.MFA_EXPIRED, 'Your sign-in has expired. Please enter your password again.');

  const load = async (username: string) => {
    const account = await getAccount(db, username);
    if (!account) throw new AppError('auth', AUTH.REQUIRED, 'Please login to access this section');
    return account;
  };

  async function issueRecoveryCodes(username: string) {
    const codes = newRecoveryCodes();
    return { codes, hashes: codes.map((c) => hashCode(c, `recovery:${username.toLowerCase()}`)) };
  }

  return { ...deps, expired, load, issueRecoveryCodes };
}

export type MfaCalls = ReturnType<typeof mfaShared>;
