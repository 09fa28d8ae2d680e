import { usePortalMutation } from '../../../lib/use-portal-mutation.ts';
import { requestPasswordReset, resetPassword, type ResetValues } from './forgot-password.ts';
import { authKeys } from './keys.ts';

/** 'Forgot password' (POST auth/forgot-password) as a mutation hook: `request` resolves with the outcome. */
export function useRequestPasswordReset() {
  const { trigger, isMutating } = usePortalMutation(authKeys.forgotPassword, (p, address: string) => requestPasswordReset(address, p));
  return { request: trigger, requesting: isMutating };
}

/** The new password of a reset link (POST auth/reset-password) as a mutation hook: `reset` resolves with the outcome. */
export function useResetPassword(token: string) {
  const { trigger, isMutating } = usePortalMutation(authKeys.resetPassword, (p, values: ResetValues) => resetPassword(token, values, p));
  return { reset: trigger, resetting: isMutating };
}
