import { usePortalMutation } from '../../../lib/use-portal-mutation.ts';
import { setAccountLocale } from './account.ts';
import { accountKeys } from './keys.ts';

/** The account's language (GET account/set-locale, then the status read again) as a mutation hook. */
export function useSetLocale() {
  const { trigger, isMutating } = usePortalMutation(accountKeys.setLocale, (p, locale: string) => setAccountLocale(p, locale));
  return { setLocale: trigger, saving: isMutating };
}
