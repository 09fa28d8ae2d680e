import type { Portal } from '@portal/core/shared';
import { LoginResult } from '@portal/core/auth';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';
import { getPasskey, PasskeyRequestOptions } from '../../../lib/webauthn.ts';

/** The login card shows failures itself: no snack alert, no auth dialog (as POST auth/signin). */
const quiet = (portal: Portal) => ({ portal, notify: false, authDialog: false });

/**
 * 'Sign in with a passkey' (ADR 098, 112): discoverable, no username. Options naming no account, the browser's
 * prompt, then POST auth/passkeys/signin, whose answer is a login result like a password sign-in's.
 */
export async function signInWithPasskey(portal: Portal): Promise<LoginResult> {
  const options = quiet(portal);
  const optionsJSON = await readJson(await api(options).auth.passkeys.signin.options.$post(), PasskeyRequestOptions, options);
  const response = await getPasskey(optionsJSON);
  return readJson(await api(options).auth.passkeys.signin.$post({ json: { response } }), LoginResult, options);
}

/**
 * 'Use your passkey' at the second step of a password sign-in (SPEC 4 mfaFirstStepPassed, ADR 112): options
 * for the pending attempt (its HttpOnly cookie; the account's own passkeys only), the prompt, then POST
 * auth/passkeys/mfa with the username and password again, as the code step sends them.
 */
export async function secondFactorWithPasskey(portal: Portal, username: string, password: string): Promise<LoginResult> {
  const options = quiet(portal);
  const optionsJSON = await readJson(await api(options).auth.passkeys.mfa.options.$post(), PasskeyRequestOptions, options);
  const response = await getPasskey(optionsJSON);
  return readJson(await api(options).auth.passkeys.mfa.$post({ json: { username, password, response } }), LoginResult, options);
}
