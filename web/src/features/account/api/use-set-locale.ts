import useSWRMutation from 'swr/mutation';
import { usePortal } from '../../../lib/portal.ts';
import { setAccountLocale } from './account.ts';
import { accountKeys } from './keys.ts';

/** The account's language (GET account/set-locale, then the status read again) as a mutation hook. */
export function useSetLocale() {
  const portal = usePortal();
  const { trigger, isMutating } = useSWRMutation(
    accountKeys.setLocale(portal),
    ([, p], { arg }: { arg: string }) => setAccountLocale(p, arg),
    { revalidate: false },
  );
  return { setLocale: trigger, saving: isMutating };
}
