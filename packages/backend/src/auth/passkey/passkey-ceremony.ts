import { randomBytes } from 'node:crypto';
import { verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import { PASSKEY } from '@portal/core/auth';
import type { Portal } from '@portal/core/shared';
import type { Reauth } from '../../accounts/index.ts';
import type { Db } from '../../platform/db/client.ts';
import type { RateLimiter } from '../../platform/security/rate-limiter.ts';
import type { AuditLog } from '../audit-log.ts';
import type { AuthService } from '../auth-service.ts';
import { AppError } from '../../errors.ts';
import { type PasskeyChallenge, type PasskeyCredential, putChallenge, recordCredentialUse, takeChallenge } from './passkey-entity.ts';
import { relyingParty } from './relying-party.ts';

/** What the passkey service is built from (ADR 098). */
export type PasskeyDeps = {
  db: Db;
  reauth: Reauth;
  audit: AuditLog;
  rateLimiter: RateLimiter;
  /** The sign-in service's last step: the session, the last-login record, the login result. */
  issueSession: AuthService['issueSession'];
  /** Client addresses' sign-in budget per minute, shared with the password sign-in (ADR 010). */
  signInsPerIpPerMinute: number;
  appUrl: string;
  rpName: string;
  now: () => Date;
};

/** How long a ceremony's challenge is good for (ADR 098): the browser's own timeout for the prompt. */
export const CHALLENGE_VALID_MS = 5 * 60_000;

/** What a challenge is bound to besides its purpose and portal: the account, and for a second factor its attempt. */
type Binding = Pick<PasskeyChallenge, 'username' | 'attempt'>;
/** What every verification of the library starts from (ADR 098 items 2, 8, 9). */
type Expected = { expectedChallenge: string; expectedOrigin: string[]; expectedRPID: string; requireUserVerification: true };

/** The challenge a response answers, read from its clientDataJSON (the library checks it again). */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    return typeof data === 'object' && data !== null && 'challenge' in data && typeof data.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * What the WebAuthn ceremonies share (ADR 098, 112): single-use challenges with a short life, the expectations
 * every verification starts from (the taken challenge, the relying party, user verification), the check of an
 * assertion against a stored credential with its counter, and their refusals.
 */
export function passkeyCeremony(deps: { db: Db; now: () => Date; appUrl: string }) {
  const { db, now } = deps;
  const challengeInvalid = () => new AppError('auth', PASSKEY.CHALLENGE_INVALID, 'This passkey request has expired. Please try again.');

  /** The challenge a response answers, taken (single use) if it serves this purpose, portal, account and attempt. */
  async function take(clientDataJSON: string, purpose: PasskeyChallenge['purpose'], portal: Portal, binding: Binding = {}) {
    const challenge = challengeOf(clientDataJSON);
    const taken = challenge ? await takeChallenge(db, challenge, purpose, now()) : null;
    if (!taken || taken.portal !== portal || taken.username !== binding.username || taken.attempt !== binding.attempt) {
      throw challengeInvalid();
    }
    return taken.challenge;
  }

  return {
    notVerified: () => new AppError('auth', PASSKEY.NOT_VERIFIED, 'The passkey could not be verified. Please try again.'),

    /** A fresh challenge stored for one ceremony; the library base64url-encodes the bytes as the response will carry them. */
    async newChallenge(purpose: PasskeyChallenge['purpose'], portal: Portal, binding: Binding = {}): Promise<Uint8Array<ArrayBuffer>> {
      const bytes = new Uint8Array(randomBytes(32));
      const validUntil = new Date(now().getTime() + CHALLENGE_VALID_MS).toISOString();
      const challenge = Buffer.from(bytes).toString('base64url');
      await putChallenge(db, { challenge, purpose, portal, validUntil, ...binding });
      return bytes;
    },

    /**
     * The verification's preamble of every ceremony: the response's challenge taken (single use, else 401
     * CHALLENGE_INVALID), the relying party of the request's host, user verification required.
     */
    async expected(
      clientDataJSON: string,
      purpose: PasskeyChallenge['purpose'],
      portal: Portal,
      host: string | undefined,
      binding?: Binding,
    ): Promise<Expected> {
      const expectedChallenge = await take(clientDataJSON, purpose, portal, binding);
      const { rpID, origins } = relyingParty(deps.appUrl, host);
      return { expectedChallenge, expectedOrigin: origins, expectedRPID: rpID, requireUserVerification: true as const };
    },

    /**
     * An assertion checked against the stored credential; on success its counter is stored on the condition of
     * the value read, so of a cloned authenticator racing the original at most one passes (ADR 098 item 7).
     */
    async assert(response: AuthenticationResponseJSON, credential: PasskeyCredential, expected: Expected): Promise<boolean> {
      const verification = await verifyAuthenticationResponse({
        response,
        ...expected,
        credential: {
          id: credential.credentialId,
          publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
          counter: credential.counter,
          ...(credential.transports ? { transports: credential.transports } : {}),
        },
      }).catch(() => null);
      if (!verification?.verified) return false;
      return recordCredentialUse(db, credential, verification.authenticationInfo.newCounter, now());
    },
  };
}
