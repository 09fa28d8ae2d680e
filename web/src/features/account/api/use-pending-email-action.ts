import useSWRMutation from 'swr/mutation';
import { usePortal } from '../../../lib/portal.ts';
import { pendingEmailAction } from './account.ts';
import { accountKeys } from './keys.ts';

export type PendingEmailAction = 'resend' | 'cancel';

/**
 * 'Send link again' / 'Cancel change' of a pending e-mail address as mutation hooks: `run(action)` resolves
 * with the account (already in the cache) or rejects; `busy` names the action under way.
 */
export function usePendingEmailAction() {
  const portal = usePortal();
  const send =
    (action: PendingEmailAction) =>
    ([, p]: readonly [string, typeof portal, PendingEmailAction]) =>
      pendingEmailAction(p, action);
  const resend = useSWRMutation(accountKeys.pendingEmail(portal, 'resend'), send('resend'), { revalidate: false });
  const cancel = useSWRMutation(accountKeys.pendingEmail(portal, 'cancel'), send('cancel'), { revalidate: false });
  const busy: PendingEmailAction | null = resend.isMutating ? 'resend' : cancel.isMutating ? 'cancel' : null;
  return { run: (action: PendingEmailAction) => (action === 'resend' ? resend : cancel).trigger(), busy };
}
