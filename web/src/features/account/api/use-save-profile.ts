import type { AccountUpdate } from '@portal/core/auth';
import { usePortalMutation } from '../../../lib/use-portal-mutation.ts';
import { saveProfile } from './account.ts';
import { accountKeys } from './keys.ts';

/**
 * The profile save (POST account) as a mutation hook: `save` resolves with the saved account (already in
 * the cache, the session read again) or rejects with the failure; `saving` while it is under way.
 */
export function useSaveProfile() {
  const { trigger, isMutating } = usePortalMutation(accountKeys.save, (p, update: AccountUpdate) => saveProfile(p, update));
  return { save: trigger, saving: isMutating };
}
