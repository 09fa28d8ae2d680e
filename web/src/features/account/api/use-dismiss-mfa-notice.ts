import { usePortalMutation } from '../../../lib/use-portal-mutation.ts';
import { dismissMfaNotice } from './account.ts';
import { accountKeys } from './keys.ts';

/**
 * Closing the MFA notice (POST account/mfa-notice/dismiss) as a mutation hook. The notice hides while
 * `dismissing`; afterwards the status decides (dismissed on success, read again and shown on failure).
 */
export function useDismissMfaNotice() {
  const { trigger, isMutating } = usePortalMutation(accountKeys.dismissMfaNotice, (p) => dismissMfaNotice(p));
  return { dismiss: trigger, dismissing: isMutating };
}
