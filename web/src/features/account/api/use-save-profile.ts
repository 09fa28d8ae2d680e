import type { AccountUpdate } from '@portal/core/auth';
import useSWRMutation from 'swr/mutation';
import { usePortal } from '../../../lib/portal.ts';
import { saveProfile } from './account.ts';
import { accountKeys } from './keys.ts';

/**
 * The profile save (POST account) as a mutation hook: `save` resolves with the saved account (already in
 * the cache, the session read again) or rejects with the failure; `saving` while it is under way.
 */
export function useSaveProfile() {
  const portal = usePortal();
  const { trigger, isMutating } = useSWRMutation(
    accountKeys.save(portal),
    ([, p], { arg }: { arg: AccountUpdate }) => saveProfile(p, arg),
    { revalidate: false },
  );
  return { save: trigger, saving: isMutating };
}
