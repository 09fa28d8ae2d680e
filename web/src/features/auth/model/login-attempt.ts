import type { Portal } from '@portal/core/shared';
import type { LoginResult, SessionStatus } from '@portal/core/auth';
import { refreshSession } from '../../../lib/auth.ts';
import { setLoginResult } from '../../../lib/session.ts';
import { signIn } from '../api/sign-in.ts';
import { afterLoginPath, type LoginFailure, loginFailure, loginFormErrors, loginOutcome, loginResultFailure } from './login-form.ts';
import { type LoginValues, signInBody } from './login-values.ts';

/** What one press of the login card's submit button came to; the card shows it. */
export type LoginAttempt =
  /** The values break a rule of the form (typed before the rules had loaded): nothing was sent. */
  | { kind: 'invalid' }
  | { kind: 'mfaCode'; method: 'app' | 'email' | undefined }
  | { kind: 'failed'; failure: LoginFailure }
  | { kind: 'signedIn'; destination: string; status: SessionStatus; result: LoginResult };

/**
 * The login card's submit (SPEC 2 Login): check the form, POST auth/signin, and after a success store the
 * login result and read the session status again, which decides where the user goes.
 */
export async function attemptLogin(values: LoginValues, mfaStep: boolean, portal: Portal): Promise<LoginAttempt> {
  if (Object.keys(loginFormErrors(values, mfaStep)).length > 0) return { kind: 'invalid' };
  try {
    const result = await signIn(signInBody(values, mfaStep), portal);
    const outcome = loginOutcome(result);
    if (outcome === 'mfaCode') return { kind: 'mfaCode', method: result.response.mfaMethod };
    if (outcome === 'failed') return { kind: 'failed', failure: loginResultFailure(result) };
    setLoginResult(portal, result);
    const status = await refreshSession(portal);
    return { kind: 'signedIn', destination: afterLoginPath(outcome, status, portal), status, result };
  } catch (error) {
    return { kind: 'failed', failure: loginFailure(error, portal) };
  }
}
