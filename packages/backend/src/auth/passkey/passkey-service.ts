import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { AUTH, LOGIN, PASSKEY } from '@portal/core/auth';
import type { Portal } from '@portal/core/shared';
import { getAccount, type Reauth, type ReauthSession } from '../../accounts/index.ts';
import type { Db } from '../../platform/db/client.ts';
import { isAddressAllowed } from '../../platform/security/ip-allowlist.ts';
import type { RateLimiter } from '../../platform/security/rate-limiter.ts';
import { AppError } from '../../errors.ts';
import type { AuditLog } from '../audit-log.ts';
import { SIGNIN_PER_IP, type AuthService, type RequestMeta } from '../auth-service.ts';
import {
  addCredential,
  ensurePasskeyUserId,
  getCredential,
  listCredentials,
  MAX_PASSKEYS,
  type PasskeyCredential,
  putChallenge,
  recordCredentialUse,
  removeCredential,
  renameCredential,
  takeChallenge,
} from './passkey-entity.ts';
import { relyingParty } from './relying-party.ts';

/** How long a ceremony's challenge is good for (ADR 098): the browser's own timeout for the prompt. */
export const CHALLENGE_VALID_MS = 5 * 60_000;

/** A passkey as My Account lists it: never the public key. */
export type PasskeySummary = Pick<PasskeyCredential, 'credentialId' | 'name' | 'createdAt' | 'lastUsedAt' | 'backedUp'>;

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

const summary = (c: PasskeyCredential): PasskeySummary => ({
  credentialId: c.credentialId,
  name: c.name,
  createdAt: c.createdAt,
  ...(c.lastUsedAt ? { lastUsedAt: c.lastUsedAt } : {}),
  ...(c.backedUp === undefined ? {} : { backedUp: c.backedUp }),
});

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
 * Passkeys (WebAuthn, ADR 098) with @simplewebauthn/server: registration from My Account after
 * re-authentication (ADR 055), discoverable sign-in counting as strong authentication, list, rename, remove.
 * User verification is required in both ceremonies; the signature counter may only go up.
 */
