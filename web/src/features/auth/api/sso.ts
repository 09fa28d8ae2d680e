import type { Portal } from '@portal/core/shared';
import { LoginResult, SsoCompleteInput, SsoStartResult, SSO_CALLBACK_PATHS } from '@portal/core/auth';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';

/**
 * "Continue with Microsoft" (SPEC 2, 7; ADR 009). The card asks GET auth/sso for the provider's sign-in
 * URL and sends the browser there; the provider comes back to the portal's callback page, which posts
 * code, state and (when sent) iss to POST auth/sso and continues like a password sign-in.
 */
export const SSO_PROVIDER = 'Microsoft';

/** GET auth/sso?provider=Microsoft&app=<portal>&callback=<the portal's callback page>. */
export async function startSso(portal: Portal): Promise<string> {
  const options = { portal, notify: false, authDialog: false };
  const res = await api(options).auth.sso.$get({
    query: { provider: SSO_PROVIDER, app: portal, callback: SSO_CALLBACK_PATHS[portal] },
  });
  return (await readJson(res, SsoStartResult, options)).url;
}

/** What the callback page's query says. */
export type SsoCallback =
  | { kind: 'providerError'; error: string; description: string | undefined }
  | { kind: 'complete'; input: SsoCompleteInput }
  | { kind: 'invalid' };

/**
 * Reads the callback query: `error=…` (the user cancelled, or the provider refused) needs no API call;
 * otherwise code and state (and iss when present) become the POST auth/sso body.
 */
export function readSsoCallback(search: string, portal: Portal): SsoCallback {
  const query = new URLSearchParams(search);
  const error = query.get('error');
  if (error) {
    return { kind: 'providerError', error, description: query.get('error_description') || undefined };
  }
  const iss = query.get('iss');
  const parsed = SsoCompleteInput.safeParse({
    app: portal,
    code: query.get('code') ?? '',
    state: query.get('state') ?? '',
    ...(iss ? { iss } : {}),
  });
  return parsed.success ? { kind: 'complete', input: parsed.data } : { kind: 'invalid' };
}

/**
 * A state works once (ADR 009). A callback page mounted twice (React's development double effects, a
 * re-render) must not post it twice; the second post would fail and hide the first one's success.
 */
const postedStates = new Set<string>();
export const claimSsoState = (state: string): boolean => (postedStates.has(state) ? false : (postedStates.add(state), true));

/** POST auth/sso: the login result and the session cookie, like POST auth/signin. */
export async function completeSso(input: SsoCompleteInput, portal: Portal) {
  const options = { portal, notify: false, authDialog: false };
  return readJson(await api(options).auth.sso.$post({ json: input }), LoginResult, options);
}
