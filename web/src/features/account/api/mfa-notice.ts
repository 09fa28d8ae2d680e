import type { SessionStatus } from '@portal/core';

/**
 * The date from which multi-factor authentication is activated for all accounts (SPEC 1: 'a given date
 * in March 2025'). The notice names it in the user's language.
 */
export const MFA_ACTIVATION_DATE = '2025-03-01';

/** Shown to signed-in users without MFA until they dismiss it for good (kept on the account). */
export function showMfaNotice(status: SessionStatus | undefined): boolean {
  return Boolean(status?.loggedIn && status.user && status.mfaStatus === 'none' && !status.mfaNoticeDismissed);
}
