import { MFA } from '@portal/core/auth';
import { type MfaCalls, EMAIL_CODE_VALID_MS, QR_CODE_PIXELS, SETUP_CODES_PER_HOUR } from './mfa-shared.ts';
import type { ReauthSession } from '../../accounts/index.ts';
import { AppError } from '../../errors.ts';
import { accountMails } from '../../platform/mail/index.ts';
import { activateMfa, dismissMfaNotice, replaceRecoveryCodes, setPendingEmailCode, setPendingTotpSecret } from './account-mfa-entity.ts';
import { hashCode, randomDigits, sameHash } from './one-time-codes.ts';
import { newTotpSecret, totpUri, verifyTotp } from './totp.ts';

/** Setting a factor up (ADR 012, ADR 055: each change asks for the password or a fresh sign-in): app, e-mail, recovery codes. */
export function mfaSetup(calls: MfaCalls) {
  const { db, secrets, mailer, now, load, issueRecoveryCodes } = calls;
  return {
    /**
     * POST auth/secret-code/new: a new pending secret for the authenticator app (the current password
     * first: choosing a factor is the owner's, ADR 017). Answers the secret as text for typing and as a
     * QR code (PNG data URL), in this one answer only: no later call shows a pending secret again (ADR 052),
     * so a session taken over mid set-up cannot read it; a user who lost it asks for a new one (password).
     */
    async newAppSecret(username: string, password: string | undefined, session?: ReauthSession) {
      await calls.reauth.confirmPassword(username, password, session);
      const account = await load(username);
      const secret = await newTotpSecret();
      await setPendingTotpSecret(db, account.username, await secrets.encrypt(secret, account.usernameKey));
      // qrcode with pngjs and pako is loaded on the first QR code, not at the API's cold start (ADR 038).
      const { default: QRCode } = await import('qrcode');
      const png = await QRCode.toBuffer(await totpUri(secret, account.username, calls.issuer), {
        type: 'png',
        width: QR_CODE_PIXELS,
        margin: 1,
      });
      return { secret, issuer: calls.issuer, account: account.username, qr: `data:image/png;base64,${png.toString('base64')}` };
    },

    /** POST auth/secret-code: activates the app method when the code matches the pending secret. */
    async activateApp(username: string, code: string, password: string | undefined, session?: ReauthSession) {
      await calls.reauth.confirmPassword(username, password, session);
      const account = await load(username);
      if (!account.totpPendingSecret) throw new AppError('input', MFA.NO_PENDING_SECRET, 'Scan the QR code first.');
      const secret = await secrets.decrypt(account.totpPendingSecret, account.usernameKey);
      const step = await verifyTotp(secret, code, now());
      if (step === null)
        throw new AppError('input', MFA.WRONG_CODE, 'The code does not match. Please try again.', {
          issues: [{ path: 'secretCode', message: 'The code does not match' }],
        });
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
      await calls.reauth.confirmPassword(username, password, session);
      const account = await load(username);
      await calls.rateLimiter.hit(SETUP_CODES_PER_HOUR, account.usernameKey);
      const code = randomDigits(6);
      const validUntil = new Date(now().getTime() + EMAIL_CODE_VALID_MS).toISOString();
      await setPendingEmailCode(db, account.username, hashCode(code, `setup:${account.usernameKey}`), validUntil);
      await mailer.send(await accountMails.setupCode(account.email, account.locale, code, EMAIL_CODE_VALID_MS / 60_000));
      return { message: 'OTP code sent' };
    },

    async activateEmail(username: string, code: string, password: string | undefined, session?: ReauthSession) {
      await calls.reauth.confirmPassword(username, password, session);
      const account = await load(username);
      const pending = account.pendingEmailCode;
      const ok =
        pending !== undefined &&
        Date.parse(pending.validUntil) > now().getTime() &&
        sameHash(hashCode(code, `setup:${account.usernameKey}`), pending.codeHash);
      if (!ok)
        throw new AppError('input', MFA.WRONG_CODE, 'The code does not match. Please try again.', {
          issues: [{ path: 'secretCode', message: 'The code does not match' }],
        });
      const { codes, hashes } = await issueRecoveryCodes(account.username);
      if (!(await activateMfa(db, account.username, 'email', { recoveryCodeHashes: hashes }))) {
        throw new AppError('conflict', MFA.SETUP_CHANGED, 'The set-up changed meanwhile. Please request a new code.');
      }
      return { success: true as const, recoveryCodes: codes };
    },

    /** New recovery codes; the old ones stop working. */
    async regenerateRecoveryCodes(username: string, password: string | undefined, session?: ReauthSession) {
      await calls.reauth.confirmPassword(username, password, session);
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
  };
}