export function createPasskeyService(deps: PasskeyDeps) {
  const { db, now } = deps;
  const challengeInvalid = () => new AppError('auth', PASSKEY.CHALLENGE_INVALID, 'This passkey request has expired. Please try again.');
  const notVerified = () => new AppError('auth', PASSKEY.NOT_VERIFIED, 'The passkey could not be verified. Please try again.');

  /** A fresh challenge stored for one ceremony; the library base64url-encodes the bytes as the response will carry them. */
  async function newChallenge(purpose: 'register' | 'signin', portal: Portal, username?: string): Promise<Uint8Array<ArrayBuffer>> {
    const bytes = new Uint8Array(randomBytes(32));
    const validUntil = new Date(now().getTime() + CHALLENGE_VALID_MS).toISOString();
    const challenge = Buffer.from(bytes).toString('base64url');
    await putChallenge(db, { challenge, purpose, portal, validUntil, ...(username ? { username } : {}) });
    return bytes;
  }

  /** The challenge a response answers, taken (single use) if it serves this purpose, portal and account. */
  async function take(clientDataJSON: string, purpose: 'register' | 'signin', portal: Portal, username?: string) {
    const challenge = challengeOf(clientDataJSON);
    const taken = challenge ? await takeChallenge(db, challenge, purpose, now()) : null;
    if (!taken || taken.portal !== portal || taken.username !== username) throw challengeInvalid();
    return taken.challenge;
  }

  return {
    /** POST auth/passkeys/registration/options: after re-authentication (ADR 055), like every factor change. */
    async registrationOptions(username: string, portal: Portal, currentPassword: string | undefined, session: ReauthSession) {
      await deps.reauth.confirmPassword(username, currentPassword, session);
      const account = await getAccount(db, username);
      if (!account) throw new AppError('auth', AUTH.REQUIRED, 'Please login to access this section');
      const existing = await listCredentials(db, username);
      if (existing.length >= MAX_PASSKEYS) {
        throw new AppError('conflict', PASSKEY.TOO_MANY, 'You have registered the most passkeys allowed. Remove one first.');
      }
      const userId = await ensurePasskeyUserId(db, username, randomBytes(32).toString('base64url'));
      const { rpID } = relyingParty(deps.appUrl);
      const options = await generateRegistrationOptions({
        rpName: deps.rpName,
        rpID,
        userName: account.username,
        userID: new Uint8Array(Buffer.from(userId, 'base64url')),
        userDisplayName: `${account.firstname} ${account.surname}`.trim() || account.username,
        challenge: await newChallenge('register', portal, account.username),
        attestationType: 'none',
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        excludeCredentials: existing.map((c) => ({ id: c.credentialId, ...(c.transports ? { transports: c.transports } : {}) })),
        timeout: CHALLENGE_VALID_MS,
      });
      return options;
    },

    /** POST auth/passkeys/registration: the authenticator's answer to the options above. */
    async register(username: string, portal: Portal, host: string | undefined, response: RegistrationResponseJSON, name: string) {
      const expectedChallenge = await take(response.response.clientDataJSON, 'register', portal, username);
      const { rpID, origins } = relyingParty(deps.appUrl, host);
      const verification = await verifyRegistrationResponse({
        response,
        expectedChallenge,
        expectedOrigin: origins,
        expectedRPID: rpID,
        requireUserVerification: true,
      }).catch(() => null);
      if (!verification?.verified) throw notVerified();
      const { credential, credentialBackedUp } = verification.registrationInfo;
      const stored: PasskeyCredential = {
        credentialId: credential.id,
        username,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        ...(credential.transports ? { transports: credential.transports } : {}),
        name,
        createdAt: now().toISOString(),
        backedUp: credentialBackedUp,
      };
      const added = await addCredential(db, stored);
      if (added === 'taken') throw new AppError('conflict', PASSKEY.ALREADY_REGISTERED, 'This passkey is already registered.');
      if (added === 'full')
        throw new AppError('conflict', PASSKEY.TOO_MANY, 'You have registered the most passkeys allowed. Remove one first.');
      return summary(stored);
    },

    /** POST auth/passkeys/signin/options: a discoverable sign-in names no account (no username to type). */
    async signInOptions(portal: Portal) {
      const { rpID } = relyingParty(deps.appUrl);
      return generateAuthenticationOptions({
        rpID,
        challenge: await newChallenge('signin', portal),
        userVerification: 'required',
        timeout: CHALLENGE_VALID_MS,
      });
    },

    /**
     * POST auth/passkeys/signin: a verified assertion signs in as strong authentication (ADR 098). The same
     * per-address budget as the password sign-in applies; an account locked by an operator, the wrong portal
     * or an address outside the allowlist is refused as for a password. A password lockout (ADR 010) does not
     * stop a passkey: it guards against guessing, which a signature is not open to.
     */
    async signIn(response: AuthenticationResponseJSON, meta: RequestMeta, host: string | undefined) {
      await deps.rateLimiter.hit({ ...SIGNIN_PER_IP, limit: deps.signInsPerIpPerMinute }, meta.ip ?? 'unknown');
      const expectedChallenge = await take(response.response.clientDataJSON, 'signin', meta.portal);
      const credential = await getCredential(db, response.id);
      const account = credential ? await getAccount(db, credential.username) : null;
      const refuse = async (
        outcome: 'passkey_refused' | 'account_locked' | 'wrong_url' | 'invalid_ip',
        error: AppError,
      ): Promise<never> => {
        if (account)
          await deps.audit.record({
            at: now().toISOString(),
            username: account.username,
            ip: meta.ip,
            portal: meta.portal,
            outcome,
            method: 'passkey',
          });
        throw error;
      };
      if (!credential || !account) return refuse('passkey_refused', notVerified());
      const { rpID, origins } = relyingParty(deps.appUrl, host);
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: origins,
        expectedRPID: rpID,
        credential: {
          id: credential.credentialId,
          publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
          counter: credential.counter,
          ...(credential.transports ? { transports: credential.transports } : {}),
        },
        requireUserVerification: true,
      }).catch(() => null);
      if (!verification?.verified) return refuse('passkey_refused', notVerified());
      // Conditional on the counter read above: a clone racing the original cannot both pass.
      if (!(await recordCredentialUse(db, credential, verification.authenticationInfo.newCounter, now()))) {
        return refuse('passkey_refused', notVerified());
      }
      if (account.status === 'locked')
        return refuse('account_locked', new AppError('auth', LOGIN.FORM.ERROR.ACCOUNT_LOCKED, 'account locked'));
      if (!account.portals.includes(meta.portal)) return refuse('wrong_url', new AppError('auth', LOGIN.FORM.ERROR.WRONG_URL, 'wrong url'));
      if (!isAddressAllowed(meta.ip, account.ipAllowlist ?? [])) {
        return refuse('invalid_ip', new AppError('auth', LOGIN.FORM.ERROR.INVALID_IP, 'invalid ip'));
      }
      await deps.audit.record({
        at: now().toISOString(),
        username: account.username,
        ip: meta.ip,
        portal: meta.portal,
        outcome: 'success',
        method: 'passkey',
      });
      return deps.issueSession(account, meta, 'passkey');
    },

    /** GET auth/passkeys: an object, like every answer of the API (a bare array is no JSON the gates or clients expect). */
    async list(username: string): Promise<{ passkeys: PasskeySummary[] }> {
      return { passkeys: (await listCredentials(db, username)).map(summary) };
    },

    async rename(username: string, credentialId: string, name: string): Promise<{ success: true }> {
      if (!(await renameCredential(db, username, credentialId, name))) throw notFound();
      return { success: true };
    },

    /** Removing lowers the account's protection: after re-authentication too (ADR 055), and never the last way to sign in. */
    async remove(username: string, credentialId: string, currentPassword: string | undefined, session: ReauthSession) {
      await deps.reauth.confirmPassword(username, currentPassword, session);
      const removed = await removeCredential(db, username, credentialId);
      if (removed === 'missing') throw notFound();
      if (removed === 'last') {
        throw new AppError('conflict', PASSKEY.LAST_WAY_TO_SIGN_IN, 'This passkey is your last way to sign in and cannot be removed.');
      }
      return { success: true as const };
    },
  };
}

const notFound = () => new AppError('not_found', PASSKEY.NOT_FOUND, 'This passkey was not found.');

export type PasskeyService = ReturnType<typeof createPasskeyService>;
