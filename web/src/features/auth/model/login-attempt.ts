import type { Portal } from '@portal/core/shared';
import type { LoginResult, SessionStatus } from '@portal/core/auth';
import { translate } from '../../../i18n/index.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/auth.ts';
import { setLoginResult } from '../../../lib/session.ts';
import { PasskeyUnavailable } from '../../../lib/webauthn.ts';
import { secondFactorWithPasskey, signInWithPasskey } from '../api/passkeys.ts';
import { signIn } from '../api/sign-in.ts';
import { afterLoginPath, type LoginFailure, loginFailure, loginFormErrors, loginOutcome, loginResultFailure } from './login-form.ts';
import { type LoginValues, signInBody } from './login-values.ts';

/** What one press of the login card's submit button came to; the card shows it. */
export type LoginAttempt =
  /** The values break a rule of the form (typed before the rules had loaded): nothing was sent. */
  | { kind: 'invalid' }
  /** `passkey`: the account has one, so the step offers 'Use your passkey' beside the code (ADR 112). */
  | { kind: 'mfaCode'; method: 'app' | 'email' | undefined; passkey: boolean }
  | { kind: 'failed'; failure: LoginFailure }
  | { kind: 'signedIn'; destination: string; status: SessionStatus; result: LoginResult };

/**
 * The login card's submit (SPEC 2 Login): check the form, POST auth/signin, and after a success store the
 * login result and read the session status again, which decides where the user goes.
 */
export async function attemptLogin(values: LoginValues, mfaStep: boolean, portal: Portal): Promise<LoginAttempt> {
  if (Object.keys(loginFormErrors(values, mfaStep)).length > 0) return { kind: 'invalid' };
  try {
    return await settle(await signIn(signInBody(values, mfaStep), portal), portal);
  } catch (error) {
    return { kind: 'failed', failure: loginFailure(error, portal) };
  }
}

/** What a login result comes to; after a success the login result is stored and the session status read again. */
async function settle(result: LoginResult, portal: Portal): Promise<LoginAttempt> {
  const outcome = loginOutcome(result);
  if (outcome === 'mfaCode') return { kind: 'mfaCode', method: result.response.mfaMethod, passkey: result.response.passkey === true };
  if (outcome === 'failed') return { kind: 'failed', failure: loginResultFailure(result) };
  setLoginResult(portal, result);
  const status = await refreshSession(portal);
  return { kind: 'signedIn', destination: afterLoginPath(outcome, status, portal), status, result };
}

/**
 * A sign-in with a passkey (ADR 098, 112): discoverable from the login card (no values), or as the second
 * step of a password sign-in with its username and password. The browser's refusals (prompt closed, no
 * WebAuthn) and the passkey errors of the API show in words of the page's language; the rest like a login failure.
 */
export async function attemptPasskeyLogin(
  portal: Portal,
  secondStepOf?: Pick<LoginValues, 'username' | 'password'>,
): Promise<LoginAttempt> {
  try {
    const result = secondStepOf
      ? await secondFactorWithPasskey(portal, secondStepOf.username, secondStepOf.password)
      : await signInWithPasskey(portal);
    return await settle(result, portal);
  } catch (error) {
    if (error instanceof PasskeyUnavailable) return { kind: 'failed', failure: { message: translate(error.failure), rateLimited: false } };
    if (error instanceof ApiError && error.code.startsWith('PASSKEY.')) {
      return { kind: 'failed', failure: { message: errorMessage(error), rateLimited: false } };
    }
    return { kind: 'failed', failure: loginFailure(error, portal) };
  }
}
