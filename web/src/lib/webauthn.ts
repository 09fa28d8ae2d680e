import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import * as z from '@portal/core/zod';

/**
 * The browser half of passkeys (WebAuthn, ADR 098, 112): @simplewebauthn/browser, downloaded at the first
 * passkey gesture (a dynamic import), so it is no part of the login page's first bytes (budgets.json). The
 * API's options pass through as the library expects them; the library's own checks run on them.
 */
const library = () => import('@simplewebauthn/browser');

const withChallenge = (value: unknown) =>
  typeof value === 'object' && value !== null && 'challenge' in value && typeof value.challenge === 'string';
export const PasskeyRequestOptions = z.custom<PublicKeyCredentialRequestOptionsJSON>(withChallenge);
export const PasskeyCreationOptions = z.custom<PublicKeyCredentialCreationOptionsJSON>(withChallenge);

/** Why the browser gave no passkey answer: a text key of the bundled `auth` catalogue. */
export type PasskeyBrowserFailure = 'auth.passkey.cancelled' | 'auth.passkey.unsupported' | 'auth.passkey.alreadyRegistered';

export class PasskeyUnavailable extends Error {
  constructor(readonly failure: PasskeyBrowserFailure) {
    super(failure);
  }
}

/**
 * The browser's refusals in words (ADR 112): the user closed the prompt or it timed out (NotAllowedError),
 * the authenticator already holds a passkey of this account (InvalidStateError at registration), or the
 * browser has no WebAuthn. Anything else is no browser refusal (null): the caller shows it as an API failure.
 */
function browserFailure(error: unknown): PasskeyBrowserFailure | null {
  if (error instanceof PasskeyUnavailable) return error.failure;
  if (!(error instanceof Error)) return null;
  if (error.name === 'InvalidStateError' || ('code' in error && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')) {
    return 'auth.passkey.alreadyRegistered';
  }
  if (error.name === 'NotAllowedError' || error.name === 'AbortError') return 'auth.passkey.cancelled';
  if (error.name === 'NotSupportedError' || error.name === 'SecurityError') return 'auth.passkey.unsupported';
  return null;
}

async function ceremony<T>(run: (lib: Awaited<ReturnType<typeof library>>) => Promise<T>): Promise<T> {
  const lib = await library();
  if (!lib.browserSupportsWebAuthn()) throw new PasskeyUnavailable('auth.passkey.unsupported');
  try {
    return await run(lib);
  } catch (error) {
    const failure = browserFailure(error);
    throw failure ? new PasskeyUnavailable(failure) : error;
  }
}

/** The API uses no extension (core's passkey contract accepts their outputs empty): they are not sent. */
function withoutExtensions<R extends AuthenticationResponseJSON | RegistrationResponseJSON>(
  response: R,
): Omit<R, 'clientExtensionResults'> & { clientExtensionResults: Record<string, never> } {
  const { clientExtensionResults: _unused, ...rest } = response;
  return { ...rest, clientExtensionResults: {} };
}

/** navigator.credentials.get with the API's options: the assertion to post back. */
export const getPasskey = (optionsJSON: PublicKeyCredentialRequestOptionsJSON) =>
  ceremony(async (lib) => withoutExtensions(await lib.startAuthentication({ optionsJSON })));

/** The transports WebAuthn names today (core's contract takes these); a browser's newer ones are left out. */
const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const isKnownTransport = (value: string): value is (typeof TRANSPORTS)[number] => TRANSPORTS.some((known) => known === value);

/** navigator.credentials.create with the API's options: the new credential to post back. */
export const createPasskey = (optionsJSON: PublicKeyCredentialCreationOptionsJSON) =>
  ceremony(async (lib) => {
    const created = withoutExtensions(await lib.startRegistration({ optionsJSON }));
    const { transports, ...response } = created.response;
    return { ...created, response: { ...response, ...(transports ? { transports: transports.filter(isKnownTransport) } : {}) } };
  });
