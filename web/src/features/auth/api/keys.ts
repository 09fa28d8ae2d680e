import type { Portal } from '@portal/core/shared';
import { KeyScope } from '../../../lib/query-keys.ts';

/** The auth feature's mutation keys (no cached data under them). */
export const authKeys = {
  forgotPassword: (portal: Portal) => [KeyScope.passwordForgot, portal] as const,
  resetPassword: (portal: Portal) => [KeyScope.passwordReset, portal] as const,
};
