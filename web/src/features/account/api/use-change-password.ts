import { usePortalMutation } from '../../../lib/use-portal-mutation.ts';
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
  const { trigger, isMutating } = usePortalMutation(accountKeys.changePassword, async (p, arg: ChangePasswordArg) => {
    await changePassword(p, arg.values, arg.endOthers);
    await arg.then();
  });
  return { change: trigger, changing: isMutating };
}
