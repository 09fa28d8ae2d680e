import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../errors.ts';
import { accountMails } from '../platform/mail/index.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import type { RateLimiter } from '../platform/security/rate-limiter.ts';
import { getAccount } from './account-entity.ts';
import type { Account, StoredAccount } from './account-record.ts';
import { cancelEmailChange, confirmEmailChange, getEmailChangeToken, putEmailChange } from './email-change-entity.ts';
import { ACCOUNT } from '@portal/core/auth';

const LINK_VALID_HOURS = 24;
/** Confirmation links one account may have mailed per hour (requests and resends together). */
const LINKS_PER_ACCOUNT = { name: 'email-change', limit: 5, windowSeconds: 3600 };

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Changing the e-mail address (ADR 017): the new address counts only once the link mailed to it is
 * followed; the old address is told when the change is asked for and when it is done. Password reset
 * and sign-in codes keep going to the confirmed `email` until then.
 */
export function createEmailChangeService(deps: { db: Db; mailer: Mailer; rateLimiter: RateLimiter; appUrl: string; now: () => Date }) {
  const { db, mailer, now } = deps;
  const invalidLink = () =>
    new AppError(
      'input',
      ACCOUNT.EMAIL_LINK_INVALID,
      'This link is invalid, was already used or has expired. Please request a new one from My Account.',
    );

  /** A new token for `address`, recorded on the account, and the link mailed to that address. */
  async function sendLink(account: Account, address: string) {
    await deps.rateLimiter.hit(LINKS_PER_ACCOUNT, account.usernameKey);
    const token = randomBytes(32).toString('base64url');
    const validUntil = new Date(now().getTime() + LINK_VALID_HOURS * 3_600_000).toISOString();
    await putEmailChange(db, account.username, { address, tokenHash: sha256(token), validUntil });
    const link = `${deps.appUrl}/confirm-email?token=${token}`;
    await mailer.send(await accountMails.confirmNewAddress(address, account.locale, account.username, link, LINK_VALID_HOURS));
  }

  const load = async (username: string) => {
    const account = await getAccount(db, username);
    if (!account) throw new AppError('not_found', ACCOUNT.NOT_FOUND, 'Account not found');
    return account;
  };

  return {
    /** The address waiting for confirmation, while its link is valid. */
    pendingOf(account: StoredAccount): { address: string; validUntil: string } | null {
      const change = account.emailChange;
      if (!change || Date.parse(change.validUntil) <= now().getTime()) return null;
      return { address: change.address, validUntil: change.validUntil };
    },

    /** Starts a change (the caller has checked the password): link to the new address, notice to the old. */
    async request(account: Account, address: string) {
      await sendLink(account, address);
      await mailer.send(await accountMails.changeRequested(account.email, account.locale, account.username, address));
    },

    /** Mails a fresh link for the pending address (older links stop working). */
    async resend(username: string) {
      const account = await load(username);
      const change = account.emailChange;
      if (!change) throw new AppError('input', ACCOUNT.NO_EMAIL_CHANGE, 'There is no e-mail address change to confirm.');
      await sendLink(account, change.address);
    },

    async cancel(username: string) {
      const change = (await load(username)).emailChange;
      if (change) await cancelEmailChange(db, username, change.tokenHash);
    },

    /** Follows a mailed link: the new address becomes the account's, and the old one hears of it. */
    async confirm(token: string) {
      const tokenHash = sha256(token);
      const stored = await getEmailChangeToken(db, tokenHash);
      if (!stored || Date.parse(stored.validUntil) <= now().getTime()) throw invalidLink();
      const account = await getAccount(db, stored.username);
      const change = account?.emailChange;
      if (!account || change?.tokenHash !== tokenHash) throw invalidLink();
      if (!(await confirmEmailChange(db, account.username, change, now()))) throw invalidLink();
      await mailer.send(await accountMails.changeCompleted(account.email, account.locale, account.username, change.address));
      return { success: true as const, email: change.address };
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
