import type { Portal } from '@portal/core/shared';
import { mutate } from 'swr';
import { KeyScope } from '../../../lib/query-keys.ts';

/** The account feature's SWR keys (session-bound: keyed by the portal whose session reads them). */
export const accountKeys = {
  account: (portal: Portal) => [KeyScope.account, portal] as const,
  sessions: (portal: Portal) => [KeyScope.sessions, portal] as const,
  passkeys: (portal: Portal) => [KeyScope.passkeys, portal] as const,
  /** The profile save mutation (no cached data). */
  save: (portal: Portal) => [KeyScope.profileSave, portal] as const,
  /** The other writes of My Account (mutation keys, no cached data). */
  changePassword: (portal: Portal) => [KeyScope.passwordChange, portal] as const,
  pendingEmail: (portal: Portal, action: 'resend' | 'cancel') => [KeyScope.pendingEmail, portal, action] as const,
  setLocale: (portal: Portal) => [KeyScope.localeSave, portal] as const,
  endOthers: (portal: Portal) => [KeyScope.sessionsEnd, portal] as const,
  mfaActivate: (portal: Portal, method: 'app' | 'email') => [KeyScope.mfaActivate, portal, method] as const,
  mfaEmailStart: (portal: Portal) => [KeyScope.mfaEmailStart, portal] as const,
  dismissMfaNotice: (portal: Portal) => [KeyScope.mfaNoticeDismiss, portal] as const,
};

/** A write answered with the account: it replaces the cached one, no new read. */
export const putAccount = <A>(portal: Portal, saved: A) => mutate(accountKeys.account(portal), saved, { revalidate: false });

/** The account is read again (it changed elsewhere, e.g. a confirmed e-mail address). */
export const revalidateAccount = (portal: Portal) => mutate(accountKeys.account(portal));
