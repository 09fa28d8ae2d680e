import useSWRMutation from 'swr/mutation';
import { usePortal } from '../../../lib/portal.ts';
import { dismissMfaNotice } from './account.ts';
import { accountKeys } from './keys.ts';

/**
 * Closing the MFA notice (POST account/mfa-notice/dismiss) as a mutation hook. The notice hides while
 * `dismissing`; afterwards the status decides (dismissed on success, read again and shown on failure).
 */
export function useDismissMfaNotice() {
  const portal = usePortal();
  const { trigger, isMutating } = useSWRMutation(accountKeys.dismissMfaNotice(portal), ([, p]) => dismissMfaNotice(p), {
    revalidate: false,
  });
  return { dismiss: trigger, dismissing: isMutating };
}
