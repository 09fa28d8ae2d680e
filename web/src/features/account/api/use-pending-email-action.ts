import { usePortalMutation } from '../../../lib/use-portal-mutation.ts';
import { pendingEmailAction } from './account.ts';
import { accountKeys } from './keys.ts';

export type PendingEmailAction = 'resend' | 'cancel';

/**
 * 'Send link again' / 'Cancel change' of a pending e-mail address as mutation hooks: `run(action)` resolves
 * with the account (already in the cache) or rejects; `busy` names the action under way.
 */
export function usePendingEmailAction() {
  const resend = usePortalMutation(
    (p) => accountKeys.pendingEmail(p, 'resend'),
    (p) => pendingEmailAction(p, 'resend'),
  );
  const cancel = usePortalMutation(
    (p) => accountKeys.pendingEmail(p, 'cancel'),
    (p) => pendingEmailAction(p, 'cancel'),
  );
  const busy: PendingEmailAction | null = resend.isMutating ? 'resend' : cancel.isMutating ? 'cancel' : null;
  return { run: (action: PendingEmailAction) => (action === 'resend' ? resend : cancel).trigger(), busy };
}
