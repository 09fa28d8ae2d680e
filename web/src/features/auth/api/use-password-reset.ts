import useSWRMutation from 'swr/mutation';
import { usePortal } from '../../../lib/portal.ts';
import { requestPasswordReset, resetPassword, type ResetValues } from './forgot-password.ts';
import { authKeys } from './keys.ts';

/** 'Forgot password' (POST auth/forgot-password) as a mutation hook: `request` resolves with the outcome. */
export function useRequestPasswordReset() {
  const portal = usePortal();
  const { trigger, isMutating } = useSWRMutation(
    authKeys.forgotPassword(portal),
    ([, p], { arg: address }: { arg: string }) => requestPasswordReset(address, p),
    { revalidate: false },
  );
  return { request: trigger, requesting: isMutating };
}

/** The new password of a reset link (POST auth/reset-password) as a mutation hook: `reset` resolves with the outcome. */
export function useResetPassword(token: string) {
  const portal = usePortal();
  const { trigger, isMutating } = useSWRMutation(
    authKeys.resetPassword(portal),
    ([, p], { arg: values }: { arg: ResetValues }) => resetPassword(token, values, p),
    { revalidate: false },
  );
  return { reset: trigger, resetting: isMutating };
}
