import { randomBytes } from 'node:crypto';
import { generateRegistrationOptions, verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import { AUTH, PASSKEY } from '@portal/core/auth';
import type { Portal } from '@portal/core/shared';
import { getAccount, type ReauthSession, usernameKey } from '../../accounts/index.ts';
import { AppError } from '../../errors.ts';
import {
  addCredential,
  ensurePasskeyUserId,
  listCredentials,
  MAX_PASSKEYS,
  type PasskeyCredential,
  removeCredential,
  renameCredential,
} from './passkey-entity.ts';
import { CHALLENGE_VALID_MS, passkeyCeremony, type PasskeyDeps } from './passkey-ceremony.ts';
import { passkeySignIn } from './passkey-sign-in.ts';
import { relyingParty } from './relying-party.ts';

/**
 * Registration options one account may ask for (each answer stores a challenge for its five minutes): a
 * signed-in script cannot fill the table, a person adding a few passkeys never meets it (ADR 112). The
 * same mechanism as the anonymous sign-in options' per-address budget (ADR 098 item 4).
 */
export const REGISTRATION_OPTIONS_PER_ACCOUNT = { name: 'passkey-register-options', limit: 10, windowSeconds: 300 } as const;

/** A passkey as My Account lists it: never the public key. */
export type PasskeySummary = Pick<PasskeyCredential, 'credentialId' | 'name' | 'createdAt' | 'lastUsedAt' | 'backedUp'>;

const summary = (c: PasskeyCredential): PasskeySummary => ({
  credentialId: c.credentialId,
  name: c.name,
  createdAt: c.createdAt,
  ...(c.lastUsedAt ? { lastUsedAt: c.lastUsedAt } : {}),
  ...(c.backedUp === undefined ? {} : { backedUp: c.backedUp }),
});

/**
 * Passkeys (WebAuthn, ADR 098) with @simplewebauthn/server: registration from My Account after
 * re-authentication (ADR 055), discoverable sign-in counting as strong authentication, list, rename, remove.
 * User verification is required in both ceremonies; the signature counter may only go up.
 */
export function createPasskeyService(deps: PasskeyDeps) {
  const { db, now } = deps;
  const { newChallenge, expected, notVerified } = passkeyCeremony(deps);

  return {
    ...passkeySignIn(deps),
    /** POST auth/passkeys/registration/options: after re-authentication (ADR 055), like every factor change. */
    async registrationOptions(username: string, portal: Portal, currentPassword: string | undefined, session: ReauthSession) {
      await deps.rateLimiter.hit(REGISTRATION_OPTIONS_PER_ACCOUNT, usernameKey(username));
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
        challenge: await newChallenge('register', portal, { username: account.username }),
        attestationType: 'none',
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        excludeCredentials: existing.map((c) => ({ id: c.credentialId, ...(c.transports ? { transports: c.transports } : {}) })),
        timeout: CHALLENGE_VALID_MS,
      });
      return options;
    },

    /** POST auth/passkeys/registration: the authenticator's answer to the options above. */
    async register(username: string, portal: Portal, host: string | undefined, response: RegistrationResponseJSON, name: string) {
      const expectations = await expected(response.response.clientDataJSON, 'register', portal, host, { username });
      const verification = await verifyRegistrationResponse({ response, ...expectations }).catch(() => null);
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
