import useSWRMutation from 'swr/mutation';
import { usePortal } from '../../../lib/portal.ts';
import { changePassword, type PasswordValues } from './change-password.ts';
import { accountKeys } from './keys.ts';

interface ChangePasswordArg {
  values: PasswordValues;
  endOthers: boolean;
  /** After the change (the snack, the status read again, closing the dialog); still counted as pending. */
  then: () => Promise<void>;
}

/**
 * The password change (PUT auth/change-password) as a mutation hook: `change` rejects with the failure;
 * `changing` from the request until `then` has run.
 */
export function useChangePassword() {
  const portal = usePortal();
  const { trigger, isMutating } = useSWRMutation(
    accountKeys.changePassword(portal),
    async ([, p], { arg }: { arg: ChangePasswordArg }) => {
      await changePassword(p, arg.values, arg.endOthers);
      await arg.then();
    },
    { revalidate: false },
  );
  return { change: trigger, changing: isMutating };
}
