import { isSupportedLocale, Messages, type Portal } from '@portal/core/shared';
import type { AccountUpdate } from '@portal/core/auth';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../errors.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import type { RateLimiter } from '../platform/security/rate-limiter.ts';
import { getAccount, setAccountLocale, updateAccountProfile } from './account-entity.ts';
import { createEmailChangeService } from './email-change-service.ts';
import type { Reauth, ReauthSession } from './reauth.ts';
import { ACCOUNT } from '@portal/core/auth';

/** The caller's own account (SPEC 3 Account): read, edit the profile, choose the locale. */
export function createAccountService(deps: {
  db: Db;
  reauth: Reauth;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  appUrl: string;
  now: () => Date;
}) {
  const { db, now } = deps;
  const emailChange = createEmailChangeService(deps);

  const load = async (username: string) => {
    const account = await getAccount(db, username);
    if (!account) throw new AppError('not_found', ACCOUNT.NOT_FOUND, 'Account not found');
    return account;
  };

  async function profile(username: string) {
    const account = await load(username);
    const { email, firstname, surname, jobTitle, customerId } = account;
    return { email, firstname, surname, jobTitle, customerId, pendingEmail: emailChange.pendingOf(account) };
  }

  return {
    profile,

    /**
     * POST account: 'Changes saved successfully'. Names and job title save with the session; a new
     * e-mail address needs the current password and only counts once its mailed link is followed.
     */
    async updateProfile(username: string, form: AccountUpdate, session?: ReauthSession) {
      const account = await load(username);
      const address = form.email.trim();
      const newAddress = address.toLowerCase() !== account.email.trim().toLowerCase();
      // Checked before anything is written: a wrong password saves nothing.
      if (newAddress) await deps.reauth.confirmPassword(username, form.currentPassword, session);
      await updateAccountProfile(db, username, form, now());
      if (newAddress) await emailChange.request(account, address);
      return { ...(await profile(username)), message: Messages.changesSaved };
    },

    /** POST account/email/resend: a fresh link to the address waiting for confirmation. */
    async resendEmailChange(username: string) {
      await emailChange.resend(username);
      return profile(username);
    },

    /** POST account/email/cancel: the pending address is dropped; the confirmed one stays. */
    async cancelEmailChange(username: string) {
      await emailChange.cancel(username);
      return profile(username);
    },

    /** POST account/email/confirm {token}: the mailed link (no session needed; the token is the proof). */
    confirmEmailChange: (token: string) => emailChange.confirm(token),

    /** GET account/set-locale: only the portal's supported locales (SPEC 5). */
    async setLocale(username: string, portal: Portal, locale: string) {
      if (!isSupportedLocale(portal, locale)) {
        throw new AppError('input', ACCOUNT.LOCALE_UNSUPPORTED, `Locale ${locale} is not supported`, {
          issues: [{ path: 'locale', message: 'Unsupported locale' }],
        });
      }
      await setAccountLocale(db, username, locale, now());
      return { locale };
    },
  };
}
