import { decodeAccess, LOGGED_OUT_STATUS, type SessionStatus } from '@portal/core/auth';
import { Messages, type ServiceMessage } from '@portal/core/shared';
import type { Account } from '../accounts/index.ts';
import { reauthFreshUntil } from '../accounts/index.ts';
import type { AccountMfa, MfaService } from './mfa/mfa-service.ts';
import type { SessionRecord } from './session-entity.ts';
import { isMfaSetUpPending, isStrongSession } from './strong-session.ts';

/** Days before expiry from which the status carries the 'going to expire' service message. */
const EXPIRY_WARNING_DAYS = 14;

export const isPasswordExpiredAt = (account: Account, at: Date) =>
  account.status === 'password expired' || (account.passwordExpiry !== null && Date.parse(account.passwordExpiry) <= at.getTime());

/** GET auth/status for the caller's account at `at` (read fresh on every request by the session middleware). */
export function sessionStatus(
  account: AccountMfa | null,
  session: SessionRecord | null,
  at: Date,
  mfa: Pick<MfaService, 'remainingRecoveryCodes'>,
  /** The customer's logo (ADR 084); '' without one, and the web shows the brand's mark. */
  brandingUrl = '',
): SessionStatus {
  if (!account || !session) return { ...LOGGED_OUT_STATUS };
  const signInMethod = session.method ?? 'password';
  const access = decodeAccess(account);
  return {
    loggedIn: true,
    passwordExpired: isPasswordExpiredAt(account, at),
    mayChangePassword: account.mayChangePassword,
    passwordExpiry: account.passwordExpiry,
    mfaStatus: account.mfaMethod,
    mfaNoticeDismissed: account.mfaNoticeDismissed === true,
    mfaSetupRequired: isMfaSetUpPending(account, session),
    ...(account.mfaMethod === 'none' ? {} : { recoveryCodesLeft: mfa.remainingRecoveryCodes(account) }),
    signInMethod,
    ...freshReauth(session, at),
    lastLogin: account.previousLogin ?? null,
    user: {
      username: account.username,
      email: account.email,
      firstname: account.firstname,
      surname: account.surname,
      securityFlag: account.securityFlag,
      brandingUrl,
      locale: account.locale,
      timezone: account.timezone,
      currencyObj: account.currency,
      ftpUploadDir: account.ftpUploadDir,
      documentDirname: account.documentDirname,
      fileSettings: account.fileSettings,
      permissions: access.permissions,
      settings: access.settings,
      modules: access.modules,
      strongAuthentication: isStrongSession(account, session),
    },
    serviceMessages: expiryMessages(account, at),
  };
}

/** Until when the sign-in stands in for the password (ADR 055), so the web can skip the prompt. */
function freshReauth(session: SessionRecord, at: Date): { reauthUntil?: string } {
  const until = reauthFreshUntil(session, at);
  return until ? { reauthUntil: until.toISOString() } : {};
}

function expiryMessages(account: Account, at: Date): ServiceMessage[] {
  if (!account.passwordExpiry || isPasswordExpiredAt(account, at)) return [];
  const daysLeft = (Date.parse(account.passwordExpiry) - at.getTime()) / 86_400_000;
  if (daysLeft > EXPIRY_WARNING_DAYS) return [];
  return [
    {
      type: 'warning',
      title: Messages.passwordNotice,
      message: Messages.passwordExpiring,
      unread: true,
    },
  ];
}
