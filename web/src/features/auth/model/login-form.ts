import type { Portal } from '@portal/core/shared';
import {
  isLoginFailureCode,
  LoginFormSchema,
  type LoginResult,
  loginFailureMessage,
  MfaState,
  type SessionStatus,
  LOGIN,
} from '@portal/core/auth';
import { ApiError, ClientErrorCode } from '../../../lib/api-client.ts';
import { schemaErrors } from '../../../lib/forms.ts';
import { signInDestination } from '../../../lib/auth.ts';
import { portalPaths } from '../../../lib/paths.ts';
import { failedToSignIn, type LoginErrors, type LoginValues } from './login-values.ts';

/**
 * Login form logic, free of React so it is unit-tested. The rules themselves are core's
 * (`LoginFormSchema`: username and password required, whitespace-only is empty; secret code digits only).
 * It loads with the data layer (app/data-layer.tsx), not with the login page: the card's plain parts
 * (values, visible errors, request body) are in login-values.ts.
 */

/** Every field's first failing rule. The secret code counts only in the multi-factor step. */
export function loginFormErrors(values: LoginValues, mfaStep: boolean): LoginErrors {
  const input = mfaStep ? values : { username: values.username, password: values.password };
  return schemaErrors(LoginFormSchema, input);
}

/**
 * What a failed login shows under the heading 'Authentication failed' (SPEC 8). `message` is a core text
 * (translated by the caller) or the server's own message; `retryAfter` is set for 429.
 */
export interface LoginFailure {
  message: string;
  rateLimited: boolean;
  retryAfter?: number;
  /** The pending second step is gone (LOGIN.FORM.ERROR.MFA_EXPIRED): start again with the password. */
  restart?: boolean;
  /** A lock by failed attempts: whole minutes until it ends (the same for unknown names, ADR 010). */
  lockedForMinutes?: number;
  /** Signed in on the wrong portal: the one the account belongs to (only two exist). */
  rightPortal?: Portal;
}

/** 'In about N minutes' for a lock's Retry-After: rounded up, never 0. */
export const lockMinutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** What a failed sign-in shows; `portal` is the one signed in on (for the wrong-portal link). */
export function loginFailure(error: unknown, portal?: Portal): LoginFailure {
  if (error instanceof ApiError) {
    if (error.status === 429) {
      return {
        message: error.message,
        rateLimited: true,
        ...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}),
      };
    }
    if (error.code === ClientErrorCode.network || error.code === ClientErrorCode.invalidResponse) {
      return failedToSignIn;
    }
    // A known LOGIN.FORM.ERROR code shows its message; otherwise the server's message as received,
    // or 'Invalid username or password' when it is empty (core's loginFailureMessage).
    return {
      message: loginFailureMessage(isLoginFailureCode(error.code) ? error.code : error.message),
      rateLimited: false,
      ...(error.code === LOGIN.FORM.ERROR.MFA_EXPIRED ? { restart: true } : {}),
      ...(error.code === LOGIN.FORM.ERROR.ACCOUNT_LOCKED && error.retryAfter !== undefined
        ? { lockedForMinutes: lockMinutes(error.retryAfter) }
        : {}),
      ...(error.code === LOGIN.FORM.ERROR.WRONG_URL && portal
        ? { rightPortal: portal === 'ordering' ? ('connect' as const) : ('ordering' as const) }
        : {}),
    };
  }
  return failedToSignIn;
}

/** A 200 answer that neither succeeded nor asks for a multi-factor step is a failure too. */
export function loginResultFailure(result: LoginResult): LoginFailure {
  return { message: loginFailureMessage(result.response.message), rateLimited: false };
}

/** What to do with a login result. */
export type LoginOutcome = 'mfaCode' | 'mfaSetup' | 'signedIn' | 'failed';

export function loginOutcome(result: LoginResult): LoginOutcome {
  if (result.response.mfa === MfaState.firstStepPassed) return 'mfaCode';
  if (result.response.mfa === MfaState.mustBeSetUp) return 'mfaSetup';
  return result.response.success ? 'signedIn' : 'failed';
}

/**
 * Where a successful login (password or single sign-on) goes: an account that must set up MFA goes to
 * its portal's MFA set-up page; otherwise the portal's landing page (an expired password lands on My
 * Account, where the change-password dialog opens), or the page asked for before the sign-in when the
 * landing rules allow (lib/auth `signInDestination`).
 */
export function afterLoginPath(outcome: 'mfaSetup' | 'signedIn', status: SessionStatus, portal: Portal = 'ordering'): string {
  return outcome === 'mfaSetup' ? portalPaths(portal).mfaSetup : signInDestination(portal, status);
}
